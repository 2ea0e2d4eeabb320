import { useKeptActionData } from "~/lib/use-kept-action-data";
import { data, Form, useNavigation } from "react-router";
import { StatusBadge } from "~/components/ui/status-badge";
import { TextField } from "~/components/ui/text-field";
import { pageMeta } from "~/lib/seo";
import { formatShopDate } from "~/lib/shop-time";
import { formatDeliveryRange } from "~/modules/checkout/delivery-estimate";
import { buyerPaymentStatusLabel, ORDER_STATUSES } from "~/modules/orders/order-lifecycle";
import { requestAddress } from "~/modules/abuse/request-address.server";
import { lookUpOrder } from "~/modules/orders/track-order.server";
import type { Route } from "./+types/track";
import { CourierDetails } from "~/components/orders/courier-details";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    title: "Track Your Order",
    description: "Follow your order with its order number and the phone number you used. No sign-in needed.",
    path: "/track",
  });

const NOT_FOUND = "No order found with that order number and phone number.";

/** A post, not a query string: phone numbers stay out of URLs, logs and browser history. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const values = {
    orderNumber: String(form.get("orderNumber") ?? "").trim(),
    phone: String(form.get("phone") ?? "").trim(),
  };
  const fields: Partial<Record<keyof typeof values, string>> = {};
  if (!values.orderNumber) fields.orderNumber = "Please enter your order number";
  if (!values.phone) fields.phone = "Please enter the phone number used on the order";
  if (fields.orderNumber || fields.phone)
    return data({ values, fields, notFound: false, limited: null, order: null }, { status: 400 });
  const found = await lookUpOrder(context.db, { ...values, address: requestAddress(request) });
  if (found.kind === "limited") {
    return data(
      { values, fields, notFound: false, limited: found.message, order: null },
      { status: 429, headers: { "Retry-After": String(found.retryAfterSeconds) } },
    );
  }
  if (found.kind === "not-found")
    return data({ values, fields, notFound: true, limited: null, order: null }, { status: 404 });
  return { values, fields, notFound: false, limited: null, order: found.order };
}

const STEPS = ORDER_STATUSES.filter((s) => s !== "cancelled" && s !== "returned");

export default function Track({ actionData: sentActionData }: Route.ComponentProps) {
  const actionData = useKeptActionData(sentActionData);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const order = actionData?.order ?? null;
  return (
    <div className="container-page max-w-2xl py-10">
      <h1 className="text-3xl font-bold text-stone-900">Track Your Order</h1>
      <p className="mt-2 text-stone-700">
        Enter your order number (like ORD-123456) and the phone number you gave at checkout.
      </p>
      <Form
        method="post"
        noValidate
        className="mt-6 grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-start"
        aria-label="Track order"
      >
        <TextField
          label="Order Number"
          name="orderNumber"
          defaultValue={actionData?.values.orderNumber}
          error={actionData?.fields.orderNumber}
          placeholder="ORD-123456"
        />
        <TextField
          label="Phone"
          name="phone"
          type="tel"
          autoComplete="tel"
          defaultValue={actionData?.values.phone}
          error={actionData?.fields.phone}
          placeholder="0300 1234567"
        />
        <button type="submit" className="btn-primary sm:mt-7" disabled={busy}>
          {busy ? "Searching..." : "Track"}
        </button>
      </Form>
      {actionData?.limited && (
        <p role="alert" className="mt-6 rounded-lg bg-red-50 px-4 py-3 font-medium text-red-800">
          {actionData.limited}
        </p>
      )}
      {actionData?.notFound && (
        <p role="alert" className="mt-6 rounded-lg bg-red-50 px-4 py-3 font-medium text-red-800">
          {NOT_FOUND}
        </p>
      )}
      {order && (
        <section aria-labelledby="tracked-title" className="mt-8 rounded-2xl border border-stone-200 bg-white p-6">
          <h2 id="tracked-title" className="text-xl font-bold text-stone-900">
            Order {order.orderNumber}
          </h2>
          <p className="mt-2 flex flex-wrap items-center gap-2 text-stone-700">
            Status: <StatusBadge status={order.status} />
          </p>
          {order.status !== "cancelled" && order.status !== "returned" && (
            <ol className="mt-4 grid grid-cols-5 gap-1 text-center text-xs">
              {STEPS.map((step, i) => {
                const reached = STEPS.indexOf(order.status as (typeof STEPS)[number]) >= i;
                return (
                  <li
                    key={step}
                    className={`rounded-md px-1 py-2 ${reached ? "bg-brand-700 font-semibold text-white" : "bg-stone-100 text-stone-600"}`}
                    aria-current={order.status === step ? "step" : undefined}
                  >
                    {step[0].toUpperCase() + step.slice(1)}
                  </li>
                );
              })}
            </ol>
          )}
          <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm text-stone-700">
            <dt className="font-medium">Placed</dt>
            <dd>{formatShopDate(order.createdAt)}</dd>
            <dt className="font-medium">Delivery to</dt>
            <dd>{order.city}</dd>
            {order.status !== "cancelled" && order.status !== "delivered" && order.status !== "returned" && (
              <>
                <dt className="font-medium">Expected</dt>
                <dd>{formatDeliveryRange({ from: new Date(order.deliveryFrom), to: new Date(order.deliveryTo) })}</dd>
              </>
            )}
            <dt className="font-medium">Payment</dt>
            <dd>Cash on Delivery ({buyerPaymentStatusLabel(order.paymentStatus)})</dd>
            {(order.courierName || order.trackingNumber) && (
              <>
                <dt className="font-medium">Courier</dt>
                <dd data-testid="track-courier">
                  <CourierDetails order={order} />
                </dd>
              </>
            )}
          </dl>
          <ul className="mt-4 list-disc pl-5 text-sm text-stone-700">
            {order.items.map((item, i) => (
              <li key={i}>
                {item.quantity} x {item.name} ({item.color}, {item.size})
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
