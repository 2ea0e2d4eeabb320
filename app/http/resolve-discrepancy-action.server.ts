import { data, redirect } from "react-router";
import { AppError } from "~/lib/errors";
import { safeRedirectPath } from "~/lib/safe-redirect";
import type { SessionUser } from "~/modules/accounts/session-user.server";
import { resolveDiscrepancy } from "~/modules/shipping/settlements/discrepancies.server";
import { RESOLVE_DISCREPANCY_INTENT } from "~/modules/shipping/settlements/discrepancy-words";
import { setFlash } from "./flash.server";

/** A Resolve form refused: the message, beside the note field when it is the note's, and the note as typed. */
export type ResolveDiscrepancyRefusal = {
  ok: false;
  intent: typeof RESOLVE_DISCREPANCY_INTENT;
  /** The discrepancy whose form this is (0 when the form did not say). */
  id: number;
  message: string;
  fields: { note?: string };
  values: { note: string };
};

/**
 * The Resolve form's post (`intent=resolve-discrepancy`, `id`, `note`, `returnTo`), for any owner
 * page's action: the caller has checked the user is a seller and read the form. Resolved: a
 * redirect back to `returnTo` (a path on this site; else `fallback`) with a toast, so a reload
 * does not post again. Refused (a short note, resolved already, gone): the refusal as action data
 * with its status, for DiscrepancyList to show beside that item's note.
 *
 *     if (form.get("intent") === RESOLVE_DISCREPANCY_INTENT) return resolveDiscrepancyAction(context.db, user, form, "/seller/shipping");
 */
export async function resolveDiscrepancyAction(
  db: Parameters<typeof resolveDiscrepancy>[0],
  user: Pick<SessionUser, "name">,
  form: FormData,
  fallback: string,
) {
  const id = Number(form.get("id"));
  const note = typeof form.get("note") === "string" ? String(form.get("note")) : "";
  try {
    await resolveDiscrepancy(db, user, id, note);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return data<ResolveDiscrepancyRefusal>(
      {
        ok: false,
        intent: RESOLVE_DISCREPANCY_INTENT,
        id: Number.isSafeInteger(id) ? id : 0,
        message: error.message,
        fields: error.fields ?? {},
        values: { note: note.slice(0, 2000) },
      },
      { status: error.status },
    );
  }
  throw redirect(safeRedirectPath(form.get("returnTo"), fallback), {
    headers: { "Set-Cookie": await setFlash({ type: "success", message: "Discrepancy resolved" }) },
  });
}
