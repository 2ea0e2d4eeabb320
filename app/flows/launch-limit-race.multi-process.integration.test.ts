import fs from "node:fs";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderItems, orders, productVariants, products } from "~/schema";
import { useTestDatabase } from "../../tests/factories/test-database";
import {
  BUILT_SERVER,
  headersFor,
  signUp,
  startServerProcess,
  waitFor,
  type ServerProcess,
} from "../../tests/factories/server-process";
import { saveLaunch } from "./save-launch.server";

/**
 * Issue 43: a launch's limit of 2 pieces per customer, raced by one buyer's orders sent at once to
 * two server processes (`node server/start.js`) on one PostgreSQL, over POST /api/orders: by one
 * account from two phones, and by one phone from two accounts. Exactly the limit is placed, every
 * other order is refused with the limit's words, whichever process took it.
 */
const built = fs.existsSync(BUILT_SERVER);
if (!built && process.env.KAPRA_TEST_GATE)
  throw new Error(`${BUILT_SERVER} is missing: scripts/test.sh must build before the tests`);

const LIMIT = 2;
const PRODUCT = "pocket-tee";
const IP = "10.43.0.1";

describe.skipIf(!built)("a launch's limit per customer raced across two processes on one PostgreSQL", () => {
  const database = useTestDatabase("postgres");
  const db = () => database.db;
  const servers: ServerProcess[] = [];
  const cookies: string[] = [];

  beforeAll(async () => {
    await db().update(productVariants).set({ stock: 500 }).where(eq(productVariants.productId, PRODUCT));
    await db().update(products).set({ status: "draft" }).where(eq(products.id, PRODUCT));
    await saveLaunch({ db: db() }, null, {
      name: "Midnight Lawn",
      opensAt: new Date(Date.now() - 1000),
      perBuyerLimit: LIMIT,
      waitingRoom: false,
      productIds: [PRODUCT],
    });
    const env = { DATABASE_URL: database.url!, WEB_CONCURRENCY: "1", TRUST_PROXY: "1", ABUSE_LIMITS_SCALE: "1000" };
    servers.push(...(await Promise.all([startServerProcess(env), startServerProcess(env)])));
    for (const n of [1, 2, 3])
      cookies.push(
        await signUp(servers[0], { email: `limit-race-${n}@example.pk`, password: "a-long-password-1", ip: IP }),
      );
  }, 240_000);
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop("SIGKILL")));
  }, 60_000);

  const order = (server: ServerProcess, cookie: string, phone: string, key: string) =>
    fetch(`${server.url}/api/orders`, {
      method: "POST",
      headers: {
        ...headersFor(server, { cookie, ip: IP }),
        "content-type": "application/json",
        "Idempotency-Key": key,
      },
      body: JSON.stringify({
        items: [{ productId: PRODUCT, color: "Gray", size: "M", quantity: 1 }],
        shipping: {
          fullName: "Limit Racer",
          email: "racer@example.pk",
          phone,
          city: "Lahore",
          address: "House 4, Street 9",
        },
        paymentMethod: "cod",
      }),
    }).then(async (res) => ({
      status: res.status,
      body: (await res.json()) as { error?: { code: string; message: string } },
    }));

  const piecesOf = async (phones: string[]) =>
    (
      await db()
        .select({ quantity: orderItems.quantity })
        .from(orders)
        .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
        .where(inArray(orders.phone, phones))
    ).reduce((n, r) => n + r.quantity, 0);

  it("one account from two phones, six orders at once across both processes: exactly the limit is placed", async () => {
    const [a, b] = servers;
    const phones = ["03001230001", "03001230002"];
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => order(i % 2 ? b : a, cookies[0], phones[i % 2], `limit-account-${i}`)),
    );
    const placed = answers.filter((r) => r.status === 201);
    expect(placed, JSON.stringify(answers)).toHaveLength(LIMIT);
    for (const r of answers.filter((x) => x.status !== 201)) {
      expect(r.status).toBe(409);
      expect(r.body.error).toMatchObject({ code: "LAUNCH_LIMIT_REACHED" });
      expect(r.body.error?.message).toMatch(/^This launch allows 2 pieces of Everyday Pocket Tee per customer/);
    }
    expect(await piecesOf(["+923001230001", "+923001230002"])).toBe(LIMIT);
  }, 120_000);

  it("one phone from two accounts, six orders at once across both processes: exactly the limit is placed", async () => {
    const [a, b] = servers;
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        order(i % 2 ? b : a, cookies[1 + (i % 2)], "03001230003", `limit-phone-${i}`),
      ),
    );
    expect(
      answers.filter((r) => r.status === 201),
      JSON.stringify(answers),
    ).toHaveLength(LIMIT);
    expect(answers.filter((r) => r.status === 409)).toHaveLength(6 - LIMIT);
    expect(await piecesOf(["+923001230003"])).toBe(LIMIT);
  }, 120_000);

  it("a variant sold out in one process shows sold out on the other's cached guest page within a second", async () => {
    const [a, b] = servers;
    const tee = and(
      eq(productVariants.productId, "essential-crew-neck-tee"),
      eq(productVariants.color, "Black"),
      eq(productVariants.size, "XL"),
    );
    await db().update(productVariants).set({ stock: 1 }).where(tee);
    const xlSoldOut = async () => {
      const html = await (await fetch(`${b.url}/product/essential-crew-neck-tee`)).text();
      return html.includes('value="XL"/>XL<span class="sr-only"> (sold out)</span>');
    };
    // Rendered and kept in B's page cache (the page cache keeps a guest page a second, and longer while it is asked for).
    await waitFor(async () => !(await xlSoldOut()), { what: "XL in stock on B" });
    expect(await xlSoldOut()).toBe(false);
    const bought = await fetch(`${a.url}/api/orders`, {
      method: "POST",
      headers: { ...headersFor(a, { cookie: cookies[2], ip: IP }), "content-type": "application/json" },
      body: JSON.stringify({
        items: [{ productId: "essential-crew-neck-tee", color: "Black", size: "XL", quantity: 1 }],
        shipping: {
          fullName: "Last Piece",
          email: "last@example.pk",
          phone: "03001230009",
          city: "Lahore",
          address: "House 4, Street 9",
        },
        paymentMethod: "cod",
      }),
    });
    expect(bought.status).toBe(201);
    const sold = Date.now();
    await waitFor(xlSoldOut, { timeoutMs: 5000, intervalMs: 50, what: "XL sold out on B" });
    const elapsed = Date.now() - sold;
    expect(elapsed, `sold out showed on the other process after ${elapsed} ms`).toBeLessThan(1000);
  }, 60_000);
});
