import { apiData, apiError, handleApi, methodNotAllowed, readJson, requireApiUser } from "~/http/api.server";
import { AppError } from "~/lib/errors";
import { getOrder } from "~/modules/orders/get-order.server";
import { orderItemJson } from "~/modules/orders/order-item-json";
import { orderStatusInput } from "~/modules/orders/order-status-input";
import { moveOrder } from "~/flows/move-order.server";
import type { Route } from "./+types/api.order";

/** GET /api/orders/:id: one order with its items; someone else's order is a 404, like an unknown one. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return handleApi(async () => {
    const user = await requireApiUser(request, context);
    const order = await getOrder(context.db, { id: user.id, role: user.role }, params.id);
    if (!order) throw new AppError("NOT_FOUND", "Order not found");
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
      total: order.total,
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
    });
  });
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
      id: result.orderId, orderNumber: result.orderNumber, previousStatus: result.from, status: result.status,
      paymentStatus: order?.paymentStatus, courierName: order?.courierName ?? null, trackingNumber: order?.trackingNumber ?? null,
      deliveredAt: order?.deliveredAt ?? null, updatedAt: order?.updatedAt,
    });
  });
}
