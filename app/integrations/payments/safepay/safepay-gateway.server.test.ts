import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PaymentToStart } from "~/modules/payments/payment-gateway";
import { createSafepayGateway, safepayReturnSignature, safepayWebhookSignature } from "./safepay-gateway.server";
import { startSafepayStandIn, type SafepayStandIn } from "./safepay-stand-in";

let standIn: SafepayStandIn;
let gateway: ReturnType<typeof createSafepayGateway>;
let credentials: Record<string, string>;

beforeAll(async () => {
  standIn = await startSafepayStandIn();
  gateway = createSafepayGateway({ baseUrl: standIn.url, timeoutMs: 1_000 });
  credentials = { ...standIn.credentials };
});
afterAll(() => standIn.stop());

let n = 0;
function payment(amountPaisa = 250_000): PaymentToStart {
  n += 1;
  return {
    reference: `P${String(n).padStart(8, "0")}`,
    orderNumber: "KP-1002",
    amountPaisa,
    description: "Order KP-1002",
    phone: "+923001234567",
    email: "buyer@example.pk",
    returnUrl: "http://shop.test/payments/safepay/return",
    cancelUrl: "http://shop.test/payments/safepay/cancel",
    createdAt: new Date(),
    expiresAt: new Date(Date.now() + 30 * 60_000),
  };
}

async function started(amountPaisa?: number) {
  const request = payment(amountPaisa);
  const result = await gateway.start(credentials, request);
  if (result.redirect.method !== "GET") throw new Error("Safepay's checkout is a link");
  // The buyer's browser opens the hosted checkout.
  const page = await (await fetch(result.redirect.url)).text();
  return { request, result, url: result.redirect.url, page, tracker: result.gatewayReference };
}

describe("Safepay's signatures", () => {
  it("a return's sig is HMAC-SHA256 of the tracker with the secret key; a webhook's is HMAC-SHA512 of its data", () => {
    expect(safepayReturnSignature("track_1", "k")).toBe(createHmac("sha256", "k").update("track_1").digest("hex"));
    const data = { tracker: "track_1", state: "TRACKER_ENDED" };
    expect(safepayWebhookSignature(data, "w")).toBe(
      createHmac("sha512", "w").update(JSON.stringify(data)).digest("hex"),
    );
  });
});

describe("the Safepay client against its stand-in", () => {
  it("creates a tracker with the API key and sends the buyer to the hosted checkout with our return addresses", async () => {
    const { request, url, page, tracker } = await started(250_050);
    expect(tracker).toMatch(/^track_/);
    const link = new URL(url);
    expect(link.pathname).toBe("/checkout/pay");
    expect(Object.fromEntries(link.searchParams)).toMatchObject({
      beacon: tracker,
      order_id: request.reference,
      redirect_url: request.returnUrl,
      cancel_url: request.cancelUrl,
      env: "sandbox",
    });
    const init = standIn.seen.find((s) => s.path === "/order/v1/init");
    expect(init?.body).toMatchObject({
      client: credentials.apiKey,
      amount: 2500.5,
      currency: "PKR",
      environment: "sandbox",
    });
    expect(page).toContain("PKR 2,500.50");
  });

  it("a wrong API key is refused by name, without the key in the message", async () => {
    const error = await gateway
      .start({ ...credentials, apiKey: "sec_wrong-key-9999" }, payment())
      .catch((e: Error) => e);
    expect(String(error)).toMatch(/Safepay refused the keys/);
    expect(String(error)).not.toContain("sec_wrong-key-9999");
  });

  it("reads a signed return as pending (the status says whether it was paid); a forged sig is null", async () => {
    const { tracker, request } = await started();
    standIn.decide(tracker, "pay");
    const fields = standIn.returnFields(tracker);
    expect(gateway.readReturn(credentials, fields)).toMatchObject({
      gatewayReference: tracker,
      reference: request.reference,
      outcome: "pending",
      amountPaisa: null,
    });
    expect(gateway.readReturn(credentials, { ...fields, sig: "0".repeat(64) })).toBeNull();
    expect(gateway.readReturn(credentials, { ...fields, tracker: "track_someone_elses" })).toBeNull();
    expect(gateway.readReturn({ ...credentials, secretKey: "another-secret" }, fields)).toBeNull();
  });

  it("asks the reporter: pending, then paid with the amount in paisa; a tampered amount is reported as it is", async () => {
    const { tracker, request } = await started(99_900);
    const known = {
      reference: request.reference,
      gatewayReference: tracker,
      amountPaisa: 99_900,
      createdAt: new Date(),
    };
    expect(await gateway.status(credentials, known)).toMatchObject({ outcome: "pending", amountPaisa: 99_900 });
    standIn.decide(tracker, "pay");
    expect(await gateway.status(credentials, known)).toMatchObject({
      outcome: "paid",
      amountPaisa: 99_900,
      currency: "PKR",
    });
    standIn.reportAmount(tracker, 100);
    expect(await gateway.status(credentials, known)).toMatchObject({ outcome: "paid", amountPaisa: 100 });
    expect(await gateway.status(credentials, { ...known, gatewayReference: "track_unknown" })).toMatchObject({
      outcome: "pending",
      amountPaisa: null,
    });
    await expect(gateway.status({ ...credentials, secretKey: "wrong-secret-key" }, known)).rejects.toThrow(
      /refused the keys/,
    );
  });

  it("reads a webhook only with a valid X-SFPY-SIGNATURE", async () => {
    const { tracker } = await started();
    standIn.decide(tracker, "pay");
    const t = standIn.trackers.get(tracker)!;
    const data = { tracker, order_id: t.orderId, state: "TRACKER_ENDED", amount: t.amountPaisa, currency: "PKR" };
    const body = JSON.stringify({ type: "payment.succeeded", data });
    const signature = safepayWebhookSignature(data, credentials.webhookSecret);
    expect(gateway.readNotification(credentials, body, { "x-sfpy-signature": signature })).toMatchObject({
      gatewayReference: tracker,
      amountPaisa: null,
    });
    expect(gateway.readNotification(credentials, body, {})).toBeNull();
    expect(gateway.readNotification(credentials, body, { "x-sfpy-signature": "a".repeat(128) })).toBeNull();
    const tampered = JSON.stringify({ type: "payment.succeeded", data: { ...data, amount: 1 } });
    expect(gateway.readNotification(credentials, tampered, { "x-sfpy-signature": signature })).toBeNull();
  });

  it("refunds through the API, never above what was paid", async () => {
    const { tracker, request } = await started(50_000);
    standIn.decide(tracker, "pay");
    const known = {
      reference: request.reference,
      gatewayReference: tracker,
      amountPaisa: 50_000,
      createdAt: new Date(),
    };
    expect((await gateway.refund(credentials, known, 20_000)).reference).toMatch(/^ref_/);
    await expect(gateway.refund(credentials, known, 40_000)).rejects.toThrow(/exceeds the amount paid/);
    expect(standIn.trackers.get(tracker)?.refundedPaisa).toBe(20_000);
  });

  it("Test reaches the reporter: passes with the keys, names a refusal, and a 5xx or timeout is retryable", async () => {
    await expect(gateway.test(credentials)).resolves.toBeUndefined();
    await expect(gateway.test({ ...credentials, secretKey: "wrong-secret-key" })).rejects.toThrow(/refused the keys/);
    standIn.failNext(1, { status: 502 });
    await expect(gateway.test(credentials)).rejects.toMatchObject({ retryable: true });
    standIn.hangNext(1);
    await expect(gateway.test(credentials)).rejects.toMatchObject({ retryable: true });
  });
});
