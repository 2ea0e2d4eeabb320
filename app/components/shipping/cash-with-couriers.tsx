import { useId } from "react";
import { Link } from "react-router";
import { formatPkr } from "~/lib/money";
import type { CourierCash } from "~/modules/shipping/settlements/cash-with-couriers.server";

export function waitedText(days: number): string {
  return days === 0 ? "today" : days === 1 ? "1 day" : `${days} days`;
}

/**
 * Cash with couriers: per courier, the COD of delivered parcels it has not paid the shop for yet,
 * with the total, the parcel count and how long the oldest has waited (overdue ones flagged). A
 * card that reads at 390 px: a list, not a wide table. `more` adds a link under it (e.g. to the
 * discrepancies).
 */
export function CashWithCouriers({
  rows,
  title = "Cash with couriers",
  headingLevel = 3,
  more,
}: {
  rows: CourierCash[];
  title?: string;
  headingLevel?: 2 | 3;
  more?: { to: string; label: string };
}) {
  const titleId = useId();
  const Heading = `h${headingLevel}` as const;
  const total = rows.reduce((sum, r) => sum + r.amount, 0);
  const parcels = rows.reduce((sum, r) => sum + r.parcels, 0);
  return (
    <section
      aria-labelledby={titleId}
      className="rounded-xl border border-stone-200 bg-white p-4"
      data-testid="cash-with-couriers"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <Heading id={titleId} className="text-lg font-semibold text-stone-900">
          {title}
        </Heading>
        <p className="text-xl font-bold text-stone-900" data-testid="cash-total">
          {formatPkr(total)}
        </p>
      </div>
      <p className="mt-0.5 text-sm text-stone-700">
        {rows.length === 0
          ? "Nothing: couriers have paid for every delivered parcel."
          : `${parcels} delivered ${parcels === 1 ? "parcel" : "parcels"} the ${rows.length === 1 ? "courier has" : "couriers have"} not paid for yet.`}
      </p>
      {rows.length > 0 && (
        <ul className="mt-3 divide-y divide-stone-100 border-t border-stone-100">
          {rows.map((r) => (
            <li
              key={r.courierId}
              className="grid grid-cols-[minmax(0,1fr)_auto] items-baseline gap-x-3 py-2"
              data-testid="courier-cash"
            >
              <span className="min-w-0 truncate font-medium text-stone-900">{r.courierName}</span>
              <span className="text-right font-semibold text-stone-900">{formatPkr(r.amount)}</span>
              <span className="text-sm text-stone-700">
                {r.parcels} {r.parcels === 1 ? "parcel" : "parcels"} · oldest {waitedText(r.oldestDays)}
              </span>
              {r.overdueParcels > 0 ? (
                <span
                  className="justify-self-end rounded-full bg-amber-100 px-2 text-xs font-semibold text-amber-950"
                  title={`Waiting more than ${r.overdueDays} days`}
                >
                  {r.overdueParcels} overdue<span className="sr-only"> (waiting more than {r.overdueDays} days)</span>
                </span>
              ) : (
                <span />
              )}
            </li>
          ))}
        </ul>
      )}
      {more && (
        <Link to={more.to} className="mt-2 inline-block text-sm font-medium text-brand-700 underline">
          {more.label}
        </Link>
      )}
    </section>
  );
}
