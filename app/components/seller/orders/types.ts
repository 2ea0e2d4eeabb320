import type { SellerOrderDetail } from "~/modules/orders/list-seller-orders.server";
import type { OrderStatus } from "~/modules/orders/order-lifecycle";
import { isRefusal, keptValue, type FormReply } from "~/lib/form-reply";

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

/** One order's status changed: the toast's words. */
export type StatusMoved = { intent: "status"; ok: true; message: string; orderId: string };

/** A bulk move done: what moved, and each order that could not, with its reason (ok only when all moved). */
export type BulkMoved = {
  intent: "bulk";
  ok: boolean;
  message: string;
  moved: { orderId: string; orderNumber: string }[];
  failed: { orderId: string; orderNumber: string | null; reason: string }[];
};

/** What the Orders tab's action answers: a move done, or a refusal in the one form shape (its form's `intent` kept). */
export type OrdersAnswer = StatusMoved | BulkMoved | FormReply;

/** The form an answer is for ("status" or "bulk"), a refusal's by what was sent. */
export function answerIntent(answer: OrdersAnswer | undefined): string | undefined {
  if (!answer) return undefined;
  if (isRefusal(answer)) return keptValue(answer, "intent");
  return "moved" in answer || "orderId" in answer ? answer.intent : undefined;
}

/** The order a status answer is for. */
export function answerOrderId(answer: OrdersAnswer | undefined): string | undefined {
  if (!answer) return undefined;
  if (isRefusal(answer)) return keptValue(answer, "orderId");
  return "orderId" in answer ? answer.orderId : undefined;
}
