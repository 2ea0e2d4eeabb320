import { data, Form, Link } from "react-router";
import { LoadSheet } from "~/components/shipping/load-sheet";
import { PrintBar } from "~/components/ui/print-bar";
import { requireSeller } from "~/http/auth-guard.server";
import { AppError } from "~/lib/errors";
import { pageMeta } from "~/lib/seo";
import { shopDay } from "~/lib/shop-time";
import { listCouriers } from "~/modules/shipping/couriers/couriers.server";
import { loadSheet, type LoadSheetData } from "~/modules/shipping/booking/load-sheet-data.server";
import type { Route } from "./+types/load-sheet";

export const meta: Route.MetaFunction = ({ matches, data }) =>
  pageMeta({
    matches,
    title: data?.sheet ? `Load Sheet: ${data.sheet.courier.name}, ${data.sheet.date}` : "Load Sheet",
    description: "The courier's handover list for a day.",
    path: "/seller/shipping/load-sheet",
    noindex: true,
  });

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

const NO_COURIERS = "Add the couriers you use first, in Settings → Couriers";
const CHOOSE_COURIER = "Choose a courier from the list";

type LoaderData = {
  couriers: { id: number; name: string; active: boolean }[];
  /** What the form shows: the courier and day asked for (or the defaults). */
  courier: string;
  day: string;
  sheet: LoadSheetData | null;
  problem: string | null;
};

/**
 * GET /seller/shipping/load-sheet?courier=<id>&date=YYYY-MM-DD: the parcels booked with one courier
 * on one Pakistan day, for the rider to sign. Without a choice: the first active courier, today.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireSeller(request, context);
  const url = new URL(request.url);
  const couriers = (await listCouriers(context.db)).map((c) => ({ id: c.id, name: c.name, active: c.active }));
  const day = url.searchParams.get("date")?.trim() || shopDay(new Date());
  const asked = url.searchParams.get("courier")?.trim() || "";
  const courier = asked || String(couriers.find((c) => c.active)?.id ?? "");
  const answer = (sheet: LoadSheetData | null, problem: string | null, status = 200) =>
    data<LoaderData>({ couriers, courier, day, sheet, problem }, { status });
  if (!couriers.length) return answer(null, NO_COURIERS);
  if (!/^\d{1,9}$/.test(courier)) return answer(null, CHOOSE_COURIER, 400);
  try {
    return answer(await loadSheet(context.db, { courierId: Number(courier), day }), null);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return answer(
      null,
      error.code === "NOT_FOUND" ? `${error.message}: ${CHOOSE_COURIER.toLowerCase()}` : error.message,
      error.status,
    );
  }
}

/**
 * The load sheet outside the dashboard frame, made for printing: on screen a bar to pick the courier
 * and day and to print; on paper only the sheet (the bar is print:hidden, the site's header and
 * footer hide themselves in print).
 */
export default function SellerShippingLoadSheet({ loaderData }: Route.ComponentProps) {
  const { couriers, courier, day, sheet, problem } = loaderData;
  const printable = sheet !== null && sheet.parcels.length > 0;
  return (
    <>
      <div className="container-page grid gap-3 py-4 print:hidden">
        <PrintBar title="Load Sheet" titleAs={printable ? "p" : "h1"} canPrint={printable} />
        {couriers.length > 0 && (
          <Form
            method="get"
            className="flex flex-wrap items-end gap-3 rounded-xl border border-stone-200 bg-white p-4"
            aria-label="Choose the load sheet"
            key={`${courier}|${day}`}
          >
            <div className="min-w-[12rem]">
              <label htmlFor="courier" className="field-label">
                Courier
              </label>
              <select id="courier" name="courier" className="field-input" defaultValue={courier}>
                {!couriers.some((c) => String(c.id) === courier) && <option value="">Choose a courier</option>}
                {couriers.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.active ? c.name : `${c.name} (switched off)`}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor="date" className="field-label">
                Day booked
              </label>
              <input
                id="date"
                name="date"
                type="date"
                className="field-input"
                defaultValue={/^\d{4}-\d{2}-\d{2}$/.test(day) ? day : ""}
                required
              />
            </div>
            <button type="submit" className="btn-secondary">
              Show
            </button>
          </Form>
        )}
        {problem && (
          <p role="alert" className="rounded-lg bg-amber-50 px-4 py-3 font-medium text-amber-950">
            {problem === NO_COURIERS ? (
              <>
                Add the couriers you use first, in{" "}
                <Link to="/seller/settings/couriers" className="underline">
                  Settings → Couriers
                </Link>
                .
              </>
            ) : (
              problem
            )}
          </p>
        )}
        {sheet && !printable && (
          <p
            role="status"
            className="rounded-xl border border-dashed border-stone-300 px-4 py-8 text-center text-stone-700"
          >
            No parcels were booked with {sheet.courier.name} on {sheet.date}. Pick another day or courier.
          </p>
        )}
        {printable && (
          <p className="text-sm text-stone-700">
            Print at 100 % scale on A4; the rider signs for {sheet.totals.parcels}{" "}
            {sheet.totals.parcels === 1 ? "parcel" : "parcels"} at the bottom.
          </p>
        )}
      </div>
      {printable && (
        <LoadSheet
          shop={sheet.shop}
          courierName={sheet.courier.name}
          accountCode={sheet.courier.accountCode}
          date={sheet.date}
          parcels={sheet.parcels}
        />
      )}
    </>
  );
}
