import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { messageOutbox, orders, orderStatusHistory, productVariants, users, whatsappEvents } from "~/schema";
import { createSecretBox } from "~/db/secret-box.server";
import { createWhatsappCloudSender } from "~/integrations/messaging/whatsapp-cloud.server";
import {
  buttonReplyWebhook,
  signWebhook,
  startWhatsappStandIn,
  statusWebhook,
  textMessageWebhook,
  type WhatsappStandIn,
} from "~/integrations/messaging/whatsapp-stand-in";
import { drainOutbox, type MailWorkerOptions } from "~/modules/messages/mail-worker.server";
import type { WhatsappSender } from "~/modules/messages/message-sender";
import { parseWhatsappButtonPayload } from "~/modules/messages/whatsapp-messages";
import { deleteWhatsappSettings, saveWhatsappSettings } from "~/modules/messages/whatsapp-settings.server";
import { listSellerOrders } from "~/modules/orders/list-seller-orders.server";
import { DATABASE_KINDS, useTestDatabase } from "../../tests/factories/test-database";
import { TEST_ITEM } from "../../tests/factories/test-orders";
import { testProviders } from "../../tests/factories/test-providers";
import { TEST_AUTH_SECRET } from "../../tests/factories/test-secret";
import { moveOrder } from "./move-order.server";
import { placeOrder } from "./place-order.server";
import { receiveWhatsappWebhook, verifyWhatsappSubscription } from "./receive-whatsapp-webhook.server";
import { whatsappOrderDesk } from "./whatsapp-order-desk.server";

const OWNER = { id: "wa-flow-owner", name: "Owner" };
const PUBLIC_URL = "https://kapra.test";
const VERIFY_TOKEN = "my-verify-token-1234";

/**
 * Issue 32 end to end below HTTP: an order queues its confirmation in its own transaction, the
 * worker sends it to the Graph API stand-in, and Meta's signed webhooks (built by the stand-in)
 * confirm or cancel the order, once, and only when signed; receipts, replies, notices, opt-out.
 */
describe.each(DATABASE_KINDS)("WhatsApp confirmations and the webhook, on %s", (kind) => {
  const database = useTestDatabase(kind);
  const db = () => database.db;
  const box = createSecretBox(TEST_AUTH_SECRET, "whatsapp-settings");
  let meta: WhatsappStandIn;
  let sender: WhatsappSender;
  let phones = 0;
  const options = (): MailWorkerOptions => ({
    senders: { email: null, whatsapp: sender },
    whatsappBox: box,
    orderDesk: whatsappOrderDesk,
    from: null,
    publicUrl: PUBLIC_URL,
    retryDelayMs: () => 60_000,
  });
  const send = () => drainOutbox(db(), options());
  const saveSettings = () =>
    saveWhatsappSettings(db(), box, {
      phoneNumberId: meta.phoneNumberId,
      accessToken: meta.accessToken,
      appSecret: meta.appSecret,
      verifyToken: VERIFY_TOKEN,
      confirmationTemplate: "order_confirmation",
      shippedTemplate: "order_shipped",
      deliveredTemplate: "order_delivered",
      language: "en",
      sendDelayMinutes: 0,
      needsCallHours: 24,
    });
  const orderOf = async (id: string) => (await db().select().from(orders).where(eq(orders.id, id)))[0];
  const whatsappRows = (orderId: string) =>
    db()
      .select()
      .from(messageOutbox)
      .where(and(eq(messageOutbox.orderId, orderId), eq(messageOutbox.channel, "whatsapp")));
  const historyOf = (orderId: string) =>
    db()
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, orderId))
      .orderBy(orderStatusHistory.id);
  const stock = async () =>
    (
      await db()
        .select({ stock: productVariants.stock })
        .from(productVariants)
        .where(
          and(
            eq(productVariants.productId, TEST_ITEM.productId),
            eq(productVariants.color, TEST_ITEM.color),
            eq(productVariants.size, TEST_ITEM.size),
          ),
        )
    )[0].stock;
  /** A fresh mobile number per order, so receipts and replies find only that test's orders. */
  const nextPhone = () => `0321${String(1_000_000 + kind.length * 100_000 + ++phones)}`;
  const international = (phone: string) => `92${phone.slice(1)}`;

  /** A phone order the owner enters (as the web checkout, through placeOrder), sent to Meta by the worker. */
  async function sentOrder(opts: { optOut?: boolean } = {}) {
    const phone = nextPhone();
    const placed = await placeOrder(
      { db: db() },
      {
        userId: null,
        items: [{ ...TEST_ITEM, quantity: 1 }],
        shipping: {
          fullName: "Ayesha Khan",
          email: "ayesha@example.pk",
          phone,
          city: "Lahore",
          address: "12 Mall Road",
          postalCode: null,
          country: "Pakistan",
        },
        enteredBy: { actor: OWNER, channel: "phone" },
        whatsappOptOut: opts.optOut,
      },
    );
    await send();
    const received = meta.received.filter((m) => m.to === international(phone));
    return {
      id: placed.orderId,
      orderNumber: placed.orderNumber,
      phone,
      from: international(phone),
      message: received.at(-1),
    };
  }

  /** Meta's delivery as the route hands it over: the raw bytes and their signature. */
  async function deliver(payload: unknown, { signature, now }: { signature?: string | null; now?: Date } = {}) {
    const raw = JSON.stringify(payload);
    const sig = signature === undefined ? signWebhook(raw, meta.appSecret) : signature;
    return receiveWhatsappWebhook({ db: db(), now, providers: testProviders() }, box, Buffer.from(raw, "utf8"), sig);
  }
  const tap = (
    order: { orderNumber: string; from: string; message?: { buttonPayloads: string[]; wamid: string } },
    button: 0 | 1,
    wamid?: string,
  ) =>
    buttonReplyWebhook(meta.phoneNumberId, {
      from: order.from,
      payload: order.message!.buttonPayloads[button],
      text: button === 0 ? "Confirm" : "Cancel",
      contextWamid: order.message!.wamid,
      wamid,
    });

  beforeAll(async () => {
    meta = await startWhatsappStandIn();
    sender = createWhatsappCloudSender({ baseUrl: meta.url, timeoutMs: 1000 });
    await db()
      .insert(users)
      .values({ id: OWNER.id, name: OWNER.name, email: "wa-flow-owner@example.pk", role: "seller" });
  }, 300_000);
  afterAll(async () => {
    await meta?.stop();
  });
  beforeEach(async () => {
    await saveSettings();
  });

  it("queues the confirmation with the order, sends it with the template's parameters, and a signed Confirm confirms the order", async () => {
    const order = await sentOrder();
    const [row] = await whatsappRows(order.id);
    expect(row).toMatchObject({
      kind: "whatsapp_confirmation",
      status: "sent",
      orderNumber: order.orderNumber,
      toAddress: order.from,
    });
    const placed = await orderOf(order.id);
    expect(order.message).toMatchObject({
      template: "order_confirmation",
      language: "en",
      bodyParameters: [
        "Ayesha Khan",
        order.orderNumber,
        `Rs ${placed.total.toLocaleString("en-US")}`,
        "12 Mall Road, Lahore",
      ],
    });
    expect(parseWhatsappButtonPayload(order.message!.buttonPayloads[0])).toMatchObject({
      action: "confirm",
      orderNumber: order.orderNumber,
    });
    expect(placed).toMatchObject({ status: "pending", whatsappStatus: "sent" });

    const at = new Date("2026-11-27T09:07:00Z");
    const result = await deliver(tap(order, 0), { now: at });
    expect(result).toMatchObject({ accepted: true, events: [{ outcome: "confirmed" }] });
    const after = await orderOf(order.id);
    expect(after).toMatchObject({ status: "confirmed", whatsappStatus: "confirmed" });
    expect(after.whatsappAnsweredAt?.toISOString()).toBe(at.toISOString());
    const history = await historyOf(order.id);
    expect(history.at(-1)).toMatchObject({
      fromStatus: "pending",
      toStatus: "confirmed",
      actorName: "Buyer on WhatsApp",
      note: "Confirmed by the buyer on WhatsApp, 14:07 PKT",
    });
  });

  it("cancels on Cancel as a buyer's own cancellation: stock back, the owner told", async () => {
    const before = await stock();
    const order = await sentOrder();
    expect(await stock()).toBe(before - 1);
    const result = await deliver(tap(order, 1));
    expect(result).toMatchObject({ accepted: true, events: [{ outcome: "cancelled" }] });
    expect(await orderOf(order.id)).toMatchObject({ status: "cancelled", whatsappStatus: "cancelled" });
    expect(await stock()).toBe(before);
    const told = await db()
      .select()
      .from(messageOutbox)
      .where(and(eq(messageOutbox.orderId, order.id), eq(messageOutbox.kind, "order_cancelled_by_buyer")));
    expect(told.length).toBeGreaterThan(0);
    expect((await historyOf(order.id)).at(-1)?.note).toMatch(/^Cancelled by the buyer on WhatsApp, \d\d:\d\d PKT$/);
  });

  it("refuses a missing, wrong or other-secret signature, and anything when WhatsApp is not set up: nothing changes", async () => {
    const order = await sentOrder();
    const payload = tap(order, 0);
    const raw = JSON.stringify(payload);
    for (const signature of [
      null,
      "",
      "sha256=00",
      signWebhook(raw, "another-app-secret"),
      signWebhook(`${raw} `, meta.appSecret),
      signWebhook(raw, meta.appSecret).toUpperCase(),
    ]) {
      expect(await deliver(payload, { signature })).toEqual({ accepted: false });
    }
    // The body changed after signing (one byte): refused.
    const sig = signWebhook(raw, meta.appSecret);
    expect(
      await receiveWhatsappWebhook(
        { db: db(), providers: testProviders() },
        box,
        Buffer.from(raw.replace("Confirm", "Cancel"), "utf8"),
        sig,
      ),
    ).toEqual({ accepted: false });
    await deleteWhatsappSettings(db());
    expect(await deliver(payload)).toEqual({ accepted: false });
    await saveSettings();
    expect(await orderOf(order.id)).toMatchObject({ status: "pending", whatsappStatus: "sent" });
    expect(await db().select().from(whatsappEvents).where(eq(whatsappEvents.orderId, order.id))).toHaveLength(0);
  });

  it("applies a webhook delivered twice once", async () => {
    const order = await sentOrder();
    const payload = tap(order, 0);
    expect(await deliver(payload)).toMatchObject({ accepted: true, events: [{ outcome: "confirmed" }] });
    expect(await deliver(payload)).toEqual({ accepted: true, events: [] });
    // Both at the same moment: still once.
    const second = await sentOrder();
    const twice = tap(second, 1);
    const before = await stock();
    const results = await Promise.all([deliver(twice), deliver(twice)]);
    expect(results.flatMap((r) => (r.accepted ? r.events : []))).toHaveLength(1);
    expect(await stock()).toBe(before + 1);
    const confirms = (await historyOf(order.id)).filter((h) => h.toStatus === "confirmed");
    expect(confirms).toHaveLength(1);
  });

  it("changes nothing on a tap for an order that has moved on, a forged nonce or an unknown order, and logs why", async () => {
    const order = await sentOrder();
    await moveOrder({ db: db() }, OWNER, order.id, { status: "cancelled" });
    const result = await deliver(tap(order, 0));
    expect(result).toMatchObject({
      accepted: true,
      events: [{ outcome: "nothing changed: the order had moved on (cancelled)" }],
    });
    expect(await orderOf(order.id)).toMatchObject({ status: "cancelled", whatsappStatus: "sent" });
    const [logged] = await db().select().from(whatsappEvents).where(eq(whatsappEvents.orderId, order.id));
    expect(logged.outcome).toContain("moved on");

    const other = await sentOrder();
    const forged = buttonReplyWebhook(meta.phoneNumberId, {
      from: other.from,
      payload: `confirm:${other.orderNumber}:${"A".repeat(22)}`,
      text: "Confirm",
      contextWamid: other.message!.wamid,
    });
    expect(await deliver(forged)).toMatchObject({
      accepted: true,
      events: [{ outcome: expect.stringContaining("refused") }],
    });
    const unknown = buttonReplyWebhook(meta.phoneNumberId, {
      from: other.from,
      payload: `confirm:ORD-999999:${"A".repeat(22)}`,
      text: "Confirm",
      contextWamid: "x",
    });
    expect(await deliver(unknown)).toMatchObject({
      accepted: true,
      events: [{ outcome: "ignored: no order ORD-999999" }],
    });
    expect(await orderOf(other.id)).toMatchObject({ status: "pending", whatsappStatus: "sent" });
  });

  it("puts receipts onto the log and the order, never backwards: read does not undo confirmed", async () => {
    const order = await sentOrder();
    const wamid = order.message!.wamid;
    await deliver(statusWebhook(meta.phoneNumberId, { wamid, status: "delivered", recipient: order.from }));
    let [row] = await whatsappRows(order.id);
    expect(row.status).toBe("delivered");
    expect(row.deliveredAt).toBeInstanceOf(Date);
    expect((await orderOf(order.id)).whatsappStatus).toBe("delivered");
    await deliver(tap(order, 0));
    await deliver(statusWebhook(meta.phoneNumberId, { wamid, status: "read", recipient: order.from }));
    [row] = await whatsappRows(order.id);
    expect(row.status).toBe("read");
    expect(row.readAt).toBeInstanceOf(Date);
    const after = await orderOf(order.id);
    expect(after.whatsappStatus).toBe("confirmed");
    expect(after.whatsappReadAt).toBeInstanceOf(Date);
    // A late "delivered" does not undo "read".
    await deliver(statusWebhook(meta.phoneNumberId, { wamid, status: "sent", recipient: order.from }));
    expect((await whatsappRows(order.id))[0].status).toBe("read");

    const failing = await sentOrder();
    await deliver(
      statusWebhook(meta.phoneNumberId, {
        wamid: failing.message!.wamid,
        status: "failed",
        recipient: failing.from,
        error: {
          code: 131026,
          title: "Message undeliverable",
          message: "Receiver is incapable of receiving this message",
        },
      }),
    );
    const [failedRow] = await whatsappRows(failing.id);
    expect(failedRow.status).toBe("failed");
    expect(failedRow.lastError).toContain("Message undeliverable");
    expect(await orderOf(failing.id)).toMatchObject({ whatsappStatus: "failed" });
    const needsCall = await listSellerOrders(db(), { status: null, q: "", whatsapp: "needs-call", page: 1 });
    expect(needsCall.orders.map((o) => o.id)).toContain(failing.id);
    expect(needsCall.orders.find((o) => o.id === failing.id)?.whatsapp).toMatchObject({
      status: "failed",
      needsCall: true,
    });
  });

  it("marks any other message as replied on that number's open orders", async () => {
    const order = await sentOrder();
    const result = await deliver(
      textMessageWebhook(meta.phoneNumberId, { from: order.from, body: "Can I change the size to L?" }),
    );
    expect(result).toMatchObject({ accepted: true, events: [{ outcome: "replied (1 open order)" }] });
    const after = await orderOf(order.id);
    expect(after.whatsappRepliedAt).toBeInstanceOf(Date);
    expect(after.status).toBe("pending");
  });

  it("queues nothing for a buyer who opted out, nor when WhatsApp is not set up", async () => {
    const sentBefore = meta.received.length;
    const optedOut = await sentOrder({ optOut: true });
    expect(await whatsappRows(optedOut.id)).toHaveLength(0);
    expect(await orderOf(optedOut.id)).toMatchObject({ whatsappOptOut: true, whatsappStatus: null });
    // Nor its shipped and delivered notices.
    for (const status of ["confirmed", "processing", "shipped", "delivered"] as const)
      await moveOrder({ db: db() }, OWNER, optedOut.id, { status });
    expect(await whatsappRows(optedOut.id)).toHaveLength(0);

    await deleteWhatsappSettings(db());
    const plain = await sentOrder();
    expect(await whatsappRows(plain.id)).toHaveLength(0);
    expect((await orderOf(plain.id)).whatsappStatus).toBeNull();
    expect(meta.received.length).toBe(sentBefore);
  });

  it("sends the shipped notice (courier, tracking link) and the delivered notice (review link) with the moves", async () => {
    const order = await sentOrder();
    await moveOrder({ db: db() }, OWNER, order.id, { status: "confirmed" });
    await moveOrder({ db: db() }, OWNER, order.id, { status: "processing" });
    await moveOrder({ db: db() }, OWNER, order.id, {
      status: "shipped",
      courierName: "TCS",
      trackingNumber: "TCS123456",
    });
    await send();
    const [shipped] = await meta.waitFor((m) => m.to === order.from && m.template === "order_shipped");
    expect(shipped.bodyParameters[0]).toBe(order.orderNumber);
    expect(shipped.bodyParameters[1]).toBe("TCS");
    expect(shipped.bodyParameters[2]).toMatch(/^https?:\/\//);
    await moveOrder({ db: db() }, OWNER, order.id, { status: "delivered" });
    await send();
    const [delivered] = await meta.waitFor((m) => m.to === order.from && m.template === "order_delivered");
    expect(delivered.bodyParameters).toEqual([order.orderNumber, `${PUBLIC_URL}/orders/${order.id}`]);
    const kinds = (await whatsappRows(order.id)).map((r) => r.kind).sort();
    expect(kinds).toEqual(["whatsapp_confirmation", "whatsapp_delivered", "whatsapp_shipped"]);
  });

  it("ends in one consistent state when the buyer's Confirm and the owner's move happen at the same moment", async () => {
    for (let round = 0; round < 3; round++) {
      // Owner cancels while the buyer confirms: cancelled in the end, stock back exactly once.
      const before = await stock();
      const order = await sentOrder();
      const [tapped, moved] = await Promise.allSettled([
        deliver(tap(order, 0)),
        moveOrder({ db: db() }, OWNER, order.id, { status: "cancelled" }),
      ]);
      expect(tapped.status).toBe("fulfilled");
      expect(moved.status).toBe("fulfilled");
      const after = await orderOf(order.id);
      expect(after.status).toBe("cancelled");
      expect(await stock()).toBe(before);
      const history = await historyOf(order.id);
      expect(history.filter((h) => h.toStatus === "cancelled")).toHaveLength(1);
      const confirmed = history.some((h) => h.toStatus === "confirmed");
      // The tap either came first (confirmed, then the owner cancelled) or found the order moved on.
      expect(after.whatsappStatus).toBe(confirmed ? "confirmed" : "sent");

      // Owner confirms while the buyer confirms: one of them confirms, the other changes nothing.
      const both = await sentOrder();
      const results = await Promise.allSettled([
        deliver(tap(both, 0)),
        moveOrder({ db: db() }, OWNER, both.id, { status: "confirmed" }),
      ]);
      expect((await orderOf(both.id)).status).toBe("confirmed");
      expect((await historyOf(both.id)).filter((h) => h.toStatus === "confirmed")).toHaveLength(1);
      expect(results[0].status).toBe("fulfilled");
    }
  }, 60_000);

  it("answers Meta's subscription check only with the right verify token", async () => {
    const ctx = { db: db() };
    expect(
      await verifyWhatsappSubscription(ctx, box, {
        mode: "subscribe",
        verifyToken: VERIFY_TOKEN,
        challenge: "1158201444",
      }),
    ).toBe("1158201444");
    expect(
      await verifyWhatsappSubscription(ctx, box, { mode: "subscribe", verifyToken: "wrong", challenge: "1" }),
    ).toBeNull();
    expect(
      await verifyWhatsappSubscription(ctx, box, { mode: "unsubscribe", verifyToken: VERIFY_TOKEN, challenge: "1" }),
    ).toBeNull();
    expect(
      await verifyWhatsappSubscription(ctx, null, { mode: "subscribe", verifyToken: VERIFY_TOKEN, challenge: "1" }),
    ).toBeNull();
    await deleteWhatsappSettings(db());
    expect(
      await verifyWhatsappSubscription(ctx, box, { mode: "subscribe", verifyToken: VERIFY_TOKEN, challenge: "1" }),
    ).toBeNull();
  });

  it("lists pending orders awaiting a reply, and those that need a call after the settings' hours", async () => {
    const waiting = await sentOrder();
    const old = await sentOrder();
    await db()
      .update(orders)
      .set({ whatsappSentAt: new Date(Date.now() - 25 * 60 * 60_000) })
      .where(eq(orders.id, old.id));
    const awaiting = await listSellerOrders(db(), { status: null, q: "", whatsapp: "awaiting", page: 1 });
    expect(awaiting.orders.map((o) => o.id)).toEqual(expect.arrayContaining([waiting.id, old.id]));
    const needsCall = await listSellerOrders(db(), { status: null, q: "", whatsapp: "needs-call", page: 1 });
    const ids = needsCall.orders.map((o) => o.id);
    expect(ids).toContain(old.id);
    expect(ids).not.toContain(waiting.id);
    expect(needsCall.total).toBe(needsCall.orders.length);
    // Confirmed by the tap: neither awaiting nor needing a call.
    await deliver(tap(old, 0));
    const later = await listSellerOrders(db(), { status: null, q: "", whatsapp: "needs-call", page: 1 });
    expect(later.orders.map((o) => o.id)).not.toContain(old.id);
  });
});
