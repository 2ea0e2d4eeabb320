import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PaymentGatewayError, type PaymentToStart } from "~/modules/payments/payment-gateway";
import { createJazzcashGateway } from "./jazzcash-gateway.server";
import { jazzcashHash, jazzcashHashValid, jazzcashTime } from "./jazzcash-hash";
import { startJazzcashStandIn, type JazzcashStandIn } from "./jazzcash-stand-in";

let standIn: JazzcashStandIn;
let gateway: ReturnType<typeof createJazzcashGateway>;
let credentials: Record<string, string>;

beforeAll(async () => {
  standIn = await startJazzcashStandIn();
  gateway = createJazzcashGateway({ baseUrl: standIn.url, timeoutMs: 1_000 });
  credentials = { ...standIn.credentials };
});
afterAll(() => standIn.stop());

let n = 0;
function payment(amountPaisa = 250_000): PaymentToStart {
  n += 1;
  const createdAt = new Date("2026-11-29T10:00:00Z");
  return {
    reference: `T2026112900000${String(n).padStart(2, "0")}`,
    orderNumber: "KP-1001",
    amountPaisa,
    description: "Order KP-1001",
    phone: "+923001234567",
    email: "buyer@example.pk",
    returnUrl: "http://shop.test/payments/jazzcash/return",
    cancelUrl: "http://shop.test/checkout",
    createdAt,
    expiresAt: new Date(createdAt.getTime() + 30 * 60_000),
  };
}

/** What the buyer's browser does with the redirect: posts the form to the hosted page. */
async function postForm(url: string, fields: Record<string, string>) {
  const res = await fetch(url, { method: "POST", body: new URLSearchParams(fields) });
  return res.text();
}

describe("JazzCash's secure hash", () => {
  it("is HMAC-SHA256 with the salt over the salt and the sorted non-empty pp values, in upper-case hex", () => {
    const fields = { pp_Version: "1.1", pp_Amount: "100", pp_BankID: "", ppmpf_1: "03001234567", pp_SecureHash: "x" };
    // Sorted by name: pp_Amount, pp_Version, ppmpf_1 ("_" sorts before "m"); pp_BankID is empty and left out.
    const expected = createHmac("sha256", "salt").update("salt&100&1.1&03001234567").digest("hex").toUpperCase();
    expect(jazzcashHash(fields, "salt")).toBe(expected);
    expect(jazzcashHashValid({ ...fields, pp_SecureHash: expected.toLowerCase() }, "salt")).toBe(true);
    expect(jazzcashHashValid({ ...fields, pp_Amount: "101", pp_SecureHash: expected }, "salt")).toBe(false);
    expect(jazzcashHashValid({ ...fields, pp_SecureHash: expected }, "other-salt")).toBe(false);
  });

  it("writes times as yyyyMMddHHmmss in Pakistan time", () => {
    expect(jazzcashTime(new Date("2026-11-29T19:30:05Z"))).toBe("20261130003005");
  });
});

describe("the JazzCash client against its stand-in", () => {
  it("starts a payment as a signed form for the hosted page, in paisa, which the page accepts", async () => {
    const request = payment(250_050);
    const started = await gateway.start(credentials, request);
    expect(started.redirect.method).toBe("POST");
    if (started.redirect.method !== "POST") return;
    expect(started.redirect.url).toBe(`${standIn.url}/CustomerPortal/transactionmanagement/merchantform/`);
    expect(started.redirect.fields).toMatchObject({
      pp_Version: "1.1",
      pp_Amount: "250050",
      pp_TxnCurrency: "PKR",
      pp_TxnRefNo: request.reference,
      pp_TxnDateTime: "20261129150000",
      pp_TxnExpiryDateTime: "20261129153000",
      pp_BillReference: "KP1001",
      ppmpf_1: "03001234567",
    });
    const page = await postForm(started.redirect.url, started.redirect.fields);
    expect(page).toContain("Rs 2,500.50");
    expect(standIn.transactions.get(request.reference)?.amountPaisa).toBe(250_050);
  });

  it("a form whose amount was changed after signing is refused by the page", async () => {
    const started = await gateway.start(credentials, payment());
    if (started.redirect.method !== "POST") throw new Error("expected a form");
    const page = await postForm(started.redirect.url, { ...started.redirect.fields, pp_Amount: "100" });
    expect(page).toContain("invalid secure hash");
  });

  it("reads a signed return: paid (000), declined, pending (124); a forged or tampered one is null", async () => {
    const request = payment();
    const started = await gateway.start(credentials, request);
    if (started.redirect.method !== "POST") throw new Error("expected a form");
    await postForm(started.redirect.url, started.redirect.fields);
    expect(gateway.readReturn(credentials, standIn.returnFields(request.reference))).toMatchObject({
      outcome: "pending",
    });
    standIn.decide(request.reference, "pay");
    const paid = standIn.returnFields(request.reference);
    expect(gateway.readReturn(credentials, paid)).toMatchObject({
      reference: request.reference,
      outcome: "paid",
      amountPaisa: 250_000,
      currency: "PKR",
      method: "MWALLET",
    });
    expect(gateway.readReturn(credentials, { ...paid, pp_Amount: "1000" })).toBeNull();
    expect(gateway.readReturn(credentials, { ...paid, pp_SecureHash: "0".repeat(64) })).toBeNull();
    expect(gateway.readReturn({ ...credentials, integritySalt: "wrong-salt" }, paid)).toBeNull();

    const other = payment();
    const second = await gateway.start(credentials, other);
    if (second.redirect.method !== "POST") throw new Error("expected a form");
    await postForm(second.redirect.url, second.redirect.fields);
    standIn.decide(other.reference, "decline");
    expect(gateway.readReturn(credentials, standIn.returnFields(other.reference))).toMatchObject({
      outcome: "declined",
    });
  });

  it("asks the status server to server: pending, then paid with the amount; an unknown reference is pending", async () => {
    const request = payment(99_900);
    const started = await gateway.start(credentials, request);
    if (started.redirect.method !== "POST") throw new Error("expected a form");
    await postForm(started.redirect.url, started.redirect.fields);
    const known = {
      reference: request.reference,
      gatewayReference: request.reference,
      amountPaisa: 99_900,
      createdAt: request.createdAt,
    };
    expect(await gateway.status(credentials, known)).toMatchObject({ outcome: "pending" });
    standIn.decide(request.reference, "pay");
    expect(await gateway.status(credentials, known)).toMatchObject({ outcome: "paid", amountPaisa: 99_900 });
    expect(await gateway.status(credentials, { ...known, reference: "T99999999999999999" })).toMatchObject({
      outcome: "pending",
      amountPaisa: null,
    });
  });

  it("refunds a wallet payment with the MPIN, never above what was paid", async () => {
    const request = payment(50_000);
    const started = await gateway.start(credentials, request);
    if (started.redirect.method !== "POST") throw new Error("expected a form");
    await postForm(started.redirect.url, started.redirect.fields);
    standIn.decide(request.reference, "pay");
    const known = {
      reference: request.reference,
      gatewayReference: request.reference,
      amountPaisa: 50_000,
      createdAt: request.createdAt,
      method: "MWALLET",
    };
    expect((await gateway.refund(credentials, known, 30_000)).reference).toMatch(/^\d+$/);
    await expect(gateway.refund(credentials, known, 30_000)).rejects.toThrow(/exceeds/);
    await expect(gateway.refund({ ...credentials, mpin: "9999" }, known, 1_000)).rejects.toThrow(/MPIN/);
    expect(standIn.transactions.get(request.reference)?.refundedPaisa).toBe(30_000);
  });

  it("Test passes with the right credentials and names the refusal with wrong ones, never showing a secret", async () => {
    await expect(gateway.test(credentials)).resolves.toBeUndefined();
    const wrongPassword = gateway.test({ ...credentials, password: "not-the-password" });
    await expect(wrongPassword).rejects.toThrow(/merchant ID or password/);
    await expect(gateway.test({ ...credentials, integritySalt: "another-salt-value" })).rejects.toThrow(
      /integrity salt|secure hash/i,
    );
    const error = await gateway.test({ ...credentials, password: "not-the-password" }).catch((e: Error) => e);
    expect(String(error)).not.toContain("not-the-password");
  });

  it("a 5xx, a 429 or no answer is a retryable error", async () => {
    const known = { reference: "T1", gatewayReference: "T1", amountPaisa: 1, createdAt: new Date() };
    standIn.failNext(1, { status: 503 });
    await expect(gateway.status(credentials, known)).rejects.toMatchObject({ retryable: true });
    standIn.failNext(1, { status: 429 });
    await expect(gateway.status(credentials, known)).rejects.toMatchObject({ retryable: true });
    standIn.hangNext(1);
    const error = await gateway.status(credentials, known).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaymentGatewayError);
    expect(error).toMatchObject({ retryable: true, message: expect.stringMatching(/no answer from JazzCash/) });
  });

  it("reads the IPN the same way as the return, as a form or JSON", async () => {
    const request = payment();
    const started = await gateway.start(credentials, request);
    if (started.redirect.method !== "POST") throw new Error("expected a form");
    await postForm(started.redirect.url, started.redirect.fields);
    standIn.decide(request.reference, "pay");
    const fields = standIn.returnFields(request.reference);
    expect(gateway.readNotification(credentials, new URLSearchParams(fields).toString(), {})).toMatchObject({
      outcome: "paid",
    });
    expect(gateway.readNotification(credentials, JSON.stringify(fields), {})).toMatchObject({ outcome: "paid" });
    expect(gateway.readNotification(credentials, JSON.stringify({ ...fields, pp_Amount: "1" }), {})).toBeNull();
    expect(gateway.readNotification(credentials, "{not json", {})).toBeNull();
  });
});
