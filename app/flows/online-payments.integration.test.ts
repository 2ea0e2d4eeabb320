import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSecretBoxes } from "~/db/secret-box.server";
import { startJazzcashStandIn, type JazzcashStandIn } from "~/integrations/payments/jazzcash/jazzcash-stand-in";
import { startSafepayStandIn, type SafepayStandIn } from "~/integrations/payments/safepay/safepay-stand-in";
import { startPostexStandIn, type PostexStandIn } from "~/integrations/couriers/postex/postex-stand-in";
import { connectCourierApi } from "~/modules/shipping/connection/courier-connection.server";
import { listBookingCandidates } from "~/modules/shipping/booking/booking-candidates.server";
import { connectGateway, savePaymentRules } from "~/modules/payments/payment-settings.server";
import { DEFAULT_PAYMENT_RULES } from "~/modules/payments/payment-rules";
import { messageOutbox, orders, paymentEvents, payments, productVariants } from "~/schema";
import { refusal } from "../../tests/factories/refusal";
import { DATABASE_KINDS, useTestDatabase } from "../../tests/factories/test-database";
import { TEST_ITEM } from "../../tests/factories/test-orders";
import { testProviders } from "../../tests/factories/test-providers";
import { TEST_AUTH_SECRET } from "../../tests/factories/test-secret";
import { insertTestCourier } from "../../tests/factories/test-shipments";
import { createTestBuyer } from "../../tests/factories/test-users";
import { expireUnpaidOrders } from "./expire-unpaid-orders.server";
import { placeOrder } from "./place-order.server";
import { settleGatewayReport } from "./settle-payment.server";
import { startOnlinePayment } from "./start-online-payment.server";
import { bookParcels } from "./book-parcels.server";
import { refundPayment } from "./refund-payment.server";
import { listPayments, readPaymentsQuery, exportPaymentsCsv } from "~/modules/payments/list-payments.server";

const SHOP = "http://shop.test";

/**
 * Paying online (issue 42): an order placed to be paid is confirmed only by the gateway's verified
 * answer for exactly its amount, once; unpaid it is cancelled at its time with its stock back; paid
 * late it is revived, or needs a refund. Against the gateways' stand-ins, on both databases.
 */
describe.each(DATABASE_KINDS)("online payments on %s", (kind) => {
  const database = useTestDatabase(kind);
  const boxes = createSecretBoxes(TEST_AUTH_SECRET);
  const box = boxes["payment-credentials"];
  let safepay: SafepayStandIn;
  let jazzcash: JazzcashStandIn;
  let postex: PostexStandIn;
  let postexId: number;
  let providers: ReturnType<typeof testProviders>;
  let deps: { gateways: ReturnType<typeof testProviders>["payments"]; box: typeof box };
  let buyer: string;

  beforeAll(async () => {
    [safepay, jazzcash, postex] = await Promise.all([
      startSafepayStandIn(),
      startJazzcashStandIn(),
      startPostexStandIn(),
    ]);
    providers = testProviders({ safepayApiUrl: safepay.url, jazzcashApiUrl: jazzcash.url, postexApiUrl: postex.url });
    deps = { gateways: providers.payments, box };
    const { apiKey, secretKey, webhookSecret } = safepay.credentials;
    expect(
      await connectGateway(database.db, box, providers.payments, "safepay", { apiKey, secretKey, webhookSecret }),
    ).toMatchObject({ ok: true });
    const { merchantId, password, integritySalt, mpin } = jazzcash.credentials;
    expect(
      await connectGateway(database.db, box, providers.payments, "jazzcash", {
        merchantId,
        password,
        integritySalt,
        mpin,
      }),
    ).toMatchObject({ ok: true });
    buyer = await createTestBuyer(database.db);
    postexId = await insertTestCourier(database.db, "PostEx");
    expect(
      await connectCourierApi(database.db, boxes["courier-credentials"], providers.couriers.api.postex, postexId, {
        token: postex.token,
      }),
    ).toMatchObject({ ok: true });
  }, 120_000);
  afterAll(async () => {
    await Promise.all([safepay?.stop(), jazzcash?.stop(), postex?.stop()]);
  });

  const shipping = (phone = "+923001234567", city = "Lahore") => ({
    fullName: "Sana Malik",
    email: "sana@example.pk",
    phone,
    city,
    address: "House 4, Street 9",
    postalCode: null,
    country: "Pakistan" as const,
  });
  const teeVariant = and(
    eq(productVariants.productId, TEST_ITEM.productId),
    eq(productVariants.color, TEST_ITEM.color),
    eq(productVariants.size, TEST_ITEM.size),
  );
  const stockOf = async () =>
    (await database.db.select({ stock: productVariants.stock }).from(productVariants).where(teeVariant))[0]?.stock;
  const orderRow = async (id: string) => (await database.db.select().from(orders).where(eq(orders.id, id)))[0];
  const paymentRows = (orderId: string) => database.db.select().from(payments).where(eq(payments.orderId, orderId));
  const placeOnline = (gateway: "safepay" | "jazzcash", over: Partial<Parameters<typeof placeOrder>[1]> = {}) =>
    placeOrder(
      { db: database.db },
      {
        userId: buyer,
        items: [{ ...TEST_ITEM, quantity: 1 }],
        shipping: shipping(),
        paymentMethod: "online",
        gateway,
        ...over,
      },
    );
  /** Books the order's parcel with PostEx over its API (the stand-in), as Shipping -> Book does. */
  const book = async (orderId: string) => {
    const result = await bookParcels(
      { db: database.db, providers, secretBoxes: boxes },
      { id: null, name: "Owner" },
      { orderIds: [orderId], couriers: { [orderId]: postexId } },
    );
    expect(result.refused).toEqual([]);
    return result.booked[0];
  };
  const start = (orderId: string, gateway: "safepay" | "jazzcash") =>
    startOnlinePayment({ db: database.db }, deps, { orderId, gateway, publicUrl: SHOP });
  const settle = (
    gateway: "safepay" | "jazzcash",
    fields: Record<string, string>,
    source: "return" | "notification" = "return",
  ) =>
    settleGatewayReport(
      { db: database.db },
      deps,
      gateway,
      providers.payments[gateway].readReturn(
        { ...(gateway === "safepay" ? safepay.credentials : jazzcash.credentials) },
        fields,
      ),
      source,
    );

  it("places an online order awaiting payment, its stock held, with no order e-mail or COD confirmation yet", async () => {
    const before = await stockOf();
    const placed = await placeOnline("safepay");
    expect(placed.awaitingPayment).toBe(true);
    const row = await orderRow(placed.orderId);
    expect(row).toMatchObject({
      status: "awaiting_payment",
      paymentMethod: "online",
      paymentStatus: "unpaid",
      codFee: 0,
      amountPaid: 0,
    });
    expect(row.paymentDueBy!.getTime() - row.createdAt.getTime()).toBe(30 * 60_000);
    expect(await stockOf()).toBe(before! - 1);
    const mail = await database.db.select().from(messageOutbox);
    expect(mail.filter((m) => JSON.stringify(m).includes(row.orderNumber))).toHaveLength(0);
  });

  it("pays by Safepay: the signed return is checked with the reporter, the order is confirmed and paid once, the e-mail queued", async () => {
    const placed = await placeOnline("safepay");
    const started = await start(placed.orderId, "safepay");
    expect(started.redirect).toMatchObject({
      method: "GET",
      url: expect.stringContaining("/checkout/pay?beacon=track_"),
    });
    const tracker = (await paymentRows(placed.orderId))[0].gatewayReference!;
    // The browser comes back before paying: nothing changes.
    expect(await settle("safepay", safepay.returnFields(tracker))).toMatchObject({
      kind: "not-paid",
      outcome: "pending",
    });
    safepay.decide(tracker, "pay");
    // The return and the webhook arrive together, and the webhook twice: paid once.
    const webhook = async () => {
      const t = safepay.trackers.get(tracker)!;
      const data = { tracker, order_id: t.orderId, state: t.state, amount: t.reportedPaisa, currency: "PKR" };
      const { safepayWebhookSignature } = await import("~/integrations/payments/safepay/safepay-gateway.server");
      return settleGatewayReport(
        { db: database.db },
        deps,
        "safepay",
        providers.payments.safepay.readNotification(
          safepay.credentials,
          JSON.stringify({ type: "payment.succeeded", data }),
          { "x-sfpy-signature": safepayWebhookSignature(data, safepay.credentials.webhookSecret) },
        ),
        "notification",
      );
    };
    const outcomes = await Promise.all([settle("safepay", safepay.returnFields(tracker)), webhook(), webhook()]);
    expect(outcomes.map((o) => o.kind)).toEqual(["paid", "paid", "paid"]);
    expect(outcomes.filter((o) => o.kind === "paid" && !o.already)).toHaveLength(1);
    const row = await orderRow(placed.orderId);
    expect(row).toMatchObject({
      status: "confirmed",
      paymentStatus: "paid",
      amountPaid: row.total,
      paymentDueBy: null,
    });
    expect((await paymentRows(placed.orderId))[0]).toMatchObject({ state: "paid", amountPaisa: row.total * 100 });
    const mail = await database.db.select().from(messageOutbox);
    expect(mail.some((m) => JSON.stringify(m).includes(row.orderNumber))).toBe(true);
    // Paid in whole: PostEx is told to collect nothing, and its settlement expects nothing.
    expect(await book(placed.orderId)).toMatchObject({ state: "booked", codAmount: 0 });
    expect(Number(postex.parcelFor(row.orderNumber)!.request.invoicePayment)).toBe(0);
  });

  it("a forged return, a tampered amount or a return for another gateway change nothing, and are logged", async () => {
    const placed = await placeOnline("safepay");
    await start(placed.orderId, "safepay");
    const tracker = (await paymentRows(placed.orderId))[0].gatewayReference!;
    safepay.decide(tracker, "pay");
    expect(await settle("safepay", { ...safepay.returnFields(tracker), sig: "f".repeat(64) })).toMatchObject({
      kind: "refused",
      reason: "signature",
    });
    safepay.reportAmount(tracker, 100);
    expect(await settle("safepay", safepay.returnFields(tracker))).toMatchObject({ kind: "refused", reason: "amount" });
    expect(await orderRow(placed.orderId)).toMatchObject({ status: "awaiting_payment", amountPaid: 0 });
    const events = await database.db.select().from(paymentEvents);
    expect(events.some((e) => !e.verified && e.outcome === "refused")).toBe(true);
    expect(events.some((e) => e.outcome === "amount-mismatch")).toBe(true);
  });

  it("pays by JazzCash through its hosted page's signed answer; a declined one keeps the order for another try", async () => {
    const placed = await placeOnline("jazzcash");
    const first = await start(placed.orderId, "jazzcash");
    expect(first.redirect.method).toBe("POST");
    jazzcash.transactions.set(first.reference, {
      reference: first.reference,
      amountPaisa: Number((first.redirect as { fields: Record<string, string> }).fields.pp_Amount),
      returnUrl: `${SHOP}/payments/jazzcash/return`,
      request: (first.redirect as { fields: Record<string, string> }).fields,
      state: "started",
      txnType: "MWALLET",
      refundedPaisa: 0,
      retrievalReference: "900001",
    });
    jazzcash.decide(first.reference, "decline");
    expect(await settle("jazzcash", jazzcash.returnFields(first.reference))).toMatchObject({
      kind: "not-paid",
      outcome: "declined",
    });
    expect(await orderRow(placed.orderId)).toMatchObject({ status: "awaiting_payment" });
    const second = await start(placed.orderId, "jazzcash");
    const fields = (second.redirect as { fields: Record<string, string> }).fields;
    await fetch(`${jazzcash.url}/CustomerPortal/transactionmanagement/merchantform/`, {
      method: "POST",
      body: new URLSearchParams(fields),
    });
    jazzcash.decide(second.reference, "pay");
    expect(await settle("jazzcash", jazzcash.returnFields(second.reference))).toMatchObject({
      kind: "paid",
      already: false,
    });
    expect(await orderRow(placed.orderId)).toMatchObject({ status: "confirmed", paymentStatus: "paid" });
    expect((await paymentRows(placed.orderId)).map((p) => p.state).sort()).toEqual(["declined", "paid"]);
  });

  it("unpaid at its time: cancelled, stock back; paid after: revived while the stock is there, else it needs a refund", async () => {
    const later = new Date(Date.now() + 31 * 60_000);
    // Orders earlier tests left awaiting payment are swept first: only this one's stock is counted.
    await expireUnpaidOrders({ db: database.db, now: later }, deps);
    const before = await stockOf();
    const late = await placeOnline("safepay");
    await start(late.orderId, "safepay");
    const swept = await expireUnpaidOrders({ db: database.db, now: later }, deps);
    expect(swept.cancelled).toBeGreaterThanOrEqual(1);
    expect(await orderRow(late.orderId)).toMatchObject({ status: "cancelled" });
    expect(await stockOf()).toBe(before);
    // Paid after the cancel, the item still in stock: the order goes ahead.
    const tracker = (await paymentRows(late.orderId))[0].gatewayReference!;
    safepay.decide(tracker, "pay");
    expect(await settle("safepay", safepay.returnFields(tracker))).toMatchObject({ kind: "paid" });
    expect(await orderRow(late.orderId)).toMatchObject({ status: "confirmed", paymentStatus: "paid" });
    expect(await stockOf()).toBe(before! - 1);

    // The same again with the last piece sold meanwhile: Paid, needs refund.
    const gone = await placeOnline("safepay");
    await start(gone.orderId, "safepay");
    await expireUnpaidOrders({ db: database.db, now: new Date(Date.now() + 31 * 60_000) }, deps);
    await database.db.update(productVariants).set({ stock: 0 }).where(teeVariant);
    const goneTracker = (await paymentRows(gone.orderId))[0].gatewayReference!;
    safepay.decide(goneTracker, "pay");
    expect(await settle("safepay", safepay.returnFields(goneTracker))).toMatchObject({ kind: "needs-refund" });
    expect(await orderRow(gone.orderId)).toMatchObject({ status: "cancelled", paymentStatus: "needs_refund" });
    expect((await paymentRows(gone.orderId))[0].state).toBe("needs_refund");
    await database.db.update(productVariants).set({ stock: 20 }).where(teeVariant);
  });

  it("a payment made at the last moment is found by the sweep's status check and honoured", async () => {
    const placed = await placeOnline("safepay");
    await start(placed.orderId, "safepay");
    safepay.decide((await paymentRows(placed.orderId))[0].gatewayReference!, "pay");
    const swept = await expireUnpaidOrders({ db: database.db, now: new Date(Date.now() + 31 * 60_000) }, deps);
    expect(swept.paid).toBeGreaterThanOrEqual(1);
    expect(await orderRow(placed.orderId)).toMatchObject({ status: "confirmed", paymentStatus: "paid" });
  });

  it("the COD fee is added (and waived above its amount); a risky COD order is asked an advance, paid online, the rest collected", async () => {
    await savePaymentRules(database.db, {
      ...DEFAULT_PAYMENT_RULES,
      codFee: 150,
      codFeeWaivedAbove: 5_000,
      advanceKind: "percent",
      advanceValue: 50,
      advanceCities: ["Quetta"],
    });
    try {
      const cod = await placeOrder(
        { db: database.db },
        { userId: buyer, items: [{ ...TEST_ITEM, quantity: 1 }], shipping: shipping("+923001230001") },
      );
      const row = await orderRow(cod.orderId);
      expect(row).toMatchObject({ status: "pending", codFee: 150, advanceDue: 0 });
      expect(row.total).toBe(row.subtotal + row.shippingFee + 150);
      const big = await placeOrder(
        { db: database.db },
        { userId: buyer, items: [{ ...TEST_ITEM, quantity: 4 }], shipping: shipping("+923001230002") },
      );
      expect((await orderRow(big.orderId)).codFee).toBe(0);

      // To Quetta: refused once with the reason, then placed with a gateway for the advance.
      const refused = await refusal(
        placeOrder(
          { db: database.db },
          { userId: buyer, items: [{ ...TEST_ITEM, quantity: 1 }], shipping: shipping("+923001230003", "Quetta") },
        ),
      );
      expect(refused.fields?.gateway).toMatch(
        /^This order asks an advance of Rs [\d,]+ paid online now \(orders to Quetta pay an advance\)/,
      );
      const risky = await placeOrder(
        { db: database.db },
        {
          userId: buyer,
          items: [{ ...TEST_ITEM, quantity: 1 }],
          shipping: shipping("+923001230003", "Quetta"),
          gateway: "safepay",
        },
      );
      const awaiting = await orderRow(risky.orderId);
      expect(awaiting).toMatchObject({
        status: "awaiting_payment",
        paymentMethod: "cod",
        advanceDue: Math.ceil(awaiting.total / 2),
      });
      const started = await start(risky.orderId, "safepay");
      const tracker = (await paymentRows(risky.orderId))[0].gatewayReference!;
      expect(safepay.trackers.get(tracker)!.amountPaisa).toBe(awaiting.advanceDue * 100);
      expect(started.redirect.method).toBe("GET");
      safepay.decide(tracker, "pay");
      expect(await settle("safepay", safepay.returnFields(tracker))).toMatchObject({ kind: "paid" });
      expect(await orderRow(risky.orderId)).toMatchObject({
        status: "confirmed",
        paymentStatus: "unpaid",
        amountPaid: awaiting.advanceDue,
      });
      // Booked with PostEx over its API: the rider collects only the rest.
      const rest = awaiting.total - awaiting.advanceDue;
      // Shipping -> Book shows what the rider collects beside the total.
      expect((await listBookingCandidates(database.db, [risky.orderId]))[0]).toMatchObject({
        total: awaiting.total,
        codAmount: rest,
      });
      const booked = await book(risky.orderId);
      expect(booked).toMatchObject({ state: "booked", codAmount: rest });
      expect(Number(postex.parcelFor(awaiting.orderNumber)!.request.invoicePayment)).toBe(rest);
    } finally {
      await savePaymentRules(database.db, DEFAULT_PAYMENT_RULES);
    }
  });

  it("refunds a paid payment of a cancelled order through the gateway: never above what was paid, once per key", async () => {
    const placed = await placeOnline("jazzcash");
    const started = await start(placed.orderId, "jazzcash");
    const fields = (started.redirect as { fields: Record<string, string> }).fields;
    await fetch(`${jazzcash.url}/CustomerPortal/transactionmanagement/merchantform/`, {
      method: "POST",
      body: new URLSearchParams(fields),
    });
    jazzcash.decide(started.reference, "pay");
    expect(await settle("jazzcash", jazzcash.returnFields(started.reference))).toMatchObject({ kind: "paid" });
    const refund = (amountPaisa: number, key: string) =>
      refundPayment({ db: database.db }, deps, {
        reference: started.reference,
        amountPaisa,
        idempotencyKey: key,
        requestedBy: "owner@shop.test",
        recordedReference: null,
      });
    // Not while the order goes ahead: only a cancelled or returned order's payment is given back.
    expect((await refusal(refund(1_000, "k-early"))).message).toBe("This payment has nothing left to refund");
    await database.db.update(orders).set({ status: "cancelled" }).where(eq(orders.id, placed.orderId));
    const paid = (await paymentRows(placed.orderId))[0].amountPaisa;
    const over = await refusal(refund(paid + 100, "k-over"));
    expect(over.fields?.amount).toMatch(/^At most Rs [\d,]+ can be refunded/);
    // Half, the same key twice (one refund), then the rest: the gateway gave back exactly what was paid.
    const half = Math.floor(paid / 2);
    const [a, b] = await Promise.all([refund(half, "k-1"), refund(half, "k-1")]);
    expect([a.already, b.already].sort()).toEqual([false, true]);
    expect((await refusal(refund(paid - half + 1, "k-2"))).fields?.amount).toMatch(/^At most/);
    await refund(paid - half, "k-3");
    expect(jazzcash.transactions.get(started.reference)?.refundedPaisa).toBe(paid);
    expect((await paymentRows(placed.orderId))[0]).toMatchObject({ state: "refunded", refundedPaisa: paid });
    expect(await orderRow(placed.orderId)).toMatchObject({ paymentStatus: "refunded" });
    // The Payments list finds it by its order number; the CSV has a header and its row.
    const list = await listPayments(
      database.db,
      readPaymentsQuery(new URLSearchParams(`q=${(await orderRow(placed.orderId)).orderNumber}`)),
    );
    expect(list.rows).toHaveLength(1);
    expect(list.rows[0]).toMatchObject({ state: "refunded", gateway: "jazzcash" });
    let csv = "";
    for await (const chunk of exportPaymentsCsv(database.db, { state: "refunded", gateway: null, q: "" })) csv += chunk;
    expect(csv.split("\n")[0]).toContain("Gateway reference");
    expect(csv).toContain(started.reference);
  });
});
