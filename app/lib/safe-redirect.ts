// A placeholder origin: a return path is resolved against it, and must stay on it.
const HOME = "http://shop.invalid";

// Control characters (browsers drop tabs and newlines inside URLs, so "/\t/evil.example" becomes
// "//evil.example") and backslashes (browsers read "/\evil.example" as "//evil.example").
function hasForbidden(value: string): boolean {
  for (const char of value) {
    const code = char.codePointAt(0) ?? 0;
    if (code < 0x20 || code === 0x7f || char === "\\") return true;
  }
  return false;
}

/**
 * A return path (`redirectTo`) on this site, or `fallback`: only a same-origin path, resolved with
 * `new URL`, with no control character or backslash raw or percent-encoded and no "//" start (a
 * host of someone else's).
 */
export function safeRedirectPath(value: unknown, fallback = "/"): string {
  if (typeof value !== "string" || value.length === 0 || value.length > 2048) return fallback;
  if (!value.startsWith("/") || value.startsWith("//")) return fallback;
  let decoded: string;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    return fallback;
  }
  if (hasForbidden(value) || hasForbidden(decoded) || decoded.startsWith("//")) return fallback;
  let url: URL;
  try {
    url = new URL(value, HOME);
  } catch {
    return fallback;
  }
  if (url.origin !== HOME || url.pathname.startsWith("//")) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
