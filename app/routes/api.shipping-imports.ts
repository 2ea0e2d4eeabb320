import { receiveCourierFile } from "~/http/courier-file-upload.server";
import { apiData, apiError, handleApi, methodNotAllowed, requireApiUser } from "~/http/api.server";
import { runCourierImport, saveCourierUpload } from "~/modules/shipping/courier-import.server";
import { courierIdOf, importKindOf } from "~/modules/shipping/import-form";
import type { Route } from "./+types/api.shipping-imports";

/**
 * POST /api/shipping/imports (multipart: `kind` tracking|delivery|cod, `file`, `courierId`
 * (required for cod), `apply` "true" to apply, else a preview). Columns are found by their
 * headers. Answers the report: each row's outcome, counts, settlements, and whether it applied.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"], "/api/shipping/imports");
  return handleApi(async () => {
    const user = await requireApiUser(request, context, "seller");
    const { form, file } = await receiveCourierFile(request);
    const kind = importKindOf(form.get("kind"));
    if (!kind) return apiError(400, "VALIDATION", "kind must be tracking, delivery or cod", { kind: "Choose tracking, delivery or cod" });
    if (!file) return apiError(400, "VALIDATION", "Send the courier's file in the file field", { file: "Send the courier's file" });
    const actor = { id: user.id, name: user.name || user.email };
    const uploadId = await saveCourierUpload(context.db, actor, file);
    const report = await runCourierImport(context.db, actor, { kind, uploadId, courierId: courierIdOf(form.get("courierId")), apply: form.get("apply") === "true" });
    return apiData(report, report.applied ? 201 : 200);
  });
}

export async function loader() {
  return methodNotAllowed(["POST"], "/api/shipping/imports");
}
