import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { messageOutbox, orders, users, whatsappSettings } from "~/schema";
import { createSecretBox } from "~/db/secret-box.server";
import { createWhatsappCloudSender } from "~/integrations/messaging/whatsapp-cloud.server";
import { startWhatsappStandIn, type WhatsappStandIn } from "~/integrations/messaging/whatsapp-stand-in";
import { DATABASE_KINDS, useTestDatabase } from "../../../tests/factories/test-database";
import { placeTestOrder } from "../../../tests/factories/test-orders";
import { TEST_AUTH_SECRET } from "../../../tests/factories/test-secret";
import { whatsappOrderDesk } from "~/flows/whatsapp-order-desk.server";
import { drainOutbox, type MailWorkerOptions } from "./mail-worker.server";
import type { WhatsappSender } from "./message-sender";
import {
  queueWhatsapp,
  WHATSAPP_NOT_CONFIGURED_REASON,
  WHATSAPP_UNREADABLE_REASON,
  whatsappNonceMatches,
} from "./whatsapp-delivery.server";
import { parseWhatsappButtonPayload } from "./whatsapp-messages";
import { deleteWhatsappSettings, saveWhatsappSettings } from "./whatsapp-settings.server";

const OWNER = { id: "whatsapp-owner", name: "Owner" };
const PUBLIC_URL = "https://kapra.test";

/**
 * The WhatsApp channel of the outbox against the Graph API stand-in (the real Cloud API client,
 * over HTTP): what reaches Meta, retries, refusals, exactly-once with two workers, no settings.
 */
describe.each(DATABASE_KINDS)("WhatsApp messages through the outbox, on %s", (kind) => {
  const database = useTestDatabase(kind);
  const db = () => database.db;
  const box = createSecretBox(TEST_AUTH_SECRET, "whatsapp-settings");
  let meta: WhatsappStandIn;
  let sender: WhatsappSender;
  const options = (more: Partial<MailWorkerOptions> = {}): MailWorkerOptions => ({
    senders: { email: null, whatsapp: sender },
    whatsappBox: box,
    orderDesk: whatsappOrderDesk,
    from: null,
    publicUrl: PUBLIC_URL,
    retryDelayMs: () => 60_000,
    ...more,
  });
  const send = (more: Partial<MailWorkerOptions> = {}) => drainOutbox(db(), options(more));
  const saveSettings = () =>
    saveWhatsappSettings(db(), box, {
      phoneNumberId: meta.phoneNumberId,
      accessToken: meta.accessToken,
      appSecret: meta.appSecret,
      verifyToken: "my-verify-token",
      confirmationTemplate: "order_confirmation",
      shippedTemplate: "order_shipped",
      deliveredTemplate: "order_delivered",
      language: "ur",
      sendDelayMinutes: 0,
      needsCallHours: 24,
    });
  const rowOf = async (id: number) => (await db().select().from(messageOutbox).where(eq(messageOutbox.id, id)))[0];
  const orderOf = async (id: string) => (await db().select().from(orders).where(eq(orders.id, id)))[0];
  /** Makes a retry due now (the worker waits retryDelayMs otherwise). */
  const dueNow = (id: number) =>
    db()
      .update(messageOutbox)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(messageOutbox.id, id));

  async function queuedConfirmation(phone: string) {
    const order = await placeTestOrder(db(), OWNER, { phone, name: "Ayesha Khan" });
    // Placing it queued its own confirmation (flows/place-order): this test queues one by hand instead.
    await db()
      .delete(messageOutbox)
      .where(and(eq(messageOutbox.orderId, order.id), eq(messageOutbox.channel, "whatsapp")));
    const id = await db().transaction((tx) =>
      queueWhatsapp(
        tx,
        {
          kind: "whatsapp_confirmation",
          to: phone,
          orderId: order.id,
          orderNumber: order.orderNumber,
          data: {
            customerName: "Ayesha Khan",
            orderNumber: order.orderNumber,
            total: 2499,
            address: "12 Mall Road, Lahore",
          },
        },
        { orderDesk: whatsappOrderDesk },
      ),
    );
    return { order, id: id! };
  }

  beforeAll(async () => {
    meta = await startWhatsappStandIn();
    sender = createWhatsappCloudSender({ baseUrl: meta.url, timeoutMs: 500 });
    await db()
      .insert(users)
      .values({ id: OWNER.id, name: OWNER.name, email: "whatsapp-owner@example.pk", role: "seller" });
  }, 300_000);
  afterAll(async () => {
    await meta?.stop();
  });
  beforeEach(async () => {
    await saveSettings();
  });

  it("sends a queued confirmation to Meta with the account's URL and token, the template, language, parameters and button payloads", async () => {
    const { order, id } = await queuedConfirmation("0300 1234567");
    expect((await orderOf(order.id)).whatsappStatus).toBe("queued");
    await send();

    const [message] = await meta.waitFor((m) => m.to === "923001234567");
    expect(meta.requests.at(-1)).toMatchObject({
      method: "POST",
      path: `/v21.0/${meta.phoneNumberId}/messages`,
      status: 200,
    });
    expect(message.authorization).toBe(`Bearer ${meta.accessToken}`);
    expect(message).toMatchObject({
      template: "order_confirmation",
      language: "ur",
      bodyParameters: ["Ayesha Khan", order.orderNumber, "Rs 2,499", "12 Mall Road, Lahore"],
    });
    expect(message.body).toMatchObject({ messaging_product: "whatsapp", to: "923001234567", type: "template" });
    const components = (message.body.template as { components: unknown[] }).components;
    expect(components[1]).toMatchObject({
      type: "button",
      sub_type: "quick_reply",
      index: "0",
      parameters: [{ type: "payload" }],
    });
    expect(components[2]).toMatchObject({
      type: "button",
      sub_type: "quick_reply",
      index: "1",
      parameters: [{ type: "payload" }],
    });
    const [confirm, cancel] = message.buttonPayloads.map(parseWhatsappButtonPayload);
    expect(confirm).toMatchObject({ action: "confirm", orderNumber: order.orderNumber });
    expect(cancel).toMatchObject({ action: "cancel", orderNumber: order.orderNumber, nonce: confirm!.nonce });
    // The nonce is random and kept with the message, so a tap can be checked against it.
    const row = await rowOf(id);
    expect((row.data as { nonce: string }).nonce).toBe(confirm!.nonce);
    expect(confirm!.nonce.length).toBeGreaterThanOrEqual(20);
    expect(whatsappNonceMatches((row.data as { nonce: string }).nonce, confirm!.nonce)).toBe(true);
    expect(whatsappNonceMatches((row.data as { nonce: string }).nonce, `${confirm!.nonce.slice(0, -1)}x`)).toBe(false);
    expect(whatsappNonceMatches(undefined, confirm!.nonce)).toBe(false);

    expect(row).toMatchObject({
      channel: "whatsapp",
      status: "sent",
      attempts: 1,
      messageId: message.wamid,
      lastError: null,
    });
    expect(row.text).toContain(`thank you for your order ${order.orderNumber}`);
    const after = await orderOf(order.id);
    expect(after.whatsappStatus).toBe("sent");
    expect(after.whatsappSentAt).toBeInstanceOf(Date);
  });

  it("retries Meta's 500, 429 and a request that hangs past the timeout, and sends it later", async () => {
    const { order, id } = await queuedConfirmation("0301 2223344");
    meta.failNext({ status: 500 });
    meta.failNext({ status: 429 });
    meta.failNext({ hang: true });
    const expected = [
      /Meta answered 500: \(#131000\) Something went wrong/,
      /Meta answered 429: \(#130429\) Rate limit hit/,
      /no answer from the WhatsApp API within/,
    ];
    for (const [i, reason] of expected.entries()) {
      await send();
      const row = await rowOf(id);
      expect(row).toMatchObject({ status: "queued", attempts: i + 1 });
      expect(row.lastError).toMatch(reason);
      expect(row.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 30_000);
      expect((await orderOf(order.id)).whatsappStatus).toBe("queued");
      await dueNow(id);
    }
    await send();
    expect(await rowOf(id)).toMatchObject({ status: "sent", attempts: 4, lastError: null });
    expect(meta.received.filter((m) => m.to === "923012223344")).toHaveLength(1);
    expect((await orderOf(order.id)).whatsappStatus).toBe("sent");
  }, 30_000);

  it("fails a message Meta refuses (4xx) at once with Meta's words, and the order's state says failed", async () => {
    meta.forgetTemplate("order_shipped");
    const id = await db().transaction((tx) =>
      queueWhatsapp(tx, {
        kind: "whatsapp_shipped",
        to: "+92 302 3334455",
        orderNumber: "ORD-100001",
        data: { orderNumber: "ORD-100001", courierName: "TCS", trackingUrl: "/track?order=ORD-100001" },
      }),
    );
    await send();
    const row = await rowOf(id!);
    expect(row).toMatchObject({ status: "failed", attempts: 1 });
    expect(row.lastError).toContain(
      "Meta answered 404: (#132001) Template name does not exist in the translation [code 132001]",
    );
    expect(row.lastError).not.toContain(meta.accessToken);

    // A bad token: 401, Meta's code 190, not retried.
    const { order, id: second } = await queuedConfirmation("0303 4445566");
    await db()
      .update(whatsappSettings)
      .set({ accessToken: box.seal("EAAG-expired-token-0000000000"), accessTokenLast4: "0000" });
    await send();
    const refused = await rowOf(second);
    expect(refused).toMatchObject({ status: "failed", attempts: 1 });
    expect(refused.lastError).toMatch(/Meta answered 401: Invalid OAuth access token.*\[code 190\]/);
    expect(refused.lastError).not.toContain("EAAG-expired");
    expect((await orderOf(order.id)).whatsappStatus).toBe("failed");
  });

  it("gives a message up with Meta's last words once it has been failing for a day", async () => {
    const { order, id } = await queuedConfirmation("0304 5556677");
    await db()
      .update(messageOutbox)
      .set({ createdAt: new Date(Date.now() - 25 * 60 * 60_000), attempts: 12 })
      .where(eq(messageOutbox.id, id));
    meta.failNext({ status: 503, message: "Service temporarily unavailable", code: 2 });
    await send();
    const row = await rowOf(id);
    expect(row).toMatchObject({ status: "failed", attempts: 13 });
    expect(row.lastError).toContain("Meta answered 503: Service temporarily unavailable");
    expect((await orderOf(order.id)).whatsappStatus).toBe("failed");
  });

  it("waits until notBefore (Settings' send delay) before sending", async () => {
    const id = await db().transaction((tx) =>
      queueWhatsapp(tx, {
        kind: "whatsapp_delivered",
        to: "03055556666",
        orderNumber: "ORD-100002",
        data: { orderNumber: "ORD-100002", reviewUrl: "/buyer-dashboard/orders" },
        notBefore: new Date(Date.now() + 10 * 60_000),
      }),
    );
    await send();
    expect(await rowOf(id!)).toMatchObject({ status: "queued", attempts: 0 });
    await dueNow(id!);
    await send();
    const [message] = await meta.waitFor((m) => m.to === "923055556666");
    expect(message).toMatchObject({
      template: "order_delivered",
      bodyParameters: ["ORD-100002", "https://kapra.test/buyer-dashboard/orders"],
      buttonPayloads: [],
    });
  });

  it("sends each message once when two workers drain the outbox at the same moment", async () => {
    const slow = await startWhatsappStandIn({
      delayMs: 5,
      accessToken: meta.accessToken,
      phoneNumberId: meta.phoneNumberId,
    });
    const slowSender = createWhatsappCloudSender({ baseUrl: slow.url });
    try {
      const numbers = Array.from({ length: 24 }, (_, i) => `0310${String(1000000 + i)}`);
      const ids = await db().transaction(async (tx) =>
        Promise.all(
          numbers.map((to, i) =>
            queueWhatsapp(tx, {
              kind: "whatsapp_shipped",
              to,
              orderNumber: `ORD-2${String(i).padStart(5, "0")}`,
              data: {
                orderNumber: `ORD-2${String(i).padStart(5, "0")}`,
                courierName: "Leopards",
                trackingUrl: "https://leopards.example/track",
              },
            }),
          ),
        ),
      );
      const worker = () => drainOutbox(db(), options({ senders: { email: null, whatsapp: slowSender }, batchSize: 3 }));
      const handled = await Promise.all([worker(), worker()]);
      expect(handled[0] + handled[1]).toBe(numbers.length);
      expect(slow.received).toHaveLength(numbers.length);
      expect(new Set(slow.received.map((m) => m.to)).size).toBe(numbers.length);
      const rows = await db()
        .select()
        .from(messageOutbox)
        .where(inArray(messageOutbox.id, ids as number[]));
      expect(rows.every((r) => r.status === "sent" && r.attempts === 1)).toBe(true);
    } finally {
      await slow.stop();
    }
  }, 30_000);

  it("keeps messages unsent with the reason when WhatsApp is not set up, and leaves the order to a call", async () => {
    await deleteWhatsappSettings(db());
    const before = meta.received.length;
    const { order, id } = await queuedConfirmation("0306 6667788");
    await send();
    expect(await rowOf(id)).toMatchObject({
      status: "not_configured",
      lastError: WHATSAPP_NOT_CONFIGURED_REASON,
      attempts: 0,
    });
    expect((await orderOf(order.id)).whatsappStatus).toBeNull();
    // No sender at all (a process without the client) is the same.
    await saveSettings();
    const { id: second } = await queuedConfirmation("0306 6667799");
    await send({ senders: { email: null } });
    expect(await rowOf(second)).toMatchObject({ status: "not_configured" });
    expect(meta.received.length).toBe(before);
  });

  it("keeps the secrets sealed at rest, and treats secrets it cannot open as not set up", async () => {
    const [row] = await db().select().from(whatsappSettings);
    for (const [sealed, clear] of [
      [row.accessToken, meta.accessToken],
      [row.appSecret, meta.appSecret],
      [row.verifyToken, "my-verify-token"],
    ]) {
      expect(sealed).toMatch(/^v1\./);
      expect(sealed).not.toContain(clear);
      expect(box.open(sealed)).toBe(clear);
    }
    expect(row).toMatchObject({
      accessTokenLast4: meta.accessToken.slice(-4),
      appSecretLast4: meta.appSecret.slice(-4),
      verifyTokenLast4: "oken",
    });
    const whole = JSON.stringify(row);
    expect(whole).not.toContain(meta.accessToken);
    expect(whole).not.toContain(meta.appSecret);

    const { id } = await queuedConfirmation("0307 7778899");
    await send({ whatsappBox: createSecretBox("another-shop-secret-0123456789-abcdefgh", "whatsapp-settings") });
    expect(await rowOf(id)).toMatchObject({ status: "not_configured", lastError: WHATSAPP_UNREADABLE_REASON });
  });
});
