import type { Role } from "~/db/schema";
import type { Auth } from "./auth.server";

export type SessionUser = { id: string; name: string; email: string; role: Role; createdAt: Date };

const cache = new WeakMap<Request, Promise<SessionUser | null>>();

/**
 * The signed-in user of a request, or null. Memoised per request, so the root loader and a page's
 * loader share one session lookup.
 */
export function getSessionUser(auth: Auth, request: Request): Promise<SessionUser | null> {
  let pending = cache.get(request);
  if (!pending) {
    pending = lookUp(auth, request.headers);
    cache.set(request, pending);
  }
  return pending;
}

async function lookUp(auth: Auth, headers: Headers): Promise<SessionUser | null> {
  if (!headers.get("cookie")) return null;
  const result = await auth.api.getSession({ headers });
  if (!result) return null;
  const user = result.user as typeof result.user & { role?: string; disabled?: boolean };
  if (user.disabled) return null;
  return { id: user.id, name: user.name, email: user.email, role: user.role === "seller" ? "seller" : "buyer", createdAt: new Date(user.createdAt) };
}

/** True for the owner's pages (SPEC.md: a guest sent from them reads 'Please log in to access the Dashboard'). */
export function isSellerPath(path: string): boolean {
  return /^\/seller(-dashboard)?(\/|$|\?)/.test(path);
}

/** Where each role's dashboard lives (SPEC.md section 6). */
export function dashboardPathFor(role: Role): string {
  return role === "seller" ? "/seller-dashboard" : "/buyer-dashboard";
}
