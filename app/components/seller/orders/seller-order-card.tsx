import { useId } from "react";
import { Link } from "react-router";
import { StatusBadge } from "~/components/ui/status-badge";
import { telHref } from "~/lib/contact-links";
import { formatPrice } from "~/lib/money";
import { formatPakistaniMobile } from "~/lib/phone";
import { formatShopDate, formatShopDateTime } from "~/lib/shop-time";
import { PAYMENT_STATUS_LABELS, STATUS_LABELS } from "~/modules/orders/order-lifecycle";
import { CHANNEL_LABELS } from "~/modules/orders/order-channel";
import { describeOrderSource } from "~/modules/orders/order-source";
import { RETURN_STATUS_WORDS } from "~/components/seller/returns/return-words";
import { CustomerNotesOnOrder } from "./customer-notes-on-order";
import { OrderStatusForm } from "./order-status-form";
import { WhatsappStateLine } from "./whatsapp-state-line";
import { fieldErrors, formError, isRefusal } from "~/lib/form-reply";
import { answerIntent, answerOrderId, type OrdersAnswer, type OwnerOrderView } from "./types";

/**
 * One order on the owner's Orders tab: a summary always in view (select box, number, customer,
 * total, status, risk flags, COD confirmation links, status form) and the rest in a <details>
 * that opens without JavaScript.
 */
export function SellerOrderCard({ order, result }: { order: OwnerOrderView; result?: OrdersAnswer }) {
  const titleId = useId();
  const own = answerIntent(result) === "status" && answerOrderId(result) === order.id ? result : undefined;
  // Without JavaScript: the status change's words under its form (a refusal beside its fields says it there instead).
  const ownMessage = !own
    ? null
    : isRefusal(own)
      ? Object.keys(fieldErrors(own)).length === 0
        ? { ok: false, text: formError(own) }
        : null
      : "message" in own
        ? { ok: own.ok, text: own.message }
        : null;
  return (
    <article
      aria-labelledby={titleId}
      data-testid="seller-order"
      className="rounded-2xl border border-stone-200 bg-white p-4"
    >
      <div className="flex items-start gap-3">
        <input
          type="checkbox"
          name="orderIds"
          value={order.id}
          form="bulk-orders"
          aria-label={`Select ${order.orderNumber}`}
          className="mt-1 size-5 shrink-0 accent-brand-700"
        />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
            <h3 id={titleId} className="font-semibold text-stone-900">
              {order.orderNumber}
            </h3>
            <StatusBadge status={order.status} />
          </div>
          <p className="mt-0.5 break-words text-sm text-stone-700">
            {order.customerId !== null ? (
              // The name opens the customer's page (their figures, tags and notes); "View customer" under Details says it in words.
              <Link
                to={`/seller/customers/${order.customerId}`}
                className="text-brand-700 underline"
                data-testid="order-customer-link"
                title="View customer"
              >
                {order.fullName}
              </Link>
            ) : (
              order.fullName
            )}{" "}
            · {order.city} · <strong className="text-stone-900">{formatPrice(order.total)}</strong>
          </p>
          <p className="text-xs text-stone-600">
            {formatShopDateTime(order.createdAt)} ·{" "}
            <span data-testid="order-channel">{CHANNEL_LABELS[order.channel]}</span> · #{order.id.slice(-8)}
          </p>
          <WhatsappStateLine state={order.whatsapp} />
          {(order.replacesOrderNumber || order.returns.length > 0) && (
            <ul className="mt-1 flex flex-wrap gap-2 text-xs font-semibold" data-testid="order-returns">
              {order.replacesOrderNumber && (
                <li className="rounded-full bg-sky-100 px-2.5 py-0.5 text-sky-900">
                  Exchange for{" "}
                  <Link to={`/seller/orders?q=${order.replacesOrderNumber}`} className="underline">
                    {order.replacesOrderNumber}
                  </Link>
                </li>
              )}
              {order.returns.map((r) => (
                <li key={r.id} className="rounded-full bg-violet-100 px-2.5 py-0.5 text-violet-900">
                  <Link to={`/seller/returns/${r.id}`} className="underline">
                    Return {r.returnNumber}
                  </Link>{" "}
                  · {RETURN_STATUS_WORDS[r.status]}
                </li>
              ))}
            </ul>
          )}
          {order.flags.length > 0 && (
            <ul className="mt-2 flex flex-wrap gap-2">
              {order.flags.map((flag) => (
                <li key={flag} className="rounded-full bg-red-100 px-2.5 py-0.5 text-xs font-semibold text-red-900">
                  ⚠ {flag}
                </li>
              ))}
            </ul>
          )}
          <CustomerNotesOnOrder notes={order.customerNotes} />
          {(order.customer.cancelled > 0 || order.customer.refused > 0 || order.customer.returned > 0) && (
            <p className="mt-2 text-xs font-medium text-amber-900" data-testid="customer-warning">
              Earlier: {order.customer.cancelled} cancelled, {order.customer.refused} refused, {order.customer.returned}{" "}
              returned
            </p>
          )}
        </div>
      </div>

      {order.status === "pending" && order.phone && (
        // Side by side on a phone too, each half the width: the two buttons the owner uses most.
        <div className="mt-3 flex gap-2">
          {order.whatsappHref && (
            <a
              href={order.whatsappHref}
              target="_blank"
              rel="noopener noreferrer"
              className="btn whitespace-nowrap bg-emerald-700 px-3 text-white hover:bg-emerald-800 max-sm:flex-1"
            >
              {/* One flex item, so the words keep their own spacing; the full name is read out on a phone too. */}
              <span>
                <span className="max-sm:sr-only">Confirm on </span>WhatsApp
                <span className="sr-only">
                  {" "}
                  with {order.fullName} ({order.orderNumber}, opens WhatsApp)
                </span>
              </span>
            </a>
          )}
          <a href={telHref(order.phone)} className="btn-secondary whitespace-nowrap px-3 max-sm:flex-1">
            Call {formatPakistaniMobile(order.phone)}
          </a>
        </div>
      )}

      <div className="mt-3">
        <OrderStatusForm order={order} result={result} />
        {ownMessage && (
          <p
            role={ownMessage.ok ? "status" : "alert"}
            className={`mt-2 rounded-lg px-3 py-2 text-sm font-medium ${ownMessage.ok ? "bg-emerald-50 text-emerald-900" : "bg-red-50 text-red-800"}`}
          >
            {ownMessage.text}
          </p>
        )}
      </div>

      <details className="group mt-3 border-t border-stone-100 pt-2">
        <summary className="cursor-pointer py-1 text-sm font-semibold text-brand-700">
          Details<span className="sr-only"> of {order.orderNumber}</span>
        </summary>
        <OrderDetails order={order} />
      </details>
    </article>
  );
}

function OrderDetails({ order }: { order: OwnerOrderView }) {
  return (
    <div className="mt-2 grid gap-4 text-sm md:grid-cols-2">
      <section>
        <h4 className="font-semibold text-stone-900">Items</h4>
        <ul className="mt-1 divide-y divide-stone-100">
          {order.items.map((item, i) => (
            <li key={i} className="flex justify-between gap-3 py-1.5">
              <span>
                {item.quantity} x {item.name}{" "}
                <span className="text-stone-600">
                  ({item.color}, {item.size})
                </span>
              </span>
              <span className="shrink-0 text-right">{formatPrice(item.price)} each</span>
            </li>
          ))}
        </ul>
        <dl className="mt-2 grid grid-cols-[1fr_auto] gap-y-0.5 border-t border-stone-100 pt-2">
          <dt>Subtotal</dt>
          <dd className="text-right">{formatPrice(order.subtotal)}</dd>
          {order.discountTotal > 0 && (
            <>
              <dt>Discount{order.discountCode ? ` (${order.discountCode})` : ""}</dt>
              <dd className="text-right">−{formatPrice(order.discountTotal)}</dd>
            </>
          )}
          <dt>Shipping</dt>
          <dd className="text-right">{order.shippingFee === 0 ? "Free" : formatPrice(order.shippingFee)}</dd>
          {order.storeCreditUsed > 0 && (
            <>
              <dt>Store credit</dt>
              <dd className="text-right">−{formatPrice(order.storeCreditUsed)}</dd>
            </>
          )}
          <dt className="font-semibold">Total (COD)</dt>
          <dd className="text-right font-semibold">{formatPrice(order.total)}</dd>
          <dt>Payment</dt>
          <dd className="text-right">Cash on Delivery, {PAYMENT_STATUS_LABELS[order.paymentStatus]}</dd>
        </dl>
      </section>
      <section>
        <h4 className="font-semibold text-stone-900">Ship to</h4>
        <address className="mt-1 break-words not-italic text-stone-800">
          {order.fullName}
          <br />
          {order.address && (
            <>
              {order.address}
              <br />
            </>
          )}
          {order.city}
          {order.postalCode ? ` ${order.postalCode}` : ""}, {order.country}
        </address>
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5">
          <dt className="text-stone-600">Phone</dt>
          <dd>
            {order.phone ? (
              <a href={telHref(order.phone)} className="text-brand-700 underline">
                {formatPakistaniMobile(order.phone)}
              </a>
            ) : (
              "—"
            )}
          </dd>
          <dt className="text-stone-600">Email</dt>
          <dd className="break-all">{order.email || "—"}</dd>
          <dt className="text-stone-600">Channel</dt>
          <dd>{CHANNEL_LABELS[order.channel]}</dd>
          {order.source && (
            <>
              <dt className="text-stone-600">Source</dt>
              <dd className="break-words" data-testid="order-source">
                {describeOrderSource(order)}
              </dd>
            </>
          )}
          <dt className="text-stone-600">Courier</dt>
          <dd>{order.courierName || "—"}</dd>
          <dt className="text-stone-600">Tracking</dt>
          <dd className="break-all">{order.trackingNumber || "—"}</dd>
        </dl>
        <div className="mt-3 flex flex-wrap gap-2">
          <Link to={`/seller/orders/${order.id}/invoice`} className="btn-secondary" reloadDocument>
            Invoice<span className="sr-only"> for {order.orderNumber}</span>
          </Link>
          <Link to={`/orders/${order.id}`} className="btn-secondary">
            Order page<span className="sr-only"> of {order.orderNumber}</span>
          </Link>
          {order.customerId !== null && (
            <Link to={`/seller/customers/${order.customerId}`} className="btn-secondary">
              View customer<span className="sr-only"> of {order.orderNumber}</span>
            </Link>
          )}
        </div>
      </section>
      <section>
        <h4 className="font-semibold text-stone-900">Status history</h4>
        <ol className="mt-1 space-y-1" data-testid="status-history">
          {order.history.map((h, i) => (
            <li key={i}>
              <span className="text-stone-600">{formatShopDateTime(h.at)}</span>:{" "}
              {h.from === h.to && h.note ? (
                // A step that does not change the status (booked, booking cancelled, settled): the note says it.
                <>
                  {h.note} by {h.actorName}
                </>
              ) : (
                <>
                  {h.from ? `${STATUS_LABELS[h.from]} → ` : "Placed as "}
                  <strong>{STATUS_LABELS[h.to]}</strong> by {h.actorName}
                  {h.note ? ` (${h.note})` : ""}
                </>
              )}
            </li>
          ))}
        </ol>
      </section>
      <section>
        <h4 className="font-semibold text-stone-900">Customer&apos;s earlier orders</h4>
        {order.customer.earlierOrders === 0 ? (
          <p className="mt-1 text-stone-700">First order from this customer.</p>
        ) : (
          <>
            <p className="mt-1 text-stone-800" data-testid="customer-record">
              {order.customer.earlierOrders} earlier {order.customer.earlierOrders === 1 ? "order" : "orders"}:{" "}
              {order.customer.cancelled} cancelled, {order.customer.refused} refused, {order.customer.returned} returned
            </p>
            <ul className="mt-1 space-y-0.5">
              {order.customer.recent.map((r) => (
                <li key={r.id}>
                  <Link to={`/seller/orders?q=${r.orderNumber}`} className="text-brand-700 underline">
                    {r.orderNumber}
                  </Link>{" "}
                  <span className="text-stone-600">
                    {formatShopDate(r.createdAt)}, {STATUS_LABELS[r.status]}
                  </span>
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
    </div>
  );
}
