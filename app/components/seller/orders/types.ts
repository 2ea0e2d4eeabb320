import type { OrderChannel } from "~/modules/orders/order-channel";
import type { OrderStatus, PaymentStatus } from "~/modules/orders/order-lifecycle";

/** An order as the owner's Orders tab shows it (a plain type: components never import server modules). */
export type OwnerOrderView = {
  id: string;
  orderNumber: string;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  channel: OrderChannel;
  subtotal: number;
  shippingFee: number;
  total: number;
  fullName: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  postalCode: string | null;
  country: string;
  courierName: string | null;
  trackingNumber: string | null;
  createdAt: Date | string;
  items: { name: string; color: string; size: string; price: number; quantity: number }[];
  history: { from: OrderStatus | null; to: OrderStatus; actorName: string; note: string | null; at: Date | string }[];
  customer: {
    earlierOrders: number; cancelled: number; refused: number; returned: number;
    recent: { id: string; orderNumber: string; status: OrderStatus; createdAt: string }[];
  };
  /** Moves the lifecycle allows now (the status select offers only these). */
  next: OrderStatus[];
  /** COD risk flags under today's settings (blocked phone, above the COD limit). */
  flags: string[];
  whatsappHref: string | null;
};

/** What the Orders tab's action answers. */
export type OrdersActionResult =
  | { intent: "status"; ok: boolean; message: string; orderId: string; fields?: Record<string, string> }
  | {
      intent: "bulk"; ok: boolean; message: string;
      moved: { orderId: string; orderNumber: string }[];
      failed: { orderId: string; orderNumber: string | null; reason: string }[];
    }
  | { intent: null; ok: false; message: string };

const dateTime = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit", timeZone: "Asia/Karachi" });
const date = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "Asia/Karachi" });

export function formatDateTime(value: Date | string): string {
  return dateTime.format(new Date(value));
}

export function formatDay(value: Date | string): string {
  return date.format(new Date(value));
}
