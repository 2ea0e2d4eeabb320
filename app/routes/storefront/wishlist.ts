import { redirect } from "react-router";
import { requireUser, safeRedirectPath } from "~/http/auth-guard.server";
import { AppError } from "~/lib/errors";
import { GENERIC_FAILURE } from "~/lib/failure-messages";
import { parseSubmission, refusalOf, refuse } from "~/http/form-reply";
import { keepOnFailure } from "~/http/keep-on-failure";
import { wishlistFormSchema } from "~/modules/wishlist/wishlist-form";
import { setWishlisted } from "~/modules/wishlist/wishlist.server";
import type { Route } from "./+types/wishlist";

export async function loader() {
  return redirect("/buyer-dashboard/wishlist");
}

/** The heart on cards and the product page posts here; without JavaScript it comes back to the page. */
export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseSubmission(await request.formData(), wishlistFormSchema);
  if (submission.status !== "success") return refuse(submission, { formError: "Could not update your wishlist." });
  const form = submission.value;
  const user = await requireUser(request, context);
  try {
    const result = await setWishlisted(context.db, user.id, form.productId, form.saved === "true");
    const message = result.saved
      ? `${result.name} saved to your wishlist`
      : `${result.name} removed from your wishlist`;
    if (request.headers.get("accept")?.includes("text/html") && form.redirectTo)
      throw redirect(safeRedirectPath(form.redirectTo));
    return { ok: true as const, saved: result.saved, message };
  } catch (error) {
    if (error instanceof AppError) return refuse(submission, { formError: error.message, status: error.status });
    throw error;
  }
}

/** The heart whose request failed (server error, outage, no network): SPEC.md's words in a toast, the heart as it was. */
export const clientAction = (args: Route.ClientActionArgs) =>
  keepOnFailure(args, ({ values }) => refusalOf(values, GENERIC_FAILURE));
