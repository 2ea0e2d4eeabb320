import { useKeptActionData } from "~/components/ui/use-kept-action-data";
import { data, Link } from "react-router";
import { CashWithCouriers } from "~/components/shipping/cash-with-couriers";
import { CourierApisPanel } from "~/components/shipping/courier-apis-panel";
import { syncNowAction } from "~/http/sync-now-action.server";
import { listCourierSyncStates } from "~/modules/shipping/tracking/courier-sync-states.server";
import { countDeliveryProblems } from "~/modules/shipping/tracking/delivery-problems.server";
import { SYNC_NOW_INTENT } from "~/modules/shipping/tracking/sync-now-form";
import { DiscrepancyList } from "~/components/shipping/discrepancy-list";
import {
  ImportCard,
  importRefusal,
  ImportReportPanel,
  MappingRefused,
  type ShippingActionData,
  type ShippingRefusal,
} from "~/components/shipping/import-panels";
import { CHOOSE_FILE, receiveCourierFile } from "~/http/courier-file-upload.server";
import { parseSubmission, refusal, refusalFrom, refuse } from "~/http/form-reply";
import { resolveDiscrepancyAction } from "~/http/resolve-discrepancy-action.server";
import { requireSeller } from "~/http/auth-guard.server";
import { AppError } from "~/lib/errors";
import { isRefusal, keptValue, type FormReply } from "~/lib/form-reply";
import { pageMeta } from "~/lib/seo";
import { shopDay } from "~/lib/shop-time";
import { listActiveCouriers } from "~/modules/shipping/booking/booking-candidates.server";
import { cashWithCouriers } from "~/modules/shipping/settlements/cash-with-couriers.server";
import { listDiscrepancies } from "~/modules/shipping/settlements/discrepancies.server";
import { RESOLVE_DISCREPANCY_INTENT } from "~/modules/shipping/settlements/discrepancy-words";
import { applyCourierReport } from "~/flows/apply-courier-report.server";
import { readUploadHeaders, saveCourierUpload } from "~/modules/shipping/imports/run-courier-import.server";
import {
  changesSincePreview,
  CHOOSE_IMPORT,
  courierImportFormSchema,
  FIELD_CHANGED,
  importKindOf,
  MAPPING_CHANGED,
  mappingFromForm,
} from "~/modules/shipping/imports/import-form";
import { IMPORT_KINDS } from "~/modules/shipping/imports/column-mapping";
import type { Route } from "./+types/shipping";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    title: "Shipping",
    description: "Courier files, cash with couriers and settlements.",
    path: "/seller/shipping",
    noindex: true,
  });

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireSeller(request, context);
  const now = new Date();
  const [couriers, cash, discrepancies, courierApis, deliveryProblems] = await Promise.all([
    listActiveCouriers(context.db),
    cashWithCouriers(context.db, now),
    listDiscrepancies(context.db, { status: "open", pageSize: 5 }),
    listCourierSyncStates(context.db),
    countDeliveryProblems(context.db),
  ]);
  return { couriers, cash, discrepancies, courierApis, deliveryProblems, today: shopDay(now) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireSeller(request, context);
  const actor = { id: user.id, name: user.name || user.email };
  const portal = context.providers.couriers.file;
  let form: FormData | null = null;
  try {
    const received = await receiveCourierFile(request);
    form = received.form;
    if (form.get("intent") === RESOLVE_DISCREPANCY_INTENT)
      return resolveDiscrepancyAction(context.db, user, form, "/seller/shipping");
    if (form.get("intent") === SYNC_NOW_INTENT) return syncNowAction(context, user, form);
    const submission = parseSubmission(form, courierImportFormSchema);
    if (submission.status !== "success") return refuse(submission, { formError: CHOOSE_IMPORT });
    const { intent, kind, courierId, uploadId, previewedMapping } = submission.value;
    if (intent === "preview") {
      if (!received.file) return refuse(submission, { fieldErrors: { file: CHOOSE_FILE } });
      const upload = await saveCourierUpload(context.db, portal, actor, received.file);
      return data<ShippingActionData>({
        intent: "report",
        report: await applyCourierReport(context, actor, { kind, uploadId: upload, courierId, apply: false }),
      });
    }
    const mapping = mappingFromForm(kind, form);
    /** The columns again, with the reason above and beside the fields the refusal names. */
    const remap = async (message: string, fields: Record<string, string>, status: number) => {
      const { fileName, headers } = await readUploadHeaders(context.db, portal, uploadId);
      return data<ShippingRefusal>(
        { ...refusal(submission, { formError: message, fieldErrors: fields }), remap: { fileName, headers, mapping } },
        { status },
      );
    };
    // Apply applies what the preview showed: columns changed since (or no preview named) are refused, nothing changes.
    if (intent === "apply") {
      const changes = changesSincePreview(kind, previewedMapping, mapping);
      if (!changes.previewed || changes.fields.length)
        return remap(MAPPING_CHANGED, Object.fromEntries(changes.fields.map((field) => [field, FIELD_CHANGED])), 409);
    }
    try {
      const report = await applyCourierReport(context, actor, {
        kind,
        uploadId,
        courierId,
        mapping,
        apply: intent === "apply",
      });
      return data<ShippingActionData>({ intent: "report", report });
    } catch (error) {
      // A refused mapping: the columns again, with the reason beside the field.
      if (!(error instanceof AppError) || error.code !== "VALIDATION" || !error.fields || "courierId" in error.fields)
        throw error;
      return remap(error.message, error.fields, 400);
    }
  } catch (error) {
    if (!(error instanceof AppError) || error.status >= 500) throw error;
    // Refused before or after the form was read (a file too large, a courier not found): beside the file or the field named.
    const fields = error.fields && Object.keys(error.fields).length ? error.fields : { file: error.message };
    const sent = {
      kind: importKindOf(form?.get("kind")) ?? "tracking",
      courierId: String(form?.get("courierId") ?? ""),
    };
    return data<FormReply>(refusalFrom(sent, { fieldErrors: fields }), { status: error.status });
  }
}

/** The Shipping tab: courier files in (tracking, delivery, COD payments), with a preview before anything changes. */
export default function SellerShipping({ loaderData, actionData: sentActionData }: Route.ComponentProps) {
  const actionData = useKeptActionData(sentActionData);
  const { couriers, cash, discrepancies, courierApis, deliveryProblems, today } = loaderData;
  const refused = isRefusal(actionData) ? actionData : null;
  const resolveRefused = keptValue(refused, "intent") === RESOLVE_DISCREPANCY_INTENT ? refused : null;
  // An import's refusal: on the mapping screen when it named the columns, else on its import's card.
  const importRefused = refused && !resolveRefused ? importRefusal(refused) : null;
  return (
    <section aria-labelledby="shipping-title" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="shipping-title" className="text-xl font-semibold text-stone-900">
          Shipping
        </h2>
        <Link to="/seller/settings/couriers" className="btn-secondary max-sm:py-2">
          Couriers and routing rules
        </Link>
      </div>
      {couriers.length === 0 && (
        <p className="rounded-xl bg-amber-50 px-4 py-3 text-amber-950">
          Add the couriers you send parcels with in{" "}
          <Link to="/seller/settings/couriers" className="font-medium underline">
            Settings → Couriers
          </Link>
          , then book orders from the Orders tab.
        </p>
      )}

      <CourierApisPanel
        couriers={courierApis}
        problems={deliveryProblems}
        answer={actionData && "intent" in actionData && actionData.intent === SYNC_NOW_INTENT ? actionData : null}
      />
      <CashWithCouriers rows={cash} headingLevel={3} />
      <DiscrepancyList page={discrepancies} compact refusal={resolveRefused} headingLevel={3} />
      <p className="text-sm">
        <Link to="/seller/shipping/rates" className="font-medium text-brand-700 underline">
          Delivery and return rates by courier and city
        </Link>
      </p>

      {actionData && "intent" in actionData && actionData.intent === "report" && (
        <ImportReportPanel report={actionData.report} couriers={couriers} />
      )}
      {importRefused?.remap && <MappingRefused refused={importRefused.remap} couriers={couriers} />}
      {importRefused && !importRefused.kind && (
        <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 font-medium text-red-900">
          {importRefused.message}
        </p>
      )}

      <section aria-labelledby="imports-title" className="grid gap-3">
        <h3 id="imports-title" className="text-lg font-semibold text-stone-900">
          Files from your couriers
        </h3>
        <p className="text-sm text-stone-700">
          Upload the CSV or Excel file your courier&apos;s portal gives. You see what will change before anything does;
          nothing changes until you press Apply, and the same file never applies twice.
        </p>
        <div className="grid gap-3 lg:grid-cols-3">
          {IMPORT_KINDS.map((kind) => (
            <ImportCard
              key={kind}
              kind={kind}
              couriers={couriers}
              refused={importRefused && !importRefused.remap && importRefused.kind === kind ? importRefused : null}
            />
          ))}
        </div>
      </section>

      <section
        aria-labelledby="load-sheet-title"
        className="grid gap-2 rounded-xl border border-stone-200 bg-white p-4"
      >
        <h3 id="load-sheet-title" className="text-lg font-semibold text-stone-900">
          Load sheet
        </h3>
        <p className="text-sm text-stone-700">
          The handover list for a courier&apos;s rider: every parcel booked with that courier on a day, with lines for
          the rider&apos;s signature.
        </p>
        <form
          method="get"
          action="/seller/shipping/load-sheet"
          target="_blank"
          className="flex flex-wrap items-end gap-3"
        >
          <div>
            <label htmlFor="load-sheet-courier" className="field-label">
              Courier
            </label>
            <select id="load-sheet-courier" name="courier" className="field-input py-2">
              {couriers.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="load-sheet-date" className="field-label">
              Day
            </label>
            <input id="load-sheet-date" name="date" type="date" defaultValue={today} className="field-input py-2" />
          </div>
          <button type="submit" className="btn-secondary" disabled={couriers.length === 0}>
            Open Load Sheet
          </button>
        </form>
      </section>
    </section>
  );
}
