import { apiData, handleApi, methodNotAllowed, requireApiUser } from "~/lib/api.server";
import { AppError } from "~/lib/errors";
import { getOrder } from "~/modules/orders/get-order.server";
import { orderItemJson } from "~/modules/orders/order-item-json";
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
      shippingFee: order.shippingFee,
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
      createdAt: order.createdAt,
      deliveryFrom: order.deliveryFrom,
      deliveryTo: order.deliveryTo,
      deliveredAt: order.deliveredAt,
    });
  });
}

export async function action() {
  return methodNotAllowed(["GET"], "/api/orders/{id}");
}
