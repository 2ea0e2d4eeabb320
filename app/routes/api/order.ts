import { apiData, apiError, handleApi, methodNotAllowed, readJson, requireApiUser } from "~/http/api.server";
import { AppError } from "~/lib/errors";
import { getOrder } from "~/modules/orders/get-order.server";
import { orderItemJson } from "~/modules/orders/order-item-json";
import { orderStatusInput } from "~/modules/orders/order-status-input";
import { moveOrder } from "~/flows/move-order.server";
import { mediaUrl, pickSource } from "~/modules/media/image-url";
import { listReturnsForOrder, type OrderReturnView } from "~/modules/returns/list-returns-for-order.server";
import { orderRefundLines } from "~/modules/returns/order-refund-lines.server";
import type { Route } from "./+types/order";

/**
 * GET /api/orders/:id: one order with its items and its return requests; someone else's order is a
 * 404, like an unknown one.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return handleApi(async () => {
    const user = await requireApiUser(request, context);
    const order = await getOrder(context.db, { id: user.id, role: user.role }, params.id);
    if (!order) throw new AppError("NOT_FOUND", "Order not found");
    const [returns, money] = await Promise.all([
      listReturnsForOrder(context.db, order.id),
      orderRefundLines(context.db, order.id),
    ]);
    return apiData({
      id: order.id,
      orderNumber: order.orderNumber,
      status: order.status,
      paymentStatus: order.paymentStatus,
      paymentMethod: order.paymentMethod,
      items: order.items.map((i) => ({ id: i.id, ...orderItemJson(i) })),
      subtotal: order.subtotal,
      discountCode: order.discountCode,
      discountTotal: order.discountTotal,
      shippingFee: order.shippingFee,
      storeCreditUsed: order.storeCreditUsed,
      // A replacement (EX-) order: the returned item's value put toward it, and the order it replaces.
      exchangeCredit: money.exchangeCredit,
      replacesOrderNumber: money.replacesOrderNumber,
      codFee: order.codFee,
      total: order.total,
      // Paid online and verified with the gateway; the courier collects the rest.
      amountPaid: order.amountPaid,
      amountToCollect: order.total - order.amountPaid,
      advanceDue: order.advanceDue,
      paymentDueBy: order.paymentDueBy,
      shipping: {
        fullName: order.fullName,
        email: order.email,
        phone: order.phone,
        address: order.address,
        city: order.city,
        postalCode: order.postalCode,
        country: order.country,
      },
      courierName: order.courierName,
      trackingNumber: order.trackingNumber,
      trackingUrl: order.trackingUrl,
      createdAt: order.createdAt,
      deliveryFrom: order.deliveryFrom,
      deliveryTo: order.deliveryTo,
      deliveredAt: order.deliveredAt,
      returns: returns.map((r) => returnJson(r, user.role === "seller")),
    });
  });
}

/**
 * A return request in the order's JSON: its items, refunds, replacement order and history. Who in
 * the shop did each step is the owner's business: the buyer reads the steps without names.
 */
function returnJson(r: OrderReturnView, owner: boolean) {
  return {
    id: r.id,
    returnNumber: r.returnNumber,
    status: r.status,
    reason: r.reason,
    reasonText: r.reasonText,
    rejectionReason: r.rejectionReason,
    photos: r.photos.map((p) => mediaUrl(pickSource(p.sources, 800).key)),
    items: r.items.map((i) => ({
      id: i.id,
      orderItemId: i.orderItemId,
      name: i.name,
      color: i.color,
      size: i.size,
      quantity: i.quantity,
      kind: i.kind,
      exchangeColor: i.exchangeColor,
      exchangeSize: i.exchangeSize,
      condition: i.condition,
      paidValue: i.paidValue,
    })),
    refunds: r.refunds.map((f) => ({
      id: f.id,
      method: f.method,
      amount: f.amount,
      reference: f.reference,
      createdAt: f.createdAt,
    })),
    refundCeiling: r.refundCeiling,
    refunded: r.refunded,
    refundLeft: r.refundLeft,
    replacement: r.replacement && {
      id: r.replacement.id,
      orderNumber: r.replacement.orderNumber,
      status: r.replacement.status,
      total: r.replacement.total,
    },
    events: r.events.map((e) => ({
      step: e.step,
      note: e.note,
      createdAt: e.createdAt,
      ...(owner ? { actorName: e.actorName } : {}),
    })),
    createdAt: r.createdAt,
    decidedAt: r.decidedAt,
    receivedAt: r.receivedAt,
    closedAt: r.closedAt,
  };
}

/**
 * PATCH /api/orders/:id `{ status, courierName?, trackingNumber? }`: the owner moves an order along
 * its lifecycle (seller only). A move the lifecycle refuses is a 409 with the reason.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "PATCH") return methodNotAllowed(["GET", "PATCH"], "/api/orders/{id}");
    const user = await requireApiUser(request, context);
    if (user.role !== "seller") return apiError(403, "FORBIDDEN", "Only sellers can update orders");
    const input = orderStatusInput.parse(await readJson(request));
    const result = await moveOrder(context, { id: user.id, name: user.name || user.email }, params.id, input);
    const order = await getOrder(context.db, { id: user.id, role: user.role }, result.orderId);
    return apiData({
      id: result.orderId,
      orderNumber: result.orderNumber,
      previousStatus: result.from,
      status: result.status,
      paymentStatus: order?.paymentStatus,
      courierName: order?.courierName ?? null,
      trackingNumber: order?.trackingNumber ?? null,
      deliveredAt: order?.deliveredAt ?? null,
      updatedAt: order?.updatedAt,
    });
  });
}
