import { useKeptActionData } from "~/lib/use-kept-action-data";
import { data, Form, Link, useNavigation } from "react-router";
import { requireSeller } from "~/http/auth-guard.server";
import { selectedOrderIds } from "~/http/order-selection.server";
import { AppError } from "~/lib/errors";
import { formatPrice } from "~/lib/money";
import { pageMeta } from "~/lib/seo";
import { bookParcels } from "~/flows/book-parcels.server";
import type { BookingResult } from "~/modules/shipping/booking/book-shipments.server";
import { listActiveCouriers, listBookingCandidates, type BookingCandidate } from "~/modules/shipping/booking/booking-candidates.server";
import { parseBookingForm } from "~/modules/shipping/booking/booking-form";
import { listCourierRules } from "~/modules/shipping/couriers/couriers.server";
import { formatKg } from "~/lib/weight";
import { kgFieldValue } from "~/modules/shipping/booking/parcel";
import { shopDay } from "~/lib/shop-time";
import type { Route } from "./+types/seller-shipping-book";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ matches, title: "Book Shipments", description: "Book the selected orders with a courier.", path: "/seller/shipping/book", noindex: true });

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireSeller(request, context);
  const orderIds = await selectedOrderIds(request, context, "book");
  const [candidates, couriers, rules] = await Promise.all([listBookingCandidates(context.db, orderIds), listActiveCouriers(context.db), listCourierRules(context.db)]);
  return { candidates, couriers, ruleCount: rules.length, today: shopDay(new Date()) };
}

type ActionData =
  | { ok: true; result: BookingResult; courierId: number }
  | { ok: false; message: string; fields: Record<string, string>; values: Record<string, string> };

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireSeller(request, context);
  const form = await request.formData();
  const values = Object.fromEntries([...form].filter((e): e is [string, string] => typeof e[1] === "string" && e[0] !== "orderIds"));
  const parsed = parseBookingForm(form);
  if (!parsed.ok) return data<ActionData>({ ok: false, message: parsed.message, fields: parsed.fields, values }, { status: 400 });
  try {
    const result = await bookParcels(context, { id: user.id, name: user.name }, parsed);
    return data<ActionData>({ ok: true, result, courierId: parsed.courierId });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return data<ActionData>({ ok: false, message: error.message, fields: error.fields ?? {}, values }, { status: error.status });
  }
}

/** The courier most of the orders' rules suggest: what the courier list starts on. */
function suggestedCourier(candidates: BookingCandidate[]): number | null {
  const votes = new Map<number, number>();
  for (const c of candidates) if (c.suggestion.kind === "courier") votes.set(c.suggestion.courierId, (votes.get(c.suggestion.courierId) ?? 0) + 1);
  return [...votes].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
}

/** Book Shipments: the selected orders, each with its parcel, booked with one courier. */
export default function SellerShippingBook({ loaderData, actionData: sentActionData }: Route.ComponentProps) {
  const actionData = useKeptActionData(sentActionData);
  const { candidates, couriers, ruleCount, today } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const refused = actionData && !actionData.ok ? actionData : null;
  const done = actionData?.ok ? actionData : null;
  const courierName = (id: number) => couriers.find((c) => c.id === id)?.name ?? "another courier";
  const preselected = refused?.values.courierId ?? String(suggestedCourier(candidates) ?? "");

  return (
    <section aria-labelledby="book-title" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="book-title" className="text-xl font-semibold text-stone-900">Book Shipments</h2>
        <Link to="/seller/orders" className="btn-secondary max-sm:py-2">Back to Orders</Link>
      </div>

      {done && <BookingDone result={done.result} courierId={done.courierId} today={today} />}

      {candidates.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-stone-300 py-10 text-center text-stone-700">
          No orders selected. Tick orders on the <Link to="/seller/orders?status=confirmed" className="font-medium text-brand-700 underline">Orders</Link> tab, then press Book Shipments.
        </p>
      ) : couriers.length === 0 ? (
        <p className="rounded-xl bg-amber-50 px-4 py-3 text-amber-950">
          Add the couriers you use first, in <Link to="/seller/settings/couriers" className="font-medium underline">Settings → Couriers</Link>.
        </p>
      ) : (
        <Form method="post" className="grid gap-4" key={done ? "booked" : "form"}>
          {refused && <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 font-medium text-red-900">{refused.message}</p>}
          <div className="flex flex-wrap items-end gap-3 rounded-xl border border-stone-200 bg-white p-4">
            <div className="min-w-[12rem]">
              <label htmlFor="courierId" className="field-label">Courier</label>
              <select id="courierId" name="courierId" className="field-input" defaultValue={preselected} aria-invalid={refused?.fields.courierId ? true : undefined} aria-describedby={refused?.fields.courierId ? "courierId-error" : undefined}>
                <option value="">Choose a courier</option>
                {couriers.map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
              </select>
              {refused?.fields.courierId && <p id="courierId-error" className="field-error">{refused.fields.courierId}</p>}
            </div>
            <button type="submit" className="btn-primary" disabled={busy}>{busy ? "Booking..." : "Book Shipments"}</button>
            <p className="w-full text-sm text-stone-700">
              {ruleCount > 0 ? "The courier is suggested by your routing rules; change it if you like." : "Tip: routing rules in Settings → Couriers can suggest a courier by city, order total or risk."}
              {" "}Weights are the sum of each order's items (500 g for a product without a weight): type another if you weighed the parcel.
            </p>
          </div>
          {refused?.fields.orderIds && <p className="field-error">{refused.fields.orderIds}</p>}
          <section aria-labelledby="orders-to-book" className="grid gap-2">
            <h3 id="orders-to-book" className="text-base font-semibold text-stone-900">Orders to book</h3>
            <ul className="grid gap-2">
              {candidates.map((order) => (
                <CandidateRow key={order.id} order={order} courierName={courierName} error={refused?.fields[`weight-${order.id}`]} typed={refused?.values[`weight-${order.id}`]} />
              ))}
            </ul>
          </section>
        </Form>
      )}
    </section>
  );
}

function CandidateRow({ order, courierName, error, typed }: { order: BookingCandidate; courierName: (id: number) => string; error?: string; typed?: string }) {
  const blocked = order.bookedWith !== null || (order.status !== "confirmed" && order.status !== "processing");
  const hold = order.suggestion.kind === "hold";
  const weightId = `weight-${order.id}`;
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-xl border border-stone-200 bg-white p-3">
      <label className="flex min-w-[14rem] flex-1 items-start gap-3">
        <input type="checkbox" name="orderIds" value={order.id} defaultChecked={!blocked && !hold} className="mt-1 size-5" aria-label={`Book ${order.orderNumber}`} />
        <span>
          <span className="font-semibold text-stone-900">{order.orderNumber}</span>{" "}
          <span className="text-stone-700">{order.fullName}, {order.city}</span>
          <span className="block text-sm text-stone-700">{formatPrice(order.total)} · {order.pieces} {order.pieces === 1 ? "piece" : "pieces"} · {order.status}</span>
          {order.bookedWith && <span className="block text-sm font-medium text-amber-900">Already booked with {order.bookedWith}</span>}
          {!order.bookedWith && order.suggestion.kind === "courier" && <span className="block text-sm text-stone-700">Suggested: {courierName(order.suggestion.courierId)}</span>}
          {!order.bookedWith && hold && <span className="block text-sm font-medium text-amber-900">Hold for a call first: {order.risky ? "this phone is blocked or has returned orders before" : "a routing rule says so"}</span>}
        </span>
      </label>
      {/* A booked, cancelled or shipped order is refused whatever it weighs: no weight to type. */}
      {!blocked && (
        <div className="w-28">
          <label htmlFor={weightId} className="field-label">Weight (kg)</label>
          <input id={weightId} name={weightId} type="text" className="field-input py-1.5" inputMode="decimal" defaultValue={typed ?? kgFieldValue(order.weightGrams)} aria-invalid={error ? true : undefined} aria-describedby={error ? `${weightId}-error` : undefined} />
        </div>
      )}
      {error && <p id={`${weightId}-error`} className="field-error w-full">{error}</p>}
    </li>
  );
}

function BookingDone({ result, courierId, today }: { result: BookingResult; courierId: number; today: string }) {
  const ids = new URLSearchParams(result.booked.map((b) => ["orderIds", b.orderId]));
  const count = result.booked.length;
  return (
    <div role="status" className="grid gap-2 rounded-xl border border-green-200 bg-green-50 p-4 text-green-950">
      <p className="font-semibold">{count} {count === 1 ? "order" : "orders"} booked with {result.courier}</p>
      {count > 0 && (
        <ul className="text-sm">
          {result.booked.map((b) => <li key={b.orderId}>{b.orderNumber}: {formatKg(b.weightGrams)}, COD {formatPrice(b.codAmount)}, estimated cost {formatPrice(b.estimatedCharge)}</li>)}
        </ul>
      )}
      {result.refused.length > 0 && (
        <div className="text-sm text-red-900">
          <p className="font-semibold">Not booked:</p>
          <ul className="list-disc pl-5">{result.refused.map((r) => <li key={r.orderId}>{r.reason}</li>)}</ul>
        </div>
      )}
      {count > 0 && (
        <div className="flex flex-wrap gap-2">
          <a href={`/seller/shipping/booking-file.csv?${ids}`} className="btn-secondary" download>Download Booking File</a>
          <a href={`/seller/shipping/labels?${ids}`} className="btn-secondary" target="_blank" rel="noopener">Print Labels</a>
          <a href={`/seller/shipping/load-sheet?courier=${courierId}&date=${today}`} className="btn-secondary" target="_blank" rel="noopener">Load Sheet</a>
        </div>
      )}
    </div>
  );
}
