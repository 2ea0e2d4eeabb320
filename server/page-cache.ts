import zlib from "node:zlib";
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";

/**
 * A micro-cache of rendered pages for visitors without cookies (guests browsing the catalogue):
 * the first request renders, the next ones within `ttlMs` get the same bytes, already gzipped.
 * Concurrent misses for one URL share a single render, and an expired page is served once more
 * while its fresh copy renders in the background (stale-while-revalidate). About a second of
 * staleness is harmless (stock and prices are checked again at checkout) and turns a burst of
 * traffic into one render per second per URL.
 * Anyone with a cookie (a signed-in buyer, the owner) always gets a fresh page.
 */
type Entry = { status: number; headers: [string, string][]; body: Buffer; gzip: Buffer | null; cacheable: boolean; expires: number };

const SKIP_HEADERS = new Set(["content-length", "content-encoding", "transfer-encoding", "connection"]);

export function createPageCache({
  render, ttlMs = 1000, staleMs = 30_000, maxEntries = 500,
}: { render: (request: Request) => Promise<Response>; ttlMs?: number; staleMs?: number; maxEntries?: number }) {
  const entries = new Map<string, Entry>();
  const pending = new Map<string, Promise<Entry>>();

  async function renderEntry(req: ExpressRequest): Promise<Entry> {
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === "string") headers.set(name, value);
      else if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    }
    const url = `${req.protocol}://${req.get("host") ?? "localhost"}${req.originalUrl}`;
    const response = await render(new Request(url, { method: "GET", headers }));
    const body = Buffer.from(await response.arrayBuffer());
    const cacheControl = response.headers.get("cache-control") ?? "";
    const cacheable = response.status === 200 && !response.headers.has("set-cookie") && !/private|no-store/.test(cacheControl);
    const type = response.headers.get("content-type") ?? "";
    const compressible = body.length > 1024 && /text|json|xml|javascript|x-script/.test(type);
    return {
      status: response.status,
      headers: [...response.headers.entries()].filter(([name]) => !SKIP_HEADERS.has(name)),
      body,
      gzip: compressible ? zlib.gzipSync(body, { level: 6 }) : null,
      cacheable,
      expires: Date.now() + ttlMs,
    };
  }

  function send(req: ExpressRequest, res: ExpressResponse, entry: Entry, hit: boolean) {
    res.status(entry.status);
    for (const [name, value] of entry.headers) res.append(name, value);
    res.setHeader("X-Cache", hit ? "HIT" : "MISS");
    res.setHeader("Vary", "Accept-Encoding");
    const gzip = entry.gzip && /\bgzip\b/.test(req.get("accept-encoding") ?? "");
    if (gzip) res.setHeader("Content-Encoding", "gzip");
    const body = gzip ? entry.gzip! : entry.body;
    res.setHeader("Content-Length", body.length);
    res.end(req.method === "HEAD" ? undefined : body);
  }

  async function middleware(req: ExpressRequest, res: ExpressResponse, next: NextFunction) {
    if ((req.method !== "GET" && req.method !== "HEAD") || req.headers.cookie || req.headers.authorization) return next();
    const key = req.originalUrl;
    const now = Date.now();
    const cached = entries.get(key);
    if (cached && cached.expires > now) return send(req, res, cached, true);
    if (cached && cached.expires + staleMs > now) {
      refresh(key, req).catch(() => entries.delete(key));
      return send(req, res, cached, true);
    }
    try {
      send(req, res, await refresh(key, req), false);
    } catch (error) {
      next(error);
    }
  }

  /** Renders a URL once however many requests ask for it at the same time, and keeps it if cacheable. */
  function refresh(key: string, req: ExpressRequest): Promise<Entry> {
    let flight = pending.get(key);
    if (!flight) {
      flight = renderEntry(req)
        .then((entry) => {
          entries.delete(key);
          if (entry.cacheable) {
            entries.set(key, entry);
            if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
          }
          return entry;
        })
        .finally(() => pending.delete(key));
      pending.set(key, flight);
    }
    return flight;
  }

  return { middleware, clear: () => entries.clear() };
}
