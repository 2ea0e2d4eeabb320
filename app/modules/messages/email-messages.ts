import type { EmailKind, OrderStatus, RefundMethod, ReturnCondition, ReturnItemKind } from "~/db/schema/statuses";
import type { OutboxMessage } from "./outbox";
import { formatPkr, formatPrice } from "~/lib/money";

/**
 * What each kind of e-mail carries, frozen when the event happens and stored in the outbox row's
 * `data`. Links are paths: the mail worker puts PUBLIC_URL in front when it renders.
 */
export type OrderEmailItem = { name: string; color: string; size: string; quantity: number; price: number };

export type OrderEmailData = {
  orderNumber: string;
  customerName: string;
  items: OrderEmailItem[];
  subtotal: number;
  /** A discount code's line; absent on e-mails queued before promotions existed. */
  discountCode?: string | null;
  discountTotal?: number;
  shippingFee: number;
  /** What the buyer's store credit paid; absent on e-mails queued before store credit existed. */
  storeCreditUsed?: number;
  /** The cash to collect on delivery. */
  total: number;
  phone: string;
  address: string;
  city: string;
  deliveryFrom: string;
  deliveryTo: string;
  /** Where the recipient follows the order: the buyer's order page, /track, or the owner's order list. */
  orderPath: string;
};

export type OrderStatusEmailData = OrderEmailData & {
  status: OrderStatus;
  courierName: string | null;
  trackingNumber: string | null;
  /** The courier's tracking page for the parcel (absent in e-mails queued before couriers had links). */
  trackingUrl?: string | null;
};

/** To the notification recipients: a buyer cancelled their own order (the owner did not do it). */
export type OrderCancelledEmailData = OrderEmailData & { previousStatus: OrderStatus };

/** The Settings page's "Send test e-mail": proves the notification recipients hear from the shop. */
export type TestEmailData = { requestedBy: string; recipients: string[]; at: string; settingsPath: string };

export type ContactEmailData = {
  name: string;
  email: string;
  subject: string;
  message: string;
  /** Sent faster than a person types (see submit-contact-message); absent in e-mails queued before it existed. */
  possibleSpam?: boolean;
  inboxPath: string;
};

export type NotifyMeEmailData = {
  /** What came on sale: a product or a whole collection. */
  what: "product" | "category";
  name: string;
  /** Launched (was coming soon) or back in stock (was sold out). */
  reason: "launched" | "restocked";
  path: string;
  unsubscribePath: string;
};

/** Notify Me double opt-in: the single-use link that confirms the address. */
export type NotifyConfirmEmailData = { name: string; confirmPath: string; expiresHours: number };

export type AccountEmailData = { name: string; at: string; dashboardPath: string };

/** A forgotten cart: its items at today's prices and stock, a way back to it, and out of these e-mails. */
export type CartReminderEmailData = {
  name: string;
  items: { name: string; color: string; size: string; quantity: number; price: number; stockNote: string | null }[];
  subtotal: number;
  cartPath: string;
  unsubscribePath: string;
};

/** One item of a return request as its e-mails list it. */
export type ReturnEmailItem = {
  name: string;
  color: string;
  size: string;
  quantity: number;
  kind: ReturnItemKind;
  exchangeColor: string | null;
  exchangeSize: string | null;
  condition: ReturnCondition | null;
};

/** The step of a return request an e-mail tells of (modules/returns). */
export type ReturnEmailStep = "requested" | "approved" | "rejected" | "received" | "refunded" | "credited";

/** To the buyer, at each step of their return request. */
export type ReturnEmailData = {
  step: ReturnEmailStep;
  returnNumber: string;
  orderNumber: string;
  customerName: string;
  items: ReturnEmailItem[];
  /** The reason in words ("Wrong size"), and the buyer's own. */
  reason: string;
  reasonText: string | null;
  rejectionReason: string | null;
  /** An approved exchange's replacement order and the cash it collects. */
  replacement: { orderNumber: string; total: number } | null;
  /** A refund recorded at this step. */
  refund: { method: RefundMethod; amount: number; reference: string | null } | null;
  /** Store credit given at this step (a refund by store credit, or an exchange's lower price at receipt). */
  storeCredit: number | null;
  /** What came back, at receipt. */
  received: { resellable: number; damaged: number } | null;
  /** Where the buyer follows it: their order page. */
  orderPath: string;
};

/** To the notification recipients: a buyer asked to return or exchange items. */
export type ReturnRequestedEmailData = ReturnEmailData & {
  phone: string;
  city: string;
  photoCount: number;
  returnPath: string;
};

/** To the notification recipients once a day: the colours and sizes of active products at or under their low-stock alert. */
export type LowStockDigestData = {
  /** The shop day it reports ("2025-07-10"). */
  day: string;
  items: { name: string; color: string; size: string; stock: number; threshold: number; editPath: string }[];
  /** Rows left out to keep the e-mail readable (the inventory's Low stock filter lists them all). */
  more: number;
  /** The inventory filtered to low stock. */
  inventoryPath: string;
};

export type EmailDataByKind = {
  order_placed: OrderEmailData;
  order_received: OrderEmailData;
  order_status: OrderStatusEmailData;
  contact_message: ContactEmailData;
  notify_me: NotifyMeEmailData;
  notify_me_confirm: NotifyConfirmEmailData;
  password_changed: AccountEmailData;
  seller_role_granted: AccountEmailData;
  seller_role_revoked: AccountEmailData;
  order_cancelled_by_buyer: OrderCancelledEmailData;
  test_email: TestEmailData;
  cart_reminder: CartReminderEmailData;
  return_update: ReturnEmailData;
  return_requested: ReturnRequestedEmailData;
  low_stock_digest: LowStockDigestData;
};

/** One e-mail to queue: its kind, recipient and data, and the order it is about (if any). */
export type EmailMessage<K extends EmailKind = EmailKind> = {
  kind: K;
  to: string;
  data: EmailDataByKind[K];
  orderId?: string | null;
  orderNumber?: string | null;
};

const STATUS_SUBJECT: Record<OrderStatus, string> = {
  awaiting_payment: "is waiting for your payment",
  pending: "is waiting for confirmation",
  confirmed: "is confirmed",
  processing: "is being packed",
  shipped: "is on its way",
  delivered: "was delivered",
  cancelled: "was cancelled",
  returned: "was returned",
};

/** The subject line, known when the e-mail is queued so the log shows it before it is rendered. */
export function emailSubject<K extends EmailKind>(kind: K, data: EmailDataByKind[K], shopName: string): string {
  const d = data as EmailDataByKind[EmailKind];
  switch (kind) {
    case "order_placed":
      return `Your ${shopName} order ${(d as OrderEmailData).orderNumber} is placed`;
    case "order_received": {
      const order = d as OrderEmailData;
      return `New order ${order.orderNumber}: ${formatPkr(order.total)} cash on delivery`;
    }
    case "order_status": {
      const order = d as OrderStatusEmailData;
      return `Your order ${order.orderNumber} ${STATUS_SUBJECT[order.status]}`;
    }
    case "contact_message":
      return `Contact form: ${(d as ContactEmailData).subject}`;
    case "notify_me": {
      const n = d as NotifyMeEmailData;
      return n.reason === "restocked"
        ? `${n.name} is back in stock at ${shopName}`
        : `${n.name} is now available at ${shopName}`;
    }
    case "notify_me_confirm":
      return `Please confirm your Notify Me request at ${shopName}`;
    case "password_changed":
      return `Your ${shopName} password was changed`;
    case "seller_role_granted":
      return `You can now run the ${shopName} shop`;
    case "seller_role_revoked":
      return `Your seller access to ${shopName} was removed`;
    case "order_cancelled_by_buyer":
      return `Order ${(d as OrderCancelledEmailData).orderNumber} was cancelled by the customer`;
    case "test_email":
      return `Test e-mail from ${shopName}: order notices reach this address`;
    case "cart_reminder":
      return `You left something in your ${shopName} cart`;
    case "return_update":
      return returnSubject(d as ReturnEmailData);
    case "return_requested": {
      const r = d as ReturnRequestedEmailData;
      return `New return request ${r.returnNumber} for ${r.orderNumber}`;
    }
    case "low_stock_digest": {
      const n = (d as LowStockDigestData).items.length + (d as LowStockDigestData).more;
      return `Low stock at ${shopName}: ${n} ${n === 1 ? "size" : "sizes"} at or under their alert level`;
    }
  }
  throw new Error(`Unknown e-mail kind ${kind as string}`);
}

/** A return e-mail's subject: what happened, with the request's number. */
function returnSubject(r: ReturnEmailData): string {
  switch (r.step) {
    case "requested":
      return `We have your return request ${r.returnNumber}`;
    case "approved":
      return `Your return request ${r.returnNumber} is approved`;
    case "rejected":
      return `Your return request ${r.returnNumber} was not approved`;
    case "received":
      return `We received your return ${r.returnNumber}`;
    case "refunded":
      return `${formatPrice(r.refund?.amount ?? 0)} refunded for your return ${r.returnNumber}`;
    case "credited":
      return `${formatPrice(r.storeCredit ?? 0)} added to your store credit (${r.returnNumber})`;
  }
}

/** The order statuses a buyer hears about. `pending` is the order being placed (its own e-mail). */
export function statusEmailWanted(status: OrderStatus): boolean {
  return status !== "pending";
}

/** An e-mail as the outbox stores it (outbox.server.ts): its subject follows the brand name. */
export function outboxMessage(message: EmailMessage): OutboxMessage {
  return {
    kind: message.kind,
    to: message.to,
    data: message.data as Record<string, unknown>,
    orderId: message.orderId,
    orderNumber: message.orderNumber,
    subject: (shopName) => emailSubject(message.kind, message.data, shopName),
  };
}
