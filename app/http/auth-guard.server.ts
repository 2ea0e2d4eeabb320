import { redirect } from "react-router";
import type { AppLoadContext } from "react-router";
import type { Role } from "~/lib/roles";
import { dashboardPathFor, getSessionUser, type SessionUser } from "~/modules/accounts/session-user.server";

export function getUser(request: Request, context: AppLoadContext): Promise<SessionUser | null> {
  return getSessionUser(context.auth, request);
}

/** A path on this site, never an absolute URL (no open redirects through ?redirectTo=): safe-redirect.ts. */
export { safeRedirectPath } from "~/lib/safe-redirect";

/**
 * SPEC.md section 6: without a user go to sign-in and come back afterwards; with the wrong role go
 * to your own dashboard.
 */
export async function requireUser(request: Request, context: AppLoadContext, role?: Role): Promise<SessionUser> {
  let user = await getUser(request, context);
  // A page view may have read the session's cookie cache: a role decision always asks the database.
  if (role && user && user.role !== role) user = await getSessionUser(context.auth, request, { fresh: true });
  if (!user) {
    const url = new URL(request.url);
    throw redirect(`/auth?${new URLSearchParams({ mode: "login", redirectTo: url.pathname + url.search })}`);
  }
  if (role && user.role !== role) throw redirect(dashboardPathFor(user.role));
  return user;
}

/** Every owner page's loader and action starts here: guests sign in first, buyers go to their own dashboard. */
export function requireSeller(request: Request, context: AppLoadContext): Promise<SessionUser> {
  return requireUser(request, context, "seller");
}
