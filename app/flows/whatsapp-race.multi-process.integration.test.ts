import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { messageOutbox, orders, orderStatusHistory, productVariants, users } from "~/schema";
import { createSecretBox } from "~/db/secret-box.server";
import { signWebhook, buttonReplyWebhook } from "~/integrations/messaging/whatsapp-stand-in";
import { whatsappButtonPayloads } from "~/modules/messages/whatsapp-messages";
import { saveWhatsappSettings } from "~/modules/messages/whatsapp-settings.server";
import { useTestDatabase } from "../../tests/factories/test-database";
import { TEST_ITEM } from "../../tests/factories/test-orders";
import { TEST_AUTH_SECRET } from "../../tests/factories/test-secret";
import { placeOrder } from "./place-order.server";

const run = promisify(execFile);
const ORDERS = 12;
const APP_SECRET = "race-app-secret-0123456789";
const OWNER = { id: "wa-race-owner", name: "Owner" };

/**
 * The rule with two real processes on one PostgreSQL: the buyer's Confirm (the webhook
 * flow) in one, the owner's Cancel of the same orders in the other, started together. Each order
 * ends cancelled, with its stock back exactly once, one cancellation in its history, and its
 * WhatsApp state saying whether the tap came first.
 */
describe("a buyer's Confirm and the owner's Cancel from two processes on one PostgreSQL", () => {
  const database = useTestDatabase("postgres");
  const db = () => database.db;

  it("ends every order in one consistent state", async () => {
    const box = createSecretBox(TEST_AUTH_SECRET, "whatsapp-settings");
    await db()
      .insert(users)
      .values({ id: OWNER.id, name: OWNER.name, email: "wa-race-owner@example.pk", role: "seller" });
    await saveWhatsappSettings(db(), box, {
      phoneNumberId: "1234567890",
      accessToken: "EAAG-race-token-0000",
      appSecret: APP_SECRET,
      verifyToken: "race-verify-token",
      confirmationTemplate: "order_confirmation",
      shippedTemplate: "order_shipped",
      deliveredTemplate: "order_delivered",
      language: "en",
      sendDelayMinutes: 0,
      needsCallHours: 24,
    });
    const variant = and(
      eq(productVariants.productId, TEST_ITEM.productId),
      eq(productVariants.color, TEST_ITEM.color),
      eq(productVariants.size, TEST_ITEM.size),
    );
    await db().update(productVariants).set({ stock: 100 }).where(variant);
    const placed: { id: string; orderNumber: string; phone: string }[] = [];
    for (let i = 0; i < ORDERS; i++) {
      const phone = `0333${String(7_000_000 + i)}`;
      const order = await placeOrder(
        { db: db() },
        {
          userId: null,
          items: [{ ...TEST_ITEM, quantity: 1 }],
          enteredBy: { actor: OWNER, channel: "phone" },
          shipping: {
            fullName: "Race Buyer",
            email: "race@example.pk",
            phone,
            city: "Lahore",
            address: "1 Race Road",
            postalCode: null,
            country: "Pakistan",
          },
        },
      );
      placed.push({ id: order.orderId, orderNumber: order.orderNumber, phone });
    }
    const stockBefore = (await db().select({ stock: productVariants.stock }).from(productVariants).where(variant))[0]
      .stock;
    const rows = await db()
      .select({ orderId: messageOutbox.orderId, data: messageOutbox.data })
      .from(messageOutbox)
      .where(
        and(
          inArray(
            messageOutbox.orderId,
            placed.map((p) => p.id),
          ),
          eq(messageOutbox.kind, "whatsapp_confirmation"),
        ),
      );
    expect(rows).toHaveLength(ORDERS);
    const deliveries = placed.map((order) => {
      const nonce = String(rows.find((r) => r.orderId === order.id)!.data.nonce);
      const raw = JSON.stringify(
        buttonReplyWebhook("1234567890", {
          from: `92${order.phone.slice(1)}`,
          payload: whatsappButtonPayloads(order.orderNumber, nonce)[0],
          text: "Confirm",
          contextWamid: "wamid.race",
        }),
      );
      return { raw, signature: signWebhook(raw, APP_SECRET) };
    });

    const env = {
      ...process.env,
      DATABASE_URL: database.url!,
      START_AT: String(Date.now() + 5000),
      OWNER_ID: OWNER.id,
    };
    const proc = (more: Record<string, string>) =>
      run("npx", ["tsx", "tests/fixtures/whatsapp-race-process.ts"], { env: { ...env, ...more }, timeout: 90_000 });
    const [buyer, owner] = await Promise.all([
      proc({ ROLE: "buyer", DELIVERIES: JSON.stringify(deliveries) }),
      proc({ ROLE: "owner", ORDER_IDS: JSON.stringify(placed.map((p) => p.id)) }),
    ]);
    const buyerDone = (JSON.parse(buyer.stdout.trim().split("\n").at(-1)!) as { done: string[] }).done;
    const ownerDone = (JSON.parse(owner.stdout.trim().split("\n").at(-1)!) as { done: string[] }).done;
    expect(ownerDone.every((d) => d === "cancelled")).toBe(true);
    expect(buyerDone.every((d) => d === "confirmed" || d.startsWith("nothing changed: the order had moved on"))).toBe(
      true,
    );

    for (const [i, order] of placed.entries()) {
      const [row] = await db().select().from(orders).where(eq(orders.id, order.id));
      const history = await db().select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, order.id));
      expect(row.status).toBe("cancelled");
      expect(history.filter((h) => h.toStatus === "cancelled")).toHaveLength(1);
      const confirmedByTap = history.some((h) => h.toStatus === "confirmed");
      expect(confirmedByTap).toBe(buyerDone[i] === "confirmed");
      expect(row.whatsappStatus).toBe(confirmedByTap ? "confirmed" : "queued");
    }
    const stockAfter = (await db().select({ stock: productVariants.stock }).from(productVariants).where(variant))[0]
      .stock;
    expect(stockAfter).toBe(stockBefore + ORDERS);
  }, 120_000);
});
