import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "../accounts/tables";
import { productVariants, products } from "../catalog/tables";
import {
  ORDER_STATUSES,
  PAYMENT_STATUSES,
  ORDER_CHANNELS,
  ORDER_SOURCES,
  oneOfSql,
  WHATSAPP_STATES,
} from "../../db/schema/statuses";

/** An order's first-visit record (orders.source_details): each field as the visit carried it, or null. */
export type OrderSourceDetails = {
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  fbclid: string | null;
  referrer: string | null;
  /** When the visit was first seen (ISO). */
  firstSeenAt: string;
};

/** The browser's identifiers Meta's Conversions API matches a Purchase by (orders.meta_browser). */
export type MetaBrowserDetails = {
  fbp: string | null;
  fbc: string | null;
  ip: string | null;
  userAgent: string | null;
  /** The checkout page's address. */
  url: string | null;
};

// modules/orders's tables: only modules/orders writes them; other modules read them through
// modules/orders/reads.ts. Imports are relative: drizzle-kit reads the schema without the "~/" alias.

/**
 * An order keeps its own copy of names, prices and the address: what was bought stays true even
 * when the catalogue changes or the buyer deletes their account (user_id becomes null).
 */
export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderNumber: text("order_number").notNull().unique(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    status: text("status", { enum: ORDER_STATUSES }).notNull().default("pending"),
    paymentStatus: text("payment_status", { enum: PAYMENT_STATUSES }).notNull().default("unpaid"),
    paymentMethod: text("payment_method").notNull().default("cod"),
    channel: text("channel", { enum: ORDER_CHANNELS }).notNull().default("web"),
    // The owner (or staff) who entered a phone, WhatsApp or Instagram order; null for the buyer's own checkout.
    placedBy: text("placed_by").references(() => users.id, { onDelete: "set null" }),
    subtotal: integer("subtotal").notNull(),
    // The discount code the order used (as the buyer typed it, upper-case) and what it took off.
    discountCode: text("discount_code"),
    discountTotal: integer("discount_total").notNull().default(0),
    // Paid from the buyer's store credit (modules/returns): taken off what is collected at the door.
    storeCreditUsed: integer("store_credit_used").notNull().default(0),
    // A replacement order (an exchange): the value of the item sent back, put toward the new one, so
    // the cash to collect is only the price difference.
    exchangeCredit: integer("exchange_credit").notNull().default(0),
    // A replacement order points at the order whose item it exchanges.
    replacesOrderId: uuid("replaces_order_id").references((): AnyPgColumn => orders.id, { onDelete: "set null" }),
    shippingFee: integer("shipping_fee").notNull(),
    // The COD fee (Settings -> Payments) on a cash-on-delivery order; part of the total.
    codFee: integer("cod_fee").notNull().default(0),
    total: integer("total").notNull(),
    // Paid online and verified with the gateway (whole rupees): the whole total, or a COD order's
    // advance. What the courier collects is total - amount_paid (modules/orders/amount-to-collect.ts).
    amountPaid: integer("amount_paid").notNull().default(0),
    // The advance a risky COD order pays online before it ships (0: none asked).
    advanceDue: integer("advance_due").notNull().default(0),
    // An order awaiting payment is cancelled, its stock back, when this passes unpaid.
    paymentDueBy: timestamp("payment_due_by", { withTimezone: true }),
    fullName: text("full_name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    address: text("address").notNull(),
    city: text("city").notNull(),
    postalCode: text("postal_code"),
    country: text("country").notNull().default("Pakistan"),
    deliveryFrom: timestamp("delivery_from", { withTimezone: true }).notNull(),
    deliveryTo: timestamp("delivery_to", { withTimezone: true }).notNull(),
    courierName: text("courier_name"),
    trackingNumber: text("tracking_number"),
    idempotencyKey: text("idempotency_key"),
    // A hash of the request that used the key: the same key with another request is refused (422).
    idempotencyFingerprint: text("idempotency_fingerprint"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    // The buyer deleted their account while this order was on its way: its personal details are
    // wiped once it is delivered or returned (modules/orders/release-customer-orders.server.ts).
    customerDeletedAt: timestamp("customer_deleted_at", { withTimezone: true }),
    // WhatsApp confirmation (issue 32): the buyer's "do not confirm on WhatsApp" at checkout; where the
    // confirmation message stands (statuses.ts WHATSAPP_STATES; null: not asked on WhatsApp); when it was
    // sent, read and answered (Confirm or Cancel); when the buyer last wrote anything else.
    whatsappOptOut: boolean("whatsapp_opt_out").notNull().default(false),
    whatsappStatus: text("whatsapp_status", { enum: WHATSAPP_STATES }),
    whatsappSentAt: timestamp("whatsapp_sent_at", { withTimezone: true }),
    whatsappReadAt: timestamp("whatsapp_read_at", { withTimezone: true }),
    whatsappAnsweredAt: timestamp("whatsapp_answered_at", { withTimezone: true }),
    whatsappRepliedAt: timestamp("whatsapp_replied_at", { withTimezone: true }),
    // Where the buyer came from (issue 44): the first visit's source as statuses.ts ORDER_SOURCES
    // names it, its campaign (utm_campaign) and the whole record (utm_source, utm_medium,
    // utm_campaign, fbclid, referrer, first seen); null on orders before sources and entered orders.
    source: text("source", { enum: ORDER_SOURCES }),
    sourceCampaign: text("source_campaign"),
    sourceDetails: jsonb("source_details").$type<OrderSourceDetails>(),
    // What Meta's Conversions API matches a Purchase by, from the checkout's request (issue 44): the
    // _fbp/_fbc cookies, the client's address and user agent, the page. Null without a Meta Pixel.
    metaBrowser: jsonb("meta_browser").$type<MetaBrowserDetails>(),
  },
  (t) => [
    index("orders_user_created_idx").on(t.userId, t.createdAt),
    index("orders_created_idx").on(t.createdAt),
    index("orders_status_created_idx").on(t.status, t.createdAt),
    index("orders_phone_idx").on(t.phone),
    // The Overview's revenue per day: delivered orders by the day they were delivered.
    index("orders_status_delivered_idx").on(t.status, t.deliveredAt),
    // A retried or double-clicked Place Order finds the order it already made.
    uniqueIndex("orders_user_idempotency_idx").on(t.userId, t.idempotencyKey),
    // The same for an order the owner enters (it has no buyer account): a key is unique per owner.
    uniqueIndex("orders_placed_by_idempotency_idx").on(t.placedBy, t.idempotencyKey),
    check(
      "orders_total_is_sum",
      sql`${t.total} = ${t.subtotal} - ${t.discountTotal} - ${t.storeCreditUsed} - ${t.exchangeCredit} + ${t.shippingFee} + ${t.codFee}`,
    ),
    check(
      "orders_paid_within_total",
      sql`${t.codFee} >= 0 and ${t.advanceDue} between 0 and ${t.total} and ${t.amountPaid} between 0 and ${t.total}`,
    ),
    // The expiry sweep: orders awaiting payment by when they are due.
    index("orders_payment_due_idx")
      .on(t.paymentDueBy)
      .where(sql`${t.status} = 'awaiting_payment'`),
    check(
      "orders_credits_within_total",
      sql`${t.storeCreditUsed} >= 0 and ${t.exchangeCredit} >= 0 and ${t.total} >= 0`,
    ),
    index("orders_replaces_idx").on(t.replacesOrderId),
    check("orders_discount_within_subtotal", sql`${t.discountTotal} between 0 and ${t.subtotal}`),
    check("orders_status_known", sql.raw(`status in (${oneOfSql(ORDER_STATUSES)})`)),
    check("orders_payment_status_known", sql.raw(`payment_status in (${oneOfSql(PAYMENT_STATUSES)})`)),
    check("orders_channel_known", sql.raw(`channel in (${oneOfSql(ORDER_CHANNELS)})`)),
    check(
      "orders_whatsapp_status_known",
      sql.raw(`whatsapp_status is null or whatsapp_status in (${oneOfSql(WHATSAPP_STATES)})`),
    ),
    // Orders' filters Awaiting WhatsApp reply and Needs call: pending orders by message state and send time.
    // The Purchases due to Meta: only orders placed while the Pixel was on (few), newest last.
    index("orders_meta_purchase_idx")
      .on(t.createdAt)
      .where(sql`${t.metaBrowser} is not null`),
    // Orders' source filter and Reports -> By channel's sources.
    index("orders_source_created_idx").on(t.source, t.createdAt),
    check("orders_source_known", sql.raw(`source is null or source in (${oneOfSql(ORDER_SOURCES)})`)),
    index("orders_whatsapp_idx")
      .on(t.whatsappStatus, t.whatsappSentAt)
      .where(sql`${t.whatsappStatus} is not null`),
  ],
);

/**
 * Every status an order has had: who moved it, when, from what to what, and why (a note such as
 * "the customer deleted their account"). The first row (from null) is the order being placed.
 */
export const orderStatusHistory = pgTable(
  "order_status_history",
  {
    id: serial("id").primaryKey(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    fromStatus: text("from_status", { enum: ORDER_STATUSES }),
    toStatus: text("to_status", { enum: ORDER_STATUSES }).notNull(),
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    // Kept as text so the history still says who it was after that account is gone.
    actorName: text("actor_name").notNull(),
    note: text("note"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("order_status_history_order_idx").on(t.orderId, t.createdAt),
    check(
      "order_status_history_from_known",
      sql.raw(`from_status is null or from_status in (${oneOfSql(ORDER_STATUSES)})`),
    ),
    check("order_status_history_to_known", sql.raw(`to_status in (${oneOfSql(ORDER_STATUSES)})`)),
  ],
);

export const orderItems = pgTable(
  "order_items",
  {
    id: serial("id").primaryKey(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    productId: text("product_id").references(() => products.id, { onDelete: "set null" }),
    variantId: integer("variant_id").references(() => productVariants.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    color: text("color").notNull(),
    size: text("size").notNull(),
    price: integer("price").notNull(),
    quantity: integer("quantity").notNull(),
    imageKey: text("image_key"),
    // What one piece cost the shop when the order was placed (the variant's cost, else the product's);
    // null when no cost was known: profit counts such items apart, never as free.
    unitCost: integer("unit_cost"),
  },
  (t) => [
    index("order_items_order_idx").on(t.orderId),
    // Sales per product (inventory sort, top products) and "has this product been ordered?".
    index("order_items_product_idx").on(t.productId),
    // Sales by variant (Reports) and a variant's size curve.
    index("order_items_variant_idx").on(t.variantId),
    // Profit names the delivered orders whose items lack a cost (migration 0020): few rows.
    index("order_items_uncosted_idx")
      .on(t.orderId)
      .where(sql`${t.unitCost} is null`),
    check("order_items_quantity_positive", sql`${t.quantity} > 0`),
  ],
);
