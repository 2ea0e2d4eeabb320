import type { ChildProcess } from "node:child_process";
import http from "node:http";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products, productVariants } from "~/schema";
import { saveLaunch } from "~/flows/save-launch.server";
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

/**
 * Issue 43, several machines: two shop instances (each `node server/start.js` with WEB_CONCURRENCY=2,
 * so four serving processes) on one PostgreSQL behind Debian's nginx, configured with
 * docs/nginx.conf (its addresses made loopback ones). A session made through one
 * instance holds on every one; a launch's limit per customer holds whichever instance takes each
 * order; a live-updates stream opened through nginx hears changes made on either instance; and one
 * instance restarted in the middle of a launch's traffic fails no request.
 */
const built = fs.existsSync(BUILT_SERVER);
const haveNginx = fs.existsSync(NGINX);
if (process.env.KAPRA_TEST_GATE && (!built || !haveNginx))
  throw new Error(`${!built ? BUILT_SERVER : NGINX} is missing: .ci/run installs nginx, scripts/test.sh builds`);

const PRODUCT = "pocket-tee";

describe.skipIf(!built || !haveNginx)("two instances behind nginx on one PostgreSQL", () => {
  const database = useTestDatabase("postgres");
  const db = () => database.db;
  const instances: ServerProcess[] = [];
  const ports: number[] = [];
  let env: Record<string, string>;
  let nginx: ChildProcess | undefined;
  let dir: string;
  let shop: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "kapra-nginx-"));
    const port = await freePort();
    shop = `http://127.0.0.1:${port}`;
    ports.push(await freePort(), await freePort());
    env = {
      DATABASE_URL: database.url!,
      WEB_CONCURRENCY: "2",
      TRUST_PROXY: "1",
      // nginx passes Host as `$host` (no port), as a shop on https's port 443 has it.
      PUBLIC_URL: "http://127.0.0.1",
      ABUSE_LIMITS_SCALE: "1000",
    };
    await db().update(productVariants).set({ stock: 500 }).where(eq(productVariants.productId, PRODUCT));
    await db().update(products).set({ status: "draft" }).where(eq(products.id, PRODUCT));
    await saveLaunch({ db: db() }, null, {
      name: "Midnight Lawn",
      opensAt: new Date(Date.now() - 1000),
      perBuyerLimit: 2,
      waitingRoom: false,
      productIds: [PRODUCT],
    });
    instances.push(...(await Promise.all(ports.map((p) => startServerProcess({ ...env, PORT: String(p) })))));
    nginx = startNginx(dir, port, ports);
    await waitFor(async () => (await fetch(`${shop}/healthz`)).status === 200, { what: "nginx" });
  }, 300_000);
  afterAll(async () => {
    nginx?.kill("SIGTERM");
    await Promise.all(instances.map((s) => s.stop("SIGKILL")));
  }, 60_000);

  const post = (pathname: string, body: unknown, cookie = "", key?: string) =>
    fetch(`${shop}${pathname}`, {
      method: "POST",
      headers: {
        origin: "http://127.0.0.1",
        "content-type": "application/json",
        ...(cookie ? { cookie } : {}),
        ...(key ? { "Idempotency-Key": key } : {}),
      },
      body: JSON.stringify(body),
    });

  let cookie = "";
  it("keeps a session made through one instance on every instance, and the launch's limit whichever takes the order", async () => {
    const signUp = await post("/api/auth/sign-up/email", {
      name: "Balanced Buyer",
      email: "balanced@example.pk",
      password: "a-long-password-1",
    });
    expect(signUp.status).toBe(200);
    cookie = cookieFrom(signUp);
    // nginx takes turns: eight requests reach both instances (and their processes).
    for (let i = 0; i < 8; i++) {
      const cart = await fetch(`${shop}/api/cart`, { headers: { cookie } });
      expect(cart.status).toBe(200);
    }
    const order = (key: string) =>
      post(
        "/api/orders",
        {
          items: [{ productId: PRODUCT, color: "Gray", size: "M", quantity: 1 }],
          shipping: {
            fullName: "Balanced Buyer",
            email: "balanced@example.pk",
            phone: "03001239999",
            city: "Lahore",
            address: "House 4, Street 9",
          },
          paymentMethod: "cod",
        },
        cookie,
        key,
      );
    const answers = await Promise.all([1, 2, 3, 4].map((n) => order(`balanced-${n}`)));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 409, 409]);
  }, 60_000);

  /** A POST straight to one instance (its own port), with the host nginx would have passed on. */
  const postTo = (port: number, pathname: string, body: unknown, cookieHeader: string) =>
    new Promise<number>((resolve, reject) => {
      const payload = JSON.stringify(body);
      const req = http.request(
        {
          host: "127.0.0.1",
          port,
          path: pathname,
          method: "POST",
          headers: {
            host: "127.0.0.1",
            origin: "http://127.0.0.1",
            "content-type": "application/json",
            "content-length": Buffer.byteLength(payload),
            cookie: cookieHeader,
          },
        },
        (res) => {
          res.resume();
          res.on("end", () => resolve(res.statusCode ?? 0));
        },
      );
      req.on("error", reject);
      req.end(payload);
    });

  it("keeps live updates across instances: a stream opened through nginx hears a cart change made on either one", async () => {
    const controller = new AbortController();
    const stream = await fetch(`${shop}/api/events`, {
      headers: { cookie, accept: "text/event-stream" },
      signal: controller.signal,
    });
    expect(stream.status).toBe(200);
    const reader = stream.body!.getReader();
    const decoder = new TextDecoder();
    let text = "";
    let pending: ReturnType<typeof reader.read> | null = null;
    const until = async (pattern: RegExp, ms = 5000) => {
      const deadline = Date.now() + ms;
      while (!pattern.test(text)) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no ${pattern} within ${ms} ms; the stream said ${JSON.stringify(text)}`);
        pending ??= reader.read();
        const chunk = await Promise.race([pending, new Promise<null>((r) => setTimeout(() => r(null), left))]);
        if (chunk) {
          pending = null;
          if (chunk.done) throw new Error("the stream ended");
          text += decoder.decode(chunk.value, { stream: true });
        }
      }
    };
    try {
      await until(/event: ready/);
      // The stream is held by one of the four processes; each instance in turn changes the cart.
      for (const port of ports) {
        text = "";
        const status = await postTo(
          port,
          "/api/cart/items",
          { productId: "essential-crew-neck-tee", color: "Black", size: "M", quantity: 1 },
          cookie,
        );
        expect(status).toBeLessThan(300);
        await until(/event: cart/);
      }
    } finally {
      controller.abort();
    }
  }, 60_000);

  it("restarts one instance in the middle of the traffic without a failed request", async () => {
    const failures: string[] = [];
    let answered = 0;
    let stop = false;
    const browse = async (n: number) => {
      const paths = ["/", "/products", `/product/${PRODUCT}`, "/product/essential-crew-neck-tee"];
      for (let i = 0; !stop; i++) {
        const pathname = paths[(n + i) % paths.length];
        try {
          const res = await fetch(`${shop}${pathname}`, { headers: i % 2 ? { cookie } : {} });
          await res.arrayBuffer();
          if (res.status >= 500) failures.push(`${pathname} ${res.status}`);
          answered++;
        } catch (error) {
          failures.push(`${pathname} ${(error as Error).message}`);
        }
      }
    };
    const addToCart = async () => {
      for (let i = 0; !stop; i++) {
        try {
          const res = await post(
            "/api/cart/items",
            { productId: "essential-crew-neck-tee", color: "Black", size: "M", quantity: 1 },
            cookie,
          );
          await res.arrayBuffer();
          if (res.status >= 500) failures.push(`cart ${res.status}`);
          answered++;
          if (i % 5 === 4)
            await fetch(`${shop}/api/cart`, { method: "DELETE", headers: { origin: "http://127.0.0.1", cookie } });
        } catch (error) {
          failures.push(`cart ${(error as Error).message}`);
        }
      }
    };
    const traffic = Promise.all([...[0, 1, 2, 3, 4, 5].map(browse), addToCart()]);
    await new Promise((r) => setTimeout(r, 1500));
    // The first instance stops (SIGTERM: it drains what it is answering) and starts again on its port.
    await instances[0].stop("SIGTERM");
    instances[0] = await startServerProcess({ ...env, PORT: String(ports[0]) });
    await new Promise((r) => setTimeout(r, 1500));
    stop = true;
    await traffic;
    expect(failures).toEqual([]);
    expect(answered).toBeGreaterThan(100);
  }, 180_000);
});
