import { and, asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  customerProfiles,
  messageOutbox,
  orderItems,
  orders,
  orderStatusHistory,
  products,
  productVariants,
  refunds,
  returnEvents,
  returnItems,
  returnRequests,
  shopSettings,
  storeCreditAccounts,
  storeCreditEntries,
  users,
} from "~/schema";
import { NOTHING_PAID_MESSAGE } from "~/modules/returns/return-rules";
import { DATABASE_KINDS, useTestDatabase } from "../../tests/factories/test-database";
import { createTestBuyer } from "../../tests/factories/test-users";
import { approveReturn } from "./approve-return.server";
import { moveOrder } from "./move-order.server";
import { placeOrder } from "./place-order.server";
import { receiveReturn } from "./receive-return.server";
import { recordRefund } from "./record-refund.server";
import { rejectReturn } from "./reject-return.server";
import { requestReturn } from "./request-return.server";
import { refusal } from "../../tests/factories/refusal";

const TEE = "essential-crew-neck-tee";
const TEE_PRICE = 1299;
const DAY = 24 * 60 * 60 * 1000;
const NOW = new Date("2025-07-10T09:00:00Z");
const OWNER = { id: "returns-owner", name: "Owner" };

describe.each(DATABASE_KINDS)("returns and exchanges on %s", (kind) => {
  const database = useTestDatabase(kind);
  const db = () => database.db;
  let buyer = "";
  let other = "";
  const variant: Record<string, number> = {};

  beforeAll(async () => {
    await db().insert(users).values({ id: OWNER.id, name: OWNER.name, email: "owner@returns.pk", role: "seller" });
    buyer = await createTestBuyer(db(), "Ayesha Khan");
    other = await createTestBuyer(db(), "Bilal Ahmed");
    const rows = await db()
      .select({ id: productVariants.id, color: productVariants.color, size: productVariants.size })
      .from(productVariants)
      .where(eq(productVariants.productId, TEE));
    for (const r of rows) variant[`${r.color}/${r.size}`] = r.id;
    await db().update(productVariants).set({ stock: 50 }).where(eq(productVariants.productId, TEE));
  }, 300_000);

  const stockOf = async (key: string) =>
    (
      await db()
        .select({ stock: productVariants.stock })
        .from(productVariants)
        .where(eq(productVariants.id, variant[key]))
    )[0].stock;
  const setStock = (key: string, stock: number) =>
    db().update(productVariants).set({ stock }).where(eq(productVariants.id, variant[key]));
  const setTeePrice = (price: number) => db().update(products).set({ price }).where(eq(products.id, TEE));
  const requestOf = async (returnId: string) =>
    (await db().select().from(returnRequests).where(eq(returnRequests.id, returnId)))[0];
  const orderRow = async (orderId: string) => (await db().select().from(orders).where(eq(orders.id, orderId)))[0];
  const stepsOf = async (returnId: string) =>
    await db()
      .select({ step: returnEvents.step, note: returnEvents.note, actor: returnEvents.actorName })
      .from(returnEvents)
      .where(eq(returnEvents.returnId, returnId))
      .orderBy(asc(returnEvents.id));
  const itemsOf = async (returnId: string) =>
    db().select().from(returnItems).where(eq(returnItems.returnId, returnId)).orderBy(asc(returnItems.id));
  const balanceOf = async (userId: string) =>
    (
      await db()
        .select({ balance: storeCreditAccounts.balance })
        .from(storeCreditAccounts)
        .where(eq(storeCreditAccounts.userId, userId))
    )[0]?.balance ?? 0;
  const returnEmails = async (orderId: string) =>
    (
      await db()
        .select({ kind: messageOutbox.kind, to: messageOutbox.toAddress, subject: messageOutbox.subject })
        .from(messageOutbox)
        .where(and(eq(messageOutbox.orderId, orderId)))
        .orderBy(asc(messageOutbox.id))
    ).filter((m) => m.kind.startsWith("return_"));

  /** A buyer's tee order (Black M), delivered `daysAgo` before NOW and paid at the door unless `paid` is false. */
  async function deliveredOrder(
    opts: {
      userId?: string;
      quantity?: number;
      daysAgo?: number;
      paid?: boolean;
      discount?: number;
      deliveredAt?: Date;
    } = {},
  ) {
    const userId = opts.userId ?? buyer;
    const placed = await placeOrder(
      { db: db(), now: new Date(NOW.getTime() - 10 * DAY) },
      {
        userId,
        items: [{ productId: TEE, color: "Black", size: "M", quantity: opts.quantity ?? 1 }],
        shipping: {
          fullName: "Ayesha Khan",
          email: "ayesha@returns.pk",
          phone: "+923001112233",
          city: "Lahore",
          address: "12 Mall Road",
          postalCode: null,
          country: "Pakistan",
        },
      },
    );
    const [order] = await db().select().from(orders).where(eq(orders.id, placed.orderId));
    const discount = opts.discount ?? 0;
    await db()
      .update(orders)
      .set({
        status: "delivered",
        paymentStatus: opts.paid === false ? "unpaid" : "collected",
        deliveredAt: opts.deliveredAt ?? new Date(NOW.getTime() - (opts.daysAgo ?? 2) * DAY),
        discountTotal: discount,
        total: order.total - discount,
      })
      .where(eq(orders.id, placed.orderId));
    const [line] = await db()
      .select({ id: orderItems.id })
      .from(orderItems)
      .where(eq(orderItems.orderId, placed.orderId));
    return { orderId: placed.orderId, orderNumber: placed.orderNumber, itemId: line.id };
  }

  const ask = (
    order: { orderId: string; itemId: number },
    items: { quantity?: number; kind?: "return" | "exchange"; to?: string }[] = [{}],
    extra: { userId?: string; now?: Date } = {},
  ) =>
    requestReturn(
      { db: db(), now: extra.now ?? NOW },
      {
        userId: extra.userId ?? buyer,
        orderId: order.orderId,
        reason: "wrong_size",
        reasonText: null,
        photos: [],
        items: items.map((i) => ({
          orderItemId: order.itemId,
          quantity: i.quantity ?? 1,
          kind: i.kind ?? "return",
          exchangeVariantId: i.to ? variant[i.to] : null,
        })),
      },
    );

  describe("asking", () => {
    it("is allowed up to the window's last moment and refused one second after, with nothing written", async () => {
      const order = await deliveredOrder({ deliveredAt: new Date(NOW.getTime() - 7 * DAY) });
      const late = await refusal(ask(order, [{}], { now: new Date(NOW.getTime() + 1000) }));
      expect(late.message).toBe("This order was delivered more than 7 days ago: its return window has closed");
      expect(await db().select().from(returnRequests).where(eq(returnRequests.orderId, order.orderId))).toEqual([]);

      const made = await ask(order);
      expect(made.returnNumber).toMatch(/^RT-\d{6}$/);
      expect(await requestOf(made.returnId)).toMatchObject({
        status: "requested",
        reason: "wrong_size",
        userId: buyer,
        orderId: order.orderId,
      });
      expect(await stepsOf(made.returnId)).toEqual([
        { step: "requested", note: "1 return: Wrong size", actor: "Customer" },
      ]);
    });

    it("follows the shop's return window setting", async () => {
      const order = await deliveredOrder({ daysAgo: 10 });
      expect((await refusal(ask(order))).message).toBe(
        "This order was delivered more than 7 days ago: its return window has closed",
      );
      await db().update(shopSettings).set({ returnWindowDays: 14 });
      try {
        expect((await ask(order)).returnNumber).toMatch(/^RT-/);
      } finally {
        await db().update(shopSettings).set({ returnWindowDays: 7 });
      }
    });

    it("refuses an order not delivered, and someone else's order as not found", async () => {
      const order = await deliveredOrder();
      await db().update(orders).set({ status: "shipped", deliveredAt: null }).where(eq(orders.id, order.orderId));
      expect((await refusal(ask(order))).message).toBe("Only delivered orders can be returned");
      const mine = await deliveredOrder();
      const error = await refusal(ask(mine, [{}], { userId: other }));
      expect([error.code, error.message]).toEqual(["NOT_FOUND", "Order not found"]);
      expect(await db().select().from(returnRequests).where(eq(returnRequests.orderId, mine.orderId))).toEqual([]);
    });

    it("refuses quantities already asked for until that request is rejected", async () => {
      const order = await deliveredOrder();
      const first = await ask(order);
      const again = await refusal(ask(order));
      expect([again.code, again.message]).toEqual(["CONFLICT", "You have already asked to return 1 of these 1 items"]);
      await rejectReturn({ db: db(), now: NOW }, OWNER, first.returnId, "Worn, with the tags removed");
      expect((await ask(order)).returnNumber).toMatch(/^RT-/);
    });

    it("keeps a delivered order with a request from being returned whole, which would restock and refund its items twice", async () => {
      const order = await deliveredOrder({ daysAgo: 1 });
      const made = await ask(order);
      const stockBefore = await stockOf("Black/M");
      const error = await refusal(moveOrder({ db: db(), now: NOW }, OWNER, order.orderId, { status: "returned" }));
      expect([error.code, error.message]).toEqual([
        "CONFLICT",
        `This order has a return request (${made.returnNumber}): receive and refund its items on the Returns page instead`,
      ]);
      expect((await orderRow(order.orderId)).status).toBe("delivered");
      expect(await stockOf("Black/M")).toBe(stockBefore);
      // Once the request is rejected, the whole order may come back the old way.
      await rejectReturn({ db: db(), now: NOW }, OWNER, made.returnId, "Ask for the whole order instead");
      await moveOrder({ db: db(), now: NOW }, OWNER, order.orderId, { status: "returned" });
      expect((await orderRow(order.orderId)).status).toBe("returned");
      expect(await stockOf("Black/M")).toBe(stockBefore + 1);
    });

    it("refuses the same variant, an out-of-stock one and more than 3 photos", async () => {
      const order = await deliveredOrder();
      expect((await refusal(ask(order, [{ kind: "exchange", to: "Black/M" }]))).message).toBe(
        "Please choose a different size or colour of Essential Crew Neck Tee than the one you have",
      );
      await setStock("Navy/L", 0);
      expect((await refusal(ask(order, [{ kind: "exchange", to: "Navy/L" }]))).message).toBe(
        "Essential Crew Neck Tee (Navy, L) is out of stock",
      );
      const photo = { width: 10, height: 10, sources: [] };
      const error = await refusal(
        requestReturn(
          { db: db(), now: NOW },
          {
            userId: buyer,
            orderId: order.orderId,
            reason: "defective",
            reasonText: null,
            photos: [photo, photo, photo, photo],
            items: [{ orderItemId: order.itemId, quantity: 1, kind: "return" }],
          },
        ),
      );
      expect(error.fields).toEqual({ photos: "Please attach at most 3 photos" });
    });

    it("e-mails the buyer and tells the shop", async () => {
      const order = await deliveredOrder();
      const made = await ask(order, [{ kind: "exchange", to: "Black/L" }]);
      expect(await returnEmails(order.orderId)).toEqual([
        { kind: "return_update", to: "ayesha@returns.pk", subject: `We have your return request ${made.returnNumber}` },
        {
          kind: "return_requested",
          to: "owner@returns.pk",
          subject: `New return request ${made.returnNumber} for ${order.orderNumber}`,
        },
      ]);
    });

    it("sends the buyer no return e-mails when they turned order e-mails off", async () => {
      const quiet = await createTestBuyer(db(), "Quiet Buyer");
      await db().insert(customerProfiles).values({ userId: quiet, orderEmails: false });
      const order = await deliveredOrder({ userId: quiet });
      await ask(order, [{}], { userId: quiet });
      expect((await returnEmails(order.orderId)).map((m) => m.kind)).toEqual(["return_requested"]);
    });
  });

  describe("exchanges", () => {
    it("reserve the new size on approval in an EX- replacement at Rs 0, and give it back once when rejected", async () => {
      const order = await deliveredOrder();
      const lBefore = await stockOf("Black/L");
      const made = await ask(order, [{ kind: "exchange", to: "Black/L" }]);
      expect(await stockOf("Black/L")).toBe(lBefore);

      const approved = await approveReturn({ db: db(), now: NOW }, OWNER, made.returnId);
      expect(await stockOf("Black/L")).toBe(lBefore - 1);
      expect(approved.replacement).toMatchObject({ total: 0 });
      expect(approved.replacement!.orderNumber).toMatch(/^EX-\d{6}$/);
      const replacement = await orderRow(approved.replacement!.orderId);
      expect(replacement).toMatchObject({
        status: "pending",
        paymentStatus: "unpaid",
        userId: buyer,
        replacesOrderId: order.orderId,
        subtotal: TEE_PRICE,
        exchangeCredit: TEE_PRICE,
        shippingFee: 0,
        discountTotal: 0,
        total: 0,
        phone: "+923001112233",
        city: "Lahore",
        channel: "web",
      });
      const [history] = await db()
        .select()
        .from(orderStatusHistory)
        .where(eq(orderStatusHistory.orderId, replacement.id));
      expect(history.note).toBe(
        `Exchange for ${order.orderNumber} (${made.returnNumber}): collect the old item at the door`,
      );
      expect(await requestOf(made.returnId)).toMatchObject({ status: "approved", replacementOrderId: replacement.id });
      // No "placed" e-mails for the replacement: the approval's e-mail tells of it.
      expect(await db().select().from(messageOutbox).where(eq(messageOutbox.orderId, replacement.id))).toEqual([]);
      expect((await returnEmails(order.orderId)).at(-1)?.subject).toBe(
        `Your return request ${made.returnNumber} is approved`,
      );

      await rejectReturn({ db: db(), now: NOW }, OWNER, made.returnId, "The tee was washed");
      expect(await stockOf("Black/L")).toBe(lBefore);
      expect((await orderRow(replacement.id)).status).toBe("cancelled");
      expect(await requestOf(made.returnId)).toMatchObject({
        status: "rejected",
        rejectionReason: "The tee was washed",
      });
      expect((await refusal(rejectReturn({ db: db(), now: NOW }, OWNER, made.returnId, "again"))).message).toBe(
        "This return request was rejected",
      );
      expect(await stockOf("Black/L")).toBe(lBefore);
      expect((await stepsOf(made.returnId)).map((s) => s.step)).toEqual(["requested", "approved", "rejected"]);
      expect((await returnEmails(order.orderId)).at(-1)?.subject).toBe(
        `Your return request ${made.returnNumber} was not approved`,
      );
    });

    it("cannot be rejected once the replacement has shipped", async () => {
      const order = await deliveredOrder();
      const made = await ask(order, [{ kind: "exchange", to: "Black/L" }]);
      const { replacement } = await approveReturn({ db: db(), now: NOW }, OWNER, made.returnId);
      for (const status of ["confirmed", "processing", "shipped"] as const)
        await moveOrder({ db: db(), now: NOW }, OWNER, replacement!.orderId, { status });
      const error = await refusal(rejectReturn({ db: db(), now: NOW }, OWNER, made.returnId, "changed our mind"));
      expect(error.message).toContain("is already shipped");
      expect((await requestOf(made.returnId)).status).toBe("approved");
    });

    it("are refused on approval when the new size ran out since, changing nothing", async () => {
      const order = await deliveredOrder();
      await setStock("Gray/L", 5);
      const made = await ask(order, [{ kind: "exchange", to: "Gray/L" }]);
      await setStock("Gray/L", 0);
      const error = await refusal(approveReturn({ db: db(), now: NOW }, OWNER, made.returnId));
      expect(error.code).toBe("OUT_OF_STOCK");
      expect(error.message).toContain("Essential Crew Neck Tee (Gray, L) is out of stock since the request was made");
      expect(await requestOf(made.returnId)).toMatchObject({ status: "requested", replacementOrderId: null });
      expect(await db().select().from(orders).where(eq(orders.replacesOrderId, order.orderId))).toEqual([]);
    });

    it("collect the difference when the new item costs more", async () => {
      const order = await deliveredOrder();
      const made = await ask(order, [{ kind: "exchange", to: "White/L" }]);
      await setTeePrice(1500);
      try {
        const { replacement } = await approveReturn({ db: db(), now: NOW }, OWNER, made.returnId);
        expect(replacement!.total).toBe(201);
        expect(await orderRow(replacement!.orderId)).toMatchObject({
          subtotal: 1500,
          exchangeCredit: 1299,
          total: 201,
        });
        expect((await stepsOf(made.returnId)).at(-1)?.note).toBe(
          `Replacement ${replacement!.orderNumber}: Rs 201 to collect`,
        );
      } finally {
        await setTeePrice(TEE_PRICE);
      }
    });

    it("at a lower price give the difference as store credit when the old item is received, and close when the replacement is delivered", async () => {
      const shopper = await createTestBuyer(db(), "Sana");
      const order = await deliveredOrder({ userId: shopper });
      const made = await ask(order, [{ kind: "exchange", to: "Navy/M" }], { userId: shopper });
      await setTeePrice(999);
      let replacementId = "";
      try {
        const approved = await approveReturn({ db: db(), now: NOW }, OWNER, made.returnId);
        replacementId = approved.replacement!.orderId;
        expect(approved).toMatchObject({ creditOnReceipt: 300, replacement: { total: 0 } });
        expect(await orderRow(replacementId)).toMatchObject({ subtotal: 999, exchangeCredit: 999, total: 0 });
      } finally {
        await setTeePrice(TEE_PRICE);
      }
      expect(await balanceOf(shopper)).toBe(0);
      const mBefore = await stockOf("Black/M");
      const [item] = await itemsOf(made.returnId);
      const received = await receiveReturn({ db: db(), now: NOW }, OWNER, made.returnId, [
        { returnItemId: item.id, condition: "resellable" },
      ]);
      expect(received).toMatchObject({ status: "received", storeCredit: 300, resellable: 1, restocked: 1 });
      expect(await stockOf("Black/M")).toBe(mBefore + 1);
      expect(await balanceOf(shopper)).toBe(300);
      expect(
        await db()
          .select({
            amount: storeCreditEntries.amount,
            kind: storeCreditEntries.kind,
            returnId: storeCreditEntries.returnId,
          })
          .from(storeCreditEntries)
          .where(eq(storeCreditEntries.userId, shopper)),
      ).toEqual([{ amount: 300, kind: "exchange_difference", returnId: made.returnId }]);

      for (const status of ["confirmed", "processing", "shipped", "delivered"] as const)
        await moveOrder({ db: db(), now: NOW }, OWNER, replacementId, { status });
      expect((await requestOf(made.returnId)).status).toBe("closed");
      expect((await stepsOf(made.returnId)).map((s) => s.step)).toEqual([
        "requested",
        "approved",
        "received",
        "credited",
        "closed",
      ]);
      expect((await returnEmails(order.orderId)).map((m) => m.subject)).toContain(
        `We received your return ${made.returnNumber}`,
      );
    });
  });

  describe("receiving", () => {
    it("puts a resellable item back exactly once; a second receive is refused", async () => {
      const order = await deliveredOrder();
      const made = await ask(order);
      await approveReturn({ db: db(), now: NOW }, OWNER, made.returnId);
      const before = await stockOf("Black/M");
      const [item] = await itemsOf(made.returnId);
      await receiveReturn({ db: db(), now: NOW }, OWNER, made.returnId, [
        { returnItemId: item.id, condition: "resellable" },
      ]);
      expect(await stockOf("Black/M")).toBe(before + 1);
      const again = await refusal(
        receiveReturn({ db: db(), now: NOW }, OWNER, made.returnId, [
          { returnItemId: item.id, condition: "resellable" },
        ]),
      );
      expect(again.message).toBe("This return's items were already received");
      expect(await stockOf("Black/M")).toBe(before + 1);
      expect((await itemsOf(made.returnId))[0]).toMatchObject({ condition: "resellable", restockedAt: NOW });
      expect((await stepsOf(made.returnId)).at(-1)).toMatchObject({
        step: "received",
        note: "1 resellable (back in stock)",
      });
    });

    it("restocks once when two receives race", async () => {
      const order = await deliveredOrder({ quantity: 2 });
      const made = await ask(order, [{ quantity: 2 }]);
      await approveReturn({ db: db(), now: NOW }, OWNER, made.returnId);
      const before = await stockOf("Black/M");
      const [item] = await itemsOf(made.returnId);
      const receive = () =>
        receiveReturn({ db: db(), now: NOW }, OWNER, made.returnId, [
          { returnItemId: item.id, condition: "resellable" },
        ]);
      const results = await Promise.allSettled([receive(), receive()]);
      expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
      expect(await stockOf("Black/M")).toBe(before + 2);
    });

    it("does not restock a damaged item, and needs a condition for every item", async () => {
      const order = await deliveredOrder();
      const made = await ask(order);
      await approveReturn({ db: db(), now: NOW }, OWNER, made.returnId);
      const before = await stockOf("Black/M");
      const [item] = await itemsOf(made.returnId);
      expect(
        (
          await refusal(
            receiveReturn({ db: db(), now: NOW }, OWNER, made.returnId, [
              { returnItemId: item.id + 1000, condition: "damaged" },
            ]),
          )
        ).message,
      ).toBe("That item is not part of this return");
      await receiveReturn({ db: db(), now: NOW }, OWNER, made.returnId, [
        { returnItemId: item.id, condition: "damaged" },
      ]);
      expect(await stockOf("Black/M")).toBe(before);
      expect((await itemsOf(made.returnId))[0]).toMatchObject({ condition: "damaged", restockedAt: null });
      expect((await stepsOf(made.returnId)).at(-1)?.note).toBe("1 damaged (not restocked)");
    });
  });

  describe("refunds", () => {
    async function received(opts: Parameters<typeof deliveredOrder>[0] = {}) {
      const order = await deliveredOrder(opts);
      const made = await ask(order, [{}], { userId: opts.userId });
      await approveReturn({ db: db(), now: NOW }, OWNER, made.returnId);
      const [item] = await itemsOf(made.returnId);
      await receiveReturn({ db: db(), now: NOW }, OWNER, made.returnId, [
        { returnItemId: item.id, condition: "resellable" },
      ]);
      return { ...order, ...made };
    }

    it("never go past what was paid: partial, then the rest, then the request closes and the order is refunded", async () => {
      const r = await received();
      expect(
        (
          await refusal(
            recordRefund({ db: db(), now: NOW }, OWNER, r.returnId, {
              method: "jazzcash",
              amount: 1300,
              reference: null,
            }),
          )
        ).message,
      ).toBe("At most Rs 1,299 can be refunded for this return");
      const first = await recordRefund({ db: db(), now: NOW }, OWNER, r.returnId, {
        method: "jazzcash",
        amount: 1000,
        reference: "JC-778",
      });
      expect(first).toMatchObject({ status: "received", left: 299, orderRefunded: false });
      expect(
        (
          await refusal(
            recordRefund({ db: db(), now: NOW }, OWNER, r.returnId, { method: "cash", amount: 300, reference: null }),
          )
        ).message,
      ).toBe("At most Rs 299 can be refunded for this return");
      const rest = await recordRefund({ db: db(), now: NOW }, OWNER, r.returnId, {
        method: "bank_transfer",
        amount: 299,
        reference: null,
      });
      expect(rest).toMatchObject({ status: "closed", left: 0, orderRefunded: true });
      expect((await orderRow(r.orderId)).paymentStatus).toBe("refunded");
      expect(
        await db()
          .select({
            method: refunds.method,
            amount: refunds.amount,
            reference: refunds.reference,
            by: refunds.recordedByName,
          })
          .from(refunds)
          .where(eq(refunds.returnId, r.returnId))
          .orderBy(asc(refunds.id)),
      ).toEqual([
        { method: "jazzcash", amount: 1000, reference: "JC-778", by: "Owner" },
        { method: "bank_transfer", amount: 299, reference: null, by: "Owner" },
      ]);
      expect((await stepsOf(r.returnId)).map((s) => [s.step, s.note])).toEqual([
        ["requested", "1 return: Wrong size"],
        ["approved", null],
        ["received", "1 resellable (back in stock)"],
        ["refunded", "Rs 1,000 refunded by JazzCash, reference JC-778"],
        ["refunded", "Rs 299 refunded by Bank transfer"],
        ["closed", null],
      ]);
      expect(
        (
          await refusal(
            recordRefund({ db: db(), now: NOW }, OWNER, r.returnId, { method: "cash", amount: 1, reference: null }),
          )
        ).message,
      ).toBe("This return is already closed");
      expect((await returnEmails(r.orderId)).map((m) => m.subject)).toEqual([
        `We have your return request ${r.returnNumber}`,
        `New return request ${r.returnNumber} for ${r.orderNumber}`,
        `Your return request ${r.returnNumber} is approved`,
        `We received your return ${r.returnNumber}`,
        `Rs 1,000 refunded for your return ${r.returnNumber}`,
        `Rs 299 refunded for your return ${r.returnNumber}`,
      ]);
    });

    it("take the item's share of the order's discount off", async () => {
      // 2 tees (Rs 2,598) with Rs 598 off: each paid Rs 1,000.
      const order = await deliveredOrder({ quantity: 2, discount: 598 });
      const made = await ask(order);
      await approveReturn({ db: db(), now: NOW }, OWNER, made.returnId);
      const [item] = await itemsOf(made.returnId);
      await receiveReturn({ db: db(), now: NOW }, OWNER, made.returnId, [
        { returnItemId: item.id, condition: "resellable" },
      ]);
      expect(
        (
          await refusal(
            recordRefund({ db: db(), now: NOW }, OWNER, made.returnId, {
              method: "cash",
              amount: 1001,
              reference: null,
            }),
          )
        ).message,
      ).toBe("At most Rs 1,000 can be refunded for this return");
      expect(
        await recordRefund({ db: db(), now: NOW }, OWNER, made.returnId, {
          method: "cash",
          amount: 1000,
          reference: null,
        }),
      ).toMatchObject({ status: "closed", orderRefunded: false });
    });

    it("by store credit adds to the buyer's balance in the same step", async () => {
      const shopper = await createTestBuyer(db(), "Hira");
      const r = await received({ userId: shopper });
      const refund = await recordRefund({ db: db(), now: NOW }, OWNER, r.returnId, {
        method: "store_credit",
        amount: 1299,
        reference: null,
      });
      expect(refund.status).toBe("closed");
      expect(await balanceOf(shopper)).toBe(1299);
      expect(
        await db()
          .select({ amount: storeCreditEntries.amount, kind: storeCreditEntries.kind, note: storeCreditEntries.note })
          .from(storeCreditEntries)
          .where(eq(storeCreditEntries.userId, shopper)),
      ).toEqual([{ amount: 1299, kind: "refund", note: `Refund for ${r.returnNumber}` }]);
      expect((await stepsOf(r.returnId)).map((s) => s.step)).toContain("credited");
      expect((await returnEmails(r.orderId)).at(-1)?.subject).toBe(
        `Rs 1,299 added to your store credit (${r.returnNumber})`,
      );
    });

    it("have nothing to give on an unpaid cash-on-delivery order", async () => {
      const r = await received({ paid: false });
      const error = await refusal(
        recordRefund({ db: db(), now: NOW }, OWNER, r.returnId, { method: "cash", amount: 1, reference: null }),
      );
      expect(error.message).toBe(NOTHING_PAID_MESSAGE);
      expect(await db().select().from(refunds).where(eq(refunds.returnId, r.returnId))).toEqual([]);
    });

    it("wait until the item is received", async () => {
      const order = await deliveredOrder();
      const made = await ask(order);
      await approveReturn({ db: db(), now: NOW }, OWNER, made.returnId);
      expect(
        (
          await refusal(
            recordRefund({ db: db(), now: NOW }, OWNER, made.returnId, { method: "cash", amount: 1, reference: null }),
          )
        ).message,
      ).toBe("Mark the items received before recording a refund");
    });
  });
});
