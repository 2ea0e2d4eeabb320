import { useKeptActionData } from "~/components/ui/use-kept-action-data";
import { data, Form, Link, redirect, useLocation, useNavigation } from "react-router";
import { requireSeller } from "~/http/auth-guard.server";
import { selectedOrderIds } from "~/http/order-selection.server";
import { parseSubmission, refuse } from "~/http/form-reply";
import { AppError } from "~/lib/errors";
import { fieldErrors, formError, isRefusal, keptValue, keptValues } from "~/lib/form-reply";
import { formatPrice } from "~/lib/money";
import { pageMeta } from "~/lib/seo";
import { bookParcels, cancelParcelBooking, retryParcelBooking } from "~/flows/book-parcels.server";
import type { BookedShipment, BookingResult } from "~/modules/shipping/booking/book-shipments.server";
import {
  listActiveCouriers,
  listBookingCandidates,
  type BookingCandidate,
} from "~/modules/shipping/booking/booking-candidates.server";
import {
  bookingFormSchema,
  bookingRowForm,
  bookingRowFormSchema,
  type BookingRowIntent,
  ORDER_NOT_FOUND,
} from "~/modules/shipping/booking/booking-form";
import { listCourierRules } from "~/modules/shipping/couriers/couriers.server";
import { formatKg } from "~/lib/weight";
import { kgFieldValue } from "~/modules/shipping/booking/parcel";
import { shopDay } from "~/lib/shop-time";
import { serialIdFrom } from "~/lib/serial-id";
import type { OrderActor } from "~/modules/orders/order-actor";
import type { Route } from "./+types/book";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    title: "Book Shipments",
    description: "Book the selected orders, each with its courier.",
    path: "/seller/shipping/book",
    noindex: true,
  });

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireSeller(request, context);
  const orderIds = await selectedOrderIds(request, context, "book");
  const [candidates, couriers, rules] = await Promise.all([
    listBookingCandidates(context.db, orderIds),
    listActiveCouriers(context.db),
    listCourierRules(context.db),
  ]);
  // "Set all to": every row starts on this courier instead of its routing rules' pick. A shop with
  // one active courier has nothing to choose: everything starts on it.
  const chosen = serialIdFrom(new URL(request.url).searchParams.get("courier"));
  const setAll = couriers.some((c) => c.id === chosen) ? chosen : couriers.length === 1 ? couriers[0].id : null;
  return { candidates, couriers, ruleCount: rules.length, today: shopDay(new Date()), setAll };
}

/**
 * Book Shipments' answers beside a refusal (a FormReply: a refused booking, or a row's Try again /
 * Cancel booking refused, its intent and order kept): the batch booked, or a row's button answered.
 */
type ActionData =
  | { intent: "book"; ok: true; result: BookingResult }
  | { intent: BookingRowIntent; ok: boolean; orderId: string; message: string };

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireSeller(request, context);
  const form = await request.formData();
  const actor = { id: user.id, name: user.name };
  // Try again and Cancel booking are buttons of a failed (or booked) order: their value is the order.
  // Set all: the page again with every row on that courier (the page's own selection and filter kept).
  if (form.get("intent") === "set-all") return redirect(setAllHref(request, serialIdFrom(form.get("courierId"))));
  const rowForm = bookingRowForm(form);
  if (rowForm) return answerRow(context, actor, rowForm);
  const submission = parseSubmission(form, bookingFormSchema);
  if (submission.status !== "success") return refuse(submission);
  try {
    const result = await bookParcels(context, actor, submission.value);
    return data<ActionData>({ intent: "book", ok: true, result });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return refuse(submission, { formError: error.message, fieldErrors: error.fields, status: error.status });
  }
}

/** A failed booking's Try again or Cancel booking: the courier's answer, or the refusal (its intent and order kept). */
async function answerRow(context: Route.ActionArgs["context"], actor: OrderActor, rowForm: URLSearchParams) {
  const submission = parseSubmission(rowForm, bookingRowFormSchema);
  if (submission.status !== "success") return refuse(submission, { formError: ORDER_NOT_FOUND, status: 404 });
  const { intent, orderId } = submission.value;
  try {
    if (intent === "cancel-booking") {
      const { orderNumber, courier } = await cancelParcelBooking(context, actor, orderId);
      return data<ActionData>({
        intent,
        ok: true,
        orderId,
        message: `${orderNumber}: booking with ${courier} cancelled`,
      });
    }
    const { orderNumber, outcome } = await retryParcelBooking(context, actor, orderId);
    const message =
      outcome?.state === "booked"
        ? `${orderNumber}: booked, tracking ${outcome.trackingNumber}`
        : outcome?.state === "failed"
          ? `${orderNumber}: ${outcome.error}`
          : `${orderNumber}: requested again; waiting for the courier's answer`;
    // The courier refusing again is the retry's answer (the row shows it), not a refusal of the form.
    return data<ActionData>({ intent, ok: outcome?.state !== "failed", orderId, message });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return refuse(submission, { formError: error.message, status: error.status });
  }
}

/** This page with its selection and filter as they are, and "Set all to" this courier (none: each order's suggested one). */
function setAllHref(request: Request, courierId: number | null): string {
  const url = new URL(request.url);
  url.searchParams.delete("courier");
  url.searchParams.delete("index");
  if (courierId) url.searchParams.set("courier", String(courierId));
  return `${url.pathname}${url.search}`;
}

type CourierOption = { id: number; name: string; provider: string };

/** Book Shipments: the selected orders, each with its parcel and its own courier (a batch may go to several). */
export default function SellerShippingBook({ loaderData, actionData: sentActionData }: Route.ComponentProps) {
  const actionData = useKeptActionData(sentActionData);
  const { candidates, couriers, ruleCount, today, setAll } = loaderData;
  const navigation = useNavigation();
  const location = useLocation();
  const busy = navigation.state === "submitting";
  const answer = actionData && !isRefusal(actionData) ? (actionData as ActionData) : null;
  const done = answer?.intent === "book" ? answer : null;
  // A row's Try again or Cancel booking refused keeps its intent and order; any other refusal is the booking's.
  const rowIntent = isRefusal(actionData) ? keptValue(actionData, "intent") : undefined;
  const refusedRow =
    isRefusal(actionData) && (rowIntent === "retry" || rowIntent === "cancel-booking") ? actionData : null;
  const refused = isRefusal(actionData) && !refusedRow ? actionData : null;
  const rowAnswer = refusedRow
    ? { ok: false, message: formError(refusedRow) }
    : answer && answer.intent !== "book"
      ? answer
      : null;
  // A refused booking: its message above, each field's beside its order, the form as typed.
  const errors = refused ? fieldErrors(refused) : undefined;
  const values = refused ? keptValues(refused) : undefined;
  const courierName = (id: number) => couriers.find((c) => c.id === id)?.name ?? "another courier";

  return (
    <section aria-labelledby="book-title" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="book-title" className="text-xl font-semibold text-stone-900">
          Book Shipments
        </h2>
        <Link to="/seller/orders" className="btn-secondary max-sm:py-2">
          Back to Orders
        </Link>
      </div>

      {done && (
        <BookingDone
          result={done.result}
          candidates={candidates}
          today={today}
          refreshHref={`${location.pathname}${location.search}`}
        />
      )}
      {rowAnswer && (
        <p
          role={rowAnswer.ok ? "status" : "alert"}
          className={`rounded-lg px-4 py-3 font-medium ${rowAnswer.ok ? "bg-green-50 text-green-900" : "bg-red-50 text-red-900"}`}
        >
          {rowAnswer.message}
        </p>
      )}

      {candidates.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-stone-300 py-10 text-center text-stone-700">
          No orders selected. Tick orders on the{" "}
          <Link to="/seller/orders?status=confirmed" className="font-medium text-brand-700 underline">
            Orders
          </Link>{" "}
          tab, then press Book Shipments.
        </p>
      ) : couriers.length === 0 ? (
        <p className="rounded-xl bg-amber-50 px-4 py-3 text-amber-950">
          Add the couriers you use first, in{" "}
          <Link to="/seller/settings/couriers" className="font-medium underline">
            Settings → Couriers
          </Link>
          .
        </p>
      ) : (
        <>
          <Form method="post" className="grid gap-4" key={`${done ? "booked" : "form"}:${setAll ?? ""}`}>
            {refused && (
              <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 font-medium text-red-900">
                {formError(refused)}
              </p>
            )}
            <div className="flex flex-wrap items-center gap-3 rounded-xl border border-stone-200 bg-white p-4">
              {/* First in the form: Enter in a weight field books, never Set all or a row's Try again. */}
              <button type="submit" className="btn-primary" disabled={busy}>
                {busy ? "Booking..." : "Book Shipments"}
              </button>
              <p className="w-full text-sm text-stone-700">
                {ruleCount > 0
                  ? "Each order starts on the courier its routing rules pick; change any of them."
                  : "Tip: routing rules in Settings → Couriers can pick a courier by city, order total or risk."}{" "}
                Orders go to their own couriers in one batch: file couriers&apos; booking files download per courier,
                API couriers answer with tracking numbers. Weights are the sum of each order&apos;s items (500 g for a
                product without a weight): type another if you weighed the parcel.
              </p>
            </div>
            {/* Part of the booking form: an order left on "Choose a courier" is booked with this one; Set all puts every row on it first. */}
            <div
              className="flex flex-wrap items-end gap-2 rounded-xl border border-stone-200 bg-white p-3"
              role="group"
              aria-label="Set every order's courier"
            >
              <div className="min-w-[12rem]">
                <label htmlFor="set-all" className="field-label">
                  Set all to
                </label>
                <select
                  id="set-all"
                  name="courierId"
                  className="field-input"
                  defaultValue={values?.courierId ?? (setAll ? String(setAll) : "")}
                >
                  <option value="">Each order&apos;s suggested courier</option>
                  {couriers.map((c) => (
                    <option key={c.id} value={c.id}>
                      {courierLabel(c)}
                    </option>
                  ))}
                </select>
              </div>
              <button type="submit" name="intent" value="set-all" className="btn-secondary" disabled={busy}>
                Set all
              </button>
            </div>
            {errors?.orderIds && <p className="field-error">{errors.orderIds}</p>}
            <section aria-labelledby="orders-to-book" className="grid gap-2">
              <h3 id="orders-to-book" className="text-base font-semibold text-stone-900">
                Orders to book
              </h3>
              <ul className="grid gap-2">
                {candidates.map((order) => (
                  <CandidateRow
                    key={order.id}
                    order={order}
                    couriers={couriers}
                    courierName={courierName}
                    setAll={setAll}
                    errors={errors}
                    values={values}
                    busy={busy}
                  />
                ))}
              </ul>
            </section>
          </Form>
        </>
      )}
    </section>
  );
}

const courierLabel = (c: CourierOption) => (c.provider === "file" ? c.name : `${c.name} (API)`);

function CandidateRow({
  order,
  couriers,
  courierName,
  setAll,
  errors,
  values,
  busy,
}: {
  order: BookingCandidate;
  couriers: CourierOption[];
  courierName: (id: number) => string;
  setAll: number | null;
  errors?: Record<string, string>;
  values?: Record<string, string>;
  busy: boolean;
}) {
  const blocked = order.booking !== null || (order.status !== "confirmed" && order.status !== "processing");
  const hold = order.suggestion.kind === "hold";
  const weightId = `weight-${order.id}`;
  const courierField = `courier-${order.id}`;
  const suggested = order.suggestion.kind === "courier" ? order.suggestion.courierId : null;
  const startOn = values?.[courierField] ?? String(setAll ?? suggested ?? "");
  const weightError = errors?.[weightId];
  const courierError = errors?.[courierField];
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-xl border border-stone-200 bg-white p-3">
      <label className="flex min-w-[14rem] flex-1 items-start gap-3">
        <input
          type="checkbox"
          name="orderIds"
          value={order.id}
          defaultChecked={!blocked && !hold}
          disabled={order.booking !== null}
          className="mt-1 size-5"
          aria-label={`Book ${order.orderNumber}`}
        />
        <span>
          <span className="font-semibold text-stone-900">{order.orderNumber}</span>{" "}
          <span className="text-stone-700">
            {order.fullName}, {order.city}
          </span>
          <span className="block text-sm text-stone-700">
            {formatPrice(order.total)}
            {/* Paid online in part or in whole: what the rider collects. */}
            {order.codAmount !== order.total &&
              (order.codAmount === 0 ? " · nothing to collect" : ` · collect ${formatPrice(order.codAmount)}`)}{" "}
            · {order.pieces} {order.pieces === 1 ? "piece" : "pieces"} · {order.status}
          </span>
          {order.booking && (
            <BookingState booking={order.booking} courier={order.bookedWith ?? courierName(order.booking.courierId)} />
          )}
          {!order.booking && suggested !== null && (
            <span className="block text-sm text-stone-700">Suggested: {courierName(suggested)}</span>
          )}
          {!order.booking && hold && (
            <span className="block text-sm font-medium text-amber-900">
              Hold for a call first:{" "}
              {order.risky ? "this phone is blocked or has returned orders before" : "a routing rule says so"}
            </span>
          )}
        </span>
      </label>
      {/* A booked, cancelled or shipped order is refused whatever its courier or weight: nothing to choose. */}
      {!blocked && (
        <>
          <div className="w-44 max-sm:w-full">
            {/* What the row started on: "Set all to" replaces it unless the owner picks another courier for this order. */}
            <input type="hidden" name={`start-${courierField}`} value={String(setAll ?? suggested ?? "")} />
            <label htmlFor={courierField} className="field-label">
              Courier
            </label>
            <select
              id={courierField}
              name={courierField}
              className="field-input py-1.5"
              defaultValue={startOn}
              aria-invalid={courierError ? true : undefined}
              aria-describedby={courierError ? `${courierField}-error` : undefined}
            >
              <option value="">Choose a courier</option>
              {couriers.map((c) => (
                <option key={c.id} value={c.id}>
                  {courierLabel(c)}
                </option>
              ))}
            </select>
          </div>
          <div className="w-28">
            <label htmlFor={weightId} className="field-label">
              Weight (kg)
            </label>
            <input
              id={weightId}
              name={weightId}
              type="text"
              className="field-input py-1.5"
              inputMode="decimal"
              defaultValue={values?.[weightId] ?? kgFieldValue(order.weightGrams)}
              aria-invalid={weightError ? true : undefined}
              aria-describedby={weightError ? `${weightId}-error` : undefined}
            />
          </div>
        </>
      )}
      {order.booking?.state === "failed" && (
        <div className="flex w-full flex-wrap gap-2">
          <button type="submit" name="retry" value={order.id} className="btn-secondary max-sm:py-2" disabled={busy}>
            Try again<span className="sr-only"> {order.orderNumber}</span>
          </button>
          <button
            type="submit"
            name="cancelBooking"
            value={order.id}
            className="btn-secondary max-sm:py-2"
            disabled={busy}
          >
            Cancel booking<span className="sr-only"> {order.orderNumber}</span>
          </button>
        </div>
      )}
      {courierError && (
        <p id={`${courierField}-error`} className="field-error w-full">
          {courierError}
        </p>
      )}
      {weightError && (
        <p id={`${weightId}-error`} className="field-error w-full">
          {weightError}
        </p>
      )}
    </li>
  );
}

/** Where an order's booking stands, as its row and the result show it. */
function BookingState({ booking, courier }: { booking: NonNullable<BookingCandidate["booking"]>; courier: string }) {
  if (booking.state === "failed")
    return (
      <span className="block text-sm font-medium text-red-900">
        Booking with {courier} failed: {booking.error}
      </span>
    );
  if (booking.state === "requested") {
    return (
      <span className="block text-sm font-medium text-amber-900">
        Waiting for {courier}&apos;s answer{booking.error ? ` (last try: ${booking.error}; trying again)` : ""}
      </span>
    );
  }
  return (
    <span className="block text-sm font-medium text-amber-900">
      Already booked with {courier}
      {booking.trackingNumber ? `: tracking ${booking.trackingNumber}` : ""}
    </span>
  );
}

function BookingDone({
  result,
  candidates,
  today,
  refreshHref,
}: {
  result: BookingResult;
  candidates: BookingCandidate[];
  today: string;
  refreshHref: string;
}) {
  // The rows' current states (they follow the courier's answers on reload); the booking's own answer otherwise.
  const now = (b: BookedShipment): BookedShipment => {
    const row = candidates.find((c) => c.id === b.orderId)?.booking;
    return row && row.courierId === b.courierId
      ? { ...b, state: row.state, trackingNumber: row.trackingNumber, error: row.error }
      : b;
  };
  const booked = result.booked.map(now);
  const byCourier = [
    ...new Map(booked.map((b) => [b.courierId, { id: b.courierId, name: b.courier, api: b.api }])).values(),
  ];
  const idsOf = (list: BookedShipment[]) => new URLSearchParams(list.map((b) => ["orderIds", b.orderId]));
  const ready = booked.filter((b) => b.state === "booked");
  const waiting = booked.filter((b) => b.state === "requested");
  const failed = booked.filter((b) => b.state === "failed");
  const count = ready.length;
  return (
    <div role="status" className="grid gap-3 rounded-xl border border-green-200 bg-green-50 p-4 text-green-950">
      <p className="font-semibold">
        {count
          ? `${count} ${count === 1 ? "order" : "orders"} booked with ${[...new Set(ready.map((b) => b.courier))].join(", ")}`
          : "Nothing booked"}
        {waiting.length > 0 && `, ${waiting.length} waiting for the courier`}
        {failed.length > 0 && `, ${failed.length} failed`}
      </p>
      {booked.length > 0 && (
        <ul className="grid gap-1 text-sm" data-testid="booking-result">
          {booked.map((b) => (
            <li key={b.orderId} className="break-words">
              <span className="font-medium">{b.orderNumber}</span> ({b.courier}):{" "}
              {b.state === "booked" && (
                <>
                  {b.trackingNumber ? `tracking ${b.trackingNumber}, ` : ""}
                  {formatKg(b.weightGrams)}, COD {formatPrice(b.codAmount)}, estimated cost{" "}
                  {formatPrice(b.estimatedCharge)}
                  {b.airwayBill && (
                    <>
                      {" "}
                      ·{" "}
                      <a
                        href={`/seller/shipping/airway-bill/${b.orderId}`}
                        className="underline"
                        target="_blank"
                        rel="noopener"
                      >
                        Courier&apos;s airway bill
                      </a>
                    </>
                  )}
                  {" · "}
                  <a
                    href={`/seller/shipping/labels?${idsOf([b])}`}
                    className="underline"
                    target="_blank"
                    rel="noopener"
                  >
                    Our label
                  </a>
                </>
              )}
              {b.state === "requested" && (
                <span className="text-amber-900">
                  waiting for {b.courier}&apos;s answer{b.error ? ` (${b.error}); trying again` : ""}
                </span>
              )}
              {b.state === "failed" && (
                <span className="text-red-900">not booked: {b.error} (Try again or Cancel booking below)</span>
              )}
            </li>
          ))}
        </ul>
      )}
      {waiting.length > 0 && (
        <p className="text-sm">
          <Link to={refreshHref} className="font-medium underline">
            Refresh
          </Link>{" "}
          to see the couriers&apos; answers.
        </p>
      )}
      {result.refused.length > 0 && (
        <div className="text-sm text-red-900">
          <p className="font-semibold">Not booked:</p>
          <ul className="list-disc pl-5">
            {result.refused.map((r) => (
              <li key={r.orderId}>
                {r.reason}
                {r.href && (
                  <>
                    {" "}
                    (
                    <Link to={r.href} className="underline">
                      match cities
                    </Link>
                    )
                  </>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
      {count > 0 && (
        <div className="flex flex-wrap gap-2">
          {byCourier
            .filter((c) => !c.api)
            .map((c) => {
              const ids = idsOf(ready.filter((b) => b.courierId === c.id));
              // The workbook first (Excel keeps phones' leading 0); CSV for portals that take only CSV.
              return (
                <span key={c.id} className="inline-flex flex-wrap items-center gap-2">
                  <a href={`/seller/shipping/booking-file.xlsx?${ids}`} className="btn-secondary" download>
                    Booking File: {c.name}
                  </a>
                  <a
                    href={`/seller/shipping/booking-file.csv?${ids}`}
                    className="text-sm font-medium underline"
                    download
                  >
                    CSV
                  </a>
                </span>
              );
            })}
          <a href={`/seller/shipping/labels?${idsOf(ready)}`} className="btn-secondary" target="_blank" rel="noopener">
            Print Labels
          </a>
          {byCourier.map((c) => (
            <a
              key={c.id}
              href={`/seller/shipping/load-sheet?courier=${c.id}&date=${today}`}
              className="btn-secondary"
              target="_blank"
              rel="noopener"
            >
              Load Sheet: {c.name}
            </a>
          ))}
        </div>
      )}
    </div>
  );
}
