import { parse as parseCsv } from "csv-parse/sync";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { productVariants, products, users } from "~/schema";
import { approveReturn } from "~/flows/approve-return.server";
import { bookParcels } from "~/flows/book-parcels.server";
import { getSellerOverview } from "~/flows/get-seller-overview.server";
import { moveOrder } from "~/flows/move-order.server";
import { receiveReturn } from "~/flows/receive-return.server";
import { recordRefund } from "~/flows/record-refund.server";
import { rejectReturn } from "~/flows/reject-return.server";
import { requestReturn } from "~/flows/request-return.server";
import { fileCourierProvider } from "~/integrations/couriers/file-portal/file-courier-provider.server";
import { listReturnsForOrder } from "~/modules/returns/list-returns-for-order.server";
import { orderRefundLines } from "~/modules/returns/order-refund-lines.server";
import { bookingFile } from "~/modules/shipping/booking/booking-file.server";
import { shippingLabels } from "~/modules/shipping/booking/label-data.server";
import { DATABASE_KINDS, useTestDatabase } from "../../../tests/factories/test-database";
import { placeDeliveredOrder } from "../../../tests/factories/test-returns";
import { insertTestCourier } from "../../../tests/factories/test-shipments";
import { createTestBuyer } from "../../../tests/factories/test-users";
import { exportOrdersCsv } from "./export-orders-csv.server";
import { listSellerOrders } from "./list-seller-orders.server";

const TEE = "essential-crew-neck-tee";
const OWNER = { id: "returns-owner", name: "Owner" };

/**
 * What returns change in the owner's other views: the Orders filter "With a return", the
 * replacement's line in Orders, the booking file and label of an exchange, the invoice's and CSV's
 * refunds and exchange credit, and the Overview's returns figures and revenue.
 */
describe.each(DATABASE_KINDS)("orders with returns on %s", (kind) => {
  const database = useTestDatabase(kind);
  const db = () => database.db;
  const ctx = () => ({ db: db() });
  let buyer = "";
  const variant: Record<string, number> = {};

  beforeAll(async () => {
    await db()
      .insert(users)
      .values({ id: OWNER.id, name: OWNER.name, email: "owner@returns-owner.pk", role: "seller" });
    buyer = await createTestBuyer(db(), "Ayesha Khan");
    for (const r of await db()
      .select({ id: productVariants.id, color: productVariants.color, size: productVariants.size })
      .from(productVariants)
      .where(eq(productVariants.productId, TEE))) {
      variant[`${r.color}/${r.size}`] = r.id;
    }
    await db().update(productVariants).set({ stock: 20 }).where(eq(productVariants.productId, TEE));
  }, 300_000);

  /** A delivered tee exchanged for an L and approved; `priceThen`: the tee's price when the owner approves (it was Rs 1,299). */
  async function exchangeApproved(priceThen = 1299) {
    const order = await placeDeliveredOrder(db(), buyer);
    const made = await requestReturn(ctx(), {
      userId: buyer,
      orderId: order.orderId,
      reason: "wrong_size",
      reasonText: null,
      items: [{ orderItemId: order.itemId, quantity: 1, kind: "exchange", exchangeVariantId: variant["Black/L"] }],
    });
    await db().update(products).set({ price: priceThen }).where(eq(products.id, TEE));
    const approved = await approveReturn(ctx(), OWNER, made.returnId).finally(() =>
      db().update(products).set({ price: 1299 }).where(eq(products.id, TEE)),
    );
    return { ...order, ...made, replacement: approved.replacement! };
  }

  it("books an exchange's replacement like any order: the booking file and label tell the rider to collect the old item, COD the difference", async () => {
    const same = await exchangeApproved();
    // A dearer exchange: the tee costs Rs 300 more by the time the owner approves.
    const dearer = await exchangeApproved(1599);
    expect(dearer.replacement.total).toBe(300);

    const courierId = await insertTestCourier(db(), "TCS");
    for (const r of [same, dearer]) await moveOrder(ctx(), OWNER, r.replacement.orderId, { status: "confirmed" });
    const booked = await bookParcels(ctx(), OWNER, {
      orderIds: [same.replacement.orderId, dearer.replacement.orderId],
      courierId,
    });
    expect(booked.refused).toEqual([]);
    expect(booked.booked.map((b) => [b.orderNumber, b.codAmount])).toEqual([
      [same.replacement.orderNumber, 0],
      [dearer.replacement.orderNumber, 300],
    ]);

    const file = await bookingFile(db(), fileCourierProvider, [same.replacement.orderId, dearer.replacement.orderId]);
    const [header, ...rows] = parseCsv(file.csv, { bom: true }) as string[][];
    const col = (name: string) => header.indexOf(name);
    const line = (orderNumber: string) => rows.find((r) => r[col("Reference No")] === orderNumber)!;
    expect(line(same.replacement.orderNumber)[col("COD Amount")]).toBe("0");
    expect(line(same.replacement.orderNumber)[col("Remarks")]).toBe(
      `EXCHANGE: collect the old item (${same.orderNumber}). Do not collect cash. Call before delivery.`,
    );
    expect(line(dearer.replacement.orderNumber)[col("COD Amount")]).toBe("300");
    expect(line(dearer.replacement.orderNumber)[col("Remarks")]).toBe(
      `EXCHANGE: collect the old item (${dearer.orderNumber}). Cash on delivery (the price difference). Call before delivery.`,
    );

    const labels = await shippingLabels(db(), [same.replacement.orderId, dearer.replacement.orderId]);
    expect(labels.map((l) => [l.orderNumber, l.exchangeFor, l.codAmount])).toEqual([
      [same.replacement.orderNumber, same.orderNumber, 0],
      [dearer.replacement.orderNumber, dearer.orderNumber, 300],
    ]);
  });

  it("filters Orders to those with a return, names a replacement's original, and exports refunds and exchange credit in the CSV", async () => {
    const exchange = await exchangeApproved();
    const plain = await placeDeliveredOrder(db(), buyer);
    const refunded = await placeDeliveredOrder(db(), buyer);
    const made = await requestReturn(ctx(), {
      userId: buyer,
      orderId: refunded.orderId,
      reason: "defective",
      reasonText: null,
      items: [{ orderItemId: refunded.itemId, quantity: 1, kind: "return" }],
    });
    await approveReturn(ctx(), OWNER, made.returnId);
    const [item] = (await listReturnsForOrder(db(), refunded.orderId))[0].items;
    await receiveReturn(ctx(), OWNER, made.returnId, [{ returnItemId: item.id, condition: "damaged" }]);
    await recordRefund(ctx(), OWNER, made.returnId, { method: "easypaisa", amount: 1000, reference: "EP-1" });

    const withReturns = await listSellerOrders(db(), { status: null, q: "", returns: true, page: 1 });
    const numbers = withReturns.orders.map((o) => o.orderNumber);
    expect(numbers).toEqual(expect.arrayContaining([exchange.orderNumber, refunded.orderNumber]));
    expect(numbers).not.toContain(plain.orderNumber);
    expect(numbers).not.toContain(exchange.replacement.orderNumber);
    expect(withReturns.total).toBe(withReturns.orders.length);
    const everything = await listSellerOrders(db(), { status: null, q: "", page: 1 });
    expect(everything.orders.find((o) => o.orderNumber === exchange.replacement.orderNumber)).toMatchObject({
      replacesOrderNumber: exchange.orderNumber,
      returns: [],
    });
    expect(everything.orders.find((o) => o.orderNumber === plain.orderNumber)).toMatchObject({
      replacesOrderNumber: null,
      returns: [],
    });

    const chunks: string[] = [];
    for await (const chunk of exportOrdersCsv(db(), { status: null, q: "", returns: true })) chunks.push(chunk);
    const [header, ...rows] = parseCsv(chunks.join("")) as string[][];
    const cells = (row: string[]) =>
      Object.fromEntries(
        ["Exchange For", "Exchange Credit (PKR)", "Total (PKR)", "Refunded (PKR)"].map((h) => [
          h,
          row[header.indexOf(h)],
        ]),
      );
    expect(rows.map((r) => r[0]).sort()).toEqual([...numbers].sort());
    expect(cells(rows.find((r) => r[0] === refunded.orderNumber)!)).toEqual({
      "Exchange For": "",
      "Exchange Credit (PKR)": "0",
      "Total (PKR)": "1499",
      "Refunded (PKR)": "1000",
    });
    const all: string[] = [];
    for await (const chunk of exportOrdersCsv(db(), { status: null, q: exchange.replacement.orderNumber }))
      all.push(chunk);
    const [, replacementRow] = parseCsv(all.join("")) as string[][];
    expect(cells(replacementRow)).toEqual({
      "Exchange For": exchange.orderNumber,
      "Exchange Credit (PKR)": "1299",
      "Total (PKR)": "0",
      "Refunded (PKR)": "0",
    });

    // The invoice's lines.
    expect(await orderRefundLines(db(), exchange.replacement.orderId)).toEqual({
      exchangeCredit: 1299,
      replacesOrderNumber: exchange.orderNumber,
      refunds: [],
      refunded: 0,
    });
    const lines = await orderRefundLines(db(), refunded.orderId);
    expect(lines).toMatchObject({
      exchangeCredit: 0,
      replacesOrderNumber: null,
      refunded: 1000,
      refunds: [{ returnNumber: made.returnNumber, method: "easypaisa", amount: 1000, reference: "EP-1" }],
    });
  });

  it("shows the last 30 days' requests, exchanges, returns and top 3 reasons on the Overview, and revenue less refunds", async () => {
    const before = await getSellerOverview(ctx());
    const extra = [
      ["wrong_size", "exchange"],
      ["wrong_size", "return"],
      ["defective", "return"],
      ["not_as_pictured", "return"],
      ["changed_mind", "return"],
    ] as const;
    const made: string[] = [];
    for (const [reason, itemKind] of extra) {
      const order = await placeDeliveredOrder(db(), buyer);
      const r = await requestReturn(ctx(), {
        userId: buyer,
        orderId: order.orderId,
        reason,
        reasonText: null,
        items: [
          itemKind === "exchange"
            ? { orderItemId: order.itemId, quantity: 1, kind: itemKind, exchangeVariantId: variant["Black/L"] }
            : { orderItemId: order.itemId, quantity: 1, kind: itemKind },
        ],
      });
      made.push(r.returnId);
    }
    await rejectReturn(ctx(), OWNER, made[4], "Worn");
    const after = await getSellerOverview(ctx());
    expect(after.returns.requests - before.returns.requests).toBe(5);
    expect(after.returns.exchanges - before.returns.exchanges).toBe(1);
    expect(after.returns.returns - before.returns.returns).toBe(4);
    expect(after.returns.topReasons).toHaveLength(3);
    expect(after.returns.topReasons[0]).toMatchObject({ reason: "wrong_size", label: "Wrong size" });
    // Five delivered orders of Rs 1,299 + 200 shipping each: revenue grows by their totals (nothing refunded yet).
    expect(after.stats.totalRevenue - before.stats.totalRevenue).toBe(5 * 1499);
    // Asked 31 days ago: outside the Overview's period.
    const old = await getSellerOverview({ db: db(), now: new Date(Date.now() + 31 * 24 * 60 * 60 * 1000) });
    expect(old.returns.requests).toBe(0);
  });
});
