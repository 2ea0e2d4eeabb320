import { redirect } from "react-router";
import { AppError } from "~/lib/errors";
import { safeRedirectPath } from "~/lib/safe-redirect";
import type { SessionUser } from "~/modules/accounts/session-user.server";
import { resolveDiscrepancy } from "~/modules/shipping/settlements/discrepancies.server";
import { RESOLVE_NOT_UNDERSTOOD, resolveDiscrepancySchema } from "~/modules/shipping/settlements/discrepancy-words";
import { setFlash } from "./flash.server";
import { parseSubmission, refuse } from "./form-reply";

/**
 * The Resolve form's post (`intent=resolve-discrepancy`, `id`, `note`, `returnTo`), for any owner
 * page's action: the caller has checked the user is a seller and read the form. Resolved: a
 * redirect back to `returnTo` (a path on this site; else `fallback`) with a toast, so a reload
 * does not post again. Refused (a short note, resolved already, gone, not a Resolve form): the
 * refusal in the one form shape with its status (the message for the form, and beside the note
 * when it is the note's; the id and note as typed), for DiscrepancyList to show beside that item.
 *
 *     if (form.get("intent") === RESOLVE_DISCREPANCY_INTENT) return resolveDiscrepancyAction(context.db, user, form, "/seller/shipping");
 */
export async function resolveDiscrepancyAction(
  db: Parameters<typeof resolveDiscrepancy>[0],
  user: Pick<SessionUser, "name">,
  form: FormData,
  fallback: string,
) {
  const submission = parseSubmission(form, resolveDiscrepancySchema);
  if (submission.status !== "success") {
    const note = submission.error?.note?.[0];
    return refuse(submission, { formError: submission.error?.intent ? RESOLVE_NOT_UNDERSTOOD : note });
  }
  try {
    await resolveDiscrepancy(db, user, Number(submission.value.id), submission.value.note);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return refuse(submission, { formError: error.message, fieldErrors: error.fields, status: error.status });
  }
  throw redirect(safeRedirectPath(submission.value.returnTo, fallback), {
    headers: { "Set-Cookie": await setFlash({ type: "success", message: "Discrepancy resolved" }) },
  });
}
