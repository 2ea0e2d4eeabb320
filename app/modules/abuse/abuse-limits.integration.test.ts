import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "~/db/client.server";
import { discountCodes, orders, productVariants, rateLimitCounters } from "~/schema";
import { AppError } from "~/lib/errors";
import { placeOrder } from "~/flows/place-order.server";
import { subscribeToNotify } from "~/flows/subscribe-to-notify.server";
import { lookUpOrder } from "~/modules/orders/track-order.server";
import { placeWithDiscountCode, tryDiscountCode } from "~/modules/promotions/code-attempts.server";
import { previewDiscountCode } from "~/modules/promotions/redeem-discount-code.server";
import { DATABASE_KINDS, useTestDatabase } from "../../../tests/factories/test-database";
import { createTestBuyer } from "../../../tests/factories/test-users";
import { RATE_RULES } from "./abuse-limits";
import { hitRateLimit, readRateLimit, sweepRateLimits } from "../../db/rate-limit.server";

// The suite scales every limit up (vitest.config.ts); these tests check the shop's real numbers.
process.env.ABUSE_LIMITS_SCALE = "1";

const SHIPPING = {
  fullName: "Ayesha Khan",
  email: "ayesha@example.pk",
  phone: "+923001234567",
  city: "Karachi",
  address: "House 12, DHA",
  postalCode: null,
  country: "Pakistan" as const,
};
const TEE = "essential-crew-neck-tee";

describe.each(DATABASE_KINDS)("abuse limits on %s", (kind) => {
  const database = useTestDatabase(kind);
  const db = () => database.db;
  beforeAll(async () => {
    await database.db.update(productVariants).set({ stock: 500 });
  }, 300_000);

  const t0 = new Date("2026-11-23T10:00:00Z");
  const later = (seconds: number) => new Date(t0.getTime() + seconds * 1000);

  it("allows a rule's limit of hits in its window, refuses the next with the wait, and starts again when the window ends", async () => {
    const rule = RATE_RULES.contactPerAddress; // 10 an hour
    for (let i = 0; i < 10; i++)
      expect(await hitRateLimit(db(), rule, "203.0.113.1", later(i))).toEqual({ allowed: true });
    expect(await hitRateLimit(db(), rule, "203.0.113.1", later(600))).toEqual({
      allowed: false,
      retryAfterSeconds: 3000,
      message: "You have sent several messages in a short time. Please wait 50 minutes and try again.",
    });
    // Another address and another rule have counters of their own.
    expect(await hitRateLimit(db(), rule, "203.0.113.2", later(600))).toEqual({ allowed: true });
    expect(await hitRateLimit(db(), RATE_RULES.notifyPerAddress, "203.0.113.1", later(600))).toEqual({ allowed: true });
    // The hour is over: a fresh window.
    expect(await hitRateLimit(db(), rule, "203.0.113.1", later(3600))).toEqual({ allowed: true });
    // What is counted is not stored in clear.
    const subjects = (await db().select().from(rateLimitCounters)).map((r) => r.subject);
    expect(subjects.join(" ")).not.toContain("203.0.113");
  });

  it("reads whether a subject is over a rule without counting: over once its limit is used, free when the window ends", async () => {
    const rule = RATE_RULES.webhookRefusedPerAddress; // 20 in 10 minutes
    const t1 = new Date("2026-11-23T12:00:00Z");
    const at = (seconds: number) => new Date(t1.getTime() + seconds * 1000);
    expect(await readRateLimit(db(), rule, "203.0.113.9", t1)).toEqual({ allowed: true });
    for (let i = 0; i < 19; i++) await hitRateLimit(db(), rule, "203.0.113.9", at(i));
    // Reading counts nothing: still one left.
    for (let i = 0; i < 3; i++)
      expect(await readRateLimit(db(), rule, "203.0.113.9", at(30))).toEqual({ allowed: true });
    expect(await hitRateLimit(db(), rule, "203.0.113.9", at(30))).toEqual({ allowed: true });
    expect(await readRateLimit(db(), rule, "203.0.113.9", at(60))).toEqual({
      allowed: false,
      retryAfterSeconds: 540,
      message: "Too many unsigned webhook deliveries. Please wait 9 minutes and try again.",
    });
    expect(await readRateLimit(db(), rule, "203.0.113.10", at(60))).toEqual({ allowed: true });
    expect(await readRateLimit(db(), rule, "203.0.113.9", at(600))).toEqual({ allowed: true });
  });

  it("sweeps counters whose windows have ended", async () => {
    await hitRateLimit(db(), RATE_RULES.trackPerAddress, "198.51.100.7", t0);
    expect(await sweepRateLimits(db(), later(601))).toBeGreaterThanOrEqual(1);
    const left = await db().select().from(rateLimitCounters);
    expect(left.every((r) => r.windowEndsAt.getTime() >= later(601).getTime())).toBe(true);
  });

  it("/track: 30 lookups per address in 10 minutes; the 31st is refused with the message", async () => {
    const look = (address: string, at: Date) =>
      lookUpOrder(db(), { orderNumber: "ORD-100000", phone: `0300 55500${at.getSeconds() % 10}`, address, now: at });
    const base = new Date("2026-11-23T11:00:00Z");
    for (let i = 0; i < 30; i++)
      expect((await look("192.0.2.10", new Date(base.getTime() + i * 1000))).kind).toBe("not-found");
    expect(await look("192.0.2.10", new Date(base.getTime() + 40_000))).toEqual({
      kind: "limited",
      retryAfterSeconds: 560,
      message: "Too many tracking attempts. Please wait 10 minutes and try again.",
    });
    expect((await look("192.0.2.10", new Date(base.getTime() + 600_000))).kind).toBe("not-found");
  });

  it("/track: 10 failed lookups per phone an hour, from any number of addresses; a found order does not count", async () => {
    const buyer = await createTestBuyer(db());
    const phone = "+923009990001";
    const order = await placeOrder(
      { db: db() },
      { userId: buyer, items: [{ productId: TEE, quantity: 1 }], shipping: { ...SHIPPING, phone } },
    );
    const base = new Date("2026-11-23T12:00:00Z");
    const look = (orderNumber: string, i: number) =>
      lookUpOrder(db(), {
        orderNumber,
        phone: "0300-9990001",
        address: `10.20.0.${i}`,
        now: new Date(base.getTime() + i * 1000),
      });
    expect((await look(order.orderNumber, 1)).kind).toBe("found");
    for (let i = 2; i <= 10; i++) expect((await look("ORD-000001", i)).kind).toBe("not-found");
    expect((await look(order.orderNumber, 11)).kind).toBe("found"); // the right number still works after 9 misses
    expect((await look("ORD-000002", 12)).kind).toBe("not-found"); // the 10th miss
    const refused = await look(order.orderNumber, 13);
    expect(refused).toMatchObject({
      kind: "limited",
      message: "Too many tracking attempts for this phone number. Please wait 60 minutes and try again.",
    });
  });

  it("Notify Me: 10 requests per address an hour, then a 429 answer beside the e-mail field; nothing stored", async () => {
    const base = new Date("2026-11-23T13:00:00Z");
    for (let i = 0; i < 10; i++) {
      expect(
        await subscribeToNotify(
          db(),
          { email: `n${i}@example.pk`, target: "category:jackets" },
          { address: "192.0.2.50", now: base },
        ),
      ).toMatchObject({ ok: true });
    }
    expect(
      await subscribeToNotify(
        db(),
        { email: "n6@example.pk", target: "category:jackets" },
        { address: "192.0.2.50", now: base },
      ),
    ).toEqual({
      ok: false,
      errors: { email: "Too many Notify Me requests. Please wait 60 minutes and try again." },
      values: { email: "n6@example.pk" },
      retryAfterSeconds: 3600,
    });
  });

  describe("open orders per account and per phone", () => {
    const order = (userId: string, phone: string, quantity = 1) =>
      placeOrder({ db: db() }, { userId, items: [{ productId: TEE, quantity }], shipping: { ...SHIPPING, phone } });
    const refusal = (p: Promise<unknown>) =>
      p.then(
        () => null,
        (e: unknown) => (e instanceof AppError ? { code: e.code, status: e.status, message: e.message } : e),
      );

    it("an account may hold 10 open orders; the 11th is refused until one is delivered or cancelled", async () => {
      const buyer = await createTestBuyer(db());
      const placed = [];
      for (let i = 0; i < 10; i++) placed.push(await order(buyer, `+9230011100${i}0`));
      expect(await refusal(order(buyer, "+923001110099"))).toEqual({
        code: "ORDER_LIMIT_REACHED",
        status: 409,
        message:
          "You already have 10 orders on the way. Please wait until one is delivered (or cancel one) before placing another.",
      });
      await db().update(orders).set({ status: "delivered" }).where(eq(orders.id, placed[0].orderId));
      expect((await order(buyer, "+923001110099")).created).toBe(true);
    });

    it("a phone number may hold 10 open orders whatever the accounts, so free sign-ups do not get round it", async () => {
      const phone = "+923002220000";
      for (let i = 0; i < 10; i++) await order(await createTestBuyer(db()), phone);
      expect(await refusal(order(await createTestBuyer(db()), "0300 2220000"))).toMatchObject({
        code: "ORDER_LIMIT_REACHED",
      });
      const [one] = await db().select({ id: orders.id }).from(orders).where(eq(orders.phone, phone)).limit(1);
      await db().update(orders).set({ status: "cancelled" }).where(eq(orders.id, one.id));
      expect((await order(await createTestBuyer(db()), phone)).created).toBe(true);
    });

    it("open orders may hold 60 units in all; more is refused with what is left, and nothing is taken", async () => {
      const buyer = await createTestBuyer(db());
      await order(buyer, "+923003330001", 25);
      await order(buyer, "+923003330002", 25);
      const [before] = await db()
        .select({ stock: productVariants.stock })
        .from(productVariants)
        .where(eq(productVariants.productId, TEE))
        .limit(1);
      expect(await refusal(order(buyer, "+923003330003", 10 + 1))).toEqual({
        code: "ORDER_LIMIT_REACHED",
        status: 409,
        message:
          "Orders on the way may hold at most 60 items in all; you can order 10 more until one is delivered. Please lower the quantity.",
      });
      const [after] = await db()
        .select({ stock: productVariants.stock })
        .from(productVariants)
        .where(eq(productVariants.productId, TEE))
        .limit(1);
      expect(after.stock).toBe(before.stock);
      expect((await order(buyer, "+923003330003", 10)).created).toBe(true);
    });

    it("orders racing on one account cannot squeeze past the cap together", async () => {
      const buyer = await createTestBuyer(db());
      const results = await Promise.all(
        Array.from({ length: 12 }, (_, i) => refusal(order(buyer, `+9230044400${String(i).padStart(2, "0")}`))),
      );
      expect(results.filter((r) => r === null)).toHaveLength(10);
      expect(
        results.filter((r) => r !== null).every((r) => (r as { code: string }).code === "ORDER_LIMIT_REACHED"),
      ).toBe(true);
    });

    it("an order the owner enters for a customer is not capped", async () => {
      const owner = await createTestBuyer(db(), "Owner");
      const phone = "+923005550000";
      for (let i = 0; i < 6; i++) {
        const placed = await placeOrder(
          { db: db() },
          {
            userId: null,
            items: [{ productId: TEE, quantity: 1 }],
            shipping: { ...SHIPPING, phone },
            enteredBy: { actor: { id: owner, name: "Owner" }, channel: "phone" },
          },
        );
        expect(placed.created).toBe(true);
      }
    });
  });

  it.runIf(kind === "postgres")("two app instances on one PostgreSQL share the counters", async () => {
    const second: Database = await openDatabase({ databaseUrl: database.url!, dataDir: "" });
    try {
      const rule = RATE_RULES.contactPerAddress; // 10 an hour
      const base = new Date("2026-11-23T14:00:00Z");
      const verdicts = [];
      for (let i = 0; i < 11; i++)
        verdicts.push(await hitRateLimit(i % 2 === 0 ? db() : second.db, rule, "192.0.2.99", base));
      expect(verdicts.slice(0, 10).every((v) => v.allowed)).toBe(true);
      expect(verdicts[10].allowed).toBe(false);
      // And at once, from both: exactly 10 of 30 get through.
      const burst = await Promise.all(
        Array.from({ length: 30 }, (_, i) => hitRateLimit(i % 2 === 0 ? db() : second.db, rule, "192.0.2.98", base)),
      );
      expect(burst.filter((v) => v.allowed)).toHaveLength(10);
    } finally {
      await second.close();
    }
  });

  it("discount codes: 10 refused codes an hour per account, whether by Apply or by placing orders; a code that works gives its count back", async () => {
    await db().insert(discountCodes).values({ code: "GUESSME10", kind: "percent", value: 10 });
    const buyer = await createTestBuyer(db(), "Code Guesser");
    const base = new Date("2026-11-23T12:00:00Z");
    const who = (i: number) => ({ address: `192.0.2.${100 + i}`, userId: buyer });
    const order = (code: string, i: number) =>
      placeWithDiscountCode(
        db(),
        who(i),
        code,
        () =>
          placeOrder(
            { db: db() },
            {
              userId: buyer,
              items: [{ productId: TEE, color: "Black", size: "M", quantity: 1 }],
              shipping: { ...SHIPPING, phone: `+92300765432${i % 10}` },
              discountCode: code,
            },
          ),
        base,
      );
    const lines = [{ productId: TEE, categorySlug: "t-shirts", price: 1299, quantity: 1, onSale: false }];
    const apply = (code: string, i: number) =>
      tryDiscountCode(
        db(),
        who(i),
        () => previewDiscountCode(db(), { code, lines, userId: buyer, phone: "+923007654321", now: base }),
        base,
      );
    // A working code is given its count back: these do not add up.
    for (let i = 0; i < 3; i++) expect((await apply("GUESSME10", i)).ok).toBe(true);
    const refusedOrder = (i: number) =>
      order(`WRONG${i}`, i).then(
        () => null,
        (e: AppError) => e.message,
      );
    // Five wrong codes at checkout and five wrong orders, each from another address.
    for (let i = 0; i < 5; i++)
      expect(await apply(`NOPE${i}`, i)).toMatchObject({ ok: false, message: "This code is not valid" });
    for (let i = 5; i < 10; i++) expect(await refusedOrder(i)).toBe("This code is not valid");
    const limited = "Too many discount codes tried. Please wait 60 minutes and try again.";
    expect(await apply("NOPE99", 11)).toMatchObject({ ok: false, refusal: "limited", message: limited });
    const before = (await db().select({ id: orders.id }).from(orders)).length;
    await expect(order("GUESSME10", 12)).rejects.toMatchObject({
      code: "RATE_LIMITED",
      message: limited,
      fields: { discountCode: limited },
    });
    expect((await db().select({ id: orders.id }).from(orders)).length).toBe(before);
    // An order with no code is not held up.
    expect(await placeWithDiscountCode(db(), who(13), null, async () => "placed")).toBe("placed");
  });
});
