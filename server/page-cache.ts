import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import zlib from "node:zlib";
import { PASS_COOKIE, TICKET_COOKIE } from "./waiting-room-cookies";
import { ORDER_SOURCE_COOKIE } from "~/modules/orders/order-source";
import { LRUCache } from "lru-cache";

/**
 * A micro-cache of rendered pages for visitors without cookies (guests browsing the catalogue):
 * the first request renders, the next ones within `ttlMs` get the same bytes, already gzipped.
 * Concurrent misses for one URL share a single render, and an expired page is served once more
 * while its fresh copy renders in the background (stale-while-revalidate). About a second of
 * staleness is harmless (stock and prices are checked again at checkout) and turns a burst of
 * traffic into one render per second per URL.
 * Anyone with a cookie (a signed-in buyer, the owner) always gets a fresh page.
 *
 * The pages it keeps carry `sharedCacheControl()`, so nginx or a CDN in front may keep them for the
 * same second (docs/deployment.md, "A CDN in front"); the answers it passes on never do.
 *
 * It works on plain Node requests, in front of Express, so a hit costs about what a static file does.
 */
type Entry = {
  status: number;
  headers: [string, string][];
  names: Set<string>;
  body: Buffer;
  gzip: Buffer | null;
  cacheable: boolean;
  /**
   * What a kept HTML page that says nothing of caching itself tells caches in front (`send`): the
   * shared `sharedCacheControl()`, or private for a path that is not to be shared.
   */
  cacheControl: string | null;
  expires: number;
};

/** How long a guest's page is reused as it is. */
export const PAGE_FRESH_MS = 1000;
/** How long after that it may still be served once, while its fresh copy renders. */
export const PAGE_STALE_MS = 30_000;

/**
 * What a guest's page tells the caches in front of the shop (nginx, a CDN): a browser asks again
 * every time (max-age=0); a shared cache may keep the page as long as this cache does (s-maxage)
 * and serve it stale while it fetches a new copy, as this cache does. A price change, a size
 * selling out or a launch opening then shows at the edge within about as long as here, with no
 * purge call.
 */
export function sharedCacheControl(ttlMs = PAGE_FRESH_MS, staleMs = PAGE_STALE_MS): string {
  const seconds = (ms: number) => Math.floor(ms / 1000);
  return `public, max-age=0, s-maxage=${seconds(ttlMs)}, stale-while-revalidate=${seconds(staleMs)}`;
}

/** For a guest's page a shared cache must not keep (a cookie set for this visitor, the cart's path). */
export const PRIVATE_PAGE_CACHE_CONTROL = "private, no-cache";

const SKIP_HEADERS = new Set(["content-length", "content-encoding", "transfer-encoding", "connection"]);

/**
 * A cached page goes to every guest for a while, so a nonce in it would be one value shared by all
 * of them, readable from any copy. Its Content-Security-Policy names the SHA-256 of each inline
 * script instead (what the browser checks), and the nonce leaves the page. Done once per render,
 * so a cache hit costs what it did.
 */
export function pinInlineScripts(html: string, csp: string): { html: string; csp: string } {
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  if (!nonce) return { html, csp };
  const hashes = new Set<string>();
  for (const [, attrs, code] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\ssrc\s*=/i.test(attrs) || /application\/(ld\+)?json/i.test(attrs)) continue;
    hashes.add(`'sha256-${createHash("sha256").update(code, "utf8").digest("base64")}'`);
  }
  return {
    html: html.replaceAll(` nonce="${nonce}"`, ""),
    csp: csp.replace(`'nonce-${nonce}'`, [...hashes].join(" ")).replace(/ {2,}/g, " "),
  };
}

export type PageCacheOptions = {
  render: (request: Request) => Promise<Response>;
  ttlMs?: number;
  staleMs?: number;
  maxEntries?: number;
  /** What the kept pages may weigh together (PAGE_CACHE_MB): the least recently served go first; 0 keeps none. */
  maxBytes?: number;
  /** Headers every response carries (security headers); one the page sets itself (its CSP with its nonce) wins. */
  headers?: Record<string, string>;
  /**
   * The shop's origin (PUBLIC_URL): pages are rendered for it whatever Host the request names, so a
   * forged Host can never reach a page's links or the cache (whose keys are paths).
   */
  origin?: string;
  /**
   * Whether a kept page at this path may be kept by shared caches in front too (`sharedCacheControl`),
   * or is sent private; every path by default. The cart, checkout, account and seller pages answer
   * `false` (server/app.ts).
   */
  sharedPath?: (pathname: string) => boolean;
  onServed?: (req: IncomingMessage, status: number, hit: boolean) => void;
};

export function createPageCache({
  render,
  ttlMs = PAGE_FRESH_MS,
  staleMs = PAGE_STALE_MS,
  maxEntries = 500,
  maxBytes = 8 * 1024 * 1024,
  headers: fixedHeaders = {},
  origin = "http://localhost",
  sharedPath = () => true,
  onServed,
}: PageCacheOptions) {
  const publicCacheControl = sharedCacheControl(ttlMs, staleMs);
  const entries =
    maxBytes > 0
      ? new LRUCache<string, Entry>({
          max: maxEntries,
          maxSize: maxBytes,
          sizeCalculation: (entry) => entryBytes(entry),
          maxEntrySize: Math.max(1, Math.floor(maxBytes / 2)),
        })
      : null;
  const pending = new Map<string, Promise<Entry>>();
  // Bumped by clear(): a render that started before a clear may show the old facts, so it is not kept.
  let generation = 0;

  async function renderEntry(req: IncomingMessage, path: string): Promise<Entry> {
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === "string") headers.set(name, value);
      else if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    }
    headers.set("host", new URL(origin).host);
    // A guest's page is the same for every guest: the waiting room's ticket or pass is not read by it.
    headers.delete("cookie");
    const response = await render(new Request(`${origin}${path}`, { method: "GET", headers }));
    let body = Buffer.from(await response.arrayBuffer());
    const cacheControl = response.headers.get("cache-control") ?? "";
    const cacheable =
      response.status === 200 && !response.headers.has("set-cookie") && !/private|no-store/.test(cacheControl);
    const type = response.headers.get("content-type") ?? "";
    const compressible = body.length > 1024 && /text|json|xml|javascript|x-script/.test(type);
    let kept = [...response.headers.entries()].filter(([name]) => !SKIP_HEADERS.has(name));
    const csp = response.headers.get("content-security-policy");
    if (cacheable && csp && type.startsWith("text/html")) {
      const pinned = pinInlineScripts(body.toString("utf8"), csp);
      body = Buffer.from(pinned.html, "utf8");
      kept = kept.map(([name, value]) => [name, name === "content-security-policy" ? pinned.csp : value]);
    }
    return {
      status: response.status,
      headers: kept,
      names: new Set(kept.map(([name]) => name)),
      body,
      gzip: compressible ? zlib.gzipSync(body, { level: 6 }) : null,
      cacheable,
      cacheControl:
        cacheable && type.startsWith("text/html") && !cacheControl
          ? sharedPath(path.split("?")[0])
            ? publicCacheControl
            : PRIVATE_PAGE_CACHE_CONTROL
          : null,
      expires: Date.now() + ttlMs,
    };
  }

  function send(req: IncomingMessage, res: ServerResponse, entry: Entry, hit: boolean) {
    res.statusCode = entry.status;
    for (const [name, value] of Object.entries(fixedHeaders))
      if (!entry.names.has(name.toLowerCase())) res.setHeader(name, value);
    for (const [name, value] of entry.headers) res.appendHeader(name, value);
    // A guest's page goes out marked for shared caches too, unless something on the way made this
    // answer the visitor's own: the waiting room renewing a pass (Set-Cookie), or holding the page
    // behind its line (its own Cache-Control), which a cache in front must not skip.
    if (entry.cacheControl && !res.hasHeader("cache-control"))
      res.setHeader("Cache-Control", res.hasHeader("set-cookie") ? PRIVATE_PAGE_CACHE_CONTROL : entry.cacheControl);
    res.setHeader("X-Cache", hit ? "HIT" : "MISS");
    res.setHeader("Vary", "Accept-Encoding");
    const gzip = entry.gzip !== null && /\bgzip\b/.test(req.headers["accept-encoding"] ?? "");
    if (gzip) res.setHeader("Content-Encoding", "gzip");
    const body = gzip ? entry.gzip! : entry.body;
    res.setHeader("Content-Length", body.length);
    res.end(req.method === "HEAD" ? undefined : body);
    onServed?.(req, entry.status, hit);
  }

  /** Serves a guest's GET from the cache (rendering it if need be); anything else goes to `next`. */
  function handle(req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) {
    if (
      (req.method !== "GET" && req.method !== "HEAD") ||
      hasOwnCookies(req.headers.cookie) ||
      req.headers.authorization ||
      isFeed(req.url)
    )
      return next();
    const key = req.url ?? "/";
    const cached = entries?.get(key);
    const now = Date.now();
    if (cached && cached.expires > now) return send(req, res, cached, true);
    if (cached && cached.expires + staleMs > now) {
      refresh(key, req).catch(() => entries?.delete(key));
      return send(req, res, cached, true);
    }
    refresh(key, req).then((entry) => send(req, res, entry, false), next);
  }

  /** Renders a URL once however many requests ask for it at the same time, and keeps it if cacheable. */
  function refresh(key: string, req: IncomingMessage): Promise<Entry> {
    let flight = pending.get(key);
    if (!flight) {
      const startedIn = generation;
      flight = renderEntry(req, key)
        .then((entry) => {
          if (startedIn !== generation) return entry;
          entries?.delete(key);
          if (entry.cacheable) entries?.set(key, entry);
          return entry;
        })
        .finally(() => {
          if (pending.get(key) === flight) pending.delete(key);
        });
      pending.set(key, flight);
    }
    return flight;
  }

  /** Forgets every page (renders already under way finish, but are not kept). */
  function clear() {
    entries?.clear();
    pending.clear();
    generation++;
  }

  return {
    handle,
    clear,
    /** What the kept pages weigh now, in bytes. */
    get bytes() {
      return entries?.calculatedSize ?? 0;
    },
  };
}

/** A kept page's weight: both bodies and its headers. */
function entryBytes(entry: Entry): number {
  let bytes = entry.body.length + (entry.gzip?.length ?? 0) + 256;
  for (const [name, value] of entry.headers) bytes += name.length + value.length;
  return bytes;
}

/**
 * Cookies of a visitor who is not just a guest (a session: signed in, a cart): anything but the
 * waiting room's ticket and pass, which a guest shopping a launch carries and a page never reads,
 * and where the visitor first came from (shop_source, read only by checkout's Place Order): a crowd
 * arriving from an Instagram link still gets the guests' cached pages.
 */
function hasOwnCookies(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(";").some((part) => {
    const name = part.split("=")[0].trim();
    return name !== "" && name !== TICKET_COOKIE && name !== PASS_COOKIE && name !== ORDER_SOURCE_COOKIE;
  });
}

/**
 * A catalogue feed (/feeds/meta.csv): a large answer a crawler fetches hourly at most, never kept
 * here (it would push out a crowd's pages for nothing); it is served from the read cache instead.
 */
function isFeed(url: string | undefined): boolean {
  return url?.startsWith("/feeds/") ?? false;
}
