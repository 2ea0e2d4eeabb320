import { data, redirect } from "react-router";
import { z } from "zod";
import { requireUser, safeRedirectPath } from "~/http/auth-guard.server";
import { AppError } from "~/lib/errors";
import { GENERIC_FAILURE } from "~/lib/failure-messages";
import { keepOnFailure, keepOnFailureWith } from "~/http/keep-on-failure";
import { setWishlisted } from "~/modules/wishlist/wishlist.server";
import type { Route } from "./+types/wishlist";

const wishlistForm = z.object({
  productId: z.string().min(1).max(120),
  saved: z.enum(["true", "false"]),
  redirectTo: z.string().optional(),
});

export async function loader() {
  return redirect("/buyer-dashboard/wishlist");
}

/** The heart on cards and the product page posts here; without JavaScript it comes back to the page. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = wishlistForm.safeParse(Object.fromEntries(await request.formData()));
  if (!form.success) return data({ ok: false as const, message: "Could not update your wishlist." }, { status: 400 });
  const user = await requireUser(request, context);
  try {
    const result = await setWishlisted(context.db, user.id, form.data.productId, form.data.saved === "true");
    const message = result.saved
      ? `${result.name} saved to your wishlist`
      : `${result.name} removed from your wishlist`;
    if (request.headers.get("accept")?.includes("text/html") && form.data.redirectTo)
      throw redirect(safeRedirectPath(form.data.redirectTo));
    return { ok: true as const, saved: result.saved, message };
  } catch (error) {
    if (error instanceof AppError)
      return data({ ok: false as const, message: error.message }, { status: error.status });
    throw error;
  }
}

/** The heart whose request failed (server error, outage, no network): SPEC.md's words in a toast, the heart as it was. */
export const clientAction = (args: Route.ClientActionArgs) => keepOnFailure(args, keepOnFailureWith(GENERIC_FAILURE));
