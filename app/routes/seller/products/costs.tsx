import { data, Form, Link, redirect, useNavigation } from "react-router";
import { CostImportPreview } from "~/components/seller/cost-import-preview";
import { requireSeller } from "~/http/auth-guard.server";
import { receiveCourierFile } from "~/http/courier-file-upload.server";
import { setFlash } from "~/http/flash.server";
import { parseSubmission, refusalFrom, refuse } from "~/http/form-reply";
import { fieldError, isRefusal } from "~/lib/form-reply";
import { costImportFormSchema } from "~/modules/catalog/cost-import-form";
import { AppError } from "~/lib/errors";
import { useKeptActionData } from "~/components/ui/use-kept-action-data";
import { pageMeta } from "~/lib/seo";
import { readCostSheet, type CostPreview } from "~/modules/catalog/cost-import";
import {
  applyCostImport,
  dropCostFile,
  findCostFile,
  keepCostFile,
  previewCostImport,
} from "~/modules/catalog/import-costs.server";
import type { Route } from "./+types/costs";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    title: "Import costs",
    description: "Set cost prices from a CSV or Excel file.",
    path: "/seller/products/costs",
    noindex: true,
  });

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

/** What Preview answers: the file's changes row by row, and the kept file's id for Apply. */
export type CostPreviewAnswer = { kind: "preview"; fileName: string; preview: CostPreview; uploadId: string };

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireSeller(request, context);
  return null;
}

const CHOOSE_COST_FILE = "Choose a CSV or Excel file with a product or SKU column and a cost column";
const PREVIEW_GONE = "This preview has expired or was already applied. Please upload the file again.";

/**
 * Preview (a file: what would change, row by row; the file is kept on the server) and Apply (the
 * kept file read again, every row checked again and written in one transaction). The page posts
 * the file as an upload (server/body-limit.ts lets this path stream past 64 KB), and Apply posts
 * back only the kept file's id, so a catalogue of thousands of SKUs fits either way.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireSeller(request, context);
  const portal = context.providers.couriers.file;
  // A refusal says why beside the file input (the one form shape); the form was not read when the upload itself is refused.
  let submission: ReturnType<typeof parseSubmission<typeof costImportFormSchema>> | null = null;
  const refused = (message: string, status = 400) =>
    submission
      ? refuse(submission, { fieldErrors: { file: message }, status })
      : data(refusalFrom(null, { fieldErrors: { file: message } }), { status });
  try {
    const { form, file } = await receiveCourierFile(request);
    submission = parseSubmission(form, costImportFormSchema);
    if (submission.status !== "success") return refused(CHOOSE_COST_FILE);
    const sent = submission.value;
    if (sent.intent === "apply") {
      const kept = await findCostFile(context.db, user.id, sent.uploadId);
      if (!kept) return refused(PREVIEW_GONE);
      const read = readCostSheet(await portal.readSheet(kept));
      if ("error" in read) return refused(read.error);
      const result = await applyCostImport(context.db, read.rows);
      await dropCostFile(context.db, kept.id);
      const updated =
        result.updated === 0
          ? "No cost changed."
          : `${result.updated} ${result.updated === 1 ? "cost" : "costs"} updated.`;
      const skipped =
        result.refused > 0
          ? ` ${result.refused} refused ${result.refused === 1 ? "row was" : "rows were"} left out.`
          : "";
      throw redirect("/seller/products", {
        headers: { "Set-Cookie": await setFlash({ type: "success", message: `${updated}${skipped}` }) },
      });
    }
    if (!file) return refused(CHOOSE_COST_FILE);
    const read = readCostSheet(await portal.readSheet(file));
    if ("error" in read) return refused(read.error);
    const preview = await previewCostImport(context.db, read.rows);
    const uploadId = await keepCostFile(context.db, user.id, file);
    return data<CostPreviewAnswer>({ kind: "preview", fileName: file.name, preview, uploadId });
  } catch (error) {
    if (error instanceof AppError && error.status < 500)
      return refused(error.fields?.file ?? error.message, error.status);
    throw error;
  }
}

export default function SellerProductsCosts({ actionData: sentActionData }: Route.ComponentProps) {
  const actionData = useKeptActionData(sentActionData);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const error = isRefusal(actionData) ? fieldError(actionData, "file") : null;
  const preview = actionData && "kind" in actionData ? actionData : null;
  return (
    <section aria-labelledby="costs-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <div>
          <h2 id="costs-title" className="text-xl font-semibold text-stone-900">
            Import costs
          </h2>
          <p className="text-sm text-stone-600">
            Set what each product, or each colour and size, costs you, from a spreadsheet. Only you see costs.
          </p>
        </div>
        <Link to="/seller/products" className="text-sm font-medium text-brand-700 underline">
          Back to products
        </Link>
      </div>

      <div className="rounded-xl border border-stone-200 bg-white p-4 sm:p-5">
        <h3 className="text-base font-semibold text-stone-900">The file</h3>
        <p className="mt-1 text-sm text-stone-700">
          A CSV or Excel (.xlsx) file with a <strong>Cost</strong> column (whole rupees) and either a{" "}
          <strong>Product</strong> column (the product&apos;s id or its exact name: sets the product&apos;s cost) or a{" "}
          <strong>SKU</strong> column (sets one colour and size&apos;s own cost). You see what will change before
          anything is saved.
        </p>
        <pre className="mt-2 whitespace-pre-wrap break-all rounded-lg bg-stone-50 p-3 text-xs text-stone-800">
          {"Product,SKU,Cost\nEssential Crew Neck Tee,,650\n,001-ECNT-BLA-XL,700"}
        </pre>
        <Form
          method="post"
          encType="multipart/form-data"
          className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-end"
          aria-label="Upload a cost file"
        >
          <div className="min-w-0 flex-1">
            <label htmlFor="cost-file" className="field-label">
              Cost file (CSV or Excel)
            </label>
            <input
              id="cost-file"
              name="file"
              type="file"
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "cost-file-error" : undefined}
              className="block w-full text-sm text-stone-700 file:mr-3 file:rounded-lg file:border-0 file:bg-stone-900 file:px-4 file:py-2 file:text-sm file:font-semibold file:text-white"
            />
            {error && (
              <p id="cost-file-error" className="field-error">
                {error}
              </p>
            )}
          </div>
          <button type="submit" name="intent" value="preview" className="btn-primary" disabled={busy === "preview"}>
            {busy === "preview" ? "Reading..." : "Preview"}
          </button>
        </Form>
      </div>

      {preview && (
        <div className="rounded-xl border border-stone-200 bg-white p-4 sm:p-5">
          <CostImportPreview fileName={preview.fileName} preview={preview.preview} />
          <Form method="post" className="mt-3 flex flex-wrap items-center gap-3">
            {/* The previewed file is kept on the server: Apply reads it again and checks every row again. */}
            <input type="hidden" name="uploadId" value={preview.uploadId} />
            <button
              type="submit"
              name="intent"
              value="apply"
              className="btn-primary"
              disabled={preview.preview.changes === 0 || busy === "apply"}
            >
              {busy === "apply"
                ? "Applying..."
                : `Apply ${preview.preview.changes} ${preview.preview.changes === 1 ? "change" : "changes"}`}
            </button>
            {preview.preview.refused > 0 && (
              <p className="text-sm text-stone-700">
                Refused rows are left out; fix them in the file and upload it again.
              </p>
            )}
          </Form>
        </div>
      )}
    </section>
  );
}
