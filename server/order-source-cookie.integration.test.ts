import http from "node:http";
import type { AddressInfo } from "node:net";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "~/lib/env.server";
import { readSourceCookie } from "~/modules/orders/order-source";
import { useTestDatabase } from "../tests/factories/test-database";
import { createApp, createServices, type Services } from "./app";
import { sharedCacheControl } from "./page-cache";

const SHOP = "https://shop.example";

/**
 * A build with one guest page (an empty root whose document is the same for every guest): requests
 * go through the shop's real production handling, the order-source cookie, the waiting room and the
 * page cache in front of React Router, as server/app.ts puts them together.
 */
let renders = 0;
const PAGE = { loader: () => null, default: () => null };
const build = {
  entry: {
    module: {
      default: () => {
        renders++;
        return new Response("<!doctype html><html><body><h1>Guest page</h1></body></html>", {
          status: 200,
          headers: { "Content-Type": "text/html; charset=utf-8" },
        });
      },
    },
  },
  routes: {
    root: { id: "root", path: "", module: PAGE },
    "routes/any": { id: "routes/any", parentId: "root", path: "*", module: PAGE },
  },
  assets: { entry: { module: "/entry.js", imports: [] }, routes: {}, url: "/manifest.js", version: "test" },
  publicPath: "/",
  assetsBuildDirectory: "build/client",
  future: {},
  ssr: true,
  isSpaMode: false,
  prerender: [],
  routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
} as unknown as ServerBuild;

type Answer = { status: number; setCookies: string[]; cacheControl: string; xCache: string };

describe("the order-source cookie in front of the page cache (production handling, https shop)", () => {
  const database = useTestDatabase("pglite", { seed: "settings" });
  let services: Services;
  let server: http.Server;
  let port: number;

  /** A GET as a browser on the shop's own host sends it (fetch may not name the Host). */
  const visit = (path: string, headers: Record<string, string> = {}) =>
    new Promise<Answer>((resolve, reject) => {
      const req = http.get(
        { host: "127.0.0.1", port, path, headers: { host: "shop.example", accept: "text/html", ...headers } },
        (res) => {
          res.resume();
          res.on("end", () =>
            resolve({
              status: res.statusCode ?? 0,
              setCookies: res.headers["set-cookie"] ?? [],
              cacheControl: String(res.headers["cache-control"] ?? ""),
              xCache: String(res.headers["x-cache"] ?? ""),
            }),
          );
        },
      );
      req.on("error", reject);
    });
  const sourceCookie = (a: Answer) => a.setCookies.find((c) => c.startsWith("shop_source="));

  beforeAll(async () => {
    services = await createServices(
      database,
      parseEnv({ NODE_ENV: "production", PUBLIC_URL: SHOP, SIGN_IN_RATE_LIMIT: "1000", PAGE_CACHE_MB: "8" }),
    );
    server = http.createServer(createApp({ services, serveAssets: false, build }));
    server.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    port = (server.address() as AddressInfo).port;
  }, 120_000);
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    await Promise.all([services?.live.stop(), services?.settings.stop(), services?.readCache.stop()]);
  });

  it("a plain visit sets no cookie and stays shared-cacheable; the next guest gets it from the cache", async () => {
    const first = await visit("/");
    expect(first.status).toBe(200);
    expect(first.setCookies).toEqual([]);
    expect(first.cacheControl).toBe(sharedCacheControl());
    const second = await visit("/");
    expect(second.xCache).toBe("HIT");
    expect(second.cacheControl).toBe(sharedCacheControl());
    // Inside the shop: the Referer is the shop's own, so nothing is kept either.
    expect((await visit("/", { referer: `${SHOP}/products` })).setCookies).toEqual([]);
  });

  it("a first visit from a campaign link gets shop_source for 30 days, private, and the cache keeps no cookie", async () => {
    const path = "/?utm_source=instagram&utm_medium=social&utm_campaign=eid_launch";
    const first = await visit(path, { referer: "https://l.instagram.com/" });
    const cookie = sourceCookie(first);
    expect(cookie).toMatch(/^shop_source=[^;]+; Path=\/; Max-Age=2592000; HttpOnly; SameSite=Lax; Secure$/);
    expect(first.cacheControl).toBe("private, no-cache");
    expect(first.cacheControl).not.toContain("public");
    const kept = readSourceCookie(cookie!.split(";")[0], new Date())!;
    expect(kept).toMatchObject({
      utmSource: "instagram",
      utmMedium: "social",
      utmCampaign: "eid_launch",
      referrer: "https://l.instagram.com/",
    });

    // Another buyer on the same link gets a cookie of their own, never the first one's (the page's
    // bytes may come from the cache, the cookie never does)...
    await new Promise((r) => setTimeout(r, 5));
    const other = await visit(path);
    expect(sourceCookie(other)).toBeDefined();
    expect(sourceCookie(other)).not.toBe(cookie);
    expect(readSourceCookie(sourceCookie(other)!.split(";")[0], new Date())!.referrer).toBeNull();
    expect(other.cacheControl).toBe("private, no-cache");
    // ... and what the page cache kept for that address carries no Set-Cookie: a visitor who already
    // has a source gets the cached page with nothing set and the shared Cache-Control.
    const returning = await visit(path, { cookie: cookie!.split(";")[0] });
    expect(returning.setCookies).toEqual([]);
    expect(returning.xCache).toBe("HIT");
    expect(returning.cacheControl).toBe(sharedCacheControl());
  });

  it("first touch: a live cookie is never replaced by a later campaign; a forged or stale one is", async () => {
    const first = sourceCookie(await visit("/?utm_source=whatsapp&utm_campaign=broadcast"))!.split(";")[0];
    const later = await visit("/?utm_source=facebook&utm_campaign=retarget", { cookie: first });
    expect(later.setCookies).toEqual([]);
    expect(later.cacheControl).toBe(sharedCacheControl());
    const stale = `shop_source=s=google&t=${new Date(Date.now() - 31 * 86400_000).toISOString()}`;
    const replaced = sourceCookie(await visit("/?utm_source=facebook", { cookie: stale }));
    expect(readSourceCookie(replaced!.split(";")[0], new Date())!.utmSource).toBe("facebook");
  });

  it("a guest holding only shop_source still gets the guests' cached page", async () => {
    const cookie = sourceCookie(await visit("/?utm_source=tiktok"))!.split(";")[0];
    const rendered = renders;
    await visit("/products-less-page");
    const before = renders;
    const cached = await visit("/products-less-page", { cookie });
    expect(cached.xCache).toBe("HIT");
    expect(renders).toBe(before);
    expect(before).toBeGreaterThanOrEqual(rendered);
    // A signed-in visitor (any other cookie) still gets a page of their own, with no shared Cache-Control.
    const own = await visit("/products-less-page", { cookie: `${cookie}; shop_flash=x` });
    expect(own.xCache).toBe("");
  });

  it("never sets the cookie on the API, images, files or a POST", async () => {
    for (const path of ["/api/products?utm_source=ig", "/media/abc.webp?utm_source=ig", "/favicon.ico?utm_source=ig"])
      expect(sourceCookie(await visit(path, { referer: "https://l.instagram.com/" }))).toBeUndefined();
  });
});
