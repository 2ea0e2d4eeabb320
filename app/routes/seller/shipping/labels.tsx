import { data, Link } from "react-router";
import { LabelSheet, type LabelSize } from "~/components/shipping/label-sheet";
import { PrintBar } from "~/components/ui/print-bar";
import { requireSeller } from "~/http/auth-guard.server";
import { AppError } from "~/lib/errors";
import { pageMeta } from "~/lib/seo";
import { orderSelectionSearchParams, readOrderSelection } from "~/modules/orders/order-selection";
import { resolveOrderSelection } from "~/modules/orders/order-selection.server";
import { labelOrderIds, shippingLabels, type ShippingLabel } from "~/modules/shipping/booking/label-data.server";
import { ordersWithAirwayBills } from "~/modules/shipping/booking/api-parcel-actions.server";
import type { Route } from "./+types/labels";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    title: "Shipping Labels",
    description: "Parcel labels to print for the booked orders.",
    path: "/seller/shipping/labels",
    noindex: true,
  });

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

const SIZES: { size: LabelSize; name: string }[] = [
  { size: "a4", name: "A4, four per sheet" },
  { size: "4x6", name: "4 x 6 inch" },
];

type AirwayBill = { orderId: string; orderNumber: string; courier: string };
type LoaderData = {
  orderIds: string[];
  /** The query that selects the same orders again (the ticked ids, or the Orders tab's filter): for the paper-size and Book links. */
  selection: string;
  size: LabelSize;
  labels: ShippingLabel[];
  airwayBills: AirwayBill[];
  problem: string | null;
};

/**
 * GET /seller/shipping/labels?orderIds=...&size=a4|4x6 (or ?selection=filter&status=...: every order
 * matching the Orders tab's filter): the booked orders' labels, ready to print. Orders not booked yet
 * are left out and counted; more than the limit is refused with the reason.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireSeller(request, context);
  const url = new URL(request.url);
  // The Orders tab and Book Shipments repeat orderIds (a hand-typed link may separate them with
  // commas), or send the Orders tab's filter; the links of this page ask for the same orders again.
  const selection = readOrderSelection(url.searchParams);
  const asked = orderSelectionSearchParams(
    selection.kind === "ids" ? { kind: "ids", orderIds: labelOrderIds(selection.orderIds) } : selection,
  ).toString();
  const size: LabelSize = url.searchParams.get("size") === "4x6" ? "4x6" : "a4";
  try {
    const orderIds = labelOrderIds(await resolveOrderSelection(context.db, selection, "print"));
    const [labels, airwayBills] = await Promise.all([
      shippingLabels(context.db, orderIds),
      ordersWithAirwayBills(context.db, orderIds, context.providers.couriers.api),
    ]);
    return data<LoaderData>({ orderIds, selection: asked, size, labels, airwayBills, problem: null });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return data<LoaderData>(
      { orderIds: [], selection: asked, size, labels: [], airwayBills: [], problem: error.message },
      { status: error.status },
    );
  }
}

/** The query of this page for the same orders on another paper size. */
function sizeHref(selection: string, size: LabelSize): string {
  return `/seller/shipping/labels?${selection ? `${selection}&` : ""}size=${size}`;
}

/**
 * Shipping labels outside the dashboard frame, made for printing: on screen a bar with the paper
 * size, Print and what was left out; on paper only the labels (the site's header and footer hide
 * themselves in print, the bar is print:hidden, and nothing pads the sheet).
 */
export default function SellerShippingLabels({ loaderData }: Route.ComponentProps) {
  const { orderIds, selection, size, labels, airwayBills, problem } = loaderData;
  const selected = orderIds.length;
  const notBooked = selected - labels.length;
  const booked = labels.length > 0;
  return (
    <>
      <div className="container-page grid gap-3 py-4 print:hidden">
        <PrintBar title="Shipping Labels" canPrint={booked} />
        {problem ? (
          <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 font-medium text-red-900">
            {problem}. Select fewer orders on the Orders tab.
          </p>
        ) : selected === 0 ? (
          <p className="rounded-xl border border-dashed border-stone-300 px-4 py-8 text-center text-stone-700">
            No orders selected. Tick booked orders on the{" "}
            <Link to="/seller/orders" className="font-medium text-brand-700 underline">
              Orders
            </Link>{" "}
            tab, then press Print Labels.
          </p>
        ) : !booked ? (
          <p role="alert" className="rounded-xl bg-amber-50 px-4 py-3 text-amber-950">
            {selected === 1
              ? "The selected order is not booked yet"
              : `None of the ${selected} selected orders is booked yet`}
            : a label needs the courier&apos;s booking.{" "}
            <Link to={`/seller/shipping/book?${selection}`} className="font-medium underline">
              Book {selected === 1 ? "it" : "them"} first
            </Link>
            , then print the labels.
          </p>
        ) : (
          <>
            <nav aria-label="Label size" className="flex flex-wrap items-center gap-2">
              <span className="text-sm font-medium text-stone-700">Paper:</span>
              {SIZES.map((s) => (
                <Link
                  key={s.size}
                  to={sizeHref(selection, s.size)}
                  replace
                  aria-current={s.size === size ? "page" : undefined}
                  className={s.size === size ? "btn-primary max-sm:py-2" : "btn-secondary max-sm:py-2"}
                >
                  {s.name}
                </Link>
              ))}
            </nav>
            <p className="text-sm text-stone-700">
              {labels.length} {labels.length === 1 ? "label" : "labels"}. In the print dialog choose 100 % scale
              (&quot;Actual size&quot;, not &quot;Fit to page&quot;) so the labels come out at their real size
              {size === "a4" ? " and line up with A4 sticker sheets of four." : " on 4 x 6 inch label stock."}
            </p>
            {airwayBills.length > 0 && (
              // Parcels booked over a courier's API have the courier's own airway bill too (its PDF): printed beside our label.
              <p className="text-sm text-stone-700" data-testid="airway-bills">
                Couriers&apos; airway bills:{" "}
                {airwayBills.map((b, i) => (
                  <span key={b.orderId}>
                    {i > 0 && ", "}
                    <a
                      href={`/seller/shipping/airway-bill/${b.orderId}`}
                      className="font-medium text-brand-700 underline"
                      target="_blank"
                      rel="noopener"
                    >
                      {b.orderNumber} ({b.courier})
                    </a>
                  </span>
                ))}
              </p>
            )}
            {notBooked > 0 && (
              <p role="status" className="rounded-lg bg-amber-50 px-4 py-2 text-amber-950">
                {notBooked} of {selected} selected orders {notBooked === 1 ? "is" : "are"} not booked yet:{" "}
                {notBooked === 1 ? "it has" : "they have"} no label. Book {notBooked === 1 ? "it" : "them"} with a
                courier first.
              </p>
            )}
          </>
        )}
      </div>
      {booked && <LabelSheet labels={labels} size={size} />}
    </>
  );
}
