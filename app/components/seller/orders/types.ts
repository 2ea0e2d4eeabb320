import type { SellerOrderDetail } from "~/modules/orders/list-seller-orders.server";
import type { OrderStatus } from "~/modules/orders/order-lifecycle";

/**
 * An order as the owner's Orders tab shows it: the module's order without what the page does not
 * show, its next moves and risk flags as the page words them, and the WhatsApp confirmation link.
 */
export type OwnerOrderView = Omit<
  SellerOrderDetail,
  "userId" | "updatedAt" | "deliveredAt" | "paymentMethod" | "nextStatuses" | "riskFlags"
> & {
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
      intent: "bulk";
      ok: boolean;
      message: string;
      moved: { orderId: string; orderNumber: string }[];
      failed: { orderId: string; orderNumber: string | null; reason: string }[];
    }
  | { intent: null; ok: false; message: string };
