import { parseCookie } from "cookie";
import { ORDER_SOURCES, type OrderSource } from "~/db/schema/statuses";
import type { OrderSourceDetails } from "./tables";

/**
 * Where a web order's buyer came from (issue 44), as plain rules: the first visit that carried
 * utm_* parameters, a Facebook click id or another site's address as its referrer is kept in a
 * first-party cookie for 30 days (server/order-source-cookie.ts writes it, first touch: never
 * overwritten while it lives), and checkout stores it on the order, named as one of ORDER_SOURCES.
 * Nothing of it is trusted: every value is trimmed, stripped of control characters and capped when
 * read, a cookie older than 30 days or dated in the future is ignored, and the source is always one
 * of the list, so what a buyer sends can only ever be another row of the owner's report.
 */

export { ORDER_SOURCES, type OrderSource };
export type { OrderSourceDetails };

/** The cookie's name and life: 30 days from the first visit that carried a source. */
export const ORDER_SOURCE_COOKIE = "shop_source";
export const ORDER_SOURCE_DAYS = 30;
export const ORDER_SOURCE_MAX_AGE_SECONDS = ORDER_SOURCE_DAYS * 24 * 60 * 60;

/** The longest value kept of each field (utm_* as the owner wrote them, a click id, a referrer without its query). */
export const SOURCE_LIMITS = { utm: 100, fbclid: 255, referrer: 300 } as const;

export const ORDER_SOURCE_LABELS: Record<OrderSource, string> = {
  instagram: "Instagram",
  facebook: "Facebook",
  whatsapp: "WhatsApp",
  google: "Google",
  tiktok: "TikTok",
  youtube: "YouTube",
  email: "E-mail",
  other: "Other sites",
  direct: "Direct",
};

export function isOrderSource(value: unknown): value is OrderSource {
  return typeof value === "string" && (ORDER_SOURCES as readonly string[]).includes(value);
}

/** A web order placed before sources were kept (source null) in the owner's lists and reports. */
export const UNKNOWN_SOURCE_LABEL = "Not recorded";

export function orderSourceLabel(source: string | null): string {
  return isOrderSource(source) ? ORDER_SOURCE_LABELS[source] : UNKNOWN_SOURCE_LABEL;
}

/** Trimmed, control characters out, at most `max` characters; empty is null. */
function clean(value: unknown, max: number): string | null {
  if (typeof value !== "string") return null;
  const printable = Array.from(value)
    .filter((c) => c.charCodeAt(0) > 31 && c.charCodeAt(0) !== 127)
    .join("");
  const text = printable.trim().slice(0, max).trim();
  return text === "" ? null : text;
}

/**
 * A referrer as kept: its scheme, host and path (the query may carry someone's tokens), capped;
 * null for anything that is not an http(s) address or an Android app's (android-app://package/).
 */
function cleanReferrer(value: unknown): string | null {
  const text = clean(value, 2000);
  if (!text) return null;
  try {
    const url = new URL(text);
    if (url.protocol === "android-app:") return clean(`android-app://${url.host}`, SOURCE_LIMITS.referrer);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    return clean(`${url.protocol}//${url.host}${url.pathname}`, SOURCE_LIMITS.referrer);
  } catch {
    return null;
  }
}

const bareHost = (host: string) =>
  host
    .toLowerCase()
    .replace(/^www\./, "")
    .replace(/\.$/, "");

/** The referrer's host (lower case, no www.), or an Android app's package; null for none. */
function referrerHost(referrer: string | null): string | null {
  if (!referrer) return null;
  try {
    return bareHost(new URL(referrer).host) || null;
  } catch {
    return null;
  }
}

function hasSignal(d: Omit<OrderSourceDetails, "firstSeenAt">): boolean {
  return Boolean(d.utmSource || d.utmMedium || d.utmCampaign || d.fbclid || d.referrer);
}

/**
 * What a page visit says of where the visitor came from: its utm_source, utm_medium, utm_campaign
 * and fbclid, and its Referer when that is another site than the shop's own (`ownHosts`: the shop's
 * public host and the host the request named; www. or not). Null when it says nothing (a visit from
 * within the shop, a typed address, a bookmark): nothing is kept then.
 */
export function visitSource(
  url: URL,
  referer: string | null | undefined,
  ownHosts: readonly (string | null | undefined)[],
  now: Date,
): OrderSourceDetails | null {
  const params = url.searchParams;
  const referrer = cleanReferrer(referer);
  const own = new Set(ownHosts.filter((h): h is string => Boolean(h)).map(bareHost));
  const fromHost = referrerHost(referrer);
  const details = {
    utmSource: clean(params.get("utm_source"), SOURCE_LIMITS.utm),
    utmMedium: clean(params.get("utm_medium"), SOURCE_LIMITS.utm),
    utmCampaign: clean(params.get("utm_campaign"), SOURCE_LIMITS.utm),
    fbclid: clean(params.get("fbclid"), SOURCE_LIMITS.fbclid),
    referrer: referrer && fromHost && !own.has(fromHost) ? referrer : null,
  };
  return hasSignal(details) ? { ...details, firstSeenAt: now.toISOString() } : null;
}

// The cookie's value: the fields under short names, URL-encoded (nothing a cookie may not hold).
const KEYS = [
  ["utmSource", "s"],
  ["utmMedium", "m"],
  ["utmCampaign", "c"],
  ["fbclid", "f"],
  ["referrer", "r"],
  ["firstSeenAt", "t"],
] as const;

export function sourceCookieValue(details: OrderSourceDetails): string {
  const params = new URLSearchParams();
  for (const [field, key] of KEYS) {
    const value = details[field];
    if (value) params.set(key, value);
  }
  return params.toString();
}

/** The Set-Cookie header that keeps a visit's source for 30 days (HttpOnly, SameSite=Lax, Secure on an https shop). */
export function sourceSetCookie(details: OrderSourceDetails, { secure }: { secure: boolean }): string {
  return `${ORDER_SOURCE_COOKIE}=${sourceCookieValue(details)}; Path=/; Max-Age=${ORDER_SOURCE_MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/**
 * The kept visit from a Cookie header, read as untrusted input: each field cleaned and capped again,
 * the referrer re-read as an address, the date a real one within the last 30 days (a minute ahead
 * allowed for clocks). Null when there is none, or it is not one this shop wrote.
 */
export function readSourceCookie(header: string | null | undefined, now: Date): OrderSourceDetails | null {
  // Raw: the value is URL-encoded fields, read by URLSearchParams below, not decoded twice.
  const raw = parseCookie(header ?? "", { decode: (value) => value })[ORDER_SOURCE_COOKIE];
  if (!raw || raw.length > 2000) return null;
  let params: URLSearchParams;
  try {
    params = new URLSearchParams(raw);
  } catch {
    return null;
  }
  const seen = clean(params.get("t"), 40);
  const at = seen && /^\d{4}-\d{2}-\d{2}T/.test(seen) ? Date.parse(seen) : NaN;
  if (!Number.isFinite(at)) return null;
  if (at > now.getTime() + 60_000 || at < now.getTime() - ORDER_SOURCE_MAX_AGE_SECONDS * 1000) return null;
  const details = {
    utmSource: clean(params.get("s"), SOURCE_LIMITS.utm),
    utmMedium: clean(params.get("m"), SOURCE_LIMITS.utm),
    utmCampaign: clean(params.get("c"), SOURCE_LIMITS.utm),
    fbclid: clean(params.get("f"), SOURCE_LIMITS.fbclid),
    referrer: cleanReferrer(params.get("r")),
  };
  return hasSignal(details) ? { ...details, firstSeenAt: new Date(at).toISOString() } : null;
}

const UTM_SOURCES: [RegExp, OrderSource][] = [
  [/^(ig|insta|instagram)$|instagram/, "instagram"],
  [/^(fb|facebook|meta)$|facebook/, "facebook"],
  [/^(wa|whatsapp)$|whatsapp/, "whatsapp"],
  [/google|^(adwords|gads)$/, "google"],
  [/^(tt|tiktok)$|tiktok/, "tiktok"],
  [/^(yt|youtube)$|youtube/, "youtube"],
  [/^(email|e-mail|newsletter|mailchimp|klaviyo)$/, "email"],
];

const EMAIL_MEDIUMS = /^(email|e-mail|newsletter)$/;

/** Referrer hosts (and Android apps' packages) by source; a host matches itself and its subdomains. */
const REFERRER_HOSTS: [RegExp, OrderSource][] = [
  [/(^|\.)(mail\.google\.com|outlook\.live\.com|mail\.yahoo\.com)$|^com\.google\.android\.gm$/, "email"],
  [/(^|\.)instagram\.com$|^com\.instagram\./, "instagram"],
  [/(^|\.)(facebook\.com|fb\.com|fb\.me|messenger\.com)$|^com\.facebook\./, "facebook"],
  [/(^|\.)(wa\.me|whatsapp\.com)$|^com\.whatsapp(\.w4b)?$/, "whatsapp"],
  [/(^|\.)google\.[a-z]{2,3}(\.[a-z]{2})?$|^com\.google\.android\.googlequicksearchbox$/, "google"],
  [/(^|\.)tiktok\.com$|^com\.zhiliaoapp\.musically$|^com\.ss\.android\.ugc\./, "tiktok"],
  [/(^|\.)(youtube\.com|youtu\.be)$|^com\.google\.android\.youtube$/, "youtube"],
];

/**
 * The source a kept visit names: the owner's own utm_source first (ig, instagram, fb, facebook,
 * meta, wa, whatsapp, google, tiktok, youtube, ...), then utm_medium=email, then the referring
 * site (an Instagram referrer with a Facebook click id is Instagram: Meta adds fbclid to both),
 * then a Facebook click id alone; any other signal is "other", none at all "direct".
 */
export function classifyOrderSource(details: OrderSourceDetails | null): OrderSource {
  if (!details || !hasSignal(details)) return "direct";
  const source = details.utmSource?.toLowerCase();
  if (source) for (const [pattern, named] of UTM_SOURCES) if (pattern.test(source)) return named;
  if (details.utmMedium && EMAIL_MEDIUMS.test(details.utmMedium.toLowerCase())) return "email";
  const host = referrerHost(details.referrer);
  if (host) for (const [pattern, named] of REFERRER_HOSTS) if (pattern.test(host)) return named;
  if (details.fbclid) return "facebook";
  return "other";
}

/** What a web order stores of its visit: the source, its campaign and the whole record (null with none). */
export function orderSourceColumns(details: OrderSourceDetails | null): {
  source: OrderSource;
  sourceCampaign: string | null;
  sourceDetails: OrderSourceDetails | null;
} {
  return {
    source: classifyOrderSource(details),
    sourceCampaign: details?.utmCampaign ?? null,
    sourceDetails: details,
  };
}

/** "Instagram · campaign eid_sale · utm_medium social · from l.instagram.com": the order's source in one line. */
export function describeOrderSource(order: {
  source: string | null;
  sourceCampaign: string | null;
  sourceDetails: OrderSourceDetails | null;
}): string {
  const d = order.sourceDetails;
  const parts = [orderSourceLabel(order.source)];
  if (order.sourceCampaign) parts.push(`campaign ${order.sourceCampaign}`);
  if (d?.utmSource && d.utmSource.toLowerCase() !== order.source) parts.push(`utm_source ${d.utmSource}`);
  if (d?.utmMedium) parts.push(`utm_medium ${d.utmMedium}`);
  if (d?.referrer) parts.push(`referrer ${d.referrer}`);
  if (d?.fbclid) parts.push("Facebook click id");
  return parts.join(" · ");
}
