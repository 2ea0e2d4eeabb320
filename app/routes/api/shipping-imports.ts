import { receiveCourierFile } from "~/http/courier-file-upload.server";
import { apiData, apiError, handleApi, methodNotAllowed, requireApiUser } from "~/http/api.server";
import { applyCourierReport } from "~/flows/apply-courier-report.server";
import { saveCourierUpload } from "~/modules/shipping/imports/run-courier-import.server";
import { courierIdOf, importKindOf } from "~/modules/shipping/imports/import-form";
import { mappingByHeader } from "~/modules/shipping/imports/mapping-by-header";
import type { Route } from "./+types/shipping-imports";

/**
 * POST /api/shipping/imports (multipart: `kind` tracking|delivery|cod, `file`, `courierId`
 * (required for cod), `mapping` (optional JSON: field -> column header; without it the columns are
 * found by their headers), `apply` "true" to apply, else a preview). Answers the report: each row's
 * outcome, counts, settlements, and whether it applied.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"], "/api/shipping/imports");
  return handleApi(async () => {
    const user = await requireApiUser(request, context, "seller");
    const portal = context.providers.couriers.file;
    const { form, file } = await receiveCourierFile(request);
    const kind = importKindOf(form.get("kind"));
    if (!kind)
      return apiError(400, "VALIDATION", "kind must be tracking, delivery or cod", {
        kind: "Choose tracking, delivery or cod",
      });
    if (!file)
      return apiError(400, "VALIDATION", "Send the courier's file in the file field", {
        file: "Send the courier's file",
      });
    const given = form.get("mapping");
    if (given !== null && typeof given !== "string")
      return apiError(400, "VALIDATION", "mapping must be a text field, not a file", {
        mapping: "Send the mapping as JSON text",
      });
    let mapping = null;
    if (given?.trim()) {
      // Checked before the file is kept: a refused mapping leaves nothing behind.
      const read = mappingByHeader(kind, given, (await portal.readSheet(file)).headers);
      if (!read.ok) return apiError(400, "VALIDATION", read.message, read.fields);
      mapping = read.mapping;
    }
    const actor = { id: user.id, name: user.name || user.email };
    const uploadId = await saveCourierUpload(context.db, portal, actor, file);
    const report = await applyCourierReport(context, actor, {
      kind,
      uploadId,
      courierId: courierIdOf(form.get("courierId")),
      mapping,
      apply: form.get("apply") === "true",
    });
    return apiData(report, report.applied ? 201 : 200);
  });
}

export async function loader() {
  return methodNotAllowed(["POST"], "/api/shipping/imports");
}
