import { useId } from "react";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { type FormReply, fieldError, formError, keptValue } from "~/lib/form-reply";
import { formatPrice } from "~/lib/money";
import { formatPakistaniMobile } from "~/lib/phone";
import { formatShopDateTime } from "~/lib/shop-time";
import { ADVISE_INTENT, REMARKS_MAX } from "~/modules/shipping/tracking/advice-form";
import type { DeliveryProblem, DeliveryProblemPage } from "~/modules/shipping/tracking/delivery-problems.server";

export const PROBLEMS_PATH = "/seller/shipping/problems";

/** An advice refused (bad input, the courier's words, answered meanwhile), in the one form shape: shown beside that parcel's form, the remark kept. */
export type AdviceRefusal = FormReply;

/**
 * Delivery problems: parcels whose delivery the courier attempted and could not make, oldest first,
 * each with the buyer's phone (call and WhatsApp) and a plain form per parcel (Re-attempt, Return to
 * shop, an optional remark for the courier) that works without JavaScript.
 */
export function DeliveryProblemList({ page, refusal }: { page: DeliveryProblemPage; refusal: AdviceRefusal | null }) {
  const href = (p: number) => (p > 1 ? `${PROBLEMS_PATH}?page=${p}` : PROBLEMS_PATH);
  return (
    <section aria-labelledby="problems-title" className="grid gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="problems-title" className="text-xl font-semibold text-stone-900">
          Delivery problems
        </h2>
        <Link to="/seller/shipping" className="text-sm font-medium text-brand-700 underline">
          Back to Shipping
        </Link>
      </div>
      <p className="text-sm text-stone-700">
        Parcels the courier tried to deliver and could not. Call or WhatsApp the buyer, then tell the courier to try
        again or bring the parcel back: your answer goes to the courier and is written in the order&apos;s history.
      </p>
      {page.total === 0 ? (
        <p className="rounded-xl bg-white px-4 py-3 text-stone-700" data-testid="no-problems">
          No failed deliveries waiting for an answer.
        </p>
      ) : (
        <>
          <p className="text-sm font-medium text-stone-900">
            {page.total} {page.total === 1 ? "parcel waits" : "parcels wait"} for your answer, oldest first.
          </p>
          <ul className="grid gap-3">
            {page.items.map((item) => (
              <ProblemItem
                key={item.shipmentId}
                item={item}
                refusal={keptValue(refusal, "shipmentId") === String(item.shipmentId) ? refusal : null}
              />
            ))}
          </ul>
        </>
      )}
      {page.pageCount > 1 && (
        <nav aria-label="Delivery problem pages" className="flex items-center justify-between gap-3 text-sm">
          {page.page > 1 ? (
            <Link className="btn-secondary px-4" to={href(page.page - 1)} rel="prev">
              Previous
            </Link>
          ) : (
            <span />
          )}
          <span className="text-stone-700">
            Page {page.page} of {page.pageCount}
          </span>
          {page.page < page.pageCount ? (
            <Link className="btn-secondary px-4" to={href(page.page + 1)} rel="next">
              Next
            </Link>
          ) : (
            <span />
          )}
        </nav>
      )}
    </section>
  );
}

function ProblemItem({ item: p, refusal }: { item: DeliveryProblem; refusal: AdviceRefusal | null }) {
  const titleId = useId();
  const remarksId = useId();
  const location = useLocation();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("shipmentId") === String(p.shipmentId);
  const remarksError = fieldError(refusal, "remarks");
  const error = refusal && !remarksError ? formError(refusal) : p.adviceError;
  return (
    <li>
      <article
        aria-labelledby={titleId}
        data-testid="delivery-problem"
        className="rounded-xl border border-amber-300 bg-amber-50 p-4"
      >
        <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
          <h3 id={titleId} className="font-semibold text-stone-900">
            <Link to={`/orders/${p.orderId}`} className="text-brand-700 underline">
              {p.orderNumber}
            </Link>{" "}
            · {p.buyerName}
          </h3>
          <time dateTime={p.at} className="text-xs text-stone-600">
            {formatShopDateTime(p.at)}
          </time>
        </div>
        <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
          <dt className="text-stone-600">Phone</dt>
          <dd className="flex flex-wrap gap-x-3 gap-y-1">
            <a href={p.telLink} className="font-medium text-brand-700 underline">
              {formatPakistaniMobile(p.phone)}
            </a>
            {p.whatsappLink && (
              <a
                href={p.whatsappLink}
                target="_blank"
                rel="noopener noreferrer"
                className="font-medium text-brand-700 underline"
              >
                WhatsApp<span className="sr-only"> {p.buyerName} (opens WhatsApp)</span>
              </a>
            )}
          </dd>
          <dt className="text-stone-600">City</dt>
          <dd>{p.city}</dd>
          <dt className="text-stone-600">Cash to collect</dt>
          <dd>{p.codAmount === 0 ? "None (paid)" : formatPrice(p.codAmount)}</dd>
          <dt className="text-stone-600">Courier</dt>
          <dd className="break-words">
            {p.courierName}
            {p.trackingNumber ? `, ${p.trackingNumber}` : ""}
          </dd>
          <dt className="text-stone-600">Status</dt>
          <dd className="break-words font-medium text-stone-900" data-testid="problem-status">
            {p.status}
            {p.reason ? `: ${p.reason}` : ""}
          </dd>
        </dl>
        <Form
          method="post"
          action={`${PROBLEMS_PATH}${location.search}`}
          preventScrollReset
          className="mt-3 grid gap-2 border-t border-amber-200 pt-3"
        >
          <input type="hidden" name="intent" value={ADVISE_INTENT} />
          <input type="hidden" name="shipmentId" value={p.shipmentId} />
          <div>
            <label htmlFor={remarksId} className="field-label">
              Remark for the courier (optional)<span className="sr-only">, {p.orderNumber}</span>
            </label>
            <input
              id={remarksId}
              name="remarks"
              type="text"
              maxLength={REMARKS_MAX}
              className="field-input"
              placeholder="e.g. customer will be home after 5"
              defaultValue={keptValue(refusal, "remarks")}
              aria-invalid={remarksError ? true : undefined}
              aria-describedby={remarksError ? `${remarksId}-error` : undefined}
            />
            {remarksError && (
              <p id={`${remarksId}-error`} className="field-error">
                {remarksError}
              </p>
            )}
          </div>
          {p.adviceInPortal && (
            <p className="text-sm text-stone-700">
              {p.courierName} takes shipper advice only on its portal: give it there, then record it here.
            </p>
          )}
          {error && (
            <p role="alert" className="text-sm font-medium text-red-800" data-testid="advice-error">
              {error}
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            <button type="submit" name="advice" value="reattempt" className="btn-primary max-sm:flex-1" disabled={busy}>
              Re-attempt
            </button>
            <button type="submit" name="advice" value="return" className="btn-secondary max-sm:flex-1" disabled={busy}>
              Return to shop
            </button>
          </div>
        </Form>
      </article>
    </li>
  );
}
