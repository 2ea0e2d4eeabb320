import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products, productVariants, waitingRoom } from "~/schema";
import { saveLaunch } from "~/flows/save-launch.server";
import { formatPrice } from "~/lib/money";
import { freePort } from "../tests/setup/pg-cluster";
import { useTestDatabase } from "../tests/factories/test-database";
import { NGINX, startNginx } from "../tests/factories/nginx";
import {
  BUILT_SERVER,
  cookieFrom,
  startServerProcess,
  waitFor,
  type ServerProcess,
} from "../tests/factories/server-process";
import { PRIVATE_PAGE_CACHE_CONTROL, sharedCacheControl } from "./page-cache";

/**
 * Issue 43, a CDN in front: the example docs/deployment.md ("A CDN in front") points to. Debian's
 * nginx configured with docs/nginx.conf (as the load-balancer test runs it) in front of one shop
 * instance of two processes on PostgreSQL. A guest's page is kept a second (the app's own
 * Cache-Control: public, s-maxage=1); a signed-in shopper's never comes from the cache nor goes
 * into it; a price change and a size selling out show through the cache within about two seconds
 * with nothing purged; images and built files are kept as immutable; and neither the waiting room's
 * page nor a launch page let through the line (with its pass cookie) is kept, so the line still
 * stands in front of nginx.
 */
const built = fs.existsSync(BUILT_SERVER);
const haveNginx = fs.existsSync(NGINX);
if (process.env.KAPRA_TEST_GATE && (!built || !haveNginx))
  throw new Error(`${!built ? BUILT_SERVER : NGINX} is missing: .ci/run installs nginx, scripts/test.sh builds`);

/** Behind the waiting room, with everyone kept in line (WAITING_ROOM_MAX_LOOP_DELAY_MS=0). */
const LAUNCHED = "pocket-tee";
const AHEAD = 5000;
/** A product whose price changes and which then sells out. */
const TEE = "essential-crew-neck-tee";
const IMMUTABLE = "public, max-age=31536000, immutable";

describe.skipIf(!built || !haveNginx)("guests' pages and images cached by nginx in front of the shop", () => {
  const database = useTestDatabase("postgres");
  const db = () => database.db;
  let instance: ServerProcess | undefined;
  let nginx: ChildProcess | undefined;
  let dir: string;
  let shop: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "kapra-cdn-"));
    const port = await freePort();
    const appPort = await freePort();
    shop = `http://127.0.0.1:${port}`;
    await db().update(products).set({ status: "draft" }).where(eq(products.id, LAUNCHED));
    await saveLaunch({ db: db() }, null, {
      name: "Midnight Lawn",
      opensAt: new Date(Date.now() - 60_000),
      perBuyerLimit: null,
      waitingRoom: true,
      productIds: [LAUNCHED],
    });
    await db().insert(waitingRoom).values({ id: 1, lastTicket: AHEAD, admittedThrough: 0, perSecond: 25 });
    instance = await startServerProcess({
      DATABASE_URL: database.url!,
      PORT: String(appPort),
      WEB_CONCURRENCY: "2",
      TRUST_PROXY: "1",
      // nginx passes Host as `$host` (no port), as a shop on https's port 443 has it.
      PUBLIC_URL: "http://127.0.0.1",
      ABUSE_LIMITS_SCALE: "1000",
      WAITING_ROOM_MAX_LOOP_DELAY_MS: "0",
    });
    nginx = startNginx(dir, port, [appPort]);
    await waitFor(async () => (await fetch(`${shop}/healthz`)).status === 200, { what: "nginx" });
  }, 300_000);
  afterAll(async () => {
    nginx?.kill("SIGTERM");
    await instance?.stop("SIGKILL");
    fs.rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  /** One GET through nginx: what it answered and whether from its cache (X-Cache-Status). */
  const get = async (pathname: string, cookie?: string) => {
    const res = await fetch(`${shop}${pathname}`, { headers: cookie ? { cookie } : {}, redirect: "manual" });
    const body = await res.text();
    return {
      status: res.status,
      body,
      cache: res.headers.get("x-cache-status"),
      cacheControl: res.headers.get("cache-control"),
      setCookies: res.headers.getSetCookie(),
      vary: res.headers.get("vary"),
    };
  };

  it("keeps a guest's page one second: a MISS, then HITs with the app's public Cache-Control, then fetched again", async () => {
    for (const pathname of ["/", "/products"]) {
      const first = await get(pathname);
      expect([pathname, first.status, first.cache]).toEqual([pathname, 200, "MISS"]);
      expect(first.cacheControl).toBe(sharedCacheControl());
      expect(first.cacheControl).toBe("public, max-age=0, s-maxage=1, stale-while-revalidate=30");
      expect(first.vary).toBe("Accept-Encoding");
      const second = await get(pathname);
      expect([pathname, second.cache]).toEqual([pathname, "HIT"]);
      expect(second.cacheControl).toBe(sharedCacheControl());
      expect(second.body).toBe(first.body);
    }
    // nginx counts whole seconds: two seconds on, the page is no longer fresh and is fetched again.
    await new Promise((r) => setTimeout(r, 2100));
    expect((await get("/")).cache).not.toBe("HIT");
    // A guest holding only the waiting room's ticket or pass is a guest (as in the app's own cache).
    expect((await get("/", "kapra_pass=p.1.2.x")).cache).toBe("HIT");
  });

  it("never serves a signed-in shopper from the cache, nor keeps their page", async () => {
    const signUp = await fetch(`${shop}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { origin: "http://127.0.0.1", "content-type": "application/json" },
      body: JSON.stringify({ name: "Edge Shopper", email: "edge@example.pk", password: "a-long-password-1" }),
    });
    expect(signUp.status).toBe(200);
    const cookie = cookieFrom(signUp);
    expect(cookie).toContain("better-auth.session_token=");
    await get("/products");
    expect((await get("/products")).cache).toBe("HIT");
    for (const withPass of [cookie, `kapra_pass=p.1.2.x; ${cookie}`]) {
      for (let i = 0; i < 2; i++) {
        const mine = await get("/products", withPass);
        expect(mine.cache).toBe("BYPASS");
        expect(mine.cacheControl).toBe("private, no-store");
        expect(mine.body).toContain("Edge Shopper");
      }
    }
    // The guests' copy (fresh or fetched again, depending on the clock) is still the guests' page.
    const guest = await get("/products");
    expect(guest.cache).not.toBe("BYPASS");
    expect(guest.body).not.toContain("Edge Shopper");
    expect(guest.body).toContain("Sign In");
    // Any other cookie of the shop's (a flash message) passes the cache by too.
    expect((await get("/products", "shop_flash=x")).cache).toBe("BYPASS");
    // The API: the shopper's answers are private and bypass the cache; a guest's are never kept.
    const cart = await get("/api/cart", cookie);
    expect([cart.status, cart.cache, cart.cacheControl]).toEqual([200, "BYPASS", "private, no-store"]);
    for (let i = 0; i < 2; i++) {
      const refused = await get("/api/cart");
      expect([refused.status, refused.cache, refused.cacheControl]).toEqual([401, "MISS", "no-store"]);
    }
    // The cart is never kept in front either (here it stands behind the launch's line: the waiting page).
    for (let i = 0; i < 2; i++) {
      const guestCart = await get("/cart");
      expect(guestCart.cache).toBe("MISS");
      expect(guestCart.cacheControl).toMatch(/private|no-store/);
    }
  });

  it("shows a price change, then a sold-out product, through the cache within about two seconds, with nothing purged", async () => {
    const page = `/product/${TEE}`;
    const [{ price }] = await db().select({ price: products.price }).from(products).where(eq(products.id, TEE));
    const newPrice = price + 277;
    await get(page);
    const before = await get(page);
    expect(before.cache).toBe("HIT");
    expect(before.body).not.toContain(formatPrice(newPrice));
    expect(before.body).not.toContain("Sold out for now");

    const seen = async (change: () => Promise<unknown>, shows: (body: string) => boolean) => {
      await change();
      const changed = Date.now();
      const answers: string[] = [];
      await waitFor(
        async () => {
          const now = await get(page);
          answers.push(now.cache ?? "");
          return shows(now.body);
        },
        { timeoutMs: 5000, intervalMs: 100, what: "the change to show through nginx" },
      );
      return { ms: Date.now() - changed, answers };
    };
    const priced = await seen(
      () => db().update(products).set({ price: newPrice }).where(eq(products.id, TEE)),
      (body) => body.includes(formatPrice(newPrice)),
    );
    expect(priced.ms).toBeLessThan(3000);
    // The old page came from the cache while it was fresh: the cache was in the way, and let go by itself.
    expect(priced.answers.length).toBeGreaterThan(1);
    const soldOut = await seen(
      () => db().update(productVariants).set({ stock: 0 }).where(eq(productVariants.productId, TEE)),
      (body) => body.includes("Sold out for now"),
    );
    expect(soldOut.ms).toBeLessThan(3000);
  });

  it("keeps product photos (/media/) and built files (/assets/) as immutable", async () => {
    // The seeded catalogue's photos are drawn in the background after the first start.
    const home = await waitFor(
      async () => {
        const { body } = await get("/");
        return /\/media\/[0-9a-f]+\.webp/.test(body) ? body : false;
      },
      { timeoutMs: 120_000, intervalMs: 1000, what: "the seeded photos" },
    );
    const photo = /\/media\/[0-9a-f]+\.webp/.exec(home)![0];
    const script = /\/assets\/[\w.-]+\.js/.exec(home)![0];
    for (const file of [photo, script]) {
      const first = await get(file);
      expect([file, first.status, first.cache, first.cacheControl]).toEqual([file, 200, "MISS", IMMUTABLE]);
      const second = await get(file);
      expect([file, second.cache, second.cacheControl]).toEqual([file, "HIT", IMMUTABLE]);
      expect(second.body).toBe(first.body);
    }
  }, 150_000);

  it("keeps neither the waiting page nor a launch page let through the line, so the line stands in front of nginx", async () => {
    const page = `/product/${LAUNCHED}`;
    const tickets: string[] = [];
    for (let i = 0; i < 2; i++) {
      const waiting = await get(page);
      expect(waiting.status).toBe(200);
      expect(waiting.body).toContain("You are in line");
      expect(waiting.cache).toBe("MISS");
      expect(waiting.cacheControl).toBe("no-store");
      const ticket = waiting.setCookies.find((c) => c.startsWith("kapra_line="))?.split(";")[0];
      expect(ticket).toBeDefined();
      tickets.push(ticket!);
    }
    expect(tickets[0]).not.toBe(tickets[1]);

    await db()
      .update(waitingRoom)
      .set({ admittedThrough: Number(tickets[0].split(".")[1]) });
    // Each process reads the line every second; the first to let the ticket in gives it a pass.
    const admitted = await waitFor(
      async () => {
        const answer = await get(page, tickets[0]);
        return answer.body.includes("You are in line") ? false : answer;
      },
      { timeoutMs: 5000, intervalMs: 200, what: "the line to move" },
    );
    expect(admitted.status).toBe(200);
    expect(admitted.body).toContain("Everyday Pocket Tee");
    expect(admitted.cache).toBe("MISS");
    expect(admitted.cacheControl).toBe(PRIVATE_PAGE_CACHE_CONTROL);
    const pass = admitted.setCookies.find((c) => c.startsWith("kapra_pass="))?.split(";")[0];
    expect(pass).toBeDefined();

    for (let i = 0; i < 2; i++) {
      const withPass = await get(page, pass);
      expect(withPass.body).toContain("Everyday Pocket Tee");
      expect(withPass.setCookies).toEqual([]);
      expect([withPass.cache, withPass.cacheControl]).toEqual(["MISS", PRIVATE_PAGE_CACHE_CONTROL]);
      // A guest who never queued still meets the line, not the page just served.
      const guest = await get(page);
      expect(guest.body).toContain("You are in line");
      expect(guest.cache).toBe("MISS");
    }
  });
});
