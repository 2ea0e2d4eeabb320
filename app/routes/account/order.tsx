import { data, Form, Link, redirect } from "react-router";
import { ShipmentDetails } from "~/components/shipping/shipment-details";
import { StatusBadge } from "~/components/ui/status-badge";
import { requireUser } from "~/http/auth-guard.server";
import { setFlash } from "~/http/flash.server";
import { AppError } from "~/lib/errors";
import { parseSubmission, refuse } from "~/http/form-reply";
import { formError } from "~/lib/form-reply";
import { cancelBookingFormSchema, UNKNOWN_ACTION } from "~/modules/shipping/booking/cancel-booking-form";
import { useKeptActionData } from "~/components/ui/use-kept-action-data";
import { formatPrice } from "~/lib/money";
import { formatPakistaniMobile } from "~/lib/phone";
import { pageMeta } from "~/lib/seo";
import { formatShopDate, formatShopDateLong } from "~/lib/shop-time";
import { formatDeliveryRange } from "~/modules/checkout/delivery-estimate";
import { getOrder } from "~/modules/orders/get-order.server";
import { codRiskFlags } from "~/modules/orders/cod-risk";
import { orderCustomersOf } from "~/modules/orders/order-customers.server";
import { getSettings } from "~/modules/settings/get-settings.server";
import { CustomerNotesOnOrder } from "~/components/seller/orders/customer-notes-on-order";
import { buyerPaymentStatusLabel, PAYMENT_STATUS_LABELS } from "~/modules/orders/order-lifecycle";
import { mediaUrl } from "~/modules/media/image-url";
import { ratingsByProduct } from "~/modules/reviews/buyer-reviews.server";
import { shipmentForOrder } from "~/modules/shipping/booking/shipment-for-order.server";
import { deliveryProblemForOrder } from "~/modules/shipping/tracking/delivery-problems.server";
import { cancelParcelBooking } from "~/flows/book-parcels.server";
import { BOOKABLE_STATUSES } from "~/modules/shipping/booking/book-shipments.server";
import type { Route } from "./+types/order";
import { CourierDetails } from "~/components/orders/courier-details";
import { WhatsappStateLine } from "~/components/seller/orders/whatsapp-state-line";
import { orderWhatsappState } from "~/modules/orders/list-seller-orders.server";
import { ReturnsSection } from "~/components/returns/returns-section";
import { listReturnsForOrder } from "~/modules/returns/list-returns-for-order.server";
import { orderRefundLines } from "~/modules/returns/order-refund-lines.server";
import { returnableItems } from "~/modules/returns/returnable-items.server";
import { onlineAmountDue } from "~/modules/orders/order-payments.server";
import { GATEWAY_LABELS } from "~/modules/payments/payment-gateway";
import { payNowFormSchema } from "~/modules/payments/pay-now-form";
import { offeredGatewayNames } from "~/modules/payments/payment-settings.server";
import { sendToPay } from "~/http/send-to-pay.server";
import { formatShopDateTimeHour12 } from "~/lib/shop-time";
import { getOrderSource } from "~/modules/orders/get-order-source.server";
import { describeOrderSource } from "~/modules/orders/order-source";

export const meta: Route.MetaFunction = ({ matches, data }) =>
  pageMeta({
    matches,
    title: data?.order ? `Order ${data.order.orderNumber}` : "Order not found",
    description: "Your order and its delivery.",
    path: "/orders",
    noindex: true,
  });

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  // Someone else's order reads exactly like one that does not exist.
  const order = await getOrder(context.db, user, params.id);
  const ownerView = user.role === "seller";
  if (!order)
    return data(
      {
        order: null,
        dashboard: ownerView ? "/seller/orders" : "/buyer-dashboard",
        canRate: false,
        myRatings: {},
        shipment: null,
        ownerView,
        canCancelBooking: false,
        returns: [],
        returnWindow: null,
        exchange: null,
        owner: null,
        payNow: null,
      },
      { status: 404 },
    );
  // A delivered order's buyer may rate what came in it (modules/reviews); the owner only reads.
  const canRate = user.role === "buyer" && order.status === "delivered";
  const [myRatings, shipment, returns, returnable, money, owner] = await Promise.all([
    canRate
      ? ratingsByProduct(
          context.db,
          user.id,
          order.items.map((i) => i.productId),
        )
      : ({} as Awaited<ReturnType<typeof ratingsByProduct>>),
    // The parcel's costs, courier statuses and settlement are the shop's business: sellers only.
    ownerView ? shipmentForOrder(context.db, order.id) : null,
    listReturnsForOrder(context.db, order.id),
    // Only the buyer of a delivered order is offered a return (the window and what is left decide).
    !ownerView && order.status === "delivered"
      ? returnableItems(context.db, { userId: user.id, orderId: order.id })
      : null,
    // A replacement (EX-) order: what the returned item put toward it, and the order it replaces.
    orderRefundLines(context.db, order.id),
    // The owner sees the customer behind the order: their page, notes marked "show on orders", the COD risk flags.
    ownerView ? ownerOrderCustomer(context.db, order) : null,
  ]);
  // The owner sees where the WhatsApp confirmation stands (sent, read, confirmed, replied, needs call).
  const whatsapp = ownerView ? await orderWhatsappState(context.db, order.id) : null;
  // Where the buyer first came from (issue 44): a web order's source, campaign and visit; the owner's business only.
  const source = ownerView ? await getOrderSource(context.db, order.id) : null;
  // A failed delivery attempt and the owner's answer to it (Delivery problems), beside the parcel.
  const deliveryProblem = shipment ? await deliveryProblemForOrder(context.db, order.id) : null;
  const exchange =
    money.replacesOrderNumber || money.exchangeCredit > 0
      ? { credit: money.exchangeCredit, replaces: money.replacesOrderNumber }
      : null;
  // The same rule as cancelBooking's: a booking can be taken back until the parcel ships.
  const canCancelBooking = shipment !== null && (BOOKABLE_STATUSES as readonly string[]).includes(order.status);
  const returnWindow =
    returnable?.closesAt && returnable.windowDays > 0
      ? { open: returnable.open, closesAt: returnable.closesAt, closed: returnable.closesAt.getTime() < Date.now() }
      : null;
  // An order awaiting its online payment: what is due, by when, and the ways to pay it (its buyer only).
  const payNow =
    !ownerView && order.status === "awaiting_payment" && order.paymentDueBy
      ? {
          amount: onlineAmountDue(order),
          advance: order.paymentMethod !== "online",
          dueBy: formatShopDateTimeHour12(order.paymentDueBy),
          gateways: (await offeredGatewayNames(context.db)).map((g) => ({ gateway: g, label: GATEWAY_LABELS[g] })),
        }
      : null;
  return {
    order,
    payNow,
    dashboard: ownerView ? "/seller/orders" : "/buyer-dashboard",
    canRate,
    myRatings,
    shipment: shipment ? { ...shipment, problem: deliveryProblem } : null,
    ownerView,
    canCancelBooking,
    returns,
    returnWindow,
    exchange,
    owner: owner ? { ...owner, whatsapp, source: source?.source ? describeOrderSource(source) : null } : null,
  };
}

async function ownerOrderCustomer(db: Route.LoaderArgs["context"]["db"], order: { phone: string; total: number }) {
  const [settings, people] = await Promise.all([getSettings(db), orderCustomersOf(db, [order.phone])]);
  const person = people.get(order.phone) ?? null;
  return {
    customerId: person?.id ?? null,
    notes: person?.notes ?? [],
    flags: codRiskFlags(settings, order, person).map((f) => f.label),
  };
}

/**
 * The buyer's Pay with ... on an order awaiting its online payment (a new attempt at the gateway);
 * the owner's Cancel Booking on the shipment: the parcel comes off the load sheet and labels, the order stays.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const form = await request.formData();
  if (form.get("intent") === "pay") {
    const buyer = await requireUser(request, context);
    const order = await getOrder(context.db, buyer, params.id);
    if (!order || buyer.role !== "buyer") throw new Response("Not found", { status: 404 });
    const pay = parseSubmission(form, payNowFormSchema);
    if (pay.status !== "success") return refuse(pay, { formError: "Choose how to pay online" });
    return sendToPay(request, context, order.id, pay.value.gateway);
  }
  const user = await requireUser(request, context, "seller");
  const submission = parseSubmission(form, cancelBookingFormSchema);
  if (submission.status !== "success") return refuse(submission, { formError: UNKNOWN_ACTION });
  try {
    const { orderNumber, courier } = await cancelParcelBooking(context, { id: user.id, name: user.name }, params.id);
    const flash = await setFlash({ type: "success", message: `Booking of ${orderNumber} with ${courier} cancelled` });
    return redirect(`/orders/${params.id}`, { headers: { "Set-Cookie": flash } });
  } catch (error) {
    if (error instanceof AppError && (error.code === "CONFLICT" || error.code === "NOT_FOUND"))
      return refuse(submission, { formError: error.message, status: 409 });
    throw error;
  }
}

/** The order confirmation (PRODUCT.md): what was ordered, what to pay at the door, and when it comes. */
export default function OrderPage({ loaderData, actionData: sentActionData }: Route.ComponentProps) {
  const {
    order,
    dashboard,
    canRate,
    myRatings,
    shipment,
    ownerView,
    canCancelBooking,
    returns,
    returnWindow,
    exchange,
    owner,
    payNow,
  } = loaderData;
  const actionData = useKeptActionData(sentActionData);
  if (!order) {
    return (
      <section className="container-page py-16 text-center">
        <h1 className="text-3xl font-bold text-stone-900">Order not found</h1>
        <p className="mt-3 text-stone-700">We could not find this order in your account.</p>
        <Link to={dashboard} className="btn-primary mt-6">
          My Orders
        </Link>
      </section>
    );
  }
  const open = order.status !== "cancelled" && order.status !== "returned";
  return (
    <div className="container-page max-w-3xl py-8">
      <div className="rounded-2xl border border-stone-200 bg-white p-6">
        {order.status === "pending" && (
          <p className="text-sm font-semibold uppercase tracking-wide text-emerald-700">Thank you for your order!</p>
        )}
        <h1 className="mt-1 text-2xl font-bold text-stone-900 sm:text-3xl">Order {order.orderNumber}</h1>
        <div className="mt-2 flex flex-wrap items-center gap-3 text-sm text-stone-700">
          <StatusBadge status={order.status} />
          <span>Placed {formatShopDate(order.createdAt)}</span>
          <span>
            Payment: {order.paymentMethod === "online" ? "Paid online" : "Cash on Delivery"} (
            {order.paymentStatus === "unpaid" && order.amountPaid > 0
              ? `advance of ${formatPrice(order.amountPaid)} paid online`
              : ownerView
                ? PAYMENT_STATUS_LABELS[order.paymentStatus]
                : buyerPaymentStatusLabel(order.paymentStatus)}
            )
          </span>
        </div>
        {owner && (
          <div className="mt-3" data-testid="order-customer">
            {owner.flags.length > 0 && (
              <ul className="flex flex-wrap gap-2">
                {owner.flags.map((flag) => (
                  <li key={flag} className="rounded-full bg-red-100 px-2.5 py-0.5 text-xs font-semibold text-red-900">
                    ⚠ {flag}
                  </li>
                ))}
              </ul>
            )}
            {owner.whatsapp && <WhatsappStateLine state={owner.whatsapp} />}
            {owner.source && (
              <p className="mt-2 text-sm text-stone-700" data-testid="order-source">
                <span className="font-medium text-stone-900">Source:</span> {owner.source}
              </p>
            )}
            <CustomerNotesOnOrder notes={owner.notes} />
            {owner.customerId !== null && (
              <p className="mt-2 text-sm">
                <Link to={`/seller/customers/${owner.customerId}`} className="font-medium text-brand-700 underline">
                  View customer
                </Link>
              </p>
            )}
          </div>
        )}
        {exchange?.replaces && (
          <p className="mt-3 font-medium text-stone-800" data-testid="order-exchange-for">
            Exchange for {exchange.replaces}: the courier collects the item you are sending back when this one is
            delivered.
          </p>
        )}
        {order.status === "pending" && (
          <p className="mt-3 text-stone-700">
            We will call or WhatsApp you on {formatPakistaniMobile(order.phone)} to confirm your order.
          </p>
        )}
        {payNow && (
          <section aria-labelledby="pay-now-title" className="mt-5 rounded-xl border border-sky-200 bg-sky-50 p-4">
            <h2 id="pay-now-title" className="text-lg font-semibold text-sky-950">
              {payNow.advance ? "Pay the advance to confirm your order" : "Pay online to confirm your order"}
            </h2>
            <p className="mt-1 text-sky-950" data-testid="pay-now">
              {formatPrice(payNow.amount)} to pay by {payNow.dueBy}
              {payNow.advance ? "; the rest is paid in cash on delivery" : ""}. Your items are kept for you until then;
              unpaid, the order is cancelled.
            </p>
            <div className="mt-3 flex flex-wrap gap-3">
              {payNow.gateways.map((g) => (
                <Form method="post" key={g.gateway}>
                  <input type="hidden" name="intent" value="pay" />
                  <input type="hidden" name="gateway" value={g.gateway} />
                  <button type="submit" className="btn-primary">
                    Pay with {g.label}
                  </button>
                </Form>
              ))}
            </div>
          </section>
        )}

        {open && order.paymentStatus === "unpaid" && order.status !== "awaiting_payment" && (
          <div className="mt-5 grid gap-3 rounded-xl bg-amber-50 p-4 sm:grid-cols-2">
            <div>
              <p className="text-sm font-medium text-amber-900">
                {order.total > 0
                  ? "Keep this amount ready in cash"
                  : order.storeCreditUsed > 0
                    ? "Paid with your store credit: nothing to pay on delivery"
                    : exchange
                      ? "Paid by the item you are sending back: nothing to pay on delivery"
                      : "Keep this amount ready in cash"}
              </p>
              <p className="text-2xl font-bold text-amber-950" data-testid="cod-amount">
                {formatPrice(order.total - order.amountPaid)}
              </p>
              {order.amountPaid > 0 && (
                <p className="text-sm text-amber-900">{formatPrice(order.amountPaid)} paid online as an advance</p>
              )}
            </div>
            <div>
              <p className="text-sm font-medium text-amber-900">Estimated delivery</p>
              <p className="text-lg font-semibold text-amber-950" data-testid="delivery-estimate">
                {formatDeliveryRange({ from: new Date(order.deliveryFrom), to: new Date(order.deliveryTo) })}
              </p>
            </div>
          </div>
        )}
        {(order.courierName || order.trackingNumber) && (
          <p className="mt-3 text-stone-700" data-testid="order-courier">
            Courier: <CourierDetails order={order} strong />
          </p>
        )}

        <h2 className="mt-6 text-lg font-semibold text-stone-900">Items</h2>
        <ul className="mt-2 divide-y divide-stone-200" data-testid="order-items">
          {order.items.map((item) => (
            <li key={item.id} className="flex items-center gap-3 py-3">
              {item.imageKey && (
                <img
                  src={mediaUrl(item.imageKey)}
                  alt=""
                  width={48}
                  height={60}
                  className="h-15 w-12 rounded object-cover"
                  loading="lazy"
                />
              )}
              <div className="min-w-0 flex-1">
                <p className="font-medium text-stone-900" id={`item-${item.id}-name`}>
                  {item.quantity} x {item.name}
                </p>
                <p className="text-sm text-stone-600">
                  {item.color} / {item.size} · {formatPrice(item.price)} each
                </p>
                {canRate && item.productId && (
                  <RateItem
                    productId={item.productId}
                    rating={myRatings[item.productId]}
                    describedBy={`item-${item.id}-name`}
                  />
                )}
              </div>
              <p className="font-semibold">{formatPrice(item.price * item.quantity)}</p>
            </li>
          ))}
        </ul>
        <dl className="mt-3 grid grid-cols-[1fr_auto] gap-y-1 border-t border-stone-200 pt-3">
          <dt>Subtotal</dt>
          <dd className="text-right">{formatPrice(order.subtotal)}</dd>
          {order.discountTotal > 0 && (
            <>
              <dt>Discount{order.discountCode ? ` (${order.discountCode})` : ""}</dt>
              <dd className="text-right">−{formatPrice(order.discountTotal)}</dd>
            </>
          )}
          {exchange && exchange.credit > 0 && (
            <>
              <dt>Exchange credit{exchange.replaces ? ` (${exchange.replaces})` : ""}</dt>
              <dd className="text-right" data-testid="order-exchange-credit">
                −{formatPrice(exchange.credit)}
              </dd>
            </>
          )}
          <dt>Shipping</dt>
          <dd className="text-right">{order.shippingFee === 0 ? "Free" : formatPrice(order.shippingFee)}</dd>
          {order.storeCreditUsed > 0 && (
            <>
              <dt>Store credit</dt>
              <dd className="text-right" data-testid="order-store-credit">
                −{formatPrice(order.storeCreditUsed)}
              </dd>
            </>
          )}
          {order.codFee > 0 && (
            <>
              <dt>COD fee</dt>
              <dd className="text-right" data-testid="order-cod-fee">
                {formatPrice(order.codFee)}
              </dd>
            </>
          )}
          <dt className="text-lg font-bold">Total</dt>
          <dd className="text-right text-lg font-bold" data-testid="order-total">
            {formatPrice(order.total)}
          </dd>
          {order.amountPaid > 0 && (
            <>
              <dt>Paid online</dt>
              <dd className="text-right" data-testid="order-paid-online">
                −{formatPrice(order.amountPaid)}
              </dd>
              <dt className="font-semibold">To pay on delivery</dt>
              <dd className="text-right font-semibold" data-testid="order-to-collect">
                {formatPrice(order.total - order.amountPaid)}
              </dd>
            </>
          )}
        </dl>

        <h2 className="mt-6 text-lg font-semibold text-stone-900">Ship to</h2>
        <address className="mt-1 not-italic text-stone-700" data-testid="ship-to">
          {order.fullName}
          <br />
          {order.address}
          <br />
          {order.city}
          {order.postalCode ? ` ${order.postalCode}` : ""}, {order.country}
          <br />
          {order.phone && formatPakistaniMobile(order.phone)}
        </address>

        {returnWindow?.open && (
          <div
            className="mt-6 flex flex-wrap items-center gap-x-4 gap-y-2 rounded-xl bg-stone-50 p-4"
            data-testid="return-offer"
          >
            <Link to={`/orders/${order.id}/return`} className="btn-primary" aria-describedby="return-until">
              Return or exchange
            </Link>
            <p id="return-until" className="text-sm text-stone-700">
              You can return or exchange items until {formatShopDateLong(returnWindow.closesAt)}
            </p>
          </div>
        )}
        {returnWindow && !returnWindow.open && returnWindow.closed && (
          <p className="mt-6 text-sm text-stone-700" data-testid="return-closed">
            Returns and exchanges for this order closed on {formatShopDateLong(returnWindow.closesAt)}.
          </p>
        )}

        <ReturnsSection returns={returns} ownerView={ownerView} />

        {shipment && (
          <ShipmentDetails
            shipment={shipment}
            canCancelBooking={canCancelBooking}
            bookingError={formError(actionData)}
          />
        )}

        <div className="mt-8 flex flex-wrap gap-3">
          <Link to={dashboard} className="btn-primary">
            My Orders
          </Link>
          <Link to="/products" className="btn-secondary">
            Continue Shopping
          </Link>
        </div>
      </div>
    </div>
  );
}

/** On a delivered item: 'Rate this product' (to the product page's review form), or the rating given. */
function RateItem({
  productId,
  rating,
  describedBy,
}: {
  productId: string;
  rating: number | undefined;
  describedBy: string;
}) {
  return (
    <p className="mt-1 flex flex-wrap items-center gap-x-3 text-sm">
      {rating !== undefined && (
        <span className="font-medium text-stone-800" data-testid="your-rating">
          Your rating: {rating}
        </span>
      )}
      <Link
        to={`/product/${productId}#review`}
        className="font-medium text-brand-700 underline"
        aria-describedby={describedBy}
      >
        {rating === undefined ? "Rate this product" : "Edit your review"}
      </Link>
    </p>
  );
}
