import { Fragment } from "react";
import { data } from "react-router";
import { PrintBar } from "~/components/ui/print-bar";
import { requireSeller } from "~/http/auth-guard.server";
import { formatPrice } from "~/lib/money";
import { formatPakistaniMobile } from "~/lib/phone";
import { pageMeta } from "~/lib/seo";
import { formatShopDateLong } from "~/lib/shop-time";
import { getOrder } from "~/modules/orders/get-order.server";
import { orderRefundLines } from "~/modules/returns/order-refund-lines.server";
import { REFUND_METHOD_LABELS } from "~/modules/returns/return-rules";
import { buyerPaymentStatusLabel, STATUS_LABELS } from "~/modules/orders/order-lifecycle";
import { getSettings } from "~/modules/settings/get-settings.server";
import type { Route } from "./+types/invoice";

export const meta: Route.MetaFunction = ({ matches, data }) =>
  pageMeta({
    matches,
    title: data?.order ? `Invoice ${data.order.orderNumber}` : "Order not found",
    description: "Invoice and packing slip.",
    path: "/seller/orders",
    noindex: true,
  });

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireSeller(request, context);
  const [order, settings, returns] = await Promise.all([
    getOrder(context.db, user, params.id),
    getSettings(context.db),
    orderRefundLines(context.db, params.id),
  ]);
  if (!order) throw data("Order not found", { status: 404 });
  const shop = {
    brandName: settings.brandName,
    phone: settings.phone,
    contactEmail: settings.contactEmail,
    address: settings.address,
    city: settings.city,
    instagram: settings.instagram,
    returnWindowDays: settings.returnWindowDays,
    // The shop's tax numbers (Settings), printed under its address when set.
    ntn: settings.ntn,
    strn: settings.strn,
  };
  return { order, shop, returns };
}

/** Invoice and packing slip for one order, made for printing (site header, footer and buttons hidden on paper). */
export default function SellerOrderInvoice({ loaderData }: Route.ComponentProps) {
  const { order, shop, returns } = loaderData;
  // The invoice goes in the parcel to the buyer: its payment reads as the buyer's pages do ("Paid", not the courier's Collected or Settled).
  const toCollect =
    order.paymentStatus === "unpaid" && order.status !== "cancelled" && order.status !== "returned"
      ? order.total - order.amountPaid
      : 0;
  return (
    <div className="container-page max-w-3xl py-6 print:max-w-none print:p-0">
      <PrintBar canPrint className="mb-4" />
      <article
        className="rounded-2xl border border-stone-200 bg-white p-5 sm:p-8 print:rounded-none print:border-0 print:p-0"
        aria-labelledby="invoice-title"
      >
        <header className="flex flex-wrap items-start justify-between gap-4 border-b border-stone-200 pb-4">
          <div>
            <p className="text-2xl font-bold text-stone-900">{shop.brandName}</p>
            <p className="text-sm text-stone-700">
              {shop.address}, {shop.city}
            </p>
            <p className="text-sm text-stone-700">
              {shop.phone} · {shop.contactEmail}
              {shop.instagram ? ` · @${shop.instagram.replace(/^@/, "")}` : ""}
            </p>
            {(shop.ntn || shop.strn) && (
              <p className="text-sm text-stone-700" data-testid="invoice-tax-numbers">
                {shop.ntn && <span>NTN: {shop.ntn}</span>}
                {shop.ntn && shop.strn && " · "}
                {shop.strn && <span>STRN: {shop.strn}</span>}
              </p>
            )}
          </div>
          <div className="text-right">
            <h1 id="invoice-title" className="text-xl font-bold text-stone-900">
              Invoice {order.orderNumber}
            </h1>
            {returns.replacesOrderNumber && (
              <p className="text-sm font-semibold text-stone-900" data-testid="invoice-exchange-for">
                Exchange for {returns.replacesOrderNumber}
              </p>
            )}
            <p className="text-sm text-stone-700">Date: {formatShopDateLong(order.createdAt)}</p>
            <p className="text-sm text-stone-700">
              Status: {STATUS_LABELS[order.status]} · Payment: Cash on Delivery (
              {buyerPaymentStatusLabel(order.paymentStatus)})
            </p>
          </div>
        </header>

        <div className="mt-4 grid gap-4 sm:grid-cols-2 print:grid-cols-2">
          <section aria-labelledby="ship-to">
            <h2 id="ship-to" className="text-sm font-semibold uppercase tracking-wide text-stone-600">
              Ship to
            </h2>
            <address
              className="mt-1 break-words text-lg not-italic leading-snug text-stone-900"
              data-testid="invoice-ship-to"
            >
              <strong>{order.fullName}</strong>
              <br />
              {order.address}
              <br />
              {order.city}
              {order.postalCode ? ` ${order.postalCode}` : ""}, {order.country}
              <br />
              {order.phone && (
                <>
                  Phone: <strong>{formatPakistaniMobile(order.phone)}</strong>
                </>
              )}
            </address>
          </section>
          <section aria-labelledby="cod" className="rounded-xl border-2 border-stone-900 p-4 text-center">
            <h2 id="cod" className="text-sm font-semibold uppercase tracking-wide text-stone-700">
              Cash to collect
            </h2>
            <p className="text-4xl font-extrabold text-stone-900" data-testid="invoice-cod">
              {formatPrice(toCollect)}
            </p>
            {order.courierName && (
              <p className="mt-1 text-sm text-stone-700">
                {order.courierName}
                {order.trackingNumber ? `: ${order.trackingNumber}` : ""}
              </p>
            )}
          </section>
        </div>

        <div className="mt-6 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Items</caption>
            <thead className="border-b border-stone-300 text-stone-700">
              <tr>
                <th scope="col" className="py-2 pr-2">
                  Item
                </th>
                <th scope="col" className="py-2 pr-2">
                  Colour / Size
                </th>
                <th scope="col" className="py-2 pr-2 text-right">
                  Qty
                </th>
                <th scope="col" className="py-2 pr-2 text-right">
                  Price
                </th>
                <th scope="col" className="py-2 text-right">
                  Amount
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-200">
              {order.items.map((item) => (
                <tr key={item.id}>
                  <td className="py-2 pr-2">{item.name}</td>
                  <td className="py-2 pr-2">
                    {item.color} / {item.size}
                  </td>
                  <td className="py-2 pr-2 text-right">{item.quantity}</td>
                  <td className="py-2 pr-2 text-right">{formatPrice(item.price)}</td>
                  <td className="py-2 text-right">{formatPrice(item.price * item.quantity)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <dl className="ml-auto mt-3 grid max-w-xs grid-cols-[1fr_auto] gap-y-1 border-t border-stone-300 pt-3 text-sm">
          <dt>Subtotal</dt>
          <dd className="text-right">{formatPrice(order.subtotal)}</dd>
          {order.discountTotal > 0 && (
            <>
              <dt>Discount{order.discountCode ? ` (${order.discountCode})` : ""}</dt>
              <dd className="text-right">−{formatPrice(order.discountTotal)}</dd>
            </>
          )}
          {returns.exchangeCredit > 0 && (
            <>
              <dt>Exchange credit{returns.replacesOrderNumber ? ` (${returns.replacesOrderNumber})` : ""}</dt>
              <dd className="text-right" data-testid="invoice-exchange-credit">
                −{formatPrice(returns.exchangeCredit)}
              </dd>
            </>
          )}
          <dt>Shipping</dt>
          <dd className="text-right">{order.shippingFee === 0 ? "Free" : formatPrice(order.shippingFee)}</dd>
          {order.storeCreditUsed > 0 && (
            <>
              <dt>Store credit</dt>
              <dd className="text-right" data-testid="invoice-store-credit">
                −{formatPrice(order.storeCreditUsed)}
              </dd>
            </>
          )}
          {order.codFee > 0 && (
            <>
              <dt>COD fee</dt>
              <dd className="text-right" data-testid="invoice-cod-fee">
                {formatPrice(order.codFee)}
              </dd>
            </>
          )}
          <dt className="text-base font-bold">Total</dt>
          <dd className="text-right text-base font-bold" data-testid="invoice-total">
            {formatPrice(order.total)}
          </dd>
          {order.amountPaid > 0 && (
            <>
              <dt>Paid online</dt>
              <dd className="text-right" data-testid="invoice-paid-online">
                −{formatPrice(order.amountPaid)}
              </dd>
            </>
          )}
          {returns.refunds.map((r, i) => (
            <Fragment key={i}>
              <dt>
                Refunded ({r.returnNumber}, {REFUND_METHOD_LABELS[r.method]}
                {r.reference ? ` ${r.reference}` : ""})
              </dt>
              <dd className="text-right" data-testid="invoice-refund">
                −{formatPrice(r.amount)}
              </dd>
            </Fragment>
          ))}
          {returns.refunded > 0 && (
            <>
              <dt className="font-semibold">Refunded in all</dt>
              <dd className="text-right font-semibold" data-testid="invoice-refunded">
                −{formatPrice(returns.refunded)}
              </dd>
            </>
          )}
        </dl>
        <p className="mt-6 text-xs text-stone-600">
          Thank you for shopping with {shop.brandName}.
          {shop.returnWindowDays > 0 && ` Returns within ${shop.returnWindowDays} days of delivery.`}
        </p>
      </article>
    </div>
  );
}
