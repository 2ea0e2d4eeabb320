import { useKeptActionData } from "~/components/ui/use-kept-action-data";
import { data, Form, useNavigation } from "react-router";
import { StatusBadge } from "~/components/ui/status-badge";
import { TextField } from "~/components/ui/text-field";
import { useFormShape } from "~/components/ui/use-form-shape";
import { parseSubmission, refusal, refuse } from "~/http/form-reply";
import { formError, keptValue } from "~/lib/form-reply";
import { trackOrderSchema } from "~/modules/orders/track-order-schema";
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
  const submission = parseSubmission(await request.formData(), trackOrderSchema);
  if (submission.status !== "success") return refuse(submission);
  const found = await lookUpOrder(context.db, { ...submission.value, address: requestAddress(request) });
  if (found.kind === "limited")
    return data(refusal(submission, { formError: found.message }), {
      status: 429,
      headers: { "Retry-After": String(found.retryAfterSeconds) },
    });
  if (found.kind === "not-found") return refuse(submission, { formError: NOT_FOUND, status: 404 });
  // Found: the order, and the form as typed (a page drawn without JavaScript shows both).
  return { ...submission.reply(), order: found.order };
}

const STEPS = ORDER_STATUSES.filter((s) => s !== "cancelled" && s !== "returned" && s !== "awaiting_payment");

export default function Track({ actionData: sentActionData }: Route.ComponentProps) {
  const actionData = useKeptActionData(sentActionData);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const order = actionData && "order" in actionData ? actionData.order : null;
  // The action's schema checks the form in the browser too; the server's refusals show beside the same fields.
  const [form, fields] = useFormShape(trackOrderSchema, actionData, { id: "track-order" });
  const message = formError(actionData);
  return (
    <div className="container-page max-w-2xl py-10">
      <h1 className="text-3xl font-bold text-stone-900">Track Your Order</h1>
      <p className="mt-2 text-stone-700">
        Enter your order number (like ORD-123456) and the phone number you gave at checkout.
      </p>
      <Form
        method="post"
        id={form.id}
        onSubmit={form.onSubmit}
        noValidate
        className="mt-6 grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-start"
        aria-label="Track order"
      >
        <TextField
          label="Order Number"
          name="orderNumber"
          defaultValue={keptValue(actionData, "orderNumber")}
          error={fields.orderNumber.errors?.[0]}
          placeholder="ORD-123456"
        />
        <TextField
          label="Phone"
          name="phone"
          type="tel"
          autoComplete="tel"
          defaultValue={keptValue(actionData, "phone")}
          error={fields.phone.errors?.[0]}
          placeholder="0300 1234567"
        />
        <button type="submit" className="btn-primary sm:mt-7" disabled={busy}>
          {busy ? "Searching..." : "Track"}
        </button>
      </Form>
      {/* Too many look-ups, or no such order: the server's word, under the form. */}
      {message && (
        <p role="alert" className="mt-6 rounded-lg bg-red-50 px-4 py-3 font-medium text-red-800">
          {message}
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
