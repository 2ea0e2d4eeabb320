import { and, asc, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  mediaFiles,
  messageOutbox,
  orderItems,
  orders,
  products,
  productVariants,
  returnEvents,
  returnItems,
  returnRequests,
  storeCreditAccounts,
  storeCreditEntries,
  users,
} from "~/schema";
import { createSecretBox } from "~/db/secret-box.server";
import { storeImage } from "~/modules/media/store-image.server";
import { saveWhatsappSettings } from "~/modules/messages/whatsapp-settings.server";
import { DATABASE_KINDS, useTestDatabase } from "../../tests/factories/test-database";
import { refusal } from "../../tests/factories/refusal";
import { pngImage } from "../../tests/factories/test-images";
import { TEST_AUTH_SECRET } from "../../tests/factories/test-secret";
import { createTestBuyer } from "../../tests/factories/test-users";
import { approveReturn } from "./approve-return.server";
import { moveOrder } from "./move-order.server";
import { placeOrder } from "./place-order.server";
import { receiveReturn } from "./receive-return.server";
import { rejectReturn } from "./reject-return.server";
import { requestReturn } from "./request-return.server";

const TEE = "essential-crew-neck-tee";
const DAY = 24 * 60 * 60 * 1000;
const NOW = new Date("2025-07-10T09:00:00Z");
const OWNER = { id: "exchange-endings-owner", name: "Owner" };

/**
 * Issue 40: an exchange's money compares like with like (the order's discount carried over: the
 * same price is Rs 0 at the door), every path ends with the buyer's money back and the request
 * closed, and the replacement keeps the buyer's choices (WhatsApp opt-out, e-mail, phone).
 */
describe.each(DATABASE_KINDS)("exchanges that end, with the right money, on %s", (kind) => {
  const database = useTestDatabase(kind);
  const db = () => database.db;
  const variant: Record<string, number> = {};
  let teePrice = 0;

  beforeAll(async () => {
    await db()
      .insert(users)
      .values({ id: OWNER.id, name: OWNER.name, email: "owner@exchange-endings.pk", role: "seller" });
    const rows = await db()
      .select({ id: productVariants.id, color: productVariants.color, size: productVariants.size })
      .from(productVariants)
      .where(eq(productVariants.productId, TEE));
    for (const r of rows) variant[`${r.color}/${r.size}`] = r.id;
    await db().update(productVariants).set({ stock: 50 }).where(eq(productVariants.productId, TEE));
    // A Rs 2,000 kurta-priced tee, as in the issue.
    await db().update(products).set({ price: 2000, originalPrice: null }).where(eq(products.id, TEE));
    teePrice = 2000;
  }, 300_000);

  const ctx = () => ({ db: db(), now: NOW });
  const orderRow = async (orderId: string) => (await db().select().from(orders).where(eq(orders.id, orderId)))[0];
  const requestOf = async (returnId: string) =>
    (await db().select().from(returnRequests).where(eq(returnRequests.id, returnId)))[0];
  const stepsOf = async (returnId: string) =>
    db()
      .select({ step: returnEvents.step, note: returnEvents.note })
      .from(returnEvents)
      .where(eq(returnEvents.returnId, returnId))
      .orderBy(asc(returnEvents.id));
  const balanceOf = async (userId: string) =>
    (
      await db()
        .select({ balance: storeCreditAccounts.balance })
        .from(storeCreditAccounts)
        .where(eq(storeCreditAccounts.userId, userId))
    )[0]?.balance ?? 0;
  const stockOf = async (key: string) =>
    (
      await db()
        .select({ stock: productVariants.stock })
        .from(productVariants)
        .where(eq(productVariants.id, variant[key]))
    )[0].stock;

  /** A buyer's delivered, paid order of one tee (Black M) with `discount` off (10 % of Rs 2,000 by default). */
  async function deliveredOrder(userId: string, opts: { discount?: number; whatsappOptOut?: boolean } = {}) {
    const placed = await placeOrder(
      { db: db(), now: new Date(NOW.getTime() - 10 * DAY) },
      {
        userId,
        whatsappOptOut: opts.whatsappOptOut,
        items: [{ productId: TEE, color: "Black", size: "M", quantity: 1 }],
        shipping: {
          fullName: "Ayesha Khan",
          email: "ayesha@exchange.pk",
          phone: "+923001112233",
          city: "Lahore",
          address: "12 Mall Road",
          postalCode: null,
          country: "Pakistan",
        },
      },
    );
    const order = await orderRow(placed.orderId);
    const discount = opts.discount ?? teePrice / 10;
    await db()
      .update(orders)
      .set({
        status: "delivered",
        paymentStatus: "collected",
        deliveredAt: new Date(NOW.getTime() - 2 * DAY),
        discountTotal: discount,
        total: order.total - discount,
      })
      .where(eq(orders.id, placed.orderId));
    return { orderId: placed.orderId, orderNumber: placed.orderNumber };
  }

  async function exchangeFor(userId: string, order: { orderId: string }, to = "Black/L") {
    const [line] = await db()
      .select({ id: orderItems.id })
      .from(orderItems)
      .where(eq(orderItems.orderId, order.orderId));
    return requestReturn(ctx(), {
      userId,
      orderId: order.orderId,
      reason: "wrong_size",
      reasonText: null,
      photos: [],
      items: [{ orderItemId: line.id, quantity: 1, kind: "exchange", exchangeVariantId: variant[to] }],
    });
  }

  const receiveAll = async (returnId: string) => {
    const items = await db().select({ id: returnItems.id }).from(returnItems).where(eq(returnItems.returnId, returnId));
    return receiveReturn(
      ctx(),
      OWNER,
      returnId,
      items.map((i) => ({ returnItemId: i.id, condition: "resellable" as const })),
    );
  };

  describe("money", () => {
    it("the same price with a 10 % code collects Rs 0: M for L of a Rs 2,000 tee bought for Rs 1,800", async () => {
      const buyer = await createTestBuyer(db(), "Same Price");
      const order = await deliveredOrder(buyer);
      const made = await exchangeFor(buyer, order);
      const approved = await approveReturn(ctx(), OWNER, made.returnId);
      expect(approved).toMatchObject({ replacement: { total: 0 }, creditOnReceipt: 0 });
      expect(await orderRow(approved.replacement!.orderId)).toMatchObject({
        subtotal: 2000,
        discountTotal: 200,
        exchangeCredit: 1800,
        total: 0,
      });
      expect((await stepsOf(made.returnId)).at(-1)?.note).toBe(
        `Replacement ${approved.replacement!.orderNumber}: nothing to collect`,
      );
    });

    it("a dearer new variant collects only the real price difference (Rs 500, never Rs 700)", async () => {
      const buyer = await createTestBuyer(db(), "Dearer");
      const order = await deliveredOrder(buyer);
      const made = await exchangeFor(buyer, order);
      await db().update(products).set({ price: 2500 }).where(eq(products.id, TEE));
      try {
        const approved = await approveReturn(ctx(), OWNER, made.returnId);
        expect(approved.replacement!.total).toBe(500);
        expect(await orderRow(approved.replacement!.orderId)).toMatchObject({
          subtotal: 2500,
          discountTotal: 200,
          exchangeCredit: 1800,
          total: 500,
        });
      } finally {
        await db().update(products).set({ price: 2000 }).where(eq(products.id, TEE));
      }
    });

    it("a cheaper new variant keeps the discount: Rs 1,500 priced at Rs 1,350, Rs 450 store credit on receipt", async () => {
      const buyer = await createTestBuyer(db(), "Cheaper");
      const order = await deliveredOrder(buyer);
      const made = await exchangeFor(buyer, order);
      await db().update(products).set({ price: 1500 }).where(eq(products.id, TEE));
      try {
        const approved = await approveReturn(ctx(), OWNER, made.returnId);
        expect(approved).toMatchObject({ replacement: { total: 0 }, creditOnReceipt: 450 });
        expect(await orderRow(approved.replacement!.orderId)).toMatchObject({
          subtotal: 1500,
          discountTotal: 150,
          exchangeCredit: 1350,
          total: 0,
        });
      } finally {
        await db().update(products).set({ price: 2000 }).where(eq(products.id, TEE));
      }
      expect((await receiveAll(made.returnId)).storeCredit).toBe(450);
      expect(await balanceOf(buyer)).toBe(450);
    });
  });

  describe("no dead ends", () => {
    for (const ending of ["cancelled", "refused at the door"] as const) {
      it(`old item received, then the replacement ${ending}: what was paid becomes store credit, the request closes, the history says so`, async () => {
        const buyer = await createTestBuyer(db(), `Ends ${ending}`);
        const order = await deliveredOrder(buyer);
        const made = await exchangeFor(buyer, order);
        const { replacement } = await approveReturn(ctx(), OWNER, made.returnId);
        const lBefore = await stockOf("Black/L");
        expect(await receiveAll(made.returnId)).toMatchObject({ status: "received", storeCredit: 0 });
        expect(await balanceOf(buyer)).toBe(0);

        const path =
          ending === "cancelled"
            ? (["cancelled"] as const)
            : (["confirmed", "processing", "shipped", "returned"] as const);
        for (const status of path) await moveOrder(ctx(), OWNER, replacement!.orderId, { status });

        expect(await balanceOf(buyer)).toBe(1800);
        expect(
          await db()
            .select({ amount: storeCreditEntries.amount, kind: storeCreditEntries.kind })
            .from(storeCreditEntries)
            .where(eq(storeCreditEntries.userId, buyer)),
        ).toEqual([{ amount: 1800, kind: "exchange_difference" }]);
        expect(await stockOf("Black/L")).toBe(lBefore + 1);
        expect((await requestOf(made.returnId)).status).toBe("closed");
        const steps = await stepsOf(made.returnId);
        expect(steps.map((s) => s.step)).toEqual(["requested", "approved", "received", "credited", "closed"]);
        const word = ending === "cancelled" ? "was cancelled" : "was refused at the door";
        expect(steps[3].note).toBe(
          `Replacement ${replacement!.orderNumber} ${word}: Rs 1,800 added to store credit, what the old item was paid`,
        );
      });
    }

    it("a replacement refused before the old item came back: Reject ends the request (nothing to give back)", async () => {
      const buyer = await createTestBuyer(db(), "Refused Early");
      const order = await deliveredOrder(buyer);
      const made = await exchangeFor(buyer, order);
      const { replacement } = await approveReturn(ctx(), OWNER, made.returnId);
      for (const status of ["confirmed", "processing", "shipped", "returned"] as const)
        await moveOrder(ctx(), OWNER, replacement!.orderId, { status });
      const rejected = await rejectReturn(
        ctx(),
        OWNER,
        made.returnId,
        "The customer refused the replacement and kept the old item",
      );
      expect(rejected).toMatchObject({ status: "rejected", cancelledReplacement: null });
      expect(await requestOf(made.returnId)).toMatchObject({ status: "rejected" });
      expect(await balanceOf(buyer)).toBe(0);
    });

    it("a replacement refused before the old item came back, then the old item received: all it was paid is credit, and the request closes", async () => {
      const buyer = await createTestBuyer(db(), "Refused Then Received");
      const order = await deliveredOrder(buyer);
      const made = await exchangeFor(buyer, order);
      const { replacement } = await approveReturn(ctx(), OWNER, made.returnId);
      for (const status of ["confirmed", "processing", "shipped", "returned"] as const)
        await moveOrder(ctx(), OWNER, replacement!.orderId, { status });
      expect(await receiveAll(made.returnId)).toMatchObject({ status: "closed", storeCredit: 1800 });
      expect(await balanceOf(buyer)).toBe(1800);
    });
  });

  describe("the replacement keeps the buyer's choices", () => {
    it("an opted-out buyer gets no WhatsApp about the EX- order; e-mail and phone are the original's", async () => {
      await saveWhatsappSettings(db(), createSecretBox(TEST_AUTH_SECRET, "whatsapp-settings"), {
        phoneNumberId: "1234567890",
        accessToken: "EAAG-exchange-token-0000",
        appSecret: "exchange-app-secret-0123456789",
        verifyToken: "exchange-verify-token",
        confirmationTemplate: "order_confirmation",
        shippedTemplate: "order_shipped",
        deliveredTemplate: "order_delivered",
        language: "en",
        sendDelayMinutes: 0,
        needsCallHours: 24,
      });
      const buyer = await createTestBuyer(db(), "Quiet On WhatsApp");
      const order = await deliveredOrder(buyer, { whatsappOptOut: true });
      const made = await exchangeFor(buyer, order);
      const { replacement } = await approveReturn(ctx(), OWNER, made.returnId);
      expect(await orderRow(replacement!.orderId)).toMatchObject({
        whatsappOptOut: true,
        email: "ayesha@exchange.pk",
        phone: "+923001112233",
      });
      for (const status of ["confirmed", "processing", "shipped", "delivered"] as const)
        await moveOrder(ctx(), OWNER, replacement!.orderId, { status });
      const whatsapp = await db()
        .select({ kind: messageOutbox.kind })
        .from(messageOutbox)
        .where(and(eq(messageOutbox.orderId, replacement!.orderId), eq(messageOutbox.channel, "whatsapp")));
      expect(whatsapp).toEqual([]);
    });
  });

  describe("the buyer's photos", () => {
    const withPhotos = async (name: string) => {
      const buyer = await createTestBuyer(db(), name);
      const order = await deliveredOrder(buyer);
      const [line] = await db()
        .select({ id: orderItems.id })
        .from(orderItems)
        .where(eq(orderItems.orderId, order.orderId));
      const photo = await storeImage(db(), await pngImage(name === "Kept Photos" ? "#0a7d3b" : "#7d0a3b"));
      const made = await requestReturn(ctx(), {
        userId: buyer,
        orderId: order.orderId,
        reason: "defective",
        reasonText: null,
        photos: [photo],
        items: [{ orderItemId: line.id, quantity: 1, kind: "return" }],
      });
      return { made, keys: photo.sources.map((s) => s.key) };
    };
    const filesOf = async (keys: string[]) =>
      (await db().select({ key: mediaFiles.key }).from(mediaFiles).where(inArray(mediaFiles.key, keys))).length;

    it("are deleted when the request is rejected, and kept when it is approved", async () => {
      const rejected = await withPhotos("Rejected Photos");
      expect(await filesOf(rejected.keys)).toBe(rejected.keys.length);
      await rejectReturn(ctx(), OWNER, rejected.made.returnId, "Worn, with the tags removed");
      expect(await filesOf(rejected.keys)).toBe(0);
      expect((await requestOf(rejected.made.returnId)).photos).toEqual([]);

      const kept = await withPhotos("Kept Photos");
      await approveReturn(ctx(), OWNER, kept.made.returnId);
      expect(await filesOf(kept.keys)).toBe(kept.keys.length);
      expect((await requestOf(kept.made.returnId)).photos).toHaveLength(1);
    });
  });

  it("a rejected exchange still refuses a second rejection (the flow stays guarded)", async () => {
    const buyer = await createTestBuyer(db(), "Guarded");
    const order = await deliveredOrder(buyer);
    const made = await exchangeFor(buyer, order);
    await rejectReturn(ctx(), OWNER, made.returnId, "Worn");
    expect((await refusal(rejectReturn(ctx(), OWNER, made.returnId, "again"))).message).toBe(
      "This return request was rejected",
    );
  });
});
