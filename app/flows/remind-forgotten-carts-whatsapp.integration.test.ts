import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { cartItems, customerProfiles, messageOutbox, productVariants, shopSettings, whatsappEvents } from "~/schema";
import { createSecretBox } from "~/db/secret-box.server";
import { createWhatsappCloudSender } from "~/integrations/messaging/whatsapp-cloud.server";
import {
  buttonReplyWebhook,
  signWebhook,
  startWhatsappStandIn,
  textMessageWebhook,
  type WhatsappStandIn,
} from "~/integrations/messaging/whatsapp-stand-in";
import { updateNotificationSettings } from "~/modules/accounts/customer-profile.server";
import { addToCart, updateCartItem } from "~/modules/cart/cart-mutations.server";
import { whatsappNumberSql } from "~/modules/marketing/cart-reminders.server";
import { drainOutbox } from "~/modules/messages/mail-worker.server";
import type { WhatsappSender } from "~/modules/messages/message-sender";
import { whatsappNumber } from "~/modules/messages/whatsapp-messages";
import { deleteWhatsappSettings, saveWhatsappSettings } from "~/modules/messages/whatsapp-settings.server";
import { DATABASE_KINDS, useTestDatabase } from "../../tests/factories/test-database";
import { testProviders } from "../../tests/factories/test-providers";
import { TEST_AUTH_SECRET } from "../../tests/factories/test-secret";
import { createTestBuyer } from "../../tests/factories/test-users";
import { placeOrder } from "./place-order.server";
import { receiveWhatsappWebhook } from "./receive-whatsapp-webhook.server";
import { remindForgottenCarts } from "./remind-forgotten-carts.server";
import { whatsappOrderDesk } from "./whatsapp-order-desk.server";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const PUBLIC_URL = "https://kapra.test";
// Essential Crew Neck Tee and Everyday Pocket Tee, as the seed has them.
const TEE = { productId: "essential-crew-neck-tee", color: "Black", size: "M" };
const POCKET = { productId: "pocket-tee", color: "Gray", size: "L" };

/**
 * Issue 44's forgotten carts on WhatsApp, end to end below HTTP: the reminder job queues the
 * `cart_reminder` template for buyers who opted in, the outbox's worker sends it to the Graph API
 * stand-in (the real Cloud API client), and Meta's signed STOP webhook opts a buyer out. The e-mail
 * reminder stays for everyone else.
 */
describe.each(DATABASE_KINDS)("forgotten carts on WhatsApp, on %s", (kind) => {
  const database = useTestDatabase(kind);
  const db = () => database.db;
  const box = createSecretBox(TEST_AUTH_SECRET, "whatsapp-settings");
  let meta: WhatsappStandIn;
  let sender: WhatsappSender;
  let phones = 0;
  let t0: Date;
  const at = (hours: number) => new Date(t0.getTime() + hours * HOUR);

  const saveSettings = () =>
    saveWhatsappSettings(db(), box, {
      phoneNumberId: meta.phoneNumberId,
      accessToken: meta.accessToken,
      appSecret: meta.appSecret,
      verifyToken: "my-verify-token-1234",
      confirmationTemplate: "order_confirmation",
      shippedTemplate: "order_shipped",
      deliveredTemplate: "order_delivered",
      cartReminderTemplate: "cart_reminder_ur",
      language: "ur",
      sendDelayMinutes: 0,
      needsCallHours: 24,
    });
  const send = () =>
    drainOutbox(db(), {
      senders: { email: null, whatsapp: sender },
      whatsappBox: box,
      orderDesk: whatsappOrderDesk,
      from: null,
      publicUrl: PUBLIC_URL,
      retryDelayMs: () => 60_000,
    });
  const remind = (now: Date) => remindForgottenCarts({ db: db(), now });
  /** A fresh mobile number per buyer, written the way buyers type it: "0321 1xxxxxx". */
  const nextPhone = () => {
    const digits = String(1_000_000 + (kind === "postgres" ? 500_000 : 0) + ++phones);
    return { typed: `0321 ${digits}`, international: `92321${digits}` };
  };

  /** A buyer whose cart was last touched at `t0`, with their marketing choices. */
  async function buyerWithCart(
    name: string,
    {
      whatsapp = true,
      email = false,
      phone = nextPhone().typed as string | null,
      items = [TEE],
    }: { whatsapp?: boolean; email?: boolean; phone?: string | null; items?: (typeof TEE)[] } = {},
  ) {
    const userId = await createTestBuyer(db(), name);
    await db()
      .insert(customerProfiles)
      .values({ userId, phone, marketingEmails: email, whatsappMarketingAt: whatsapp ? at(-100) : null });
    // Added an hour apart, the last at t0: the cart lists the newest first.
    for (const [i, item] of items.entries()) {
      await addToCart(db(), userId, { ...item, quantity: 1 });
      const added = at(i - items.length + 1);
      await db()
        .update(cartItems)
        .set({ addedAt: added, updatedAt: added })
        .where(and(eq(cartItems.userId, userId), eq(cartItems.productId, item.productId)));
    }
    return { userId, to: phone ? whatsappNumber(phone) : null };
  }
  const whatsappRemindersTo = (to: string | null) =>
    db()
      .select()
      .from(messageOutbox)
      .where(and(eq(messageOutbox.kind, "whatsapp_cart_reminder"), eq(messageOutbox.toAddress, to ?? "-")));
  const emailRemindersTo = (userId: string) =>
    db()
      .select()
      .from(messageOutbox)
      .where(and(eq(messageOutbox.kind, "cart_reminder"), eq(messageOutbox.toAddress, `${userId}@example.pk`)));
  const reachedMeta = (to: string | null) =>
    meta.received.filter((m) => m.to === to && m.template !== "order_confirmation");
  const profileOf = async (userId: string) =>
    (await db().select().from(customerProfiles).where(eq(customerProfiles.userId, userId)))[0];

  /** Meta's signed delivery, as the route hands it over (the raw bytes and X-Hub-Signature-256). */
  function deliver(payload: unknown) {
    const raw = JSON.stringify(payload);
    return receiveWhatsappWebhook(
      { db: db(), providers: testProviders() },
      box,
      Buffer.from(raw, "utf8"),
      signWebhook(raw, meta.appSecret),
    );
  }

  beforeAll(async () => {
    meta = await startWhatsappStandIn();
    sender = createWhatsappCloudSender({ baseUrl: meta.url, timeoutMs: 2_000 });
    await db().update(productVariants).set({ stock: 50 });
  }, 300_000);
  afterAll(async () => {
    await meta?.stop();
  });
  beforeEach(async () => {
    await saveSettings();
    await db().update(shopSettings).set({ cartReminders: true, cartReminderHours: 24 });
  });

  it("sends an opted-in buyer one cart_reminder template after the owner's hours, with name, items and link; run twice or by two processes, once", async () => {
    t0 = new Date(Date.now() + 100 * DAY);
    await db().update(shopSettings).set({ cartReminderHours: 5 });
    // Opted in to both: WhatsApp takes the e-mail's place.
    const ayesha = await buyerWithCart("Ayesha", { email: true, items: [POCKET, TEE] });
    expect(await remind(at(4.9))).toBe(0);

    const [a, b] = await Promise.all([remind(at(5)), remind(at(5))]);
    expect(a + b).toBe(1);
    expect(await remind(at(6))).toBe(0);
    expect(await remind(at(200))).toBe(0);
    const rows = await whatsappRemindersTo(ayesha.to);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ channel: "whatsapp", status: "queued", subject: "Forgotten cart reminder" });
    expect(await emailRemindersTo(ayesha.userId)).toHaveLength(0);

    await send();
    await send();
    const received = reachedMeta(ayesha.to);
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({
      to: ayesha.to,
      template: "cart_reminder_ur",
      language: "ur",
      bodyParameters: ["Ayesha", "Essential Crew Neck Tee (Black, M) and 1 more", `${PUBLIC_URL}/cart`],
      buttonPayloads: [],
    });
    expect((await whatsappRemindersTo(ayesha.to))[0]).toMatchObject({ status: "sent" });
  });

  it("leaves opted-out buyers alone (the box unticked, or STOP on WhatsApp, once however often Meta delivers it); e-mail-only buyers still get the e-mail", async () => {
    t0 = new Date(Date.now() + 200 * DAY);
    const unticked = await buyerWithCart("Unticked");
    await updateNotificationSettings(
      db(),
      unticked.userId,
      { orderEmails: true, smsUpdates: true, marketingEmails: false, whatsappMarketing: false },
      at(1),
    );
    expect(await profileOf(unticked.userId)).toMatchObject({
      whatsappMarketingAt: null,
      whatsappMarketingOffAt: at(1),
    });

    // Saved as "+92 321 ..." in the profile; Meta writes the sender as 92321...
    const phone = nextPhone();
    const stopper = await buyerWithCart("Stopper", { phone: `+92 321 ${phone.international.slice(5)}` });
    const stop = textMessageWebhook(meta.phoneNumberId, {
      from: phone.international,
      body: "  Stop ",
      wamid: `wamid.stop-${kind}`,
    });
    expect(await deliver(stop)).toEqual({
      accepted: true,
      events: [{ key: `wamid.stop-${kind}`, outcome: "stop: opted out of WhatsApp marketing (1 buyer)" }],
    });
    const off = await profileOf(stopper.userId);
    expect(off.whatsappMarketingAt).toBeNull();
    expect(off.whatsappMarketingOffAt).toBeInstanceOf(Date);
    // Meta delivers it again: nothing more happens.
    expect(await deliver(stop)).toEqual({ accepted: true, events: [] });
    expect((await profileOf(stopper.userId)).whatsappMarketingOffAt).toEqual(off.whatsappMarketingOffAt);
    expect(
      await db()
        .select()
        .from(whatsappEvents)
        .where(eq(whatsappEvents.key, `wamid.stop-${kind}`)),
    ).toHaveLength(1);

    // Meta's own "Stop promotions" button on a Marketing template does the same.
    const tapped = nextPhone();
    const tapper = await buyerWithCart("Tapper", { phone: tapped.typed });
    await deliver(
      buttonReplyWebhook(meta.phoneNumberId, {
        from: tapped.international,
        payload: "Stop promotions",
        text: "Stop promotions",
        contextWamid: "wamid.reminder",
      }),
    );
    expect((await profileOf(tapper.userId)).whatsappMarketingAt).toBeNull();

    // Another buyer's "stop it please" is not a STOP.
    const chatty = nextPhone();
    const talker = await buyerWithCart("Talker", { phone: chatty.typed });
    await deliver(textMessageWebhook(meta.phoneNumberId, { from: chatty.international, body: "stop it please" }));
    expect((await profileOf(talker.userId)).whatsappMarketingAt).not.toBeNull();

    const emailOnly = await buyerWithCart("Emailer", { whatsapp: false, email: true });
    expect(await remind(at(30))).toBe(2);
    await send();
    for (const out of [unticked, stopper, tapper]) {
      expect(await whatsappRemindersTo(out.to)).toHaveLength(0);
      expect(await emailRemindersTo(out.userId)).toHaveLength(0);
      expect(reachedMeta(out.to)).toHaveLength(0);
    }
    expect(await whatsappRemindersTo(talker.to)).toHaveLength(1);
    expect(await emailRemindersTo(emailOnly.userId)).toHaveLength(1);
    expect(await whatsappRemindersTo(emailOnly.to)).toHaveLength(0);
  });

  it("never reminds a buyer who ordered since the cart last changed", async () => {
    t0 = new Date(Date.now() - 30 * HOUR);
    const ordered = await buyerWithCart("Ordered", { email: true });
    const waiting = await buyerWithCart("Waiting");
    // Buy Now (now, after the cart's last change) leaves the cart as it was.
    await placeOrder(
      { db: db() },
      {
        userId: ordered.userId,
        items: [{ ...POCKET, quantity: 1 }],
        shipping: {
          fullName: "Ordered Buyer",
          email: `${ordered.userId}@example.pk`,
          phone: "03001234567",
          city: "Lahore",
          address: "12 Mall Road",
          postalCode: null,
          country: "Pakistan",
        },
        idempotencyKey: randomUUID(),
      },
    );
    expect(await db().select().from(cartItems).where(eq(cartItems.userId, ordered.userId))).toHaveLength(1);
    expect(await remind(new Date())).toBe(1);
    expect(await whatsappRemindersTo(ordered.to)).toHaveLength(0);
    expect(await emailRemindersTo(ordered.userId)).toHaveLength(0);
    expect(await whatsappRemindersTo(waiting.to)).toHaveLength(1);
  });

  it("sends at most one in 7 days even when the cart changes, and again after 7 days for the changed cart", async () => {
    t0 = new Date(Date.now() + 300 * DAY);
    const bilal = await buyerWithCart("Bilal");
    expect(await remind(at(25))).toBe(1);
    const [line] = await db().select().from(cartItems).where(eq(cartItems.userId, bilal.userId));
    await updateCartItem(db(), bilal.userId, line.id, 2);
    await db()
      .update(cartItems)
      .set({ updatedAt: at(26) })
      .where(eq(cartItems.userId, bilal.userId));
    expect(await remind(at(50))).toBe(0);
    expect(await remind(at(25 + 7 * 24 - 1))).toBe(0);
    expect(await remind(at(25 + 7 * 24 + 1))).toBe(1);
    expect(await remind(at(25 + 30 * 24))).toBe(0);
    await send();
    expect(reachedMeta(bilal.to).map((m) => m.bodyParameters[1])).toEqual([
      "Essential Crew Neck Tee (Black, M)",
      "2 x Essential Crew Neck Tee (Black, M)",
    ]);
  });

  it("without WhatsApp set up (or without a usable phone), an opted-in buyer gets the e-mail if opted in to e-mail, nothing otherwise", async () => {
    t0 = new Date(Date.now() + 400 * DAY);
    const noPhone = await buyerWithCart("No phone", { email: true, phone: null });
    const odd = await buyerWithCart("Odd phone", { email: true, phone: "12345" });
    expect(await remind(at(25))).toBe(2);
    expect(await emailRemindersTo(noPhone.userId)).toHaveLength(1);
    expect(await emailRemindersTo(odd.userId)).toHaveLength(1);

    await deleteWhatsappSettings(db());
    t0 = new Date(Date.now() + 500 * DAY);
    const both = await buyerWithCart("Both", { email: true });
    const whatsappOnly = await buyerWithCart("WhatsApp only");
    // (The earlier test's buyer who ordered gets the e-mail now too: the e-mail's rule is as before.)
    await remind(at(25));
    expect(await emailRemindersTo(both.userId)).toHaveLength(1);
    expect(await whatsappRemindersTo(both.to)).toHaveLength(0);
    expect(await emailRemindersTo(whatsappOnly.userId)).toHaveLength(0);
    expect(await whatsappRemindersTo(whatsappOnly.to)).toHaveLength(0);
  });

  it("reads a stored phone for WhatsApp in SQL exactly as whatsappNumber() does", async () => {
    const spellings = [
      "+923001234567",
      "03001234567",
      "0300 1234567",
      "0300-1234567",
      "+92 (300) 123-4567",
      "00923001234567",
      "923001234567",
      "+92 0300 1234567",
      "+44 7700 900123",
      "0044 7700 900123",
      "12345",
      "0300123456",
      "+0123456789",
      "",
      "phone",
    ];
    for (const phone of spellings) {
      const result = await db().execute(sql`select ${whatsappNumberSql(sql`${phone}::text`)} as n`);
      const [row] = (result as unknown as { rows: { n: string | null }[] }).rows;
      expect(row.n, phone).toBe(whatsappNumber(phone));
    }
  });
});
