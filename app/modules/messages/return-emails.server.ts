import { asc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { customerProfiles } from "~/modules/accounts/reads";
import { orderItems, orders } from "~/modules/orders/reads";
import { returnItems, returnRequests } from "~/modules/returns/reads";
import { shopSettings } from "~/modules/settings/reads";
import type { RefundMethod } from "~/db/schema/statuses";
import { ownerReturnPath, RETURN_REASON_LABELS } from "~/modules/returns/return-rules";
import type { EmailMessage, ReturnEmailData, ReturnEmailStep } from "./email-messages";
import { queueEmails } from "./queue-email.server";
import { staffNoticeRecipients } from "./staff-recipients.server";

/** A step of a return request and what its e-mail needs beyond the request itself. */
export type ReturnEmailEvent =
  | { step: "requested" | "approved" | "rejected" }
  | { step: "received"; resellable: number; damaged: number; storeCredit: number | null }
  | { step: "refunded" | "credited"; method: RefundMethod; amount: number; reference: string | null };

/**
 * Queues the e-mails of a return request's step in the caller's transaction: the buyer's update
 * (to the order's e-mail address, following their "order e-mails" setting like order updates; none
 * once they deleted their account) and, for a new request, the shop's notice to the notification
 * recipients (staff-recipients.server.ts), one e-mail each.
 */
export async function queueReturnEmails(tx: DbOrTx, returnId: string, event: ReturnEmailEvent): Promise<void> {
  const [request] = await tx
    .select({
      id: returnRequests.id,
      returnNumber: returnRequests.returnNumber,
      reason: returnRequests.reason,
      reasonText: returnRequests.reasonText,
      rejectionReason: returnRequests.rejectionReason,
      photoCount: sql<number>`jsonb_array_length(${returnRequests.photos})::int`,
      orderId: orders.id,
      orderNumber: orders.orderNumber,
      userId: orders.userId,
      customerName: orders.fullName,
      email: orders.email,
      phone: orders.phone,
      city: orders.city,
      customerDeletedAt: orders.customerDeletedAt,
      orderEmails: customerProfiles.orderEmails,
      shopName: shopSettings.brandName,
      replacement: sql<{
        orderNumber: string;
        total: number;
      } | null>`(select json_build_object('orderNumber', r.order_number, 'total', r.total)
        from ${orders} r where r.id = ${returnRequests.replacementOrderId})`,
    })
    .from(returnRequests)
    .innerJoin(orders, eq(orders.id, returnRequests.orderId))
    .leftJoin(customerProfiles, eq(customerProfiles.userId, orders.userId))
    .innerJoin(shopSettings, eq(shopSettings.id, 1))
    .where(eq(returnRequests.id, returnId));
  if (!request) return;
  const items = await tx
    .select({
      name: orderItems.name,
      color: orderItems.color,
      size: orderItems.size,
      quantity: returnItems.quantity,
      kind: returnItems.kind,
      exchangeColor: returnItems.exchangeColor,
      exchangeSize: returnItems.exchangeSize,
      condition: returnItems.condition,
    })
    .from(returnItems)
    .innerJoin(orderItems, eq(orderItems.id, returnItems.orderItemId))
    .where(eq(returnItems.returnId, returnId))
    .orderBy(asc(returnItems.id));

  const step: ReturnEmailStep = event.step;
  const data: ReturnEmailData = {
    step,
    returnNumber: request.returnNumber,
    orderNumber: request.orderNumber,
    customerName: request.customerName,
    items,
    reason: RETURN_REASON_LABELS[request.reason],
    reasonText: request.reasonText,
    rejectionReason: request.rejectionReason,
    replacement: request.replacement,
    refund:
      event.step === "refunded" || event.step === "credited"
        ? { method: event.method, amount: event.amount, reference: event.reference }
        : null,
    storeCredit: event.step === "credited" ? event.amount : event.step === "received" ? event.storeCredit : null,
    received: event.step === "received" ? { resellable: event.resellable, damaged: event.damaged } : null,
    orderPath: request.userId ? `/orders/${request.orderId}` : "/track",
  };
  const about = { orderId: request.orderId, orderNumber: request.orderNumber };
  const messages: EmailMessage[] = [];
  // No profile row yet means the default: order e-mails on. A deleted customer gets nothing.
  if (request.orderEmails !== false && !request.customerDeletedAt)
    messages.push({ kind: "return_update", to: request.email, data, ...about });
  if (event.step === "requested") {
    const staff = await staffNoticeRecipients(tx);
    const notice = {
      ...data,
      phone: request.phone,
      city: request.city,
      photoCount: request.photoCount,
      returnPath: ownerReturnPath(request.id),
    };
    for (const to of staff) messages.push({ kind: "return_requested", to, data: notice, ...about });
  }
  await queueEmails(tx, messages, request.shopName);
}
