/**
 * Every status the shop stores, defined once. The schema turns each list into a CHECK constraint;
 * the modules build their rules on the same lists. Plain constants with no imports, so browser code
 * can use them too.
 */

/** PRODUCT.md's one order lifecycle; which moves are allowed lives in modules/orders/order-lifecycle.ts. */
export const ORDER_STATUSES = [
  // Placed to be paid online (in whole, or an advance on COD): its stock is held until it is paid
  // (then confirmed) or its time runs out (then cancelled). Issue 42.
  "awaiting_payment",
  "pending",
  "confirmed",
  "processing",
  "shipped",
  "delivered",
  "cancelled",
  "returned",
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * Cash is collected at the door, so payment follows delivery rather than the order being placed:
 * collected (by the courier, or the shop's own rider), then settled once the courier has paid the
 * shop for it (a COD settlement imported on the Shipping tab). An order paid online in whole is
 * paid at once; one paid after it was cancelled (and could not be revived) needs a refund.
 */
export const PAYMENT_STATUSES = ["unpaid", "collected", "settled", "refunded", "paid", "needs_refund"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * active: for sale; draft: the owner's, invisible to buyers; coming-soon: shown, not buyable;
 * archived: deleted by the owner but kept because orders point at it (invisible everywhere but old orders).
 */
export const PRODUCT_STATUSES = ["active", "draft", "coming-soon", "archived"] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

/** Where an order came from: the shop's own checkout, or entered by the owner for a customer. */
export const ORDER_CHANNELS = ["web", "phone", "whatsapp", "instagram"] as const;
export type OrderChannel = (typeof ORDER_CHANNELS)[number];

/**
 * Where a web order's buyer came from (issue 44): read from the first visit's utm_source, fbclid and
 * referrer (kept 30 days in a first-party cookie). "direct": none of them; "other": a source we do not
 * name. Null on orders placed before sources were kept, and on orders the owner enters.
 */
export const ORDER_SOURCES = [
  "instagram",
  "facebook",
  "whatsapp",
  "google",
  "tiktok",
  "youtube",
  "email",
  "other",
  "direct",
] as const;
export type OrderSource = (typeof ORDER_SOURCES)[number];

/** When an order's Purchase is reported to Meta (Settings -> Marketing): once confirmed, or once delivered. */
export const META_PURCHASE_MOMENTS = ["confirmed", "delivered"] as const;
export type MetaPurchaseMoment = (typeof META_PURCHASE_MOMENTS)[number];

/**
 * A return or exchange request (modules/returns): requested by the buyer; approved or rejected by
 * the owner; received when the item is back; closed when every refund, credit and replacement is done.
 */
export const RETURN_STATUSES = ["requested", "approved", "received", "closed", "rejected"] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

/** Why the buyer sends an item back. */
export const RETURN_REASONS = ["wrong_size", "defective", "not_as_pictured", "changed_mind", "other"] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

/** Per item: its money back (return) or another size or colour of the same product (exchange). */
export const RETURN_ITEM_KINDS = ["return", "exchange"] as const;
export type ReturnItemKind = (typeof RETURN_ITEM_KINDS)[number];

/** What came back: resellable goes back into stock (once); damaged does not and is counted. */
export const RETURN_CONDITIONS = ["resellable", "damaged"] as const;
export type ReturnCondition = (typeof RETURN_CONDITIONS)[number];

/** How a refund went out; the shop records it, it never sends money itself. */
export const REFUND_METHODS = ["store_credit", "jazzcash", "easypaisa", "bank_transfer", "cash"] as const;
export type RefundMethod = (typeof REFUND_METHODS)[number];

/** Why a buyer's store credit changed: a refund or an exchange's lower price gave it, an order spent it, a cancelled order gave it back. */
export const STORE_CREDIT_KINDS = ["refund", "exchange_difference", "spent", "restored"] as const;
export type StoreCreditKind = (typeof STORE_CREDIT_KINDS)[number];

/** `column in ('a', 'b')` for a CHECK constraint over one of the lists above. */
export function oneOfSql(values: readonly string[]): string {
  return values.map((v) => `'${v.replace(/'/g, "''")}'`).join(", ");
}

/**
 * How an outbox message reaches its recipient: each channel has its sender (an integration, made
 * once at start): e-mail over SMTP, WhatsApp over the Cloud API (issue 32), and Meta's Conversions
 * API for a Purchase (issue 44: not a message to a person, but retried and logged the same way).
 */
export const MESSAGE_CHANNELS = ["email", "whatsapp", "meta"] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

/**
 * An outbox e-mail's state. queued: waiting (or waiting to be retried: attempts > 0 with last_error);
 * sending: claimed by one server process; sent: accepted by the mail server; failed: given up
 * (a permanent refusal, or every retry used); not_configured: kept but never sent, the shop has no
 * SMTP_URL (or, for WhatsApp, no WhatsApp settings). WhatsApp's own receipts move a sent message on:
 * delivered (to the phone), read (opened); a failed receipt makes it failed.
 */
export const EMAIL_STATUSES = ["queued", "sending", "sent", "failed", "not_configured"] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];
/** Every outbox row's status (the column): an e-mail's, and WhatsApp's receipts after `sent`. */
export const MESSAGE_STATUSES = [...EMAIL_STATUSES, "delivered", "read"] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];
/**
 * An e-mail row's status as e-mail pages read it: e-mails have no receipts, so the column's receipt
 * statuses (WhatsApp only) never appear on one; were one there, it would be a sent message.
 */
export function emailStatusOf(status: MessageStatus): EmailStatus {
  return status === "delivered" || status === "read" ? "sent" : status;
}
/** A WhatsApp message's status: every one (it is sent, then delivered and read by the phone). */
export const WHATSAPP_STATUSES = MESSAGE_STATUSES;
export type WhatsappStatus = MessageStatus;

/** Why an e-mail was written: picks its template, and whether the buyer's settings may turn it off. */
export const EMAIL_KINDS = [
  "order_placed",
  "order_received",
  "order_status",
  "contact_message",
  "notify_me",
  "notify_me_confirm",
  "password_changed",
  "seller_role_granted",
  "seller_role_revoked",
  "order_cancelled_by_buyer",
  "test_email",
  "cart_reminder",
  // A return request's steps to the buyer (modules/returns), and the shop's notice of a new request.
  "return_update",
  "return_requested",
  // The owner's daily digest of colours and sizes at or under their low-stock alert (issue 31).
  "low_stock_digest",
] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];

/**
 * Why a WhatsApp message was sent (issue 32): the COD confirmation with Confirm / Cancel buttons, the
 * shipped and delivered notices, and Settings' test message. Each is a template approved by Meta.
 */
export const WHATSAPP_KINDS = [
  "whatsapp_confirmation",
  "whatsapp_shipped",
  "whatsapp_delivered",
  "whatsapp_test",
  "whatsapp_cart_reminder",
] as const;
export type WhatsappKind = (typeof WHATSAPP_KINDS)[number];

/** What the Conversions API is told through the outbox (issue 44): an order's Purchase, once it is real. */
export const META_KINDS = ["meta_purchase"] as const;
export type MetaKind = (typeof META_KINDS)[number];

/** Every outbox row's kind (the column): e-mails', WhatsApp's and Meta's. A row's channel says which it is. */
export const MESSAGE_KINDS = [...EMAIL_KINDS, ...WHATSAPP_KINDS, ...META_KINDS] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

export function isWhatsappKind(kind: string): kind is WhatsappKind {
  return (WHATSAPP_KINDS as readonly string[]).includes(kind);
}

/**
 * Where an order's WhatsApp confirmation stands (orders.whatsapp_status; null: not asked on WhatsApp,
 * the owner confirms by call as before). queued, sent, delivered, read follow the message; confirmed
 * and cancelled are the buyer's tap; failed: the message could not be sent. "Needs call" is not a
 * state: a sent message with no answer after the settings' hours.
 */
export const WHATSAPP_STATES = ["queued", "sent", "delivered", "read", "confirmed", "cancelled", "failed"] as const;
export type WhatsappState = (typeof WHATSAPP_STATES)[number];

/**
 * How the shop reaches a courier (issue 33): its portal's files (today's way, and every courier's
 * fallback), or its merchant API. Adding a courier's API means one value here and one provider in
 * app/integrations/couriers/.
 */
export const COURIER_PROVIDER_KINDS = ["file", "postex", "leopards", "tcs", "trax", "mnp"] as const;
export type CourierProviderKind = (typeof COURIER_PROVIDER_KINDS)[number];
export type ApiCourierKind = Exclude<CourierProviderKind, "file">;

/**
 * A parcel's booking with an API courier: requested (the call is under way, or its answer never
 * came and must be settled by asking the courier before trying again), booked (the courier gave a
 * tracking number), failed (the courier refused it, with its words), cancelling (its order was
 * cancelled: the worker asks the courier to cancel the parcel, or finds it never booked, then the
 * row goes). File couriers' parcels are booked the moment the shop writes them into the booking file.
 */
export const BOOKING_STATES = ["requested", "booked", "failed", "cancelling"] as const;
export type BookingState = (typeof BOOKING_STATES)[number];

/** What the owner tells a courier about a failed delivery attempt (shipper advice). */
export const SHIPPER_ADVICE = ["reattempt", "return"] as const;
export type ShipperAdvice = (typeof SHIPPER_ADVICE)[number];

/** How a shop city was matched to a courier's city: by its name (or a known spelling), or picked by the owner. */
export const CITY_MATCH_SOURCES = ["auto", "owner"] as const;
export type CityMatchSource = (typeof CITY_MATCH_SOURCES)[number];

/** The courier files the owner imports on the Shipping tab. */
export const COURIER_IMPORT_KINDS = ["tracking", "delivery", "cod"] as const;
export type CourierImportKind = (typeof COURIER_IMPORT_KINDS)[number];

/**
 * What a COD settlement can get wrong, kept until the owner resolves it: delivered but not paid
 * after the overdue days, paid another amount than the order's COD, paid for a parcel that was
 * returned or never delivered, charged above the rate card, or a settlement whose total differs.
 */
export const DISCREPANCY_KINDS = [
  "not-settled",
  "amount-differs",
  "not-delivered",
  "charge-above-estimate",
  "total-differs",
] as const;
export type DiscrepancyKind = (typeof DISCREPANCY_KINDS)[number];

/** How a routing rule picks a courier: the destination city, an order total above an amount, or a risky phone. */
export const COURIER_RULE_KINDS = ["city", "total-above", "risk"] as const;
export type CourierRuleKind = (typeof COURIER_RULE_KINDS)[number];

/** A discount code takes a percentage off, or an amount in rupees. */
export const DISCOUNT_KINDS = ["percent", "amount"] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];

/** What a discount code or a scheduled sale applies to: everything, some categories, or some products. */
export const PROMOTION_SCOPES = ["all", "categories", "products"] as const;
export type PromotionScope = (typeof PROMOTION_SCOPES)[number];

/** The online payment gateways the shop can take money with (issue 42). */
export const PAYMENT_GATEWAYS = ["safepay", "jazzcash"] as const;
export type PaymentGatewayName = (typeof PAYMENT_GATEWAYS)[number];

/** What a risky COD order is asked up front: none, the delivery fee, a fixed amount, a percentage of the total. */
export const ADVANCE_KINDS = ["none", "delivery_fee", "fixed", "percent"] as const;
export type AdvanceKind = (typeof ADVANCE_KINDS)[number];

/** Why a payment was asked: the whole order paid online, or the advance on a COD order. */
export const PAYMENT_PURPOSES = ["order", "advance"] as const;
export type PaymentPurpose = (typeof PAYMENT_PURPOSES)[number];

/**
 * Where one attempt to pay stands: started (the buyer was sent to the gateway), paid (the gateway's
 * verified answer said so, for exactly its amount), declined, expired (not paid in time), needs
 * refund (paid after its order was cancelled and could not be revived), refunded (in whole; a
 * partial refund keeps `paid` with `refunded_paisa` above 0).
 */
export const PAYMENT_STATES = ["started", "paid", "declined", "expired", "needs_refund", "refunded"] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];
