import { z } from "~/lib/zod";
import { apiData, handleApi, methodNotAllowed, readJson, requireApiUser } from "~/http/api.server";
import { AppError } from "~/lib/errors";
import { cartItemInput } from "~/modules/cart/cart-schema";
import { MAX_ORDER_ITEMS, ORDER_ITEMS_MESSAGE } from "~/modules/cart/order-limits";
import {
  CHOOSE_ONLINE_GATEWAY,
  COD_ONLY_MESSAGE,
  parseShippingForm,
  readGateway,
  readPaymentMethod,
} from "~/modules/checkout/checkout-schema";
import { startOnlinePayment } from "~/flows/start-online-payment.server";
import { returnOrigin } from "~/http/send-to-pay.server";
import { orderVisitOf } from "~/http/order-visit.server";
import { placeOrder } from "~/flows/place-order.server";
import { requestAddress } from "~/modules/abuse/request-address.server";
import { listOrders } from "~/modules/orders/list-orders.server";
import { listSellerOrders } from "~/modules/orders/list-seller-orders.server";
import { readSellerOrderQuery } from "~/modules/orders/seller-order-query";
import { orderItemJson } from "~/modules/orders/order-item-json";
import type { Route } from "./+types/orders";

const DISCOUNT_CODE_TEXT_MESSAGE = "The discount code must be text";
const USE_STORE_CREDIT_MESSAGE = "useStoreCredit must be true or false";
// Store credit pays only when the client asks for it: an API order is cash on delivery by default.
const useStoreCreditInput = z.boolean(USE_STORE_CREDIT_MESSAGE).optional().default(false);
const WHATSAPP_OPT_OUT_MESSAGE = "whatsappOptOut must be true or false";
const whatsappOptOutInput = z.boolean(WHATSAPP_OPT_OUT_MESSAGE).optional().default(false);
const EXPECTED_TOTAL_MESSAGE = "expectedTotal must be a whole number of rupees, 0 or more";
// The total the client showed the buyer; left out (or null), the order is placed at whatever the total is now.
const expectedTotalInput = z
  .number(EXPECTED_TOTAL_MESSAGE)
  .int(EXPECTED_TOTAL_MESSAGE)
  .min(0, EXPECTED_TOTAL_MESSAGE)
  .max(Number.MAX_SAFE_INTEGER, EXPECTED_TOTAL_MESSAGE)
  .nullable()
  .optional();

// Only product, colour, size and quantity are read from an item: a price or total sent along is dropped here.
const orderItems = z.array(cartItemInput).max(MAX_ORDER_ITEMS, ORDER_ITEMS_MESSAGE);

/**
 * GET /api/orders: a buyer's own orders, newest first. A seller gets every order, a page at a time,
 * with the Orders tab's filters (?status=&q=&returns=1&whatsapp=&page=&per=, per 20, 50, 100 or 200) and
 * the counts per status.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  return handleApi(async () => {
    const user = await requireApiUser(request, context);
    if (user.role === "seller") {
      const page = await listSellerOrders(context.db, readSellerOrderQuery(new URL(request.url).searchParams));
      return apiData({
        orders: page.orders.map(({ userId: _userId, items, ...o }) => ({
          ...o,
          itemCount: items.reduce((n, i) => n + i.quantity, 0),
          items: items.map((i) => orderItemJson({ ...i, imageKey: null })),
        })),
        total: page.total,
        page: page.page,
        pageSize: page.pageSize,
        pageCount: page.pageCount,
        statusCounts: page.statusCounts,
      });
    }
    const orders = await listOrders(context.db, { id: user.id, role: user.role });
    return apiData({
      orders: orders.map((o) => ({
        id: o.id,
        orderNumber: o.orderNumber,
        status: o.status,
        paymentStatus: o.paymentStatus,
        paymentMethod: o.paymentMethod,
        subtotal: o.subtotal,
        discountCode: o.discountCode,
        discountTotal: o.discountTotal,
        shippingFee: o.shippingFee,
        storeCreditUsed: o.storeCreditUsed,
        codFee: o.codFee,
        total: o.total,
        amountPaid: o.amountPaid,
        amountToCollect: o.total - o.amountPaid,
        fullName: o.fullName,
        city: o.city,
        country: o.country,
        courierName: o.courierName,
        trackingNumber: o.trackingNumber,
        trackingUrl: o.trackingUrl,
        createdAt: o.createdAt,
        itemCount: o.itemCount,
        items: o.items.map(orderItemJson),
      })),
    });
  });
}

/**
 * POST /api/orders with an `Idempotency-Key` header and `{items?, shipping, paymentMethod: "cod",
 * discountCode?, useStoreCredit?, whatsappOptOut?, expectedTotal?}`. With `expectedTotal` (the cash
 * total the client showed) and another total now: 409 PRICES_CHANGED with `current`, nothing ordered. No items means the cart. Prices, shipping and totals come from
 * the database only; `useStoreCredit: true` lets the buyer's store credit pay first (409 when none is
 * left); `whatsappOptOut: true` means no WhatsApp confirmation (the shop calls instead). 201 for a new order; 200 with the same body when that key already made one.
 */
export async function action({ request, context }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed(["GET", "POST"], "/api/orders");
    const user = await requireApiUser(request, context);
    const body = await readJson(request);

    const fields: Record<string, string> = {};
    let message: string | null = null;
    const paymentMethod =
      typeof body.paymentMethod === "string" || body.paymentMethod === undefined
        ? readPaymentMethod(body.paymentMethod ?? "")
        : null;
    if (!paymentMethod) {
      fields.paymentMethod = COD_ONLY_MESSAGE;
      message = COD_ONLY_MESSAGE;
    }
    const gateway = typeof body.gateway === "string" ? readGateway(body.gateway) : null;
    if ((body.gateway !== undefined && body.gateway !== null && !gateway) || (paymentMethod === "online" && !gateway)) {
      fields.gateway = CHOOSE_ONLINE_GATEWAY;
      message ??= CHOOSE_ONLINE_GATEWAY;
    }
    const shippingBody = isObject(body.shipping) ? body.shipping : {};
    const shipping = parseShippingForm(shippingBody);
    if (!shipping.ok) {
      Object.assign(fields, shipping.fields);
      message = shipping.formError;
    }
    const items = orderItems.optional().safeParse(body.items ?? undefined);
    if (!items.success) {
      for (const issue of items.error.issues) fields[["items", ...issue.path].join(".")] ??= issue.message;
      message ??= "Please check the items of the order";
    }
    if (body.discountCode !== undefined && body.discountCode !== null && typeof body.discountCode !== "string") {
      fields.discountCode = DISCOUNT_CODE_TEXT_MESSAGE;
      message ??= DISCOUNT_CODE_TEXT_MESSAGE;
    }
    const useStoreCredit = useStoreCreditInput.safeParse(body.useStoreCredit ?? undefined);
    if (!useStoreCredit.success) {
      fields.useStoreCredit = USE_STORE_CREDIT_MESSAGE;
      message ??= USE_STORE_CREDIT_MESSAGE;
    }
    const whatsappOptOut = whatsappOptOutInput.safeParse(body.whatsappOptOut ?? undefined);
    if (!whatsappOptOut.success) {
      fields.whatsappOptOut = WHATSAPP_OPT_OUT_MESSAGE;
      message ??= WHATSAPP_OPT_OUT_MESSAGE;
    }
    const expectedTotal = expectedTotalInput.safeParse(body.expectedTotal);
    if (!expectedTotal.success) {
      fields.expectedTotal = EXPECTED_TOTAL_MESSAGE;
      message ??= EXPECTED_TOTAL_MESSAGE;
    }
    if (
      !shipping.ok ||
      !items.success ||
      !useStoreCredit.success ||
      !whatsappOptOut.success ||
      !expectedTotal.success ||
      Object.keys(fields).length > 0
    )
      throw new AppError("VALIDATION", message ?? undefined, fields);

    const discountCode = typeof body.discountCode === "string" ? body.discountCode : null;
    const result = await placeOrder(context, {
      userId: user.id,
      items: items.data,
      shipping: shipping.data,
      idempotencyKey: request.headers.get("Idempotency-Key"),
      discountCode,
      useStoreCredit: useStoreCredit.data,
      whatsappOptOut: whatsappOptOut.data,
      expectedTotal: expectedTotal.data ?? null,
      requestAddress: requestAddress(request),
      paymentMethod: paymentMethod ?? "cod",
      gateway,
      // A browser's app calling the API carries the shop's cookies too: the same source as the checkout page's.
      visit: await orderVisitOf(request, context),
    });
    // Paid online (or its advance): where the client sends the buyer to pay. A gateway that cannot
    // be reached now answers 502 GATEWAY_UNAVAILABLE; the order is kept until it is due.
    const payment =
      result.awaitingPayment && gateway
        ? await startOnlinePayment(
            { db: context.db },
            { gateways: context.providers.payments, box: context.secretBoxes["payment-credentials"] },
            { orderId: result.orderId, gateway, publicUrl: returnOrigin(request, context) },
          )
        : null;
    const response = apiData(
      {
        orderId: result.orderId,
        orderNumber: result.orderNumber,
        storeCreditUsed: result.storeCreditUsed,
        awaitingPayment: result.awaitingPayment,
        ...(payment ? { payment: { gateway, reference: payment.reference, redirect: payment.redirect } } : {}),
      },
      result.created ? 201 : 200,
    );
    response.headers.set("Location", `/api/orders/${result.orderId}`);
    return response;
  });
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
