import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { productVariants, users } from "~/schema";
import { approveReturn } from "~/flows/approve-return.server";
import { moveOrder } from "~/flows/move-order.server";
import { receiveReturn } from "~/flows/receive-return.server";
import { recordRefund } from "~/flows/record-refund.server";
import { rejectReturn } from "~/flows/reject-return.server";
import { requestReturn } from "~/flows/request-return.server";
import { DATABASE_KINDS, useTestDatabase } from "../../../tests/factories/test-database";
import { placeDeliveredOrder } from "../../../tests/factories/test-returns";
import { createTestBuyer } from "../../../tests/factories/test-users";
import { getReturnForOwner } from "./get-return-for-owner.server";
import { listReturnQueue } from "./list-return-queue.server";
import { listReturnsForOrder } from "./list-returns-for-order.server";
import { returnableItems } from "./returnable-items.server";
import { returnFigures } from "./return-figures.server";

const TEE = "essential-crew-neck-tee";
const DAY = 24 * 60 * 60 * 1000;
const NOW = new Date("2025-08-10T09:00:00Z");
const OWNER = { id: "reads-owner", name: "Owner" };

describe.each(DATABASE_KINDS)("what the pages read of returns, on %s", (kind) => {
  const database = useTestDatabase(kind);
  const db = () => database.db;
  let buyer = "";
  const variant: Record<string, number> = {};
  const ctx = () => ({ db: db(), now: NOW });

  beforeAll(async () => {
    await db().insert(users).values({ id: OWNER.id, name: OWNER.name, email: "owner@reads.pk", role: "seller" });
    buyer = await createTestBuyer(db(), "Ayesha Khan");
    await db().update(productVariants).set({ stock: 0 }).where(eq(productVariants.productId, TEE));
    const rows = await db()
      .select({ id: productVariants.id, color: productVariants.color, size: productVariants.size })
      .from(productVariants)
      .where(eq(productVariants.productId, TEE));
    for (const r of rows) variant[`${r.color}/${r.size}`] = r.id;
    // Only a few sizes in stock, so the exchange options are known.
    for (const key of ["Black/M", "Black/L", "Navy/M"])
      await db().update(productVariants).set({ stock: 50 }).where(eq(productVariants.id, variant[key]));
  }, 300_000);

  const delivered = (opts: Parameters<typeof placeDeliveredOrder>[2] = {}) =>
    placeDeliveredOrder(db(), buyer, {
      deliveredAt: new Date(NOW.getTime() - DAY),
      placedAt: new Date(NOW.getTime() - 5 * DAY),
      ...opts,
    });

  it("offers each item with what is still returnable and the sizes in stock, and says when the window closes", async () => {
    const order = await delivered({ quantity: 2 });
    const before = await returnableItems(db(), { userId: buyer, orderId: order.orderId, now: NOW });
    expect(before).toMatchObject({
      open: true,
      refusal: null,
      windowDays: 7,
      closesAt: new Date(NOW.getTime() + 6 * DAY),
    });
    expect(before.items).toEqual([
      expect.objectContaining({
        orderItemId: order.itemId,
        name: "Essential Crew Neck Tee",
        color: "Black",
        size: "M",
        quantity: 2,
        alreadyRequested: 0,
        returnable: 2,
        unitPaidValue: 1299,
        exchangeOptions: [
          expect.objectContaining({ variantId: variant["Black/L"], color: "Black", size: "L", price: 1299 }),
          expect.objectContaining({ variantId: variant["Navy/M"], color: "Navy", size: "M", price: 1299 }),
        ],
      }),
    ]);
    expect(before.items[0].exchangeOptions.map((o) => o.variantId).sort()).toEqual(
      [variant["Black/L"], variant["Navy/M"]].sort(),
    );

    await requestReturn(ctx(), {
      userId: buyer,
      orderId: order.orderId,
      reason: "wrong_size",
      reasonText: null,
      items: [{ orderItemId: order.itemId, quantity: 2, kind: "return" }],
    });
    const after = await returnableItems(db(), { userId: buyer, orderId: order.orderId, now: NOW });
    expect(after).toMatchObject({ open: false, refusal: "You have already asked to return every item of this order" });
    expect(after.items[0]).toMatchObject({ alreadyRequested: 2, returnable: 0 });

    const late = await returnableItems(db(), {
      userId: buyer,
      orderId: order.orderId,
      now: new Date(NOW.getTime() + 7 * DAY),
    });
    expect(late.refusal).toBe("This order was delivered more than 7 days ago: its return window has closed");
    const stranger = await createTestBuyer(db(), "Stranger");
    await expect(returnableItems(db(), { userId: stranger, orderId: order.orderId, now: NOW })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });

  it("lists an order's requests with items, refunds, replacement and history", async () => {
    const order = await delivered({ quantity: 2 });
    const exchange = await requestReturn(ctx(), {
      userId: buyer,
      orderId: order.orderId,
      reason: "wrong_size",
      reasonText: null,
      items: [{ orderItemId: order.itemId, quantity: 1, kind: "exchange", exchangeVariantId: variant["Black/L"] }],
    });
    const refund = await requestReturn(
      { db: db(), now: new Date(NOW.getTime() + 1000) },
      {
        userId: buyer,
        orderId: order.orderId,
        reason: "other",
        reasonText: "Too thin",
        items: [{ orderItemId: order.itemId, quantity: 1, kind: "return" }],
      },
    );
    const later = { db: db(), now: new Date(NOW.getTime() + 2000) };
    const approved = await approveReturn(later, OWNER, exchange.returnId);
    await approveReturn(later, OWNER, refund.returnId);
    const [refundItem] = (await listReturnsForOrder(db(), order.orderId)).find((r) => r.id === refund.returnId)!.items;
    await receiveReturn(later, OWNER, refund.returnId, [{ returnItemId: refundItem.id, condition: "damaged" }]);
    await recordRefund(later, OWNER, refund.returnId, { method: "easypaisa", amount: 500, reference: "EP-1" });

    const list = await listReturnsForOrder(db(), order.orderId);
    expect(list.map((r) => r.returnNumber)).toEqual([refund.returnNumber, exchange.returnNumber]);
    expect(list[0]).toMatchObject({
      status: "received",
      reason: "other",
      reasonText: "Too thin",
      refundCeiling: 1299,
      refunded: 500,
      refundLeft: 799,
      items: [
        expect.objectContaining({
          name: "Essential Crew Neck Tee",
          color: "Black",
          size: "M",
          quantity: 1,
          kind: "return",
          condition: "damaged",
          paidValue: 1299,
        }),
      ],
      refunds: [
        expect.objectContaining({ method: "easypaisa", amount: 500, reference: "EP-1", recordedByName: "Owner" }),
      ],
      replacement: null,
    });
    expect(list[0].events.map((e) => e.step)).toEqual(["requested", "approved", "received", "refunded"]);
    expect(list[1]).toMatchObject({
      status: "approved",
      refundCeiling: 0,
      items: [expect.objectContaining({ kind: "exchange", exchangeColor: "Black", exchangeSize: "L" })],
      replacement: {
        id: approved.replacement!.orderId,
        orderNumber: approved.replacement!.orderNumber,
        status: "pending",
        total: 0,
      },
    });

    const owner = await getReturnForOwner(db(), exchange.returnId);
    expect(owner).toMatchObject({
      returnNumber: exchange.returnNumber,
      order: { id: order.orderId, orderNumber: order.orderNumber, phone: "+923001112233" },
      exchange: { paidExchanged: 1299, newTotal: 1299, difference: 0, cashToCollect: 0, storeCredit: 0 },
    });
    expect(owner.buyerHistory.deliveredOrders).toBeGreaterThanOrEqual(2);
    expect(owner.buyerHistory.returnRequests).toBeGreaterThanOrEqual(3);
    await expect(getReturnForOwner(db(), "not-a-uuid")).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("queues requests by filter, newest first, with every filter's count", async () => {
    const phone = "+923334445566";
    const make = async (at: number) => {
      const order = await delivered({ phone });
      return {
        order,
        made: await requestReturn(
          { db: db(), now: new Date(NOW.getTime() + at) },
          {
            userId: buyer,
            orderId: order.orderId,
            reason: "defective",
            reasonText: null,
            photos: [{ width: 1, height: 1, sources: [] }],
            items: [{ orderItemId: order.itemId, quantity: 1, kind: "return" }],
          },
        ),
      };
    };
    const before = await listReturnQueue(db(), { filter: "all" });
    const a = await make(10_000);
    const b = await make(20_000);
    const c = await make(30_000);
    await approveReturn(ctx(), OWNER, b.made.returnId);
    await rejectReturn(ctx(), OWNER, c.made.returnId, "Outside our policy");

    const all = await listReturnQueue(db(), { filter: "all" });
    expect(all.counts.all).toBe(before.counts.all + 3);
    expect(all.counts.new).toBe(before.counts.new + 1);
    expect(all.counts.waiting).toBe(before.counts.waiting + 1);
    expect(all.counts.rejected).toBe(before.counts.rejected + 1);
    expect(all.rows.slice(0, 3).map((r) => [r.returnNumber, r.stage])).toEqual([
      [c.made.returnNumber, "rejected"],
      [b.made.returnNumber, "waiting"],
      [a.made.returnNumber, "new"],
    ]);
    expect(all.rows[2]).toMatchObject({
      orderNumber: a.order.orderNumber,
      buyerName: "Ayesha Khan",
      reason: "defective",
      itemCount: 1,
      returnCount: 1,
      exchangeCount: 0,
      photoCount: 1,
    });

    const fresh = await listReturnQueue(db(), { filter: "new" });
    expect(fresh.rows.every((r) => r.status === "requested")).toBe(true);
    expect(fresh.rows[0].returnNumber).toBe(a.made.returnNumber);
    expect(fresh.total).toBe(all.counts.new);

    // An exchange whose replacement has not left is "approved"; once shipped, "waiting".
    const order = await delivered();
    const ex = await requestReturn(ctx(), {
      userId: buyer,
      orderId: order.orderId,
      reason: "wrong_size",
      reasonText: null,
      items: [{ orderItemId: order.itemId, quantity: 1, kind: "exchange", exchangeVariantId: variant["Navy/M"] }],
    });
    const { replacement } = await approveReturn(ctx(), OWNER, ex.returnId);
    expect((await listReturnQueue(db(), { filter: "approved" })).rows.map((r) => r.returnNumber)).toContain(
      ex.returnNumber,
    );
    for (const status of ["confirmed", "processing", "shipped"] as const)
      await moveOrder(ctx(), OWNER, replacement!.orderId, { status });
    const waiting = await listReturnQueue(db(), { filter: "waiting" });
    expect(waiting.rows.find((r) => r.returnNumber === ex.returnNumber)).toMatchObject({
      stage: "waiting",
      replacement: { orderNumber: replacement!.orderNumber, status: "shipped" },
    });
    expect((await listReturnQueue(db(), { filter: "approved" })).rows.map((r) => r.returnNumber)).not.toContain(
      ex.returnNumber,
    );
  });

  it("counts requests, exchanges and the top reasons in a period", async () => {
    const from = new Date("2025-09-01T00:00:00Z");
    const at = (h: number) => new Date(from.getTime() + h * 60 * 60 * 1000);
    const ask = async (reason: "wrong_size" | "defective", kind: "return" | "exchange", h: number) => {
      const order = await placeDeliveredOrder(db(), buyer, { deliveredAt: at(h - 1), placedAt: at(h - 48) });
      return requestReturn(
        { db: db(), now: at(h) },
        {
          userId: buyer,
          orderId: order.orderId,
          reason,
          reasonText: null,
          items: [
            {
              orderItemId: order.itemId,
              quantity: 1,
              kind,
              exchangeVariantId: kind === "exchange" ? variant["Black/L"] : null,
            },
          ],
        },
      );
    };
    await ask("wrong_size", "exchange", 2);
    await ask("wrong_size", "exchange", 3);
    const torn = await ask("defective", "return", 4);
    await ask("defective", "return", 24 * 40);
    // The defective one comes back damaged: counted, not restocked.
    await approveReturn({ db: db(), now: at(5) }, OWNER, torn.returnId);
    const [item] = (await getReturnForOwner(db(), torn.returnId))!.items;
    await receiveReturn({ db: db(), now: at(6) }, OWNER, torn.returnId, [
      { returnItemId: item.id, condition: "damaged" },
    ]);
    const figures = await returnFigures(db(), { from, to: at(24 * 30) });
    expect(figures).toEqual({
      requests: 3,
      exchanges: 2,
      returns: 1,
      rejected: 0,
      damaged: 1,
      topReasons: [
        { reason: "wrong_size", label: "Wrong size", count: 2 },
        { reason: "defective", label: "Defective", count: 1 },
      ],
    });
  });
});
