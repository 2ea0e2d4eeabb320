import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messageOutbox, orders, shopSettings, users } from "~/schema";
import { createShopAuth } from "~/flows/create-shop-auth.server";
import { CLIENT_IP_HEADER } from "~/modules/abuse/client-address";
import { updateNotificationSettings } from "~/modules/accounts/customer-profile.server";
import { grantSellerRole, revokeSellerRole } from "~/flows/team-roles.server";
import { placeOrder } from "~/flows/place-order.server";
import { submitContactMessage } from "~/flows/submit-contact-message.server";
import { cancelOrder } from "~/flows/cancel-order.server";
import { moveOrder } from "~/flows/move-order.server";
import { contactForm } from "../../../tests/factories/contact-form";
import { DATABASE_KINDS, useTestDatabase } from "../../../tests/factories/test-database";
import { startTestSmtpServer, type ReceivedEmail, type TestSmtpServer } from "~/integrations/messaging/smtp-stand-in";
import { createTestBuyer } from "../../../tests/factories/test-users";
import { createSmtpSender } from "~/integrations/messaging/smtp-sender.server";
import type { EmailSender } from "./message-sender";
import { drainOutbox, startMailWorker, type MailWorkerOptions } from "./mail-worker.server";
import { MAX_SEND_ATTEMPTS, NOT_CONFIGURED_REASON } from "./retry-policy";
import { TEST_AUTH_SECRET } from "../../../tests/factories/test-secret";

const OWNER_EMAIL = "owner@kapra.test";
const OWNER = { id: null, name: "Shop" };
const shipping = (email: string) => ({
  fullName: "Ayesha Khan",
  email,
  phone: "+923001234567",
  city: "Lahore",
  address: "House 12, Street 4, Gulberg III",
  postalCode: null,
  country: "Pakistan" as const,
});
const TEE = { productId: "essential-crew-neck-tee", color: "Black", size: "L", quantity: 1 };

describe.each(DATABASE_KINDS)("every e-mail the shop sends, over real SMTP, on %s", (kind) => {
  const database = useTestDatabase(kind);
  let smtp: TestSmtpServer;
  let sender: EmailSender;
  const db = () => database.db;
  const options = (): MailWorkerOptions => ({
    senders: { email: sender },
    from: "Kapra <orders@kapra.test>",
    publicUrl: "https://kapra.test",
  });
  const send = () => drainOutbox(db(), options());
  const to = (address: string) => (m: ReceivedEmail) => m.to.includes(address);

  beforeAll(async () => {
    await database.db.update(shopSettings).set({ contactEmail: OWNER_EMAIL, notificationEmails: [OWNER_EMAIL] });
    smtp = await startTestSmtpServer();
    sender = createSmtpSender(smtp.url);
  }, 300_000);
  afterAll(async () => {
    await sender?.close();
    await smtp?.stop();
  });

  async function buyerWithEmail(email: string): Promise<string> {
    const id = await createTestBuyer(db(), "Ayesha Khan");
    await db().update(users).set({ email }).where(eq(users.id, id));
    return id;
  }

  it("tells the buyer each move of their order, with the courier and tracking number when shipped", async () => {
    const buyer = await buyerWithEmail("moves@example.pk");
    const order = await placeOrder(
      { db: db() },
      { userId: buyer, shipping: shipping("moves@example.pk"), items: [TEE] },
    );
    for (const status of ["confirmed", "processing"] as const)
      await moveOrder({ db: db() }, OWNER, order.orderId, { status });
    await moveOrder({ db: db() }, OWNER, order.orderId, {
      status: "shipped",
      courierName: "TCS",
      trackingNumber: "TCS-778899",
    });
    await send();

    const mails = await smtp.waitFor(to("moves@example.pk"), 4);
    expect(mails.map((m) => m.subject)).toEqual([
      `Your Kapra order ${order.orderNumber} is placed`,
      `Your order ${order.orderNumber} is confirmed`,
      `Your order ${order.orderNumber} is being packed`,
      `Your order ${order.orderNumber} is on its way`,
    ]);
    const shipped = mails[3];
    for (const part of [shipped.html, shipped.text]) {
      expect(part).toContain("Courier: TCS");
      expect(part).toContain("Tracking number: TCS-778899");
      expect(part).toContain("Cash on Delivery: please have PKR 1,499 ready");
    }
    expect(shipped.text).toContain(`https://kapra.test/orders/${order.orderId}`);
    expect(shipped.from).toBe("orders@kapra.test");
  });

  it("confirms a cancellation without asking for cash", async () => {
    const buyer = await buyerWithEmail("cancels@example.pk");
    const order = await placeOrder(
      { db: db() },
      { userId: buyer, shipping: shipping("cancels@example.pk"), items: [TEE] },
    );
    await cancelOrder({ db: db() }, { id: buyer, role: "buyer" }, order.orderId);
    await send();
    const [cancelled] = await smtp.waitFor((m) => to("cancels@example.pk")(m) && m.subject.endsWith("was cancelled"));
    expect(cancelled.subject).toBe(`Your order ${order.orderNumber} was cancelled`);
    expect(cancelled.text).toContain("Your order was cancelled. Nothing is owed.");
    expect(cancelled.text).not.toContain("please have");
  });

  it("sends no order e-mail to a buyer who turned them off, while the owner still hears of the order", async () => {
    const buyer = await buyerWithEmail("quiet@example.pk");
    await updateNotificationSettings(db(), buyer, { orderEmails: false, smsUpdates: true, marketingEmails: false });
    const order = await placeOrder(
      { db: db() },
      { userId: buyer, shipping: shipping("quiet@example.pk"), items: [TEE] },
    );
    await moveOrder({ db: db() }, OWNER, order.orderId, { status: "confirmed" });
    await send();

    const [ownerNotice] = await smtp.waitFor((m) => to(OWNER_EMAIL)(m) && m.subject.includes(order.orderNumber));
    expect(ownerNotice.subject).toBe(`New order ${order.orderNumber}: PKR 1,499 cash on delivery`);
    expect(ownerNotice.text).toContain("Ayesha Khan from Lahore");
    expect(ownerNotice.text).toContain(`https://kapra.test/seller/orders?q=${order.orderNumber}`);
    expect(smtp.received.filter(to("quiet@example.pk"))).toEqual([]);
    const rows = await db()
      .select({ kind: messageOutbox.kind })
      .from(messageOutbox)
      .where(eq(messageOutbox.orderId, order.orderId));
    expect(rows.map((r) => r.kind)).toEqual(["order_received"]);
  });

  it("sends the owner a contact message they can reply to", async () => {
    const form = await contactForm(db(), {
      name: "Bilal",
      email: "bilal@example.pk",
      subject: "Size exchange",
      message: "Can I swap M for L?\nThanks",
    });
    const result = await submitContactMessage({ db: db() }, form, { address: "10.7.0.1" });
    expect(result.ok).toBe(true);
    await send();
    const [mail] = await smtp.waitFor((m) => to(OWNER_EMAIL)(m) && m.subject === "Contact form: Size exchange");
    expect(mail.text).toContain("Can I swap M for L?");
    expect(mail.html).toContain("mailto:bilal@example.pk");
    expect(mail.html).toContain("https://kapra.test/seller/inbox");
  });

  it("queues nothing for a contact form that is refused", async () => {
    const before = await db().$count(messageOutbox);
    const result = await submitContactMessage(
      { db: db() },
      { name: "", email: "not-an-address", subject: "", message: "" },
      { address: "10.7.0.1" },
    );
    expect(result.ok).toBe(false);
    expect(await db().$count(messageOutbox)).toBe(before);
  });

  it("tells a person when the seller role is given to them and when it is taken back", async () => {
    const first = await buyerWithEmail("staff@example.pk");
    await buyerWithEmail("other-seller@example.pk");
    await grantSellerRole(db(), "other-seller@example.pk");
    await grantSellerRole(db(), "staff@example.pk");
    await grantSellerRole(db(), "staff@example.pk"); // already a seller: no second e-mail
    await revokeSellerRole(db(), first);
    await send();
    const mails = await smtp.waitFor(to("staff@example.pk"), 2);
    expect(mails.map((m) => m.subject)).toEqual([
      "You can now run the Kapra shop",
      "Your seller access to Kapra was removed",
    ]);
    expect(mails[0].text).toContain("https://kapra.test/seller-dashboard");
  });

  it("tells the account holder their password changed, even with order e-mails turned off", async () => {
    const secret = TEST_AUTH_SECRET;
    const auth = createShopAuth({
      db: db(),
      env: {
        PUBLIC_URL: undefined,
        GOOGLE_CLIENT_ID: undefined,
        GOOGLE_CLIENT_SECRET: undefined,
        SIGN_IN_RATE_LIMIT: 100,
      },
      secret,
    });
    const post = (path: string, body: unknown, cookie?: string) =>
      auth.handler(
        new Request(`http://shop.test/api/auth${path}`, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            origin: "http://shop.test",
            [CLIENT_IP_HEADER]: "10.1.0.1",
            ...(cookie ? { cookie } : {}),
          },
          body: JSON.stringify(body),
        }),
      );
    const signUp = await post("/sign-up/email", { name: "Hina", email: "hina@example.pk", password: "first-password" });
    const cookie = signUp.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const [hina] = await db().select({ id: users.id }).from(users).where(eq(users.email, "hina@example.pk"));
    await updateNotificationSettings(db(), hina.id, { orderEmails: false, smsUpdates: false, marketingEmails: false });

    expect(
      (await post("/change-password", { currentPassword: "wrong-password", newPassword: "second-password" }, cookie))
        .status,
    ).toBe(400);
    expect(
      (await post("/change-password", { currentPassword: "first-password", newPassword: "second-password" }, cookie))
        .status,
    ).toBe(200);
    await send();
    const mails = await smtp.waitFor(to("hina@example.pk"));
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe("Your Kapra password was changed");
    expect(mails[0].text).toContain("If this was not you");
  });

  it("keeps e-mails while the mail server is down, takes orders all the same, and sends them once it is back", async () => {
    const down = await startTestSmtpServer();
    const port = down.port;
    await down.stop();
    const patient = createSmtpSender(`smtp://127.0.0.1:${port}`);
    const worker = await startMailWorker(
      database,
      { ...options(), senders: { email: patient }, retryDelayMs: () => 300 },
      100,
    );
    try {
      const buyer = await buyerWithEmail("patient@example.pk");
      const order = await placeOrder(
        { db: db() },
        { userId: buyer, shipping: shipping("patient@example.pk"), items: [TEE] },
      );
      await expect
        .poll(
          async () => {
            const rows = await db().select().from(messageOutbox).where(eq(messageOutbox.orderId, order.orderId));
            return rows.every(
              (r) => r.status === "queued" && r.attempts >= 1 && /ECONNREFUSED|connect/i.test(r.lastError ?? ""),
            );
          },
          { timeout: 10_000 },
        )
        .toBe(true);

      const back = await startTestSmtpServer({ port });
      try {
        const mails = await back.waitFor((m) => m.subject.includes(order.orderNumber), 2, 15_000);
        expect(mails.map((m) => m.to[0]).sort()).toEqual([OWNER_EMAIL, "patient@example.pk"]);
        await expect
          .poll(async () => {
            const rows = await db()
              .select({ status: messageOutbox.status })
              .from(messageOutbox)
              .where(eq(messageOutbox.orderId, order.orderId));
            return rows.map((r) => r.status);
          })
          .toEqual(["sent", "sent"]);
      } finally {
        await worker.stop();
        await patient.close();
        await back.stop();
      }
    } finally {
      await worker.stop();
      await patient.close();
    }
  });

  it("gives up at once on an address the mail server refuses for good, keeping its reason", async () => {
    smtp.refuse("nobody@example.pk");
    const buyer = await buyerWithEmail("nobody@example.pk");
    const order = await placeOrder(
      { db: db() },
      { userId: buyer, shipping: shipping("nobody@example.pk"), items: [TEE] },
    );
    await send();
    const [row] = await db().select().from(messageOutbox).where(eq(messageOutbox.toAddress, "nobody@example.pk"));
    expect(row).toMatchObject({ status: "failed", attempts: 1, orderNumber: order.orderNumber });
    expect(row.lastError).toMatch(/550.*mailbox unavailable/);
    expect(MAX_SEND_ATTEMPTS).toBeGreaterThan(1);
  });

  it("without a mail server, renders and keeps every e-mail, marked not sent", async () => {
    const buyer = await buyerWithEmail("unsent@example.pk");
    const order = await placeOrder(
      { db: db() },
      { userId: buyer, shipping: shipping("unsent@example.pk"), items: [TEE] },
    );
    await drainOutbox(db(), { ...options(), senders: { email: null }, from: null });
    const rows = await db().select().from(messageOutbox).where(eq(messageOutbox.orderId, order.orderId));
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row).toMatchObject({
        status: "not_configured",
        lastError: NOT_CONFIGURED_REASON,
        attempts: 0,
        fromAddress: `"Kapra" <${OWNER_EMAIL}>`,
      });
      expect(row.html).toContain(order.orderNumber);
      expect(row.text).toContain(order.orderNumber);
    }
    expect(smtp.received.filter(to("unsent@example.pk"))).toEqual([]);
  });

  it("never e-mails for an order that rolled back", async () => {
    const buyer = await buyerWithEmail("rollback@example.pk");
    const before = await db().$count(messageOutbox);
    await expect(
      placeOrder(
        { db: db() },
        { userId: buyer, shipping: shipping("rollback@example.pk"), items: [{ ...TEE, quantity: 100_000 }] },
      ),
    ).rejects.toThrow();
    expect(await db().$count(messageOutbox)).toBe(before);
    expect(await db().$count(orders, inArray(orders.email, ["rollback@example.pk"]))).toBe(0);
  });
});
