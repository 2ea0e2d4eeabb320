import { useEffect, useRef } from "react";
import { Link, redirect } from "react-router";
import { attemptForm } from "~/flows/start-online-payment.server";
import { requireUser } from "~/http/auth-guard.server";
import { returnOrigin } from "~/http/send-to-pay.server";
import { formatPrice } from "~/lib/money";
import { pageMeta } from "~/lib/seo";
import { getOrder } from "~/modules/orders/get-order.server";
import { GATEWAY_LABELS } from "~/modules/payments/payment-gateway";
import type { Route } from "./+types/order-pay";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ matches, title: "Pay online", description: "On to the payment page.", path: "/orders", noindex: true });

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

/**
 * `/orders/:id/pay?attempt=...`: the step between the shop and a gateway whose page takes a form
 * post (JazzCash): the signed form, posted by the page itself at once, or with the button where
 * scripts do not run. Only the order's buyer, and only while the attempt is open.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const order = await getOrder(context.db, user, params.id);
  const reference = new URL(request.url).searchParams.get("attempt") ?? "";
  const form =
    order && user.role === "buyer"
      ? await attemptForm(
          { db: context.db },
          { gateways: context.providers.payments, box: context.secretBoxes["payment-credentials"] },
          { orderId: order.id, reference, publicUrl: returnOrigin(request, context) },
        )
      : null;
  if (!order || !form) throw redirect(order ? `/orders/${order.id}` : "/orders");
  return {
    orderId: order.id,
    orderNumber: order.orderNumber,
    label: GATEWAY_LABELS[form.gateway],
    amount: form.amountPaisa / 100,
    form,
  };
}

export default function OrderPay({ loaderData }: Route.ComponentProps) {
  const { form, label, amount, orderNumber, orderId } = loaderData;
  const ref = useRef<HTMLFormElement>(null);
  useEffect(() => {
    ref.current?.submit();
  }, []);
  return (
    <div className="container-page max-w-lg py-10">
      <h1 className="text-2xl font-bold text-stone-900">Pay with {label}</h1>
      <p className="mt-2 text-stone-700">
        Order {orderNumber}: {formatPrice(amount)}. You are taken to {label}&apos;s page to pay; you come back here
        after.
      </p>
      <form ref={ref} method="post" action={form.url} className="mt-6">
        {Object.entries(form.fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <button type="submit" className="btn-primary">
          Continue to {label}
        </button>
      </form>
      <p className="mt-4 text-sm">
        <Link to={`/orders/${orderId}`} className="font-medium text-brand-700 underline">
          Back to your order
        </Link>
      </p>
    </div>
  );
}
