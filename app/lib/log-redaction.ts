/**
 * Query strings carry what must not sit in logs: sign-in and unsubscribe tokens, phone numbers on
 * /track, search words, e-mail addresses. Logs keep the path and, to still tell requests apart,
 * the names of the parameters (never their values).
 */
const QUERY_IN_TEXT = /((?:https?:\/\/[^\s/?#"'<>\\]+)?\/[^\s?#"'<>\\]*)\?(?:\\.|[^\s"'#<>\\])+/g;

/** What the request log writes for a URL: its path, and its parameters' names only ("/track?phone=0300&order=12" → /track, [phone, order]). */
export function loggableUrl(url: string | undefined): { url: string; params?: string[] } {
  const raw = url ?? "/";
  const at = raw.indexOf("?");
  if (at < 0) return { url: raw };
  const names = new Set(
    raw
      .slice(at + 1)
      .split("&")
      .map((pair) =>
        safeDecode(pair.split("=")[0])
          .replace(/[^\w.[\]-]/g, "_")
          .slice(0, 40),
      )
      .filter(Boolean),
  );
  return names.size ? { url: raw.slice(0, at), params: [...names].slice(0, 20) } : { url: raw.slice(0, at) };
}

/** Any URL with a query inside free text (an error message, a JSON log line) loses its query. */
export function withoutQueries(text: string): string {
  return text.replace(QUERY_IN_TEXT, "$1?[query removed]");
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
