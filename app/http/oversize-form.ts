/**
 * A page form refused as larger than the body limit (server/body-limit.ts), without JavaScript: the
 * server sends the browser back to the page with this short-lived cookie, naming the field that
 * overflowed and carrying the short fields as typed, so the page can say beside that field how long
 * it may be. With JavaScript, forms check lengths before sending and never get here.
 */
export const OVERSIZE_COOKIE = "shop_too_large";

export type OversizeNotice = { path: string; field: string; values: Record<string, string> };

/** What the toast says on any page a too-large form came back to. */
export const OVERSIZE_MESSAGE = "What you sent is larger than 64 KB. Please shorten it and try again.";

// A cookie over 4 KB is dropped by the browser: short fields only, and never a password.
const KEEP_VALUE_CHARS = 300;
const COOKIE_BUDGET = 3500;

export function oversizeCookie(notice: OversizeNotice): string {
  const values: Record<string, string> = {};
  let size = 0;
  for (const [key, value] of Object.entries(notice.values)) {
    if (key === notice.field || /password/i.test(key) || value.length > KEEP_VALUE_CHARS) continue;
    size += encodeURIComponent(key + value).length + 8;
    if (size > COOKIE_BUDGET) break;
    values[key] = value;
  }
  const value = encodeURIComponent(JSON.stringify({ path: notice.path, field: notice.field.slice(0, 100), values }));
  return `${OVERSIZE_COOKIE}=${value}; Path=/; Max-Age=60; HttpOnly; SameSite=Lax`;
}

/** The cookie that forgets the notice once a page has shown it. */
export const CLEAR_OVERSIZE_COOKIE = `${OVERSIZE_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`;

/** The notice in a request's cookies, if any (for `path` only when given). */
export function readOversizeNotice(request: Request, path?: string): OversizeNotice | null {
  const header = request.headers.get("cookie");
  const raw = header
    ?.split(/;\s*/)
    .find((c) => c.startsWith(`${OVERSIZE_COOKIE}=`))
    ?.slice(OVERSIZE_COOKIE.length + 1);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(decodeURIComponent(raw)) as Partial<OversizeNotice>;
    if (typeof parsed.path !== "string" || typeof parsed.field !== "string") return null;
    if (path !== undefined && parsed.path !== path) return null;
    const values = Object.fromEntries(
      Object.entries(parsed.values ?? {})
        .filter(([, v]) => typeof v === "string")
        .map(([k, v]) => [k, String(v).slice(0, KEEP_VALUE_CHARS)]),
    );
    return { path: parsed.path, field: parsed.field, values };
  } catch {
    return null;
  }
}
