import fs from "node:fs";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSecretBoxes } from "~/db/secret-box.server";
import { startJazzcashStandIn, type JazzcashStandIn } from "~/integrations/payments/jazzcash/jazzcash-stand-in";
import { startSafepayStandIn, type SafepayStandIn } from "~/integrations/payments/safepay/safepay-stand-in";
import { connectGateway } from "~/modules/payments/payment-settings.server";
import { messageOutbox, orderStatusHistory, orders, payments, productVariants } from "~/schema";
import { useTestDatabase } from "../../tests/factories/test-database";
import { testProviders } from "../../tests/factories/test-providers";
import { TEST_AUTH_SECRET } from "../../tests/factories/test-secret";
import {
  BUILT_SERVER,
  headersFor,
  signUp,
  startServerProcess,
  type ServerProcess,
} from "../../tests/factories/server-process";

/**
 * Issue 42: a gateway's answers about one payment reaching two server processes at once
 * (`node server/start.js`, each its own pool, on one PostgreSQL): Safepay's webhook to both and the
 * buyer's signed return to both, or JazzCash's return and IPN to both. The order is confirmed and
 * paid exactly once: one paid attempt, one move to confirmed, the amount paid once, each e-mail once.
 */
const built = fs.existsSync(BUILT_SERVER);
if (!built && process.env.KAPRA_TEST_GATE)
  throw new Error(`${BUILT_SERVER} is missing: scripts/test.sh must build before the tests`);

const ROUNDS = Number(process.env.PAYMENT_RACE_ROUNDS) || 3;
const EMAIL = "pay-race@example.pk";
const IP = "10.42.0.1";

describe.skipIf(!built)("a payment's answers reaching two processes at once on one PostgreSQL", () => {
  const database = useTestDatabase("postgres");
  const db = () => database.db;
  const servers: ServerProcess[] = [];
  let safepay: SafepayStandIn;
  let jazzcash: JazzcashStandIn;
  let cookie: string;

  beforeAll(async () => {
    [safepay, jazzcash] = await Promise.all([startSafepayStandIn(), startJazzcashStandIn()]);
    // The keys are sealed with the secret the server processes are given, as Settings -> Payments does.
    const box = createSecretBoxes(TEST_AUTH_SECRET)["payment-credentials"];
    const gateways = testProviders({ safepayApiUrl: safepay.url, jazzcashApiUrl: jazzcash.url }).payments;
    const { apiKey, secretKey, webhookSecret } = safepay.credentials;
    expect(await connectGateway(db(), box, gateways, "safepay", { apiKey, secretKey, webhookSecret })).toMatchObject({
      ok: true,
    });
    expect(await connectGateway(db(), box, gateways, "jazzcash", { ...jazzcash.credentials })).toMatchObject({
      ok: true,
    });
    await db()
      .update(productVariants)
      .set({ stock: 1000 })
      .where(eq(productVariants.productId, "essential-crew-neck-tee"));
    const env = {
      DATABASE_URL: database.url!,
      WEB_CONCURRENCY: "1",
      TRUST_PROXY: "1",
      ABUSE_LIMITS_SCALE: "1000",
      SAFEPAY_API_URL: safepay.url,
      JAZZCASH_API_URL: jazzcash.url,
    };
    servers.push(...(await Promise.all([startServerProcess(env), startServerProcess(env)])));
    cookie = await signUp(servers[0], { email: EMAIL, password: "a-long-password-1", name: "Pay Racer", ip: IP });
  }, 240_000);
  afterAll(async () => {
    await Promise.all([...servers.map((s) => s.stop("SIGKILL")), safepay?.stop(), jazzcash?.stop()]);
  }, 60_000);

  type Placed = {
    orderId: string;
    payment: {
      gateway: string;
      reference: string;
      redirect: { method: string; url: string; fields?: Record<string, string> };
    };
  };
  const placeOnline = async (gateway: "safepay" | "jazzcash", key: string): Promise<Placed> => {
    const res = await fetch(`${servers[0].url}/api/orders`, {
      method: "POST",
      headers: {
        ...headersFor(servers[0], { cookie, ip: IP }),
        "content-type": "application/json",
        "Idempotency-Key": key,
      },
      body: JSON.stringify({
        items: [{ productId: "essential-crew-neck-tee", color: "Black", size: "M", quantity: 1 }],
        shipping: {
          fullName: "Pay Racer",
          email: EMAIL,
          phone: "0300 4445566",
          city: "Karachi",
          address: "House 4, Street 9, Clifton",
        },
        paymentMethod: "online",
        gateway,
      }),
    });
    const body = (await res.json()) as { data: Placed };
    expect(res.status, JSON.stringify(body)).toBe(201);
    return body.data;
  };
  /** The buyer's browser coming back with the gateway's signed fields: a form POST, as the gateways send it. */
  const postReturn = async (server: ServerProcess, gateway: string, fields: Record<string, string>) => {
    const res = await fetch(`${server.url}/payments/${gateway}/return`, {
      method: "POST",
      headers: { "x-forwarded-for": IP, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
      redirect: "manual",
    });
    await res.arrayBuffer();
    return res.status;
  };

  /** What the order and its attempts say once the dust settles: everything that must happen once. */
  const settled = async (orderId: string) => {
    const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
    const attempts = await db().select().from(payments).where(eq(payments.orderId, orderId));
    const moves = await db()
      .select({ to: orderStatusHistory.toStatus })
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, orderId));
    const mail = await db()
      .select({ kind: messageOutbox.kind, to: messageOutbox.toAddress, channel: messageOutbox.channel })
      .from(messageOutbox)
      .where(eq(messageOutbox.orderId, orderId));
    return { order, attempts, moves, mail };
  };
  const expectPaidOnce = async (orderId: string, round: string) => {
    const { order, attempts, moves, mail } = await settled(orderId);
    expect(order, round).toMatchObject({ status: "confirmed", paymentStatus: "paid", amountPaid: order.total });
    expect(
      attempts.map((a) => [a.state, a.amountPaisa]),
      round,
    ).toEqual([["paid", order.total * 100]]);
    expect(
      moves.filter((m) => m.to === "confirmed"),
      round,
    ).toHaveLength(1);
    expect(mail.length, round).toBeGreaterThan(0);
    const sent = mail.map((m) => `${m.channel}:${m.kind}:${m.to}`);
    expect(sent, round).toEqual([...new Set(sent)]);
  };

  it("Safepay's webhook and the buyer's return, each to both processes at once: paid once", async () => {
    const [a, b] = servers;
    for (let round = 0; round < ROUNDS; round++) {
      const placed = await placeOnline("safepay", `safepay-race-${round}`);
      const tracker = new URL(placed.payment.redirect.url).searchParams.get("beacon")!;
      safepay.decide(tracker, "pay");
      const fields = safepay.returnFields(tracker);
      const answers = await Promise.all([
        safepay.webhook(`${a.url}/webhooks/safepay`, tracker),
        safepay.webhook(`${b.url}/webhooks/safepay`, tracker),
        postReturn(a, "safepay", fields),
        postReturn(b, "safepay", fields),
      ]);
      // Webhooks are acknowledged; the buyer lands on their order either way.
      expect(answers, `round ${round}`).toEqual([200, 200, 302, 302]);
      await expectPaidOnce(placed.orderId, `safepay round ${round}`);
    }
  }, 180_000);

  it("JazzCash's signed return and its IPN, each to both processes at once: paid once", async () => {
    const [a, b] = servers;
    for (let round = 0; round < ROUNDS; round++) {
      const placed = await placeOnline("jazzcash", `jazzcash-race-${round}`);
      // The buyer's browser posts the signed pp_ fields to JazzCash's hosted page.
      const page = await fetch(placed.payment.redirect.url, {
        method: "POST",
        body: new URLSearchParams(placed.payment.redirect.fields),
      });
      expect(page.status).toBe(200);
      await page.arrayBuffer();
      jazzcash.decide(placed.payment.reference, "pay");
      const fields = jazzcash.returnFields(placed.payment.reference);
      const answers = await Promise.all([
        postReturn(a, "jazzcash", fields),
        postReturn(b, "jazzcash", fields),
        jazzcash.notify(`${a.url}/webhooks/jazzcash`, placed.payment.reference),
        jazzcash.notify(`${b.url}/webhooks/jazzcash`, placed.payment.reference),
      ]);
      expect(answers, `round ${round}`).toEqual([302, 302, 200, 200]);
      await expectPaidOnce(placed.orderId, `jazzcash round ${round}`);
    }
  }, 180_000);
});
