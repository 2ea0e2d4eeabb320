import type { ReactNode } from "react";
import { Link } from "react-router";
import { StatusBadge } from "~/components/ui/status-badge";
import { formatPrice } from "~/lib/money";
import { formatPakistaniMobile } from "~/lib/phone";
import { formatShopDate, formatShopDateTime } from "~/lib/shop-time";
import { mediaUrl, pickSource } from "~/modules/media/image-url";
import { PAYMENT_STATUS_LABELS } from "~/modules/orders/order-lifecycle";
import type { ReturnForOwner } from "~/modules/returns/get-return-for-owner.server";
import { REFUND_METHOD_LABELS, RETURN_CONDITION_LABELS, RETURN_REASON_LABELS } from "~/modules/returns/return-rules";
import { RETURN_STATUS_BADGES, RETURN_STATUS_WORDS } from "./return-words";

/** A section of the request page: a titled card. */
export function Panel({
  id,
  title,
  children,
  testId,
}: {
  id: string;
  title: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <section
      aria-labelledby={id}
      className="min-w-0 rounded-xl border border-stone-200 bg-white p-4"
      data-testid={testId}
    >
      <h3 id={id} className="text-base font-semibold text-stone-900">
        {title}
      </h3>
      <div className="mt-2 text-sm text-stone-800">{children}</div>
    </section>
  );
}

export function ReturnStatusBadge({ status }: { status: ReturnForOwner["status"] }) {
  return (
    <span
      data-testid="return-status"
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${RETURN_STATUS_BADGES[status]}`}
    >
      {RETURN_STATUS_WORDS[status]}
    </span>
  );
}

/** The request's number, state, order and buyer. */
export function ReturnHeader({ request }: { request: ReturnForOwner }) {
  const { order } = request;
  return (
    <div className="grid gap-1">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="flex flex-wrap items-center gap-2 text-xl font-semibold text-stone-900">
          <span>Return {request.returnNumber}</span> <ReturnStatusBadge status={request.status} />
        </h2>
        <Link to="/seller/returns" className="btn-secondary max-sm:py-2">
          Back to Returns
        </Link>
      </div>
      <p className="break-words text-sm text-stone-800">
        Order{" "}
        <Link to={`/orders/${order.id}`} className="font-semibold text-brand-700 underline">
          {order.orderNumber}
        </Link>{" "}
        · {order.customerName} · {order.phone ? formatPakistaniMobile(order.phone) : "no phone"} · {order.city}
      </p>
      <p className="text-xs text-stone-600">
        Asked {formatShopDateTime(request.createdAt)} · order {PAYMENT_STATUS_LABELS[order.paymentStatus].toLowerCase()}
        {order.deliveredAt ? `, delivered ${formatShopDate(order.deliveredAt)}` : ""}
      </p>
      {request.status === "rejected" && request.rejectionReason && (
        <p className="mt-1 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-900" data-testid="rejection-reason">
          Rejected: {request.rejectionReason}
        </p>
      )}
    </div>
  );
}

/** The reason, the buyer's own words and their photos (each thumbnail opens the full picture). */
export function ReturnReason({ request }: { request: ReturnForOwner }) {
  return (
    <Panel id="return-reason" title="Reason">
      <p className="font-semibold" data-testid="return-reason">
        {RETURN_REASON_LABELS[request.reason]}
      </p>
      {request.reasonText && (
        <blockquote className="mt-1 whitespace-pre-line break-words border-l-4 border-stone-200 pl-3 text-stone-800">
          {request.reasonText}
        </blockquote>
      )}
      {request.photos.length === 0 ? (
        <p className="mt-2 text-stone-600">No photos.</p>
      ) : (
        <ul className="mt-3 flex flex-wrap gap-2" aria-label="Photos">
          {request.photos.map((photo, i) => {
            const full = photo.sources[photo.sources.length - 1];
            const thumb = pickSource(photo.sources, 160);
            return (
              <li key={full.key}>
                <a
                  href={mediaUrl(full.key)}
                  target="_blank"
                  rel="noopener"
                  className="block rounded-lg ring-brand-700 hover:ring-2"
                >
                  <img
                    src={mediaUrl(thumb.key)}
                    alt={`Photo ${i + 1} of ${request.photos.length} (opens the full picture)`}
                    width={96}
                    height={Math.round((96 * photo.height) / Math.max(photo.width, 1))}
                    className="h-24 w-24 rounded-lg object-cover"
                    loading="lazy"
                  />
                </a>
              </li>
            );
          })}
        </ul>
      )}
    </Panel>
  );
}

/** Each item: what was bought and what the buyer wants instead (or money back), the quantity, what it was paid, and how it came back. */
export function ReturnItems({ request }: { request: ReturnForOwner }) {
  return (
    <Panel id="return-items" title="Items" testId="return-items">
      <ul className="divide-y divide-stone-100">
        {request.items.map((item) => (
          <li key={item.id} className="flex gap-3 py-2" data-testid="return-item">
            {item.imageKey && (
              <img
                src={mediaUrl(item.imageKey)}
                alt=""
                width={48}
                height={60}
                className="h-15 w-12 shrink-0 rounded object-cover"
                loading="lazy"
              />
            )}
            <div className="min-w-0 flex-1">
              <p className="break-words font-medium text-stone-900">
                {item.quantity} x {item.name}
              </p>
              <p>
                {item.color} / {item.size}{" "}
                {item.kind === "exchange" ? (
                  <>
                    →{" "}
                    <strong>
                      {item.exchangeColor} / {item.exchangeSize}
                    </strong>{" "}
                    (exchange)
                  </>
                ) : (
                  <>
                    → <strong>money back</strong> (return)
                  </>
                )}
              </p>
              {item.condition && (
                <p className="text-xs font-semibold text-stone-700" data-testid="item-condition">
                  Came back {RETURN_CONDITION_LABELS[item.condition].toLowerCase()}
                  {item.restockedAt ? ", back in stock" : item.condition === "resellable" ? "" : ", not restocked"}
                </p>
              )}
            </div>
            <p className="shrink-0 text-right">
              <span className="block text-xs text-stone-600">Paid</span>
              {formatPrice(item.paidValue)}
            </p>
          </li>
        ))}
      </ul>
    </Panel>
  );
}

/** The money: an exchange's difference and its replacement order, and the refund ceiling with what is left. */
export function ReturnMoney({ request }: { request: ReturnForOwner }) {
  const { exchange, replacement } = request;
  const hasReturns = request.items.some((i) => i.kind === "return");
  return (
    <Panel id="return-money" title="Money" testId="return-money">
      <dl className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1">
        {exchange && (
          <>
            <dt>Exchanged items were paid</dt>
            <dd className="text-right">{formatPrice(exchange.paidExchanged)}</dd>
            <dt>New items {replacement ? "" : "(today's price)"}</dt>
            <dd className="text-right">{formatPrice(exchange.newTotal)}</dd>
            <dt className="font-semibold">Cash to collect on the replacement</dt>
            <dd className="text-right font-semibold" data-testid="cash-to-collect">
              {formatPrice(exchange.cashToCollect)}
            </dd>
            {exchange.storeCredit > 0 && (
              <>
                <dt>Store credit when the old item is back</dt>
                <dd className="text-right" data-testid="credit-on-receipt">
                  {formatPrice(exchange.storeCredit)}
                </dd>
              </>
            )}
          </>
        )}
        {hasReturns && (
          <>
            <dt>Returned items were paid</dt>
            <dd className="text-right">{formatPrice(request.refundCeiling)}</dd>
            <dt>Refunded</dt>
            <dd className="text-right" data-testid="refunded">
              {formatPrice(request.refunded)}
            </dd>
            <dt className="font-semibold">Left to refund</dt>
            <dd className="text-right font-semibold" data-testid="refund-left">
              {formatPrice(request.refundLeft)}
            </dd>
          </>
        )}
      </dl>
      {replacement && (
        <p className="mt-3 flex flex-wrap items-center gap-2" data-testid="replacement">
          Replacement{" "}
          <Link to={`/orders/${replacement.id}`} className="font-semibold text-brand-700 underline">
            {replacement.orderNumber}
          </Link>
          <StatusBadge status={replacement.status} /> {formatPrice(replacement.total)} to collect
        </p>
      )}
    </Panel>
  );
}

/** The buyer's record by phone number: delivered orders, return requests, orders returned. */
export function BuyerHistory({ request }: { request: ReturnForOwner }) {
  const { deliveredOrders, returnRequests, returnedOrders } = request.buyerHistory;
  const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  return (
    <Panel id="buyer-history" title="The buyer's history">
      <p data-testid="buyer-history">
        {plural(deliveredOrders, "delivered order", "delivered orders")}, {plural(returnRequests, "return", "returns")}
        {returnedOrders > 0 ? `, ${plural(returnedOrders, "order", "orders")} sent back` : ""}
      </p>
    </Panel>
  );
}

export function RefundsRecorded({ request }: { request: ReturnForOwner }) {
  if (request.refunds.length === 0) return null;
  return (
    <Panel id="refunds" title="Refunds recorded" testId="refunds">
      <ul className="divide-y divide-stone-100">
        {request.refunds.map((r) => (
          <li key={r.id} className="flex flex-wrap justify-between gap-x-3 py-1.5">
            <span>
              {REFUND_METHOD_LABELS[r.method]}
              {r.reference ? ` · ${r.reference}` : ""}{" "}
              <span className="text-stone-600">
                by {r.recordedByName}, {formatShopDateTime(r.createdAt)}
              </span>
            </span>
            <strong>{formatPrice(r.amount)}</strong>
          </li>
        ))}
      </ul>
    </Panel>
  );
}

const STEP_WORDS: Record<string, string> = {
  requested: "Requested",
  approved: "Approved",
  rejected: "Rejected",
  received: "Received",
  refunded: "Refunded",
  credited: "Store credit",
  closed: "Closed",
};

export function ReturnTimeline({ request }: { request: ReturnForOwner }) {
  return (
    <Panel id="timeline" title="Timeline">
      <ol className="space-y-1" data-testid="return-timeline">
        {request.events.map((e) => (
          <li key={e.id}>
            <span className="text-stone-600">{formatShopDateTime(e.createdAt)}</span>:{" "}
            <strong>{STEP_WORDS[e.step] ?? e.step}</strong> by {e.actorName}
            {e.note ? <span className="break-words"> ({e.note})</span> : null}
          </li>
        ))}
      </ol>
    </Panel>
  );
}
