import { Link } from "react-router";
import { formatPrice } from "~/lib/money";
import { formatShopDate, formatShopDateTime } from "~/lib/shop-time";
import { STATUS_LABELS } from "~/modules/orders/order-lifecycle";
import { RETURN_CONDITION_LABELS } from "~/modules/returns/return-rules";
import { itemWords, moneyLines, reasonWords, returnHeadline, stepWords, type ReturnCard } from "./return-words";

const HEADLINE_CLASSES: Record<ReturnCard["status"], string> = {
  requested: "bg-yellow-100 text-yellow-900",
  approved: "bg-blue-100 text-blue-900",
  received: "bg-indigo-100 text-indigo-900",
  closed: "bg-green-100 text-green-900",
  rejected: "bg-red-100 text-red-900",
};

/**
 * The order's return requests (issue 30), on the buyer's order page and on the owner's view of it:
 * each request's number, date, state, items, money given back and its history. The owner's view
 * links each request to its page in Returns; the buyer's says who did what only as "the shop".
 */
export function ReturnsSection({ returns, ownerView }: { returns: ReturnCard[]; ownerView: boolean }) {
  if (returns.length === 0) return null;
  return (
    <section aria-labelledby="returns-title" className="mt-6" data-testid="order-returns">
      <h2 id="returns-title" className="text-lg font-semibold text-stone-900">
        Returns and exchanges
      </h2>
      <ul className="mt-2 grid gap-3">
        {returns.map((r) => (
          <ReturnRequestCard key={r.id} card={r} ownerView={ownerView} />
        ))}
      </ul>
    </section>
  );
}

function ReturnRequestCard({ card, ownerView }: { card: ReturnCard; ownerView: boolean }) {
  const titleId = `return-${card.id}-title`;
  const money = moneyLines(card);
  return (
    <li className="rounded-xl border border-stone-200 p-4" data-testid="return-request">
      <article aria-labelledby={titleId}>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <h3 id={titleId} className="font-semibold text-stone-900">
            {card.returnNumber}
          </h3>
          <span className="text-sm text-stone-600">Asked {formatShopDate(card.createdAt)}</span>
          <span
            data-testid="return-state"
            className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${HEADLINE_CLASSES[card.status]}`}
          >
            {returnHeadline(card)}
          </span>
          {ownerView && (
            <Link to={`/seller/returns/${card.id}`} className="ml-auto text-sm font-medium text-brand-700 underline">
              Open {card.returnNumber}
            </Link>
          )}
        </div>
        <p className="mt-2 text-sm text-stone-700">Reason: {reasonWords(card)}</p>
        <ul className="mt-2 list-disc pl-5 text-sm text-stone-800">
          {card.items.map((item) => (
            <li key={item.id}>
              {itemWords(item)}
              {item.condition && (
                <span className="text-stone-600">
                  {" "}
                  · came back {RETURN_CONDITION_LABELS[item.condition].toLowerCase()}
                </span>
              )}
            </li>
          ))}
        </ul>
        {card.replacement && card.status !== "rejected" && (
          <p className="mt-2 text-sm text-stone-800" data-testid="return-replacement">
            Replacement{" "}
            <Link to={`/orders/${card.replacement.id}`} className="font-medium text-brand-700 underline">
              {card.replacement.orderNumber}
            </Link>
            {`: ${STATUS_LABELS[card.replacement.status]}, `}
            {card.replacement.total > 0
              ? `${formatPrice(card.replacement.total)} to pay at the door`
              : "nothing to pay"}
          </p>
        )}
        {money.length > 0 && (
          <ul className="mt-2 text-sm font-medium text-emerald-900" data-testid="return-money">
            {money.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        )}
        {card.events.length > 0 && (
          <>
            <h4 className="mt-3 text-sm font-semibold text-stone-900">History</h4>
            <ol className="mt-1 grid gap-1 border-l-2 border-stone-200 pl-3 text-sm" data-testid="return-history">
              {card.events.map((e) => (
                <li key={e.id}>
                  <span className="text-stone-600">{formatShopDateTime(e.createdAt)}</span>{" "}
                  <span className="font-medium text-stone-900">{stepWords(e.step)}</span>
                  {ownerView && <span className="text-stone-600"> by {e.actorName}</span>}
                  {e.note && <span className="text-stone-700">: {e.note}</span>}
                </li>
              ))}
            </ol>
          </>
        )}
      </article>
    </li>
  );
}
