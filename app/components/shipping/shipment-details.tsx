import { Form, Link } from "react-router";
import { formatPrice } from "~/lib/money";
import { formatShopDate, formatShopDateTime, shopDayNoon } from "~/lib/shop-time";
import { formatKg } from "~/lib/weight";
import type { OrderShipment } from "~/modules/shipping/booking/shipment-for-order.server";
import type { OrderDeliveryProblem } from "~/modules/shipping/tracking/delivery-problems.server";

const paidOnText = (day: string) => formatShopDate(shopDayNoon(day));

/**
 * The owner's view of an order's parcel: courier and tracking number (linked to the courier's
 * page), weight and pieces, the estimated and charged cost, the COD and what the courier paid,
 * every courier status with its time, and the settlement that paid it.
 */
export function ShipmentDetails({
  shipment: s,
  canCancelBooking = false,
  bookingError,
}: {
  shipment: OrderShipment & { problem?: OrderDeliveryProblem | null };
  canCancelBooking?: boolean;
  bookingError?: string;
}) {
  const money = (value: number | null) => (value === null ? "—" : formatPrice(value));
  return (
    <section aria-labelledby="shipment-title" className="mt-6" data-testid="order-shipment">
      <h2 id="shipment-title" className="text-lg font-semibold text-stone-900">
        Shipment
      </h2>
      <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
        <dt className="text-stone-600">Courier</dt>
        <dd className="font-medium text-stone-900">{s.courierName}</dd>
        <dt className="text-stone-600">Tracking number</dt>
        <dd className="break-all">
          {s.trackingNumber ? (
            s.trackingUrl ? (
              <a
                href={s.trackingUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="font-medium text-brand-700 underline"
              >
                {s.trackingNumber}
                <span className="sr-only"> (opens the courier&apos;s tracking page)</span>
              </a>
            ) : (
              s.trackingNumber
            )
          ) : (
            "Not yet given"
          )}
        </dd>
        <dt className="text-stone-600">Booked</dt>
        <dd>{formatShopDateTime(s.bookedAt)}</dd>
        <dt className="text-stone-600">Parcel</dt>
        <dd>
          {formatKg(s.weightGrams)}, {s.pieces} {s.pieces === 1 ? "piece" : "pieces"}
        </dd>
        <dt className="text-stone-600">Cash to collect</dt>
        <dd>{s.codAmount === 0 ? "None (paid)" : formatPrice(s.codAmount)}</dd>
        <dt className="text-stone-600">Estimated cost</dt>
        <dd>{formatPrice(s.estimatedCharge)}</dd>
        <dt className="text-stone-600">Charged</dt>
        <dd>
          {money(s.chargedAmount)}
          {s.chargedAmount !== null && s.chargedAmount > s.estimatedCharge && (
            <>
              {" "}
              <span className="font-medium text-amber-900">
                ({formatPrice(s.chargedAmount - s.estimatedCharge)} above the estimate)
              </span>
            </>
          )}
        </dd>
        {s.deliveredAt && (
          <>
            <dt className="text-stone-600">Delivered</dt>
            <dd>{formatShopDateTime(s.deliveredAt)}</dd>
          </>
        )}
        {s.returnedAt && (
          <>
            <dt className="text-stone-600">Returned</dt>
            <dd>{formatShopDateTime(s.returnedAt)}</dd>
          </>
        )}
        <dt className="text-stone-600">Settlement</dt>
        <dd data-testid="shipment-settlement">
          {s.settlement ? (
            <>
              {s.settlement.reference}, paid {paidOnText(s.settlement.paidOn)}: collected {money(s.collectedAmount)},
              {s.taxWithheld ? ` tax withheld ${money(s.taxWithheld)},` : ""} paid to the shop {money(s.netPaid)}
            </>
          ) : s.deliveredAt && s.codAmount > 0 ? (
            "Not yet paid by the courier"
          ) : (
            "—"
          )}
        </dd>
      </dl>
      {s.problem && <DeliveryProblemNote problem={s.problem} />}
      {s.openDiscrepancies > 0 && (
        <p className="mt-2 text-sm font-medium text-amber-900">
          {s.openDiscrepancies} open {s.openDiscrepancies === 1 ? "discrepancy" : "discrepancies"} about this parcel:{" "}
          <Link to="/seller/shipping/discrepancies" className="underline">
            see Discrepancies
          </Link>
        </p>
      )}
      {canCancelBooking && (
        <Form method="post" className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          <input type="hidden" name="intent" value="cancel-booking" />
          <button type="submit" className="btn-secondary" aria-describedby="cancel-booking-help">
            Cancel Booking
          </button>
          <span id="cancel-booking-help" className="text-stone-700">
            Takes the parcel off the load sheet and labels; the order stays and can be booked again.
          </span>
          {bookingError && (
            <p role="alert" className="w-full font-medium text-red-700">
              {bookingError}
            </p>
          )}
        </Form>
      )}
      <h3 className="mt-4 text-sm font-semibold text-stone-900">Courier statuses</h3>
      {s.events.length === 0 ? (
        <p className="mt-1 text-sm text-stone-700">None imported yet.</p>
      ) : (
        <ol className="mt-1 grid gap-1 border-l-2 border-stone-200 pl-3 text-sm" data-testid="shipment-events">
          {s.events.map((e, i) => (
            <li key={i}>
              <time dateTime={e.at} className="text-stone-600">
                {formatShopDateTime(e.at)}
              </time>
              : <span className="font-medium text-stone-900">{e.status}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

const ADVICE_WORDS = { reattempt: "re-attempt delivery", return: "return the parcel to the shop" } as const;

/** A failed delivery attempt (Delivery problems) and what the owner told the courier, or that it waits for an answer. */
function DeliveryProblemNote({ problem: p }: { problem: OrderDeliveryProblem }) {
  return (
    <div className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950" data-testid="shipment-problem">
      <p>
        <span className="font-medium">Delivery attempted {formatShopDateTime(p.at)}:</span> {p.status}
        {p.reason ? ` (${p.reason})` : ""}
      </p>
      {p.advice ? (
        <p>
          Asked the courier to {ADVICE_WORDS[p.advice]}
          {p.adviceAt ? ` on ${formatShopDateTime(p.adviceAt)}` : ""}
          {p.adviceByName ? ` (${p.adviceByName})` : ""}.
        </p>
      ) : p.closed ? (
        <p>Not answered; the parcel was delivered or returned since.</p>
      ) : (
        <p>
          Waiting for your answer in{" "}
          <Link to="/seller/shipping/problems" className="font-medium underline">
            Delivery problems
          </Link>
          {p.adviceError ? <>: the courier refused the last one ({p.adviceError})</> : null}.
        </p>
      )}
    </div>
  );
}
