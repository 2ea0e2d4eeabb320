import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { messageOutbox, metaSettings, orders, users } from "~/schema";
import { createSecretBox } from "~/db/secret-box.server";
import { createMetaConversionsSender } from "~/integrations/marketing/meta-conversions.server";
import { startMetaGraphStandIn, type MetaGraphStandIn } from "~/integrations/marketing/meta-graph-stand-in";
import { saveMetaPixel } from "~/modules/marketing/meta-settings.server";
import { drainOutbox, type MailWorkerOptions } from "~/modules/messages/mail-worker.server";
import { META_NOT_CONFIGURED_REASON } from "~/modules/messages/meta-delivery.server";
import type { MetaEventSender } from "~/modules/messages/message-sender";
import { DATABASE_KINDS, useTestDatabase } from "../../tests/factories/test-database";
import { placeTestOrder } from "../../tests/factories/test-orders";
import { TEST_AUTH_SECRET } from "../../tests/factories/test-secret";
import { moveOrder } from "./move-order.server";
import { reportPurchasesToMeta } from "./report-purchases-to-meta.server";

const OWNER = { id: "meta-owner", name: "Owner" };
const PUBLIC_URL = "https://kapra.test";
const BROWSER = {
  fbp: "fb.1.1700000000000.1234567890",
  fbc: "fb.1.1700000000000.IwAR-click",
  ip: "203.0.113.7",
  userAgent: "Mozilla/5.0 (Linux; Android 10; K) Chrome/120 Mobile",
  url: `${PUBLIC_URL}/checkout`,
};
const sha = (value: string) => createHash("sha256").update(value).digest("hex");

/**
 * Purchases reported to Meta only when real (issue 44), through the outbox's Meta channel and the
 * real Conversions API client against the Graph API stand-in: one per confirmed order with its
 * buyer hashed as Meta requires, none for a cancelled one, retried after a 500, one however many
 * processes report at once, and at delivery when the owner chose so.
 */
describe.each(DATABASE_KINDS)("Purchases reported to Meta, on %s", (kind) => {
  const database = useTestDatabase(kind);
  const db = () => database.db;
  const box = createSecretBox(TEST_AUTH_SECRET, "marketing-settings");
  let meta: MetaGraphStandIn;
  let sender: MetaEventSender;
  const options = (): MailWorkerOptions => ({
    senders: { email: null, meta: sender },
    marketingBox: box,
    from: null,
    publicUrl: PUBLIC_URL,
    retryDelayMs: () => 60_000,
  });
  const report = () => reportPurchasesToMeta({ db: db() }, PUBLIC_URL);
  const purchasesOf = async (orderId: string) =>
    db()
      .select()
      .from(messageOutbox)
      .where(and(eq(messageOutbox.orderId, orderId), eq(messageOutbox.channel, "meta")));

  /** A checkout order (its browser's ids kept, as Place Order keeps them while the Pixel is on). */
  async function webOrder(opts: { phone?: string; name?: string } = {}) {
    const order = await placeTestOrder(db(), OWNER, {
      phone: opts.phone ?? "0300 1234567",
      name: opts.name ?? "Ayesha Khan",
    });
    await db().update(orders).set({ metaBrowser: BROWSER }).where(eq(orders.id, order.id));
    return order;
  }
  const move = (orderId: string, status: "confirmed" | "processing" | "shipped" | "delivered" | "cancelled") =>
    moveOrder({ db: db() }, { id: OWNER.id, name: OWNER.name }, orderId, {
      status,
      ...(status === "shipped" ? { courierName: "TCS", trackingNumber: `T${orderId.slice(0, 8)}` } : {}),
    });

  beforeAll(async () => {
    meta = await startMetaGraphStandIn();
    sender = createMetaConversionsSender({ baseUrl: meta.url, timeoutMs: 500 });
    await db().insert(users).values({ id: OWNER.id, name: OWNER.name, email: "meta-owner@example.pk", role: "seller" });
  }, 300_000);
  afterAll(async () => {
    await meta?.stop();
  });
  beforeEach(async () => {
    await saveMetaPixel(db(), box, {
      pixelId: meta.pixelId,
      accessToken: meta.accessToken,
      testEventCode: null,
      purchaseOn: "confirmed",
    });
  });

  it("sends one Purchase when an order is confirmed, with the order number as event_id, PKR value, the variants and the buyer hashed", async () => {
    const order = await webOrder({ phone: "0300-1234567", name: "  Ayesha  Khan " });
    await report();
    expect(await purchasesOf(order.id)).toHaveLength(0); // pending: it may yet be a fake order
    await move(order.id, "confirmed");
    expect(await report()).toBeGreaterThanOrEqual(1);
    await drainOutbox(db(), options());
    const sent = meta.events.filter((e) => e.event.event_id === order.orderNumber);
    expect(sent).toHaveLength(1);
    const { event } = sent[0];
    expect(event.event_name).toBe("Purchase");
    expect(event.action_source).toBe("website");
    expect(event.event_source_url).toBe(BROWSER.url);
    expect(event.custom_data).toMatchObject({ currency: "PKR", value: order.total, order_id: order.orderNumber });
    const [item] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(item.metaBrowser).toEqual(BROWSER);
    expect((event.custom_data!.content_ids as string[]).every((id) => /^\d+$/.test(id))).toBe(true);
    expect(event.user_data).toEqual({
      em: sha("ayesha@example.pk"),
      ph: sha("923001234567"),
      fn: sha("ayesha"),
      ln: sha("khan"),
      ct: sha("lahore"),
      country: sha("pk"),
      client_ip_address: BROWSER.ip,
      client_user_agent: BROWSER.userAgent,
      fbp: BROWSER.fbp,
      fbc: BROWSER.fbc,
    });
    const [row] = await purchasesOf(order.id);
    expect(row).toMatchObject({ channel: "meta", kind: "meta_purchase", status: "sent", toAddress: meta.pixelId });

    // Moving on (processing, shipped, delivered) reports nothing more.
    await move(order.id, "processing");
    await report();
    expect(await purchasesOf(order.id)).toHaveLength(1);
  });

  it("never reports a cancelled order, and not an order placed without the Pixel", async () => {
    const cancelled = await webOrder();
    await move(cancelled.id, "confirmed");
    await move(cancelled.id, "cancelled");
    const noPixel = await placeTestOrder(db(), OWNER, {});
    await move(noPixel.id, "confirmed");
    await report();
    expect(await purchasesOf(cancelled.id)).toHaveLength(0);
    expect(await purchasesOf(noPixel.id)).toHaveLength(0);
  });

  it("retries after Meta's 500 and sends the same event once accepted", async () => {
    const order = await webOrder();
    await move(order.id, "confirmed");
    await report();
    meta.failNext(1, { status: 500 });
    await drainOutbox(db(), options());
    let [row] = await purchasesOf(order.id);
    expect(row.status).toBe("queued");
    expect(row.attempts).toBe(1);
    expect(row.lastError).toMatch(/500/);
    await db()
      .update(messageOutbox)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(messageOutbox.id, row.id));
    await drainOutbox(db(), options());
    [row] = await purchasesOf(order.id);
    expect(row.status).toBe("sent");
    expect(meta.events.filter((e) => e.event.event_id === order.orderNumber)).toHaveLength(1);
  });

  it("gives up on a refused token with Meta's words, without the token", async () => {
    const order = await webOrder();
    await move(order.id, "confirmed");
    await saveMetaPixel(db(), box, {
      pixelId: meta.pixelId,
      accessToken: "EAAG-a-wrong-token-000000000000",
      testEventCode: null,
      purchaseOn: "confirmed",
    });
    await report();
    await drainOutbox(db(), options());
    const [row] = await purchasesOf(order.id);
    expect(row.status).toBe("failed");
    expect(row.lastError).toMatch(/401.*Invalid OAuth access token.*code 190/);
    expect(row.lastError).not.toContain("EAAG-a-wrong-token");
  });

  it("keeps one Purchase per order when several processes report at once", async () => {
    const order = await webOrder();
    await move(order.id, "confirmed");
    await Promise.all([report(), report(), report()]);
    expect(await purchasesOf(order.id)).toHaveLength(1);
  });

  it("waits for delivery when the owner counts purchases on delivery, and sends the test event code", async () => {
    await saveMetaPixel(db(), box, {
      pixelId: meta.pixelId,
      accessToken: null,
      testEventCode: "TEST4242",
      purchaseOn: "delivered",
    });
    const order = await webOrder();
    await move(order.id, "confirmed");
    await move(order.id, "processing");
    await move(order.id, "shipped");
    await report();
    expect(await purchasesOf(order.id)).toHaveLength(0);
    await move(order.id, "delivered");
    await report();
    await drainOutbox(db(), options());
    const sent = meta.events.filter((e) => e.event.event_id === order.orderNumber);
    expect(sent).toHaveLength(1);
    expect(sent[0].testEventCode).toBe("TEST4242");
  });

  it("keeps a Purchase as not sent when the shop has no Conversions API sender", async () => {
    const order = await webOrder();
    await move(order.id, "confirmed");
    await report();
    await drainOutbox(db(), { ...options(), senders: { email: null } });
    const [row] = await purchasesOf(order.id);
    expect(row).toMatchObject({ status: "not_configured", lastError: META_NOT_CONFIGURED_REASON });
  });

  it("reports nothing once the Pixel is removed", async () => {
    await db().update(metaSettings).set({ accessToken: null }).where(eq(metaSettings.id, 1));
    const order = await webOrder();
    await move(order.id, "confirmed");
    expect(await report()).toBe(0);
  });
});
