import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messageOutbox, shopSettings } from "~/schema";
import { placeOrder } from "~/flows/place-order.server";
import { DATABASE_KINDS, useTestDatabase } from "../../../tests/factories/test-database";
import { startTestSmtpServer, type TestSmtpServer } from "~/integrations/messaging/smtp-stand-in";
import { createTestBuyer } from "../../../tests/factories/test-users";
import { createSmtpSender } from "~/integrations/messaging/smtp-sender.server";
import { drainOutbox } from "./mail-worker.server";

const SHIPPING = {
  fullName: "Ayesha Khan",
  email: "ayesha@example.pk",
  phone: "+923001234567",
  city: "Karachi",
  address: "House 12, Street 4, DHA Phase 6",
  postalCode: null,
  country: "Pakistan" as const,
};

describe.each(DATABASE_KINDS)("the order e-mails on %s", (kind) => {
  const database = useTestDatabase(kind);
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    await database.db
      .update(shopSettings)
      .set({ contactEmail: "owner@kapra.test", notificationEmails: ["owner@kapra.test"] });
    smtp = await startTestSmtpServer();
  }, 300_000);
  afterAll(async () => {
    await smtp?.stop();
  });

  it("queues the buyer's confirmation and the owner's notice with the order, and sends both over SMTP", async () => {
    const buyer = await createTestBuyer(database.db);
    const order = await placeOrder(
      { db: database.db },
      {
        userId: buyer,
        shipping: SHIPPING,
        items: [{ productId: "essential-crew-neck-tee", color: "Black", size: "M", quantity: 2 }],
      },
    );
    const queued = await database.db.select().from(messageOutbox).where(eq(messageOutbox.orderId, order.orderId));
    expect(queued.map((r) => [r.kind, r.toAddress, r.status]).sort()).toEqual([
      ["order_placed", "ayesha@example.pk", "queued"],
      ["order_received", "owner@kapra.test", "queued"],
    ]);

    const sender = createSmtpSender(smtp.url);
    await drainOutbox(database.db, {
      senders: { email: sender },
      from: "Kapra <orders@kapra.test>",
      publicUrl: "https://kapra.test",
    });
    await sender.close();

    const [toBuyer] = await smtp.waitFor(
      (m) => m.to.includes("ayesha@example.pk") && m.subject.includes(order.orderNumber),
    );
    expect(toBuyer.subject).toBe(`Your Kapra order ${order.orderNumber} is placed`);
    expect(toBuyer.html).toContain("Essential Crew Neck Tee");
    expect(toBuyer.html).toContain(`https://kapra.test/orders/${order.orderId}`);
    expect(toBuyer.text).toContain("PKR 2,598");
    expect(toBuyer.text).toMatch(/Cash on Delivery: please have PKR 2,798 ready/);
    const [toOwner] = await smtp.waitFor((m) => m.to.includes("owner@kapra.test"));
    expect(toOwner.subject).toBe(`New order ${order.orderNumber}: PKR 2,798 cash on delivery`);

    const sent = await database.db.select().from(messageOutbox).where(eq(messageOutbox.orderId, order.orderId));
    expect(sent.every((r) => r.status === "sent" && r.attempts === 1 && r.html && r.text)).toBe(true);
  });
});
