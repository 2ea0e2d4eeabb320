import fs from "node:fs";
import { type FormReply, fieldErrors, keptValues } from "~/lib/form-reply";
import os from "node:os";
import path from "node:path";
import { and, eq, inArray } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/db/client.server";
import { messageOutbox, users } from "~/schema";
import { parseEnv } from "~/lib/env.server";
import { grantSellerRole, revokeSellerRole } from "~/flows/team-roles.server";
import { placeOrder } from "~/flows/place-order.server";
import { submitContactMessage } from "~/flows/submit-contact-message.server";
import { cancelOrder } from "~/flows/cancel-order.server";
import { getSettings } from "~/modules/settings/reads";
import { readNotificationRecipients } from "~/modules/settings/reads";
import { settingsFormValues } from "~/modules/settings/settings-schema";
import { postSettings } from "../../../tests/factories/settings-form";
import { prepareShop, type ShopDatabase } from "../../../server/bootstrap";
import { contactForm } from "../../../tests/factories/contact-form";
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from "../../../tests/factories/test-database";
import { TEST_AUTH_SECRET } from "../../../tests/factories/test-secret";
import { startTestSmtpServer, type ReceivedEmail, type TestSmtpServer } from "~/integrations/messaging/smtp-stand-in";
import { createTestBuyer } from "../../../tests/factories/test-users";
import { freePort } from "../../../tests/setup/pg-cluster";
import { createSmtpSender } from "~/integrations/messaging/smtp-sender.server";
import type { EmailSender } from "./message-sender";
import { drainOutbox } from "./mail-worker.server";
import { sendTestEmail } from "./send-test-email.server";

/**
 * Issue 17: the shop's notices (new orders, a buyer's cancellation, contact messages, the test
 * e-mail) go to the notification recipients in Settings, not to the public contact e-mail the seed
 * fills with a demo address. The shop starts the real way (prepareShop, as `npm start` does) with
 * SHOP_OWNER_EMAIL, and the e-mails travel over a real SMTP server.
 */
const OWNER = "me@brand.pk";
const STAFF = "staff@brand.pk";
const logger = pino({ level: "silent" });
const SIZES = ["S", "M", "L", "XL"] as const;

describe.each(DATABASE_KINDS)("staff notices go to the notification recipients, on %s", (kind) => {
  let shop: ShopDatabase;
  let emptyDatabase: TestDatabase | null = null;
  let dataDir: string | null = null;
  let smtp: TestSmtpServer;
  let sender: EmailSender;
  let orders = 0;
  let staffId = "";
  const db = (): Db => shop.db;
  const options = () => ({
    senders: { email: sender },
    from: "Brand <orders@brand.pk>",
    publicUrl: "https://brand.pk",
  });
  const testEmail = () => ({ sender, from: "Brand <orders@brand.pk>", publicUrl: "https://brand.pk" });
  const send = () => drainOutbox(db(), options());
  const to = (address: string) => (m: ReceivedEmail) => m.to.includes(address);
  const about = (orderNumber: string) => (m: ReceivedEmail) => m.subject.includes(orderNumber);

  /** A new buyer (own phone, so open-order limits never bite) places one tee; the mail worker then sends what was queued. */
  async function placeAnOrder() {
    const n = ++orders;
    const buyer = await createTestBuyer(db(), "Ayesha Khan");
    const email = `buyer${n}@example.pk`;
    await db().update(users).set({ email }).where(eq(users.id, buyer));
    const order = await placeOrder(
      { db: db() },
      {
        userId: buyer,
        shipping: {
          fullName: "Ayesha Khan",
          email,
          phone: `+92300${String(7_000_000 + n)}`,
          city: "Lahore",
          address: "House 12, Street 4, Gulberg III",
          postalCode: null,
          country: "Pakistan",
        },
        items: [{ productId: "essential-crew-neck-tee", color: "Black", size: SIZES[n % SIZES.length], quantity: 1 }],
      },
    );
    await send();
    return { ...order, buyer };
  }

  /** Who the outbox addressed this order's notices of `kind` to. */
  async function noticesOf(orderId: string, kind: "order_received" | "order_cancelled_by_buyer" = "order_received") {
    const rows = await db()
      .select({ to: messageOutbox.toAddress })
      .from(messageOutbox)
      .where(and(eq(messageOutbox.orderId, orderId), eq(messageOutbox.kind, kind)));
    return rows.map((r) => r.to).sort();
  }

  async function saveRecipients(text: string) {
    const values = settingsFormValues(await getSettings(db()));
    return postSettings(db(), { ...values, notificationEmails: text });
  }

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    sender = createSmtpSender(smtp.url);
    let env;
    if (kind === "postgres") {
      // An empty PostgreSQL database: the shop migrates (nothing to do) and seeds it on its first start.
      emptyDatabase = await createTestDatabase("postgres");
      env = parseEnv({
        NODE_ENV: "test",
        DATABASE_URL: emptyDatabase.url,
        SHOP_OWNER_EMAIL: "Me@Brand.pk",
        BETTER_AUTH_SECRET: TEST_AUTH_SECRET,
        LOG_LEVEL: "silent",
      });
    } else {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "kapra-notices-"));
      env = parseEnv({
        NODE_ENV: "test",
        DATA_DIR: dataDir,
        SHOP_OWNER_EMAIL: "Me@Brand.pk",
        BETTER_AUTH_SECRET: TEST_AUTH_SECRET,
        LOG_LEVEL: "silent",
      });
    }
    shop = await prepareShop(env, logger);
    expect(shop.seeded).toBe(true);
    staffId = await createTestBuyer(db(), "Sana Staff");
    await db().update(users).set({ email: STAFF }).where(eq(users.id, staffId));
  }, 300_000);

  afterAll(async () => {
    await sender?.close();
    await smtp?.stop();
    await shop?.close().catch(() => {});
    shop?.release();
    await emptyDatabase?.destroy();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("on first start with SHOP_OWNER_EMAIL, the list is the owner's address; the public contact e-mail stays the seed's", async () => {
    expect(await readNotificationRecipients(db())).toEqual([OWNER]);
    const settings = await getSettings(db());
    expect(settings.contactEmail).not.toBe(OWNER);
    expect(settingsFormValues(settings).notificationEmails).toBe(OWNER);
  });

  it("a new order's notice reaches the owner over SMTP, and not the demo contact address", async () => {
    const { contactEmail } = await getSettings(db());
    const order = await placeAnOrder();
    const [notice] = await smtp.waitFor((m) => to(OWNER)(m) && about(order.orderNumber)(m));
    expect(notice.subject).toBe(`New order ${order.orderNumber}: PKR 1,499 cash on delivery`);
    expect(notice.text).toContain("Ayesha Khan from Lahore");
    expect(smtp.received.filter(to(contactEmail))).toEqual([]);
    expect(await noticesOf(order.orderId)).toEqual([OWNER]);
  });

  it("a seller given the role with order notices on gets the next order's notice too, in an e-mail of their own", async () => {
    const member = await grantSellerRole(db(), "Staff@Brand.pk", { orderNotices: true });
    expect(member.orderNotices).toBe(true);
    expect(await readNotificationRecipients(db())).toEqual([OWNER, STAFF]);
    const order = await placeAnOrder();
    const mails = await smtp.waitFor(about(order.orderNumber), 3);
    const notices = mails.filter((m) => m.subject.startsWith("New order"));
    expect(notices.map((m) => m.to)).toEqual([[OWNER], [STAFF]]);
  });

  it("an address taken off in Settings stops getting notices", async () => {
    expect(await saveRecipients(`${OWNER}\n`)).toEqual({ ok: true });
    const order = await placeAnOrder();
    await smtp.waitFor((m) => to(OWNER)(m) && about(order.orderNumber)(m));
    expect(await noticesOf(order.orderId)).toEqual([OWNER]);
    expect(smtp.received.filter((m) => to(STAFF)(m) && about(order.orderNumber)(m))).toEqual([]);
  });

  it("with an empty list every seller is told, one e-mail each", async () => {
    expect(await saveRecipients("")).toEqual({ ok: true });
    expect(await readNotificationRecipients(db())).toEqual([]);
    const order = await placeAnOrder();
    const notices = await smtp.waitFor((m) => about(order.orderNumber)(m) && m.subject.startsWith("New order"), 2);
    expect(notices.map((m) => m.to).sort()).toEqual([[OWNER], [STAFF]]);
    expect(await noticesOf(order.orderId)).toEqual([OWNER, STAFF]);
  });

  it("a seller given the role without notices while the list is empty: the list becomes the sellers told until then", async () => {
    const quietId = await createTestBuyer(db(), "Quiet Seller");
    await db().update(users).set({ email: "quiet@brand.pk" }).where(eq(users.id, quietId));
    const member = await grantSellerRole(db(), "quiet@brand.pk", { orderNotices: false });
    expect(member.orderNotices).toBe(false);
    expect((await readNotificationRecipients(db())).sort()).toEqual([OWNER, STAFF]);
    const order = await placeAnOrder();
    await smtp.waitFor((m) => about(order.orderNumber)(m) && m.subject.startsWith("New order"), 2);
    expect(await noticesOf(order.orderId)).toEqual([OWNER, STAFF]);
    await revokeSellerRole(db(), quietId);
  });

  it("taking the seller role away takes them off the list: a buyer never keeps getting the shop's notices", async () => {
    expect(await readNotificationRecipients(db())).toContain(STAFF);
    await revokeSellerRole(db(), staffId);
    expect(await readNotificationRecipients(db())).toEqual([OWNER]);
    const order = await placeAnOrder();
    expect(await noticesOf(order.orderId)).toEqual([OWNER]);
  });

  it("a buyer's cancellation of their own order tells the recipients; the owner's own cancellation does not", async () => {
    const order = await placeAnOrder();
    await cancelOrder({ db: db() }, { id: order.buyer, role: "buyer" }, order.orderId);
    await send();
    const [notice] = await smtp.waitFor(
      (m) => to(OWNER)(m) && m.subject === `Order ${order.orderNumber} was cancelled by the customer`,
    );
    expect(notice.text).toContain("Ayesha Khan from Lahore cancelled their order while it was pending.");
    expect(notice.text).toContain("Do not pack or send it.");
    expect(notice.text).not.toContain("please have");
    expect(notice.text).toContain(`https://brand.pk/seller/orders?q=${order.orderNumber}`);
    // The buyer still gets their own update.
    await smtp.waitFor(
      (m) => to(`buyer${orders}@example.pk`)(m) && m.subject === `Your order ${order.orderNumber} was cancelled`,
    );

    const byOwner = await placeAnOrder();
    const [owner] = await db().select({ id: users.id }).from(users).where(eq(users.email, OWNER));
    await cancelOrder({ db: db() }, { id: owner.id, role: "seller", name: "Owner" }, byOwner.orderId);
    await send();
    expect(await noticesOf(byOwner.orderId, "order_cancelled_by_buyer")).toEqual([]);
  });

  it("a contact message goes to the recipients", async () => {
    const form = await contactForm(db(), {
      name: "Bilal",
      email: "bilal@example.pk",
      subject: `Exchange ${kind}`,
      message: "Can I swap M for L?",
    });
    expect(await submitContactMessage({ db: db() }, form, { address: "10.17.0.1" })).toEqual({ ok: true });
    await send();
    const [mail] = await smtp.waitFor((m) => m.subject === `Contact form: Exchange ${kind}`);
    expect(mail.to).toEqual([OWNER]);
  });

  it("refuses an address that is not one (naming its line), and more than 10, keeping what was typed and saving nothing", async () => {
    const before = await getSettings(db());
    const typed = `${OWNER}\nstaff at brand.pk`;
    const result = await saveRecipients(typed);
    expect(fieldErrors(result as FormReply)).toMatchObject({
      notificationEmails: 'Line 2 ("staff at brand.pk") is not an e-mail address, like orders@kapra.pk',
    });
    expect(keptValues(result as FormReply)).toMatchObject({ notificationEmails: typed });
    const eleven = Array.from({ length: 11 }, (_, i) => `s${i}@brand.pk`).join("\n");
    expect(fieldErrors((await saveRecipients(eleven)) as FormReply)).toMatchObject({
      notificationEmails: "Please list at most 10 addresses (there are 11)",
    });
    expect(await getSettings(db())).toEqual(before);
    expect(await readNotificationRecipients(db())).toEqual([OWNER]);
  });

  it("the test e-mail goes out at once and says to whom; it is in the outbox (Email Logs) as sent", async () => {
    const result = await sendTestEmail(db(), { ...testEmail(), requestedBy: "Owner" });
    expect(result).toEqual({ sent: true, recipients: [OWNER], message: `Test e-mail sent to ${OWNER}` });
    const [mail] = await smtp.waitFor((m) => to(OWNER)(m) && m.subject.startsWith("Test e-mail from"));
    expect(mail.text).toContain(
      "New orders, cancellations by customers and contact messages are e-mailed to: me@brand.pk.",
    );
    const rows = await db()
      .select({ status: messageOutbox.status, to: messageOutbox.toAddress })
      .from(messageOutbox)
      .where(eq(messageOutbox.kind, "test_email"));
    expect(rows).toEqual([{ status: "sent", to: OWNER }]);
  });

  it("the test e-mail reports the mail server's refusal of one recipient, and sends to the others", async () => {
    smtp.refuse("gone@brand.pk");
    expect(await saveRecipients(`${OWNER}\ngone@brand.pk`)).toEqual({ ok: true });
    const result = await sendTestEmail(db(), { ...testEmail(), requestedBy: "Owner" });
    expect(result.sent).toBe(false);
    expect(result.message).toMatch(
      /^The mail server did not take the test e-mail to gone@brand\.pk: 550 5\.1\.1 <gone@brand\.pk>: mailbox unavailable\. It was sent to me@brand\.pk\.$/,
    );
    const failed = await db()
      .select({ status: messageOutbox.status, attempts: messageOutbox.attempts })
      .from(messageOutbox)
      .where(and(eq(messageOutbox.kind, "test_email"), eq(messageOutbox.toAddress, "gone@brand.pk")));
    expect(failed).toEqual([{ status: "failed", attempts: 1 }]);
  });

  it("the test e-mail reports a mail server that cannot be reached, and is not retried later", async () => {
    expect(await saveRecipients(OWNER)).toEqual({ ok: true });
    const closed = createSmtpSender(`smtp://127.0.0.1:${await freePort()}`);
    try {
      const result = await sendTestEmail(db(), { ...testEmail(), sender: closed, requestedBy: "Owner" });
      expect(result.sent).toBe(false);
      expect(result.message).toMatch(/^The mail server did not take the test e-mail to me@brand\.pk: .*ECONNREFUSED/);
    } finally {
      await closed.close();
    }
    const rows = await db()
      .select({ status: messageOutbox.status })
      .from(messageOutbox)
      .where(and(eq(messageOutbox.kind, "test_email"), inArray(messageOutbox.status, ["queued", "sending"])));
    expect(rows).toEqual([]);
  });

  it("without a mail server the test e-mail is kept in Email Logs, and the owner is told it was not sent", async () => {
    const result = await sendTestEmail(db(), {
      sender: null,
      from: null,
      publicUrl: "https://brand.pk",
      requestedBy: "Owner",
    });
    expect(result).toEqual({
      sent: false,
      recipients: [OWNER],
      message:
        "No mail server is configured (SMTP_URL is not set), so nothing was sent: the test e-mail to me@brand.pk is kept in Email Logs.",
    });
    await drainOutbox(db(), { senders: { email: null }, from: null, publicUrl: "https://brand.pk" });
    const rows = await db()
      .select({ status: messageOutbox.status })
      .from(messageOutbox)
      .where(eq(messageOutbox.kind, "test_email"));
    expect(rows.map((r) => r.status)).toContain("not_configured");
  });
});
