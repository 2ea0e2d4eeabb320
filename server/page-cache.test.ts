import type { AddressInfo } from "node:net";
import express, { type RequestHandler } from "express";
import { afterEach, describe, expect, it } from "vitest";
import { createHash } from "node:crypto";
import {
  createPageCache,
  pinInlineScripts,
  PAGE_FRESH_MS,
  PAGE_STALE_MS,
  PRIVATE_PAGE_CACHE_CONTROL,
  sharedCacheControl,
} from "./page-cache";

let close: (() => void) | undefined;
afterEach(() => close?.());

/** A real HTTP server whose pages come from `render`; returns its base URL and the render count. */
async function serve(
  render: (request: Request) => Promise<Response>,
  {
    before,
    ...opts
  }: {
    ttlMs?: number;
    staleMs?: number;
    maxBytes?: number;
    sharedPath?: (pathname: string) => boolean;
    /** What runs in front of the cache (the waiting room, in the shop). */
    before?: RequestHandler;
  } = {},
) {
  const stats = { renders: 0 };
  const cache = createPageCache({
    ...opts,
    render: async (request) => {
      stats.renders++;
      return render(request);
    },
  });
  const app = express();
  if (before) app.use(before);
  app.use(cache.handle);
  app.use((_req, res) => void res.status(418).send("not cached path"));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  close = () => server.close();
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, stats, cache };
}

const page = (body: string, init: ResponseInit = {}) =>
  new Response(body, { status: 200, headers: { "Content-Type": "text/html" }, ...init });

describe("page cache", () => {
  it("renders once for repeated guest requests within the TTL and serves gzip", async () => {
    let n = 0;
    const { base, stats } = await serve(async () => page(`<p>render ${++n}</p>`.repeat(200)));
    const first = await fetch(`${base}/products`);
    const second = await fetch(`${base}/products`);
    expect(first.headers.get("x-cache")).toBe("MISS");
    expect(second.headers.get("x-cache")).toBe("HIT");
    expect(second.headers.get("content-encoding")).toBe("gzip");
    expect(await second.text()).toContain("render 1");
    expect(stats.renders).toBe(1);
  });

  it("keeps pages within its byte budget, the least recently served going first", async () => {
    // Each kept page weighs about 10.5 KB (its 10 KB body, a small gzip, its headers): three fit.
    const { base, stats, cache } = await serve(
      async (request) => page(createHash("sha512").update(request.url).digest("hex").repeat(80)),
      { maxBytes: 35_000, ttlMs: 60_000 },
    );
    for (const path of ["/a", "/b", "/c"]) await (await fetch(`${base}${path}`)).text();
    expect(cache.bytes).toBeGreaterThan(30_000);
    expect((await fetch(`${base}/a`)).headers.get("x-cache")).toBe("HIT"); // /a is now the most recent
    await (await fetch(`${base}/d`)).text();
    expect(cache.bytes).toBeLessThanOrEqual(35_000);
    expect(stats.renders).toBe(4);
    expect((await fetch(`${base}/a`)).headers.get("x-cache")).toBe("HIT");
    expect((await fetch(`${base}/b`)).headers.get("x-cache")).toBe("MISS");
    expect(stats.renders).toBe(5);
  });

  it("keeps no page with a budget of 0 (PAGE_CACHE_MB=0)", async () => {
    const { base, stats } = await serve(async () => page("<p>hello</p>"), { maxBytes: 0 });
    await (await fetch(`${base}/x`)).text();
    expect((await fetch(`${base}/x`)).headers.get("x-cache")).toBe("MISS");
    expect(stats.renders).toBe(2);
  });

  it("names each inline script's hash in a cached page's CSP instead of the one nonce every guest would share", async () => {
    const inline = 'window.__ctx = {"a":1};';
    const html =
      `<html><head><script type="module" src="/assets/entry.js" nonce="N0nce+/="></script></head><body>` +
      `<script nonce="N0nce+/=">${inline}</script><script type="application/ld+json">{"@type":"Product"}</script>` +
      `<script type="module" nonce="N0nce+/=">import("/assets/a.js");</script></body></html>`;
    const csp = "default-src 'self'; script-src 'self' 'nonce-N0nce+/='; object-src 'none'";
    const { base } = await serve(async () =>
      page(html, { headers: { "Content-Type": "text/html", "Content-Security-Policy": csp } }),
    );
    const sha = (code: string) => `'sha256-${createHash("sha256").update(code).digest("base64")}'`;
    for (const res of [await fetch(`${base}/p`), await fetch(`${base}/p`)]) {
      expect(res.headers.get("content-security-policy")).toBe(
        `default-src 'self'; script-src 'self' ${sha(inline)} ${sha('import("/assets/a.js");')}; object-src 'none'`,
      );
      const body = await res.text();
      expect(body).not.toContain("nonce");
      expect(body).toContain(`<script>${inline}</script>`);
    }
    // Nothing to pin without a nonce.
    expect(pinInlineScripts("<script>x()</script>", "script-src 'self'")).toEqual({
      html: "<script>x()</script>",
      csp: "script-src 'self'",
    });
  });

  it("shares one render between concurrent requests", async () => {
    const { base, stats } = await serve(async () => {
      await new Promise((r) => setTimeout(r, 50));
      return page("<p>slow</p>");
    });
    const bodies = await Promise.all(Array.from({ length: 10 }, () => fetch(`${base}/`).then((r) => r.text())));
    expect(bodies.every((b) => b === "<p>slow</p>")).toBe(true);
    expect(stats.renders).toBe(1);
  });

  it("keys by URL including the query", async () => {
    const { base, stats } = await serve(async (request) => page(new URL(request.url).search));
    expect(await (await fetch(`${base}/products?q=tee`)).text()).toBe("?q=tee");
    expect(await (await fetch(`${base}/products?q=hoodie`)).text()).toBe("?q=hoodie");
    expect(stats.renders).toBe(2);
  });

  it("passes requests with a cookie on to the live handler", async () => {
    const { base, stats } = await serve(async () => page("cached"));
    await fetch(`${base}/`);
    const withCookie = await fetch(`${base}/`, { headers: { Cookie: "session=abc" } });
    expect(await withCookie.text()).toBe("not cached path");
    expect(stats.renders).toBe(1);
  });

  it("serves a guest who holds only the waiting room's ticket or pass from the cache, and never renders with it", async () => {
    const seen: (string | null)[] = [];
    const { base, stats } = await serve(async (request) => {
      seen.push(request.headers.get("cookie"));
      return page("cached");
    });
    const pass = await fetch(`${base}/product/lawn`, { headers: { Cookie: "kapra_pass=p.1.2.x" } });
    expect(await pass.text()).toBe("cached");
    const both = await fetch(`${base}/product/lawn`, { headers: { Cookie: "kapra_line=t.1.2.x; kapra_pass=p.1.2.x" } });
    expect(both.headers.get("x-cache")).toBe("HIT");
    expect(seen).toEqual([null]);
    const signedIn = await fetch(`${base}/product/lawn`, { headers: { Cookie: "kapra_pass=p.1.2.x; session=abc" } });
    expect(await signedIn.text()).toBe("not cached path");
    expect(stats.renders).toBe(1);
  });

  it("does not keep errors, redirects, private pages or pages that set cookies", async () => {
    const responses: Record<string, () => Response> = {
      "/missing": () => page("nope", { status: 404 }),
      "/old": () => new Response(null, { status: 301, headers: { Location: "/new" } }),
      "/private": () => page("mine", { headers: { "Content-Type": "text/html", "Cache-Control": "private" } }),
      "/cookie": () => page("hi", { headers: { "Content-Type": "text/html", "Set-Cookie": "a=b" } }),
    };
    const { base, stats } = await serve(async (request) => responses[new URL(request.url).pathname]());
    for (const path of Object.keys(responses)) {
      const a = await fetch(`${base}${path}`, { redirect: "manual" });
      await fetch(`${base}${path}`, { redirect: "manual" });
      if (path === "/missing") expect(a.status).toBe(404);
      if (path === "/old") expect(a.headers.get("location")).toBe("/new");
    }
    expect(stats.renders).toBe(8);
  });

  it("serves an expired page once more while the fresh one renders", async () => {
    let n = 0;
    const { base, stats } = await serve(async () => page(`render ${++n}`), { ttlMs: 150, staleMs: 10_000 });
    expect(await (await fetch(`${base}/`)).text()).toBe("render 1");
    await new Promise((r) => setTimeout(r, 200));
    expect(await (await fetch(`${base}/`)).text()).toBe("render 1");
    await new Promise((r) => setTimeout(r, 20));
    expect(await (await fetch(`${base}/`)).text()).toBe("render 2");
    expect(stats.renders).toBe(2);
  });

  it("leaves POST requests to the rest of the app", async () => {
    const { base, stats } = await serve(async () => page("x"));
    const res = await fetch(`${base}/contact`, { method: "POST" });
    expect(res.status).toBe(418);
    expect(stats.renders).toBe(0);
  });

  describe("what caches in front (nginx, a CDN) are told", () => {
    it("marks a kept guest page public for as long as this cache keeps it, gzip or not", async () => {
      expect([PAGE_FRESH_MS, PAGE_STALE_MS]).toEqual([1000, 30_000]);
      expect(sharedCacheControl()).toBe("public, max-age=0, s-maxage=1, stale-while-revalidate=30");
      expect(sharedCacheControl(5000, 60_000)).toBe("public, max-age=0, s-maxage=5, stale-while-revalidate=60");
      const { base } = await serve(async () => page("<p>home</p>".repeat(200)));
      const first = await fetch(`${base}/`);
      const second = await fetch(`${base}/`, { headers: { "Accept-Encoding": "identity" } });
      const withPass = await fetch(`${base}/`, { headers: { Cookie: "kapra_pass=p.1.2.x" } });
      for (const res of [first, second, withPass]) {
        expect(res.headers.get("cache-control")).toBe(sharedCacheControl());
        expect(res.headers.get("vary")).toBe("Accept-Encoding");
      }
      expect(first.headers.get("content-encoding")).toBe("gzip");
      expect(second.headers.get("content-encoding")).toBeNull();
      expect(second.headers.get("x-cache")).toBe("HIT");
    });

    it("follows its own freshness: a cache keeping pages 5 s tells caches in front 5 s", async () => {
      const { base } = await serve(async () => page("<p>home</p>"), { ttlMs: 5000, staleMs: 60_000 });
      expect((await fetch(`${base}/`)).headers.get("cache-control")).toBe(sharedCacheControl(5000, 60_000));
    });

    it("never marks public a request with a session cookie, even for the same page", async () => {
      const { base } = await serve(async () => page("<p>home</p>"));
      expect((await fetch(`${base}/`)).headers.get("cache-control")).toBe(sharedCacheControl());
      for (const cookie of [
        "better-auth.session_token=abc",
        "__Host-better-auth.session_token=abc; kapra_pass=p.1.2.x",
        "shop_flash=x",
      ]) {
        const res = await fetch(`${base}/`, { headers: { Cookie: cookie } });
        expect(await res.text()).toBe("not cached path");
        expect(res.headers.get("cache-control")).toBeNull();
      }
      const signedIn = await fetch(`${base}/`, { headers: { Authorization: "Bearer x" } });
      expect(signedIn.headers.get("cache-control")).toBeNull();
    });

    it("leaves pages it does not keep, pages with their own Cache-Control and other types as they are", async () => {
      const responses: Record<string, () => Response> = {
        "/missing": () => page("nope", { status: 404 }),
        "/cookie": () => page("hi", { headers: { "Content-Type": "text/html", "Set-Cookie": "a=b" } }),
        "/private": () =>
          page("mine", { headers: { "Content-Type": "text/html", "Cache-Control": "private, no-store" } }),
        "/sitemap.xml": () =>
          new Response("<urlset/>", {
            headers: { "Content-Type": "application/xml", "Cache-Control": "public, max-age=3600" },
          }),
        "/products.data": () => Response.json({ products: [] }),
      };
      const { base } = await serve(async (request) => responses[new URL(request.url).pathname]());
      const seen: Record<string, string | null> = {};
      for (const path of Object.keys(responses))
        seen[path] = (await fetch(`${base}${path}`)).headers.get("cache-control");
      expect(seen).toEqual({
        "/missing": null,
        "/cookie": null,
        "/private": "private, no-store",
        "/sitemap.xml": "public, max-age=3600",
        "/products.data": null,
      });
    });

    it("sends the pages of paths not to be shared (the cart) private, still kept here", async () => {
      const { base, stats } = await serve(async () => page("<p>your cart</p>"), {
        sharedPath: (pathname) => pathname !== "/cart",
      });
      for (let i = 0; i < 2; i++) {
        const res = await fetch(`${base}/cart?from=menu`);
        expect(res.headers.get("cache-control")).toBe(PRIVATE_PAGE_CACHE_CONTROL);
      }
      expect(stats.renders).toBe(1);
      expect((await fetch(`${base}/products`)).headers.get("cache-control")).toBe(sharedCacheControl());
    });

    it("keeps a page private when something in front made it the visitor's own (a pass renewed, a line held)", async () => {
      const { base } = await serve(async () => page("<p>launch</p>"), {
        before: (req, res, next) => {
          if (req.path === "/renewed") res.appendHeader("Set-Cookie", "kapra_pass=p.2.3.y; Path=/");
          if (req.path === "/held") res.setHeader("Cache-Control", PRIVATE_PAGE_CACHE_CONTROL);
          next();
        },
      });
      const renewed = await fetch(`${base}/renewed`);
      expect(renewed.headers.get("cache-control")).toBe(PRIVATE_PAGE_CACHE_CONTROL);
      expect(renewed.headers.get("set-cookie")).toContain("kapra_pass=");
      const held = await fetch(`${base}/held`);
      expect(held.headers.get("cache-control")).toBe(PRIVATE_PAGE_CACHE_CONTROL);
      expect(await held.text()).toBe("<p>launch</p>");
    });
  });
});
