import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  messageOutbox,
  orders,
  orderStatusHistory,
  productVariants,
  settlements,
  shipmentEvents,
  shipments,
  shippingDiscrepancies,
  users,
} from "~/schema";
import { AppError } from "~/lib/errors";
import { moveOrder } from "~/flows/move-order.server";
import { DATABASE_KINDS, useTestDatabase } from "../../../../tests/factories/test-database";
import { placeTestOrder, TEST_ITEM } from "../../../../tests/factories/test-orders";
import { bookParcels } from "~/flows/book-parcels.server";
import { cashWithCouriers } from "../settlements/cash-with-couriers.server";
import { parseCourierForm } from "../couriers/courier-form";
import { applyCourierReport } from "~/flows/apply-courier-report.server";
import { COD_NEEDS_COURIER, saveCourierUpload } from "./run-courier-import.server";
import { fileCourierProvider } from "~/integrations/couriers/file-portal/file-courier-provider.server";
import { portalXlsx } from "~/integrations/couriers/file-portal/portal-stand-in";
import { testProviders } from "../../../../tests/factories/test-providers";
import { createCourier } from "../couriers/couriers.server";
import { getTaxWithheld } from "~/modules/reports/get-tax-withheld.server";

const OWNER = { id: "owner-import", name: "Sana Owner" };
// The request context's providers, as start-up makes them: couriers through their portals' files.
const providers = testProviders();
const DAY = 24 * 60 * 60 * 1000;

describe.each(DATABASE_KINDS)("courier file imports on %s", (kind) => {
  const database = useTestDatabase(kind);
  const db = () => database.db;
  let courierId: number;
  let otherCourierId: number;

  beforeAll(async () => {
    await db()
      .insert(users)
      .values({ id: OWNER.id, name: OWNER.name, email: "owner-import@example.pk", role: "seller" });
    await db()
      .update(productVariants)
      .set({ stock: 1000 })
      .where(
        and(
          eq(productVariants.productId, TEST_ITEM.productId),
          eq(productVariants.color, TEST_ITEM.color),
          eq(productVariants.size, TEST_ITEM.size),
        ),
      );
    const input = (name: string) => {
      const parsed = parseCourierForm({
        name,
        trackingUrl: `https://${name.toLowerCase()}.example.pk/track/{tracking}`,
        accountCode: "",
        weightBands: "500 = 180\n1000 = 230",
        extraPerKg: "100",
        codFeePercent: "1",
        surchargePercent: "0",
        bookingColumns: "",
      });
      if (!parsed.ok) throw new Error("bad courier");
      return parsed.data;
    };
    courierId = (await createCourier(db(), input("TCS"))).id;
    otherCourierId = (await createCourier(db(), input("Leopards"))).id;
  });

  /** Three confirmed orders booked with TCS. */
  async function bookedOrders(count = 3, courier = () => courierId) {
    const placed = [];
    for (let i = 0; i < count; i++)
      placed.push(
        await placeTestOrder(db(), OWNER, {
          status: "confirmed",
          phone: `+92300555${String(1000 + placed.length + Math.floor(Math.random() * 8000)).slice(0, 4)}`,
        }),
      );
    await bookParcels({ db: db() }, OWNER, { orderIds: placed.map((o) => o.id), courierId: courier() });
    return placed;
  }
  const upload = (name: string, text: string | Uint8Array) =>
    saveCourierUpload(db(), fileCourierProvider, OWNER, {
      name,
      bytes: typeof text === "string" ? new TextEncoder().encode(text) : text,
    });
  const run = async (
    kind: "tracking" | "delivery" | "cod",
    uploadId: string,
    apply: boolean,
    courier: number | null = null,
  ) => applyCourierReport({ db: db(), providers }, OWNER, { kind, uploadId, courierId: courier, apply });
  const order = async (id: string) => (await db().select().from(orders).where(eq(orders.id, id)))[0];
  const stock = async () =>
    (
      await db()
        .select({ stock: productVariants.stock })
        .from(productVariants)
        .where(
          and(
            eq(productVariants.productId, TEST_ITEM.productId),
            eq(productVariants.color, TEST_ITEM.color),
            eq(productVariants.size, TEST_ITEM.size),
          ),
        )
    )[0].stock;

  const tcsCash = async () => (await cashWithCouriers(db())).find((c) => c.courierId === courierId)?.amount ?? 0;
  const discrepanciesOf = async (...orderIds: string[]) =>
    (await db().select().from(shippingDiscrepancies)).filter((x) => x.orderId !== null && orderIds.includes(x.orderId));
  const historyOf = async (orderId: string) =>
    db()
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, orderId))
      .orderBy(orderStatusHistory.id);

  it("previews a tracking file without changing anything, then applies it: shipped, tracking link e-mailed, history noted; the same file again changes nothing", async () => {
    const [a, b, c] = await bookedOrders();
    // Headers in another order and case, an extra column, a row for an unknown order.
    const file = `consignee,CN Number,reference no\nAyesha,TCS-1001,${a.orderNumber}\nBilal,TCS-1002,${b.orderNumber.toLowerCase()}\nX,TCS-9999,ORD-999999\n`;
    const uploadId = await upload("tcs-booked.csv", file);

    const preview = await run("tracking", uploadId, false);
    expect(preview.applied).toBe(false);
    expect(preview.counts).toEqual({ change: 2, unchanged: 0, unmatched: 1, problem: 0 });
    expect(preview.rows.find((r) => r.line === 4)).toMatchObject({
      outcome: "unmatched",
      says: "No order ORD-999999 in the shop",
    });
    expect((await order(a.id)).status).toBe("confirmed");
    expect((await db().select().from(shipments).where(eq(shipments.orderId, a.id)))[0].trackingNumber).toBeNull();

    const applied = await run("tracking", uploadId, true);
    expect(applied.applied).toBe(true);
    expect(applied.rows.map((r) => r.outcome)).toEqual(["change", "change", "unmatched"]);
    const shipped = await order(a.id);
    expect(shipped).toMatchObject({ status: "shipped", trackingNumber: "TCS-1001", courierName: "TCS" });
    expect((await order(c.id)).status).toBe("confirmed");
    const history = await db()
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, a.id))
      .orderBy(orderStatusHistory.id);
    expect(history.slice(-2).map((h) => [h.fromStatus, h.toStatus])).toEqual([
      ["confirmed", "processing"],
      ["processing", "shipped"],
    ]);
    expect(history.at(-1)?.note).toMatch(
      /^By import of tracking file tcs-booked\.csv \d{4}-\d{2}-\d{2}: TCS, tracking TCS-1001$/,
    );
    const [mail] = await db()
      .select()
      .from(messageOutbox)
      .where(and(eq(messageOutbox.orderId, a.id), eq(messageOutbox.kind, "order_status")))
      .orderBy(sql`${messageOutbox.id} desc`)
      .limit(1);
    expect(mail.data).toMatchObject({
      status: "shipped",
      trackingNumber: "TCS-1001",
      trackingUrl: "https://tcs.example.pk/track/TCS-1001",
    });

    // The same bytes uploaded again: nothing changes, and the owner is told when it was applied.
    const again = await run("tracking", await upload("tcs-booked (1).csv", file), true);
    expect(again.applied).toBe(false);
    expect(again.alreadyApplied?.by).toBe(OWNER.name);
    expect(again.counts).toEqual({ change: 0, unchanged: 2, unmatched: 1, problem: 0 });
    const mails = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(messageOutbox)
      .where(and(eq(messageOutbox.orderId, a.id), eq(messageOutbox.kind, "order_status")));
    expect(Number(mails[0].n)).toBe(2); // processing and shipped, once each
  });

  it("imports delivery statuses from Excel: delivered (cash with the courier), one return with its stock back once, other statuses kept", async () => {
    const [a, b, c] = await bookedOrders();
    const tracking = await upload(
      "t.csv",
      `Order ID,Tracking ID\n${a.orderNumber},LP-1\n${b.orderNumber},LP-2\n${c.orderNumber},LP-3\n`,
    );
    await run("tracking", tracking, true);
    const before = await stock();
    const file = await portalXlsx([
      ["Tracking #", "Current Status", "Status Date", "Remarks"],
      ["LP-1", "DELIVERED TO CONSIGNEE", "2026-11-20 14:30", null],
      ["LP-2", "Return to Origin", "2026-11-21", "Customer refused"],
      ["LP-3", "Out for Delivery", "2026-11-21 09:00", null],
    ]);
    const applied = await run("delivery", await upload("status.xlsx", file), true, courierId);
    expect(applied.rows.map((r) => [r.orderNumber, r.outcome])).toEqual([
      [a.orderNumber, "change"],
      [b.orderNumber, "change"],
      [c.orderNumber, "change"],
    ]);
    expect(await order(a.id)).toMatchObject({ status: "delivered", paymentStatus: "collected" });
    expect((await order(a.id)).deliveredAt?.toISOString()).toBe("2026-11-20T09:30:00.000Z");
    expect(await order(b.id)).toMatchObject({ status: "returned", paymentStatus: "unpaid" });
    expect(await stock()).toBe(before + 1);
    const [third] = await db().select().from(shipments).where(eq(shipments.orderId, c.id));
    expect(third.lastCourierStatus).toBe("Out for Delivery");
    expect((await order(c.id)).status).toBe("shipped");
    // A second file with the same rows (another name, other bytes): nothing moves, stock stays.
    const again = await run(
      "delivery",
      await upload(
        "status-2.csv",
        `Tracking #,Current Status,Status Date\nLP-1,Delivered,2026-11-20 14:30\nLP-2,RTO,2026-11-21\nLP-3,Out for Delivery,2026-11-21 09:00\n`,
      ),
      true,
      courierId,
    );
    expect(again.rows.map((r) => r.outcome)).toEqual(["unchanged", "unchanged", "unchanged"]);
    expect(await stock()).toBe(before + 1);
    expect(await db().select().from(shipmentEvents).where(eq(shipmentEvents.shipmentId, third.id))).toHaveLength(1);
    // The return counts against the phone: its risk history says so.
    const returns = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(and(eq(orders.phone, (await order(b.id)).phone), eq(orders.status, "returned")));
    expect(Number(returns[0].n)).toBe(1);
  });

  it("reconciles a COD payment report short by Rs 100, flags a paid return and overdue parcels, and applies once", async () => {
    const [a, b, c, d] = await bookedOrders(4);
    await run(
      "tracking",
      await upload(
        "t2.csv",
        `Order ID,Tracking ID\n${a.orderNumber},PX-1\n${b.orderNumber},PX-2\n${c.orderNumber},PX-3\n${d.orderNumber},PX-4\n`,
      ),
      true,
    );
    await run(
      "delivery",
      await upload("s2.csv", `Tracking ID,Status\nPX-1,Delivered\nPX-2,Delivered\nPX-3,Returned\nPX-4,Delivered\n`),
      true,
      courierId,
    );
    // d was delivered long ago and is in no settlement.
    await db()
      .update(shipments)
      .set({ deliveredAt: new Date(Date.now() - 30 * DAY) })
      .where(eq(shipments.orderId, d.id));
    const [sa] = await db().select().from(shipments).where(eq(shipments.orderId, a.id));
    const cod = sa.codAmount;
    const file = [
      "Order Ref,Tracking #,COD Amount,Transaction Fee,Net Amount,Settlement ID,Settlement Date",
      `${a.orderNumber},PX-1,${cod},150,${cod - 150},STL-77,2026-11-23`,
      `${b.orderNumber},PX-2,${cod - 100},150,${cod - 250},STL-77,2026-11-23`,
      `${c.orderNumber},PX-3,${cod},150,${cod - 150},STL-77,2026-11-23`,
      "ORD-888888,PX-X,500,10,490,STL-77,2026-11-23",
    ].join("\n");
    await expect(run("cod", await upload("postex-payment.csv", file), false)).rejects.toMatchObject({
      code: "VALIDATION",
      message: COD_NEEDS_COURIER,
    });
    const uploadId = await upload("postex-payment.csv", file);
    const preview = await run("cod", uploadId, false, courierId);
    // The returned parcel c is expected to collect nothing: the courier paid its COD anyway.
    expect(preview.settlements).toEqual([
      {
        reference: "STL-77",
        paidOn: "2026-11-23",
        parcels: 3,
        expectedTotal: 2 * cod,
        collectedTotal: 3 * cod - 100,
        chargesTotal: 450,
        incomeTaxTotal: 0,
        salesTaxTotal: 0,
        paidTotal: 3 * cod - 550,
      },
    ]);
    expect(await db().select().from(settlements)).toHaveLength(0);

    const cashBeforeCod = await tcsCash();
    const applied = await run("cod", uploadId, true, courierId);
    // a and b are paid for: no longer cash with the courier; d still is.
    expect(await tcsCash()).toBe(cashBeforeCod - 2 * cod);
    expect(applied.counts).toEqual({ change: 3, unchanged: 0, unmatched: 1, problem: 0 });
    expect(applied.rows[1].says).toContain("short by Rs 100");
    expect(await order(a.id)).toMatchObject({ status: "delivered", paymentStatus: "settled" });
    expect(await order(b.id)).toMatchObject({ paymentStatus: "settled" });
    expect(await order(c.id)).toMatchObject({ status: "returned" });
    expect(applied.findings[0]).toContain(d.orderNumber);
    const open = await db().select().from(shippingDiscrepancies).where(eq(shippingDiscrepancies.courierId, courierId));
    expect(open.map((x) => [x.kind, x.orderId, x.expected, x.actual]).sort()).toEqual(
      [
        ["amount-differs", b.id, cod, cod - 100],
        ["not-delivered", c.id, 0, cod],
        ["not-settled", d.id, cod, null],
      ].sort(),
    );
    const [stl] = await db().select().from(settlements);
    expect(stl).toMatchObject({
      courierId,
      reference: "STL-77",
      expectedTotal: 2 * cod,
      chargesTotal: 450,
      incomeTaxTotal: 0,
      salesTaxTotal: 0,
      paidTotal: 3 * cod - 550,
    });

    // Applying it again changes nothing and adds no discrepancy.
    const again = await run("cod", await upload("postex-payment.csv", file), true, courierId);
    expect(again.applied).toBe(false);
    expect(again.alreadyApplied).not.toBeNull();
    expect(
      await db().select().from(shippingDiscrepancies).where(eq(shippingDiscrepancies.courierId, courierId)),
    ).toHaveLength(3);

    // A return after settlement: the buyer sends a settled order back within the window.
    const cashBeforeReturn = await tcsCash();
    const stockBeforeReturn = await stock();
    await moveOrder({ db: db() }, OWNER, a.id, { status: "returned" });
    expect(await order(a.id)).toMatchObject({ status: "returned", paymentStatus: "refunded" });
    expect(await stock()).toBe(stockBeforeReturn + 1);
    // Its stock comes back once: not again by a second return, nor by the courier's file saying so.
    await expect(moveOrder({ db: db() }, OWNER, a.id, { status: "returned" })).rejects.toMatchObject({
      code: "CONFLICT",
    });
    const late = await run(
      "delivery",
      await upload("s2-return.csv", "Tracking ID,Status\nPX-1,Returned\n"),
      true,
      courierId,
    );
    expect(late.rows[0]).toMatchObject({ outcome: "unchanged", says: "Already returned" });
    expect(await stock()).toBe(stockBeforeReturn + 1);
    // The courier paid for it (delivered, then sent back by the buyer): no cash with the courier, no new discrepancy.
    expect(await tcsCash()).toBe(cashBeforeReturn);
    expect(
      (await discrepanciesOf(a.id, b.id, c.id, d.id)).map((x) => [x.kind, x.orderId, x.resolvedAt]).sort(),
    ).toEqual(
      [
        ["amount-differs", b.id, null],
        ["not-delivered", c.id, null],
        ["not-settled", d.id, null],
      ].sort(),
    );
  });

  it("reconciles a settlement with 2 % income tax and 2 % sales tax withheld (issue 45): no discrepancy; the same payment without its tax columns is flagged with a hint", async () => {
    const [a, b, c, d] = await bookedOrders(4);
    const numbers = [a, b, c, d].map((o, i) => `${o.orderNumber},TX-${i + 1}`).join("\n");
    await run("tracking", await upload("tax-t.csv", `Order ID,Tracking ID\n${numbers}\n`), true);
    await run(
      "delivery",
      await upload("tax-s.csv", "Tracking ID,Status\nTX-1,Delivered\nTX-2,Delivered\nTX-3,Delivered\nTX-4,Delivered\n"),
      true,
      courierId,
    );
    const [sa] = await db().select().from(shipments).where(eq(shipments.orderId, a.id));
    const cod = sa.codAmount;
    // 2 % of the COD each, to the paisa, as a courier's statement writes them; net = COD - fee - both.
    const taxPaisa = 2 * cod;
    const rupees = (paisa: number) => (paisa / 100).toFixed(2);
    const net = rupees(cod * 100 - 15_000 - 2 * taxPaisa);
    const withTax = [
      "Order Ref,Tracking #,COD Amount,Delivery Charges,Income Tax,Sales Tax,Net Payable,Payment ID,Payment Date",
      `${a.orderNumber},TX-1,${cod},150,${rupees(taxPaisa)},${rupees(taxPaisa)},${net},STL-TAX,2026-11-26`,
      `${b.orderNumber},TX-2,${cod},150,${rupees(taxPaisa)},${rupees(taxPaisa)},${net},STL-TAX,2026-11-26`,
    ].join("\n");
    const applied = await run("cod", await upload("tax-payment.csv", withTax), true, courierId);
    const taxRupees = Math.round(taxPaisa / 100);
    expect(applied.settlements).toEqual([
      {
        reference: "STL-TAX",
        paidOn: "2026-11-26",
        parcels: 2,
        expectedTotal: 2 * cod,
        collectedTotal: 2 * cod,
        chargesTotal: 300,
        incomeTaxTotal: 2 * taxRupees,
        salesTaxTotal: 2 * taxRupees,
        paidTotal: 2 * (cod - 150 - 2 * taxRupees),
      },
    ]);
    expect(applied.rows[0].says).toContain(`tax withheld Rs ${(2 * taxRupees).toLocaleString("en-US")}`);
    const [stl] = await db().select().from(settlements).where(eq(settlements.reference, "STL-TAX"));
    expect(stl).toMatchObject({ incomeTaxTotal: 2 * taxRupees, salesTaxTotal: 2 * taxRupees, chargesTotal: 300 });
    const [paid] = await db().select().from(shipments).where(eq(shipments.orderId, a.id));
    expect(paid).toMatchObject({ incomeTaxWithheld: taxRupees, salesTaxWithheld: taxRupees, chargedAmount: 150 });
    expect(await order(a.id)).toMatchObject({ paymentStatus: "settled" });
    const ofSettlement = await db()
      .select()
      .from(shippingDiscrepancies)
      .where(eq(shippingDiscrepancies.settlementId, stl.id));
    expect(ofSettlement).toEqual([]);
    // Reports -> Profit's tax withheld by couriers counts it, for the day the courier paid.
    const reported = await getTaxWithheld(db(), { from: "2026-11-26", to: "2026-11-26" });
    expect(reported.rows.find((r) => r.courierId === courierId)).toMatchObject({
      month: "2026-11",
      incomeTax: 2 * taxRupees,
      salesTax: 2 * taxRupees,
      total: 4 * taxRupees,
    });

    // The same payment read without its tax columns: the paid total is short by the tax, and says why it may be.
    const withoutTax = [
      "Order Ref,Tracking #,COD Amount,Delivery Charges,Net Payable,Payment ID,Payment Date",
      `${c.orderNumber},TX-3,${cod},150,${net},STL-NOTAX,2026-11-26`,
      `${d.orderNumber},TX-4,${cod},150,${net},STL-NOTAX,2026-11-26`,
    ].join("\n");
    await run("cod", await upload("notax-payment.csv", withoutTax), true, courierId);
    const [plain] = await db().select().from(settlements).where(eq(settlements.reference, "STL-NOTAX"));
    const flagged = await db()
      .select()
      .from(shippingDiscrepancies)
      .where(eq(shippingDiscrepancies.settlementId, plain.id));
    expect(flagged.map((x) => x.kind)).toEqual(["total-differs"]);
    expect(flagged[0].detail).toContain("map the file's tax columns");
  });

  it("ends the same whichever comes first, the COD payment file or the delivery status file: delivered, settled, the early payment's discrepancy closed", async () => {
    // a1 and b1: paid before their delivery is imported; a2 and b2: the usual order. b1 and b2 are paid Rs 100 short.
    const [a1, b1, a2, b2] = await bookedOrders(4);
    await run(
      "tracking",
      await upload(
        "t-either.csv",
        `Order ID,Tracking ID\n${a1.orderNumber},EO-1\n${b1.orderNumber},EO-2\n${a2.orderNumber},EO-3\n${b2.orderNumber},EO-4\n`,
      ),
      true,
    );
    const [{ codAmount: cod }] = await db().select().from(shipments).where(eq(shipments.orderId, a1.id));
    const cashBefore = await tcsCash();
    const codFile = (reference: string, a: { orderNumber: string }, b: { orderNumber: string }) =>
      [
        "Order Ref,COD Amount,Transaction Fee,Net Amount,Status,Settlement ID,Settlement Date",
        `${a.orderNumber},${cod},150,${cod - 150},Delivered,${reference},2026-11-23`,
        `${b.orderNumber},${cod - 100},150,${cod - 250},Delivered,${reference},2026-11-23`,
      ].join("\n");
    const statusFile = (a: { orderNumber: string }, b: { orderNumber: string }) =>
      `Order ID,Status,Status Date\n${a.orderNumber},Delivered,2026-11-20 10:00\n${b.orderNumber},Delivered,2026-11-20 11:00\n`;

    const early = await run("cod", await upload("early-payment.csv", codFile("STL-EARLY", a1, b1)), true, courierId);
    expect(early.counts).toMatchObject({ change: 2 });
    expect(early.rows[0].says).toContain("import the delivery status file");
    expect(await order(a1.id)).toMatchObject({ status: "shipped", paymentStatus: "unpaid" });
    expect((await discrepanciesOf(a1.id, b1.id)).map((x) => [x.kind, x.orderId, x.resolvedAt]).sort()).toEqual(
      [
        ["not-delivered", a1.id, null],
        ["not-delivered", b1.id, null],
      ].sort(),
    );
    const late = await run("delivery", await upload("late-status.csv", statusFile(a1, b1)), true, courierId);
    expect(late.rows.map((r) => r.outcome)).toEqual(["change", "change"]);
    expect(late.rows[0].says).toContain("settled in STL-EARLY");

    await run("delivery", await upload("status-first.csv", statusFile(a2, b2)), true, courierId);
    await run("cod", await upload("payment-after.csv", codFile("STL-AFTER", a2, b2)), true, courierId);

    // The same orders, settlements, open discrepancies and cash with the courier either way.
    for (const [first, second] of [
      [a1, a2],
      [b1, b2],
    ]) {
      const [x, y] = [await order(first.id), await order(second.id)];
      expect(x).toMatchObject({ status: "delivered", paymentStatus: "settled" });
      expect([x.status, x.paymentStatus, x.deliveredAt]).toEqual([y.status, y.paymentStatus, y.deliveredAt]);
    }
    const settlementOf = async (reference: string) => {
      const [row] = await db().select().from(settlements).where(eq(settlements.reference, reference));
      return { expectedTotal: row.expectedTotal, chargesTotal: row.chargesTotal, paidTotal: row.paidTotal };
    };
    expect(await settlementOf("STL-EARLY")).toEqual({
      expectedTotal: 2 * cod,
      chargesTotal: 300,
      paidTotal: 2 * cod - 400,
    });
    expect(await settlementOf("STL-AFTER")).toEqual(await settlementOf("STL-EARLY"));
    const openOf = async (orderId: string) =>
      (await discrepanciesOf(orderId)).filter((x) => !x.resolvedAt).map((x) => [x.kind, x.expected, x.actual]);
    expect(await openOf(a1.id)).toEqual([]);
    expect(await openOf(a2.id)).toEqual([]);
    expect(await openOf(b1.id)).toEqual([["amount-differs", cod, cod - 100]]);
    expect(await openOf(b2.id)).toEqual(await openOf(b1.id));
    expect(await tcsCash()).toBe(cashBefore);

    // The early payment's discrepancies are kept, resolved by the delivery import with the reason.
    const closed = (await discrepanciesOf(a1.id, b1.id)).filter((x) => x.kind === "not-delivered");
    expect(closed).toHaveLength(2);
    for (const x of closed) {
      expect(x.resolvedByName).toBe(OWNER.name);
      expect(x.resolvedNote).toMatch(
        /^Delivered after the payment came in: delivered on .+, by import of delivery status file late-status\.csv \d{4}-\d{2}-\d{2}$/,
      );
    }

    // Each settled order's history says when and by which file it was settled.
    const a1History = (await historyOf(a1.id)).slice(-2);
    expect(a1History.map((h) => [h.fromStatus, h.toStatus])).toEqual([
      ["shipped", "delivered"],
      ["delivered", "delivered"],
    ]);
    expect(a1History[1].note).toMatch(
      /^Settled in STL-EARLY \(paid before its delivery was recorded\) by import of delivery status file late-status\.csv \d{4}-\d{2}-\d{2}$/,
    );
    const a2Settled = (await historyOf(a2.id)).at(-1)!;
    expect([a2Settled.fromStatus, a2Settled.toStatus, a2Settled.actorName]).toEqual([
      "delivered",
      "delivered",
      OWNER.name,
    ]);
    expect(a2Settled.note).toMatch(
      /^Settled in STL-AFTER by import of COD payment file payment-after\.csv \d{4}-\d{2}-\d{2}$/,
    );
  });

  it("expects Rs 0 from returned parcels in a COD report: their return charges are recorded and checked against the rate card, nothing else is flagged", async () => {
    const [d, r1, r2] = await bookedOrders(3);
    await run(
      "tracking",
      await upload(
        "t-rto.csv",
        `Order ID,Tracking ID\n${d.orderNumber},RT-1\n${r1.orderNumber},RT-2\n${r2.orderNumber},RT-3\n`,
      ),
      true,
    );
    await run(
      "delivery",
      await upload("s-rto.csv", "Tracking ID,Status\nRT-1,Delivered\nRT-2,RTO\nRT-3,Returned to shipper\n"),
      true,
      courierId,
    );
    const [{ codAmount: cod, estimatedCharge: estimate }] = await db()
      .select()
      .from(shipments)
      .where(eq(shipments.orderId, d.id));
    const file = [
      "CN,COD Amount,Charges,Net Amount,Status,Payment ID,Payment Date",
      `RT-1,${cod},150,${cod - 150},Delivered,STL-RTO,2026-11-24`,
      `RT-2,0,${estimate - 10},-${estimate - 10},RTO,STL-RTO,2026-11-24`,
      `RT-3,0,${estimate + 50},-${estimate + 50},Returned,STL-RTO,2026-11-24`,
    ].join("\n");
    const applied = await run("cod", await upload("rto-payment.csv", file), true, courierId);
    const charges = 150 + 2 * estimate + 40;
    expect(applied.settlements).toEqual([
      {
        reference: "STL-RTO",
        paidOn: "2026-11-24",
        parcels: 3,
        expectedTotal: cod,
        collectedTotal: cod,
        chargesTotal: charges,
        incomeTaxTotal: 0,
        salesTaxTotal: 0,
        paidTotal: cod - charges,
      },
    ]);
    expect(applied.rows.map((r) => r.outcome)).toEqual(["change", "change", "change"]);
    const [stl] = await db().select().from(settlements).where(eq(settlements.reference, "STL-RTO"));
    expect(stl).toMatchObject({ expectedTotal: cod, chargesTotal: charges, paidTotal: cod - charges });
    // Only the return charge above the rate card is a discrepancy.
    expect((await discrepanciesOf(d.id, r1.id, r2.id)).map((x) => [x.kind, x.orderId, x.expected, x.actual])).toEqual([
      ["charge-above-estimate", r2.id, estimate, estimate + 50],
    ]);
    expect(await order(d.id)).toMatchObject({ status: "delivered", paymentStatus: "settled" });
    for (const r of [r1, r2]) expect(await order(r.id)).toMatchObject({ status: "returned", paymentStatus: "unpaid" });
    const [returned] = await db().select().from(shipments).where(eq(shipments.orderId, r1.id));
    expect(returned).toMatchObject({
      collectedAmount: 0,
      chargedAmount: estimate - 10,
      netPaid: -(estimate - 10),
      settlementId: stl.id,
    });
  });

  it("imports tracking numbers and a COD payment report from Excel, with numbers and dates as Excel stores them", async () => {
    const [a, b] = await bookedOrders(2);
    const tracking = await portalXlsx(
      [
        ["Order Number", "CN Number", "Booking Date"],
        [a.orderNumber, 771234567890, new Date(Date.UTC(2026, 10, 18))],
        [b.orderNumber, 771234567891, new Date(Date.UTC(2026, 10, 18))],
      ],
      { dateFormat: "yyyy-mm-dd" },
    );
    const shipped = await run("tracking", await upload("tcs-booked.xlsx", tracking), true);
    expect(shipped.counts).toMatchObject({ change: 2, problem: 0, unmatched: 0 });
    expect(await order(a.id)).toMatchObject({ status: "shipped", trackingNumber: "771234567890" });
    await run(
      "delivery",
      await upload("x-status.csv", "CN,Status\n771234567890,Delivered\n771234567891,Delivered\n"),
      true,
      courierId,
    );

    const [{ codAmount: cod }] = await db().select().from(shipments).where(eq(shipments.orderId, a.id));
    const payment = await portalXlsx(
      [
        ["CN Number", "COD Amount", "Delivery Charges", "Net Payable", "Payment ID", "Payment Date"],
        [771234567890, cod, 200, cod - 200, 90017, new Date(Date.UTC(2026, 10, 25))],
        [771234567891, cod, 200, cod - 200, 90017, new Date(Date.UTC(2026, 10, 25))],
      ],
      { dateFormat: "dd/mm/yyyy" },
    );
    const paid = await run("cod", await upload("tcs-payment.xlsx", payment), true, courierId);
    expect(paid.counts).toMatchObject({ change: 2, problem: 0, unmatched: 0 });
    expect(paid.settlements).toEqual([
      {
        reference: "90017",
        paidOn: "2026-11-25",
        parcels: 2,
        expectedTotal: 2 * cod,
        collectedTotal: 2 * cod,
        chargesTotal: 400,
        incomeTaxTotal: 0,
        salesTaxTotal: 0,
        paidTotal: 2 * cod - 400,
      },
    ]);
    for (const o of [a, b]) expect(await order(o.id)).toMatchObject({ status: "delivered", paymentStatus: "settled" });
  });

  it("refuses a row for a parcel booked with another courier, and a file that is not CSV or Excel", async () => {
    const [a] = await bookedOrders(1, () => otherCourierId);
    const result = await run(
      "cod",
      await upload("tcs.csv", `Reference,COD\n${a.orderNumber},1000\n`),
      false,
      courierId,
    );
    expect(result.rows[0]).toMatchObject({
      outcome: "unmatched",
      says: `${a.orderNumber} is booked with Leopards, not the courier of this file`,
    });
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    await expect(upload("report.csv", png)).rejects.toBeInstanceOf(AppError);
  });
});
