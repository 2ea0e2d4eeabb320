import type { Role } from "~/lib/roles";
import type { Auth } from "./auth.server";
import { sessionPastMaxAge } from "./session-age";

export type SessionUser = { id: string; name: string; email: string; role: Role; createdAt: Date };

type Lookup = { user: SessionUser | null; cookies: string[] };
const lookups = new WeakMap<Request, { cached?: Promise<Lookup>; fresh?: Promise<Lookup> }>();

/**
 * The signed-in user of a request, or null. Memoised per request, so the root loader and a page's
 * loader share one session lookup.
 *
 * A shopper's page views read better-auth's signed session cookie cache (a minute old at most)
 * instead of the database. Everything that changes something (any method but GET and HEAD), every
 * owner page, and every signed-in seller always reads the session and role from the database, so a
 * session signed out elsewhere changes nothing and a role taken away ends at once. `fresh` forces
 * the database read.
 */
export async function getSessionUser(
  auth: Auth,
  request: Request,
  { fresh = false } = {},
): Promise<SessionUser | null> {
  return (await lookUpSession(auth, request, fresh || mustReadDatabase(request))).user;
}

/**
 * The Set-Cookie headers better-auth wrote while reading this request's session (a renewed or
 * expired cookie cache): the page's response passes them on, so the next page reads the cookie again.
 */
export async function sessionCookies(request: Request): Promise<string[]> {
  const memo = lookups.get(request);
  const done = await Promise.all([memo?.cached, memo?.fresh]);
  return done.flatMap((lookup) => lookup?.cookies ?? []);
}

function mustReadDatabase(request: Request): boolean {
  if (request.method !== "GET" && request.method !== "HEAD") return true;
  return isSellerPath(new URL(request.url).pathname);
}

async function lookUpSession(auth: Auth, request: Request, fresh: boolean): Promise<Lookup> {
  let memo = lookups.get(request);
  if (!memo) lookups.set(request, (memo = {}));
  const kind = fresh ? "fresh" : "cached";
  memo[kind] ??= readSession(auth, request.headers, fresh);
  const lookup = await memo[kind];
  // The cookie cache only spares shoppers a query: what it says about a seller is checked again.
  if (!fresh && lookup.user?.role === "seller") return lookUpSession(auth, request, true);
  return lookup;
}

async function readSession(auth: Auth, headers: Headers, fresh: boolean): Promise<Lookup> {
  if (!headers.get("cookie")) return { user: null, cookies: [] };
  const { headers: written, response } = await auth.api.getSession({
    headers,
    query: fresh ? { disableCookieCache: true } : undefined,
    returnHeaders: true,
  });
  const cookies = written.getSetCookie();
  if (!response) return { user: null, cookies };
  // Past its absolute age (session-age.ts) a session is over, whatever its renewed expiry says:
  // it is deleted and its cookies cleared, so the next request starts signed out.
  if (sessionPastMaxAge(response.session.createdAt)) {
    const ctx = await auth.$context;
    await ctx.internalAdapter.deleteSession(response.session.token);
    return { user: null, cookies: [...cookies, ...expiredSessionCookies(ctx)] };
  }
  const user = response.user as typeof response.user & { role?: string; disabled?: boolean };
  if (user.disabled) return { user: null, cookies };
  return {
    user: {
      id: user.id,
      name: user.name,
      email: user.email,
      role: user.role === "seller" ? "seller" : "buyer",
      createdAt: new Date(user.createdAt),
    },
    cookies,
  };
}

/** Set-Cookie headers that clear better-auth's session cookie and its cached copy. */
function expiredSessionCookies(ctx: Awaited<Auth["$context"]>): string[] {
  const { sessionToken, sessionData } = ctx.authCookies;
  return [sessionToken, sessionData].map((cookie) => {
    const attributes = cookie.attributes as { path?: string; secure?: boolean; sameSite?: string };
    return `${cookie.name}=; Max-Age=0; Path=${attributes.path ?? "/"}; HttpOnly; SameSite=Lax${attributes.secure ? "; Secure" : ""}`;
  });
}

/** True for the owner's pages (SPEC.md: a guest sent from them reads 'Please log in to access the Dashboard'). */
export function isSellerPath(path: string): boolean {
  return /^\/seller(-dashboard)?(\/|$|\?|\.data)/.test(path);
}

/** Where each role's dashboard lives (SPEC.md section 6). */
export function dashboardPathFor(role: Role): string {
  return role === "seller" ? "/seller-dashboard" : "/buyer-dashboard";
}
