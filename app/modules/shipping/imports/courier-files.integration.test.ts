import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  courierImports,
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
import { applyCourierReport } from "~/flows/apply-courier-report.server";
import { bookParcels } from "~/flows/book-parcels.server";
import { fileCourierProvider } from "~/integrations/couriers/file-portal/file-courier-provider.server";
import { DATABASE_KINDS, useTestDatabase } from "../../../../tests/factories/test-database";
import { placeTestOrder, TEST_ITEM } from "../../../../tests/factories/test-orders";
import { testProviders } from "../../../../tests/factories/test-providers";
import { parseCourierForm } from "../couriers/courier-form";
import { createCourier } from "../couriers/couriers.server";
import { saveCourierUpload } from "./run-courier-import.server";

const OWNER = { id: "owner-files", name: "Sana Owner" };
const providers = testProviders();

/**
 * Courier files as couriers really write them (issue 33): each case here failed on the code before
 * it. Every test runs on PGlite and on PostgreSQL; the concurrent ones race for real on PostgreSQL.
 */
describe.each(DATABASE_KINDS)("courier files as couriers write them, on %s", (kind) => {
  const database = useTestDatabase(kind);
  const db = () => database.db;
  let postexId: number;
  let phoneSeq = 0;

  beforeAll(async () => {
    await db()
      .insert(users)
      .values({ id: OWNER.id, name: OWNER.name, email: "owner-files@example.pk", role: "seller" });
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
    // PostEx's card: Rs 150 to Lahore (its "same city" zone), Rs 400 elsewhere; no COD fee; Rs 50 tolerance.
    const parsed = parseCourierForm({
      name: "PostEx",
      trackingUrl: "",
      accountCode: "",
      weightBands: "100000 = 400",
      extraPerKg: "100",
      codFeePercent: "0",
      surchargePercent: "0",
      toleranceRupees: "50",
      zone1Name: "Same city",
      zone1Cities: "lahore",
      zone1Bands: "100000 = 150",
      zone1ExtraPerKg: "50",
      bookingColumns: "",
    });
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    postexId = (await createCourier(db(), parsed.data)).id;
  });

  /** Confirmed orders booked with PostEx and given tracking numbers PX-<n>, shipped. */
  async function shippedOrders(count: number, city = "Lahore") {
    const placed = [];
    for (let i = 0; i < count; i++) {
      placed.push(
        await placeTestOrder(db(), OWNER, {
          status: "confirmed",
          city,
          phone: `+9230077${String(10000 + ++phoneSeq).slice(-5)}`,
        }),
      );
    }
    await bookParcels({ db: db() }, OWNER, { orderIds: placed.map((o) => o.id), courierId: postexId });
    const tag = `${Date.now().toString(36)}${phoneSeq}`;
    const withTracking = placed.map((o, i) => ({ ...o, tracking: `PX${tag}${i}` }));
    const applied = await run(
      "tracking",
      await upload(
        `t-${tag}.csv`,
        `Order Ref,Tracking Number\n${withTracking.map((o) => `${o.orderNumber},${o.tracking}`).join("\n")}\n`,
      ),
      true,
      postexId,
    );
    expect(applied.counts.change).toBe(count);
    return withTracking;
  }
  const upload = (name: string, text: string | Uint8Array) =>
    saveCourierUpload(db(), fileCourierProvider, OWNER, {
      name,
      bytes: typeof text === "string" ? new TextEncoder().encode(text) : text,
    });
  const run = (
    what: "tracking" | "delivery" | "cod",
    uploadId: string,
    apply: boolean,
    courierId: number | null = postexId,
  ) => applyCourierReport({ db: db(), providers }, OWNER, { kind: what, uploadId, courierId, apply });
  const order = async (id: string) => (await db().select().from(orders).where(eq(orders.id, id)))[0];
  const shipment = async (orderId: string) =>
    (await db().select().from(shipments).where(eq(shipments.orderId, orderId)))[0];
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
  const historyOf = async (orderId: string) =>
    db()
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, orderId))
      .orderBy(orderStatusHistory.id);

  it("reads a delivery time written 20/11/2026 2:05 PM as Pakistan time; an unreadable date is a problem row, not now", async () => {
    const [a, b] = await shippedOrders(2);
    const file = `Tracking Number,Status,Delivery Date\n${a.tracking},Delivered,20/11/2026 2:05 PM\n${b.tracking},Delivered,last Tuesday\n`;
    const applied = await run("delivery", await upload("dates.csv", file), true);
    expect(applied.rows.map((r) => [r.line, r.outcome, r.says])).toEqual([
      [2, "change", expect.stringContaining("Delivered on")],
      [3, "problem", 'Date "last Tuesday" is not a date'],
    ]);
    expect((await order(a.id)).deliveredAt?.toISOString()).toBe("2026-11-20T09:05:00.000Z");
    expect((await shipment(a.id)).deliveredAt?.toISOString()).toBe("2026-11-20T09:05:00.000Z");
    expect((await order(b.id)).status).toBe("shipped");
  });

  it("refuses a row whose order number and tracking number name different parcels, applying it to neither", async () => {
    const [a, b] = await shippedOrders(2);
    const file = `Order Ref,Tracking Number,Status\n${a.orderNumber},${b.tracking},Delivered\n${a.orderNumber},PX-NOBODY,Delivered\n`;
    const applied = await run("delivery", await upload("mixed.csv", file), true);
    expect(applied.rows.map((r) => [r.outcome, r.says])).toEqual([
      [
        "problem",
        `Order ${a.orderNumber} has tracking number ${a.tracking}, the file says ${b.tracking} (${b.orderNumber}'s)`,
      ],
      ["problem", `Order ${a.orderNumber} has tracking number ${a.tracking}, the file says PX-NOBODY`],
    ]);
    expect((await order(a.id)).status).toBe("shipped");
    expect((await order(b.id)).status).toBe("shipped");
    // The same in a payment file: nothing paid to either.
    const cod = await run(
      "cod",
      await upload(
        "mixed-cod.csv",
        `Order Ref,Tracking Number,COD Amount\n${b.orderNumber},${a.tracking},${b.total}\n`,
      ),
      true,
    );
    expect(cod.rows[0]).toMatchObject({
      outcome: "problem",
      says: `Order ${b.orderNumber} has tracking number ${b.tracking}, the file says ${a.tracking} (${a.orderNumber}'s)`,
    });
    expect((await shipment(a.id)).settlementId).toBeNull();
    expect((await shipment(b.id)).settlementId).toBeNull();
  });

  it("keeps a refused parcel shipped (stock still out) until the courier returns it; then stock comes back once", async () => {
    const [a] = await shippedOrders(1);
    const before = await stock();
    const refused = await run(
      "delivery",
      await upload(
        "refused.csv",
        `Tracking Number,Status,Status Date,Reason\n${a.tracking},Refused by consignee,21/11/2026 11:00,Did not order\n`,
      ),
      true,
    );
    expect(refused.rows[0]).toMatchObject({
      outcome: "change",
      says: "Refused by the buyer (Did not order): on its way back; its stock is put back when the courier returns it",
    });
    expect((await order(a.id)).status).toBe("shipped");
    expect(await stock()).toBe(before);
    expect((await historyOf(a.id)).at(-1)).toMatchObject({
      fromStatus: "shipped",
      toStatus: "shipped",
      note: expect.stringMatching(
        /^Refused by the buyer: on its way back \(Did not order\)\. By import of delivery status file refused\.csv/,
      ),
    });
    expect((await shipment(a.id)).lastCourierStatus).toBe("Refused by consignee");

    const back = await run(
      "delivery",
      await upload("back.csv", `Tracking Number,Status,Status Date\n${a.tracking},Returned to shipper,23/11/2026\n`),
      true,
    );
    expect(back.rows[0].outcome).toBe("change");
    expect((await order(a.id)).status).toBe("returned");
    expect(await stock()).toBe(before + 1);
    const again = await run(
      "delivery",
      await upload("back-2.csv", `Tracking Number,Status\n${a.tracking},RTO\n`),
      true,
    );
    expect(again.rows[0]).toMatchObject({ outcome: "unchanged", says: "Already returned" });
    expect(await stock()).toBe(before + 1);
  });

  it("estimates by the destination's zone, reads charges to the paisa, and flags only charges above estimate + tolerance", async () => {
    const [a, b, c] = await shippedOrders(3);
    expect((await shipment(a.id)).estimatedCharge).toBe(150); // Lahore: the zone's rate, not the card's Rs 400
    await run(
      "delivery",
      await upload(
        "deliv-paisa.csv",
        `Tracking Number,Status\n${a.tracking},Delivered\n${b.tracking},Delivered\n${c.tracking},Delivered\n`,
      ),
      true,
    );
    const net = (cod: number, fee: string) => (cod - Number(fee)).toFixed(2);
    const file = [
      "Tracking Number,COD Amount,Transaction Fee,Net Amount,Payment ID",
      `${a.tracking},"${a.total}",191.18,${net(a.total, "191.18")},PAY-PAISA`, // 41.18 above: within the Rs 50 tolerance
      `${b.tracking},"${b.total}",210,${net(b.total, "210")},PAY-PAISA`, // Rs 60 above: flagged
      `${c.tracking},"${c.total}",200.50,${net(c.total, "200.50")},PAY-PAISA`, // 50.50 above: within Rs 1 of the tolerance, not flagged
    ].join("\n");
    const applied = await run("cod", await upload("paisa.csv", file), true);
    expect(applied.counts).toEqual({ change: 3, unchanged: 0, unmatched: 0, problem: 0 });
    expect(applied.rows[1].says).toContain("charged Rs 60 above the rate card");
    expect(applied.rows[0].says).not.toContain("above the rate card");
    const flagged = await db()
      .select()
      .from(shippingDiscrepancies)
      .where(
        and(
          eq(shippingDiscrepancies.kind, "charge-above-estimate"),
          inArray(shippingDiscrepancies.orderId, [a.id, b.id, c.id]),
        ),
      );
    expect(flagged.map((d) => [d.orderId, d.expected, d.actual, d.detail])).toEqual([
      [b.id, 150, 210, `${b.orderNumber}: charged Rs 210, the rate card says Rs 150 (with Rs 50 tolerance)`],
    ]);
    // Stored in whole rupees, half up, so each row and the settlement still add up.
    expect(await shipment(a.id)).toMatchObject({
      collectedAmount: a.total,
      chargedAmount: 191,
      netPaid: a.total - 191,
    });
    expect(await shipment(c.id)).toMatchObject({ chargedAmount: 201, netPaid: c.total - 201 });
    const [stl] = await db().select().from(settlements).where(eq(settlements.reference, "PAY-PAISA"));
    expect(stl).toMatchObject({ chargesTotal: 191 + 210 + 201, paidTotal: a.total + b.total + c.total - 602 });
    expect(
      await db()
        .select()
        .from(shippingDiscrepancies)
        .where(and(eq(shippingDiscrepancies.kind, "total-differs"), eq(shippingDiscrepancies.settlementId, stl.id))),
    ).toHaveLength(0);
    // The collected cash stays whole rupees: 1,999.50 is a problem row.
    const odd = await run(
      "cod",
      await upload("odd.csv", `Tracking Number,COD Amount\n${a.tracking},"1,999.50"\n`),
      false,
    );
    expect(odd.rows[0]).toMatchObject({
      outcome: "problem",
      says: 'Amount "1,999.50" is not a whole number of rupees',
    });
  });

  it("gives a payment file without a reference column one settlement per file and payment date", async () => {
    const [a, b, c] = await shippedOrders(3);
    await run(
      "delivery",
      await upload(
        "deliv-noref.csv",
        `Tracking Number,Status\n${a.tracking},Delivered\n${b.tracking},Delivered\n${c.tracking},Delivered\n`,
      ),
      true,
    );
    const file = (rows: [typeof a, string][]) =>
      `Tracking Number,COD Amount,Delivery Charges,Payment Date\n${rows.map(([o, day]) => `${o.tracking},${o.total},150,${day}`).join("\n")}\n`;
    const first = await run(
      "cod",
      await upload(
        "payments.csv",
        file([
          [a, "23/11/2026"],
          [b, "24-Nov-2026"],
        ]),
      ),
      true,
    );
    expect(first.settlements.map((s) => [s.paidOn, s.parcels])).toEqual([
      ["2026-11-23", 1],
      ["2026-11-24", 1],
    ]);
    expect(first.settlements[0].reference).toMatch(/^payments\.csv 2026-11-23 #[0-9a-f]{8}$/);
    // Next week's file of the same name, paid the same day: its own settlement, not added to the first.
    const second = await run("cod", await upload("payments.csv", file([[c, "23/11/2026"]])), true);
    expect(second.settlements).toHaveLength(1);
    expect(second.settlements[0].reference).not.toBe(first.settlements[0].reference);
    expect(second.settlements[0]).toMatchObject({ parcels: 1, paidOn: "2026-11-23" });
  });

  it("previews without writing anything, and its plan is exactly what Apply then does", async () => {
    const [a, b, c, d] = await shippedOrders(4);
    await run(
      "delivery",
      await upload("pre-deliv.csv", `Tracking Number,Status\n${c.tracking},Delivered\n${d.tracking},Delivered\n`),
      true,
    );
    const snapshot = async () => ({
      orders: await db().select().from(orders).orderBy(orders.id),
      shipments: await db().select().from(shipments).orderBy(shipments.id),
      imports: await db().select().from(courierImports).orderBy(courierImports.id),
      events: await db().select().from(shipmentEvents).orderBy(shipmentEvents.id),
      history: await db().select().from(orderStatusHistory).orderBy(orderStatusHistory.id),
      settlements: await db().select().from(settlements).orderBy(settlements.id),
      discrepancies: await db().select().from(shippingDiscrepancies).orderBy(shippingDiscrepancies.id),
      outbox: await db().select().from(messageOutbox).orderBy(messageOutbox.id),
      stock: await stock(),
    });
    // A delivery file: delivered, refused, returned, a status, the same parcel twice, an unknown one.
    const delivery = [
      "Tracking Number,Status,Status Date",
      `${a.tracking},Delivered,22/11/2026 10:00`,
      `${a.tracking},Delivered,22/11/2026 10:00`,
      `${b.tracking},Refused by consignee,22/11/2026 11:00`,
      `${b.tracking},Returned,23/11/2026 09:00`,
      `${c.tracking},Out for delivery,21/11/2026 08:00`,
      "PX-UNKNOWN,Delivered,22/11/2026",
    ].join("\n");
    const deliveryUpload = await upload("preview-delivery.csv", delivery);
    const before = await snapshot();
    const preview = await run("delivery", deliveryUpload, false);
    expect(await snapshot()).toEqual(before);
    const applied = await run("delivery", deliveryUpload, true);
    expect(applied.applied).toBe(true);
    expect(preview.rows).toEqual(applied.rows);
    expect(preview.counts).toEqual(applied.counts);
    expect(applied.counts).toEqual({ change: 4, unchanged: 1, unmatched: 1, problem: 0 });

    // A payment file: a new settlement, a short payment, a parcel not delivered (b came back), overdue none.
    const cod = [
      "Tracking Number,COD Amount,Transaction Fee,Net Amount,Payment ID,Payment Date",
      `${a.tracking},${a.total},150,${a.total - 150},PAY-PREVIEW,25/11/2026`,
      `${b.tracking},0,120,-120,PAY-PREVIEW,25/11/2026`,
      `${c.tracking},${c.total - 100},150,${c.total - 250},PAY-PREVIEW,25/11/2026`,
      `${d.tracking},${d.total},150,${d.total - 150},PAY-PREVIEW,25/11/2026`,
    ].join("\n");
    const codUpload = await upload("preview-cod.csv", cod);
    const beforeCod = await snapshot();
    const codPreview = await run("cod", codUpload, false);
    expect(await snapshot()).toEqual(beforeCod);
    const codApplied = await run("cod", codUpload, true);
    expect(codPreview.rows).toEqual(codApplied.rows);
    expect(codPreview.settlements).toEqual(codApplied.settlements);
    expect(codPreview.findings).toEqual(codApplied.findings);
    expect(codApplied.settlements).toEqual([
      {
        reference: "PAY-PREVIEW",
        paidOn: "2026-11-25",
        parcels: 4,
        expectedTotal: a.total + c.total + d.total,
        collectedTotal: a.total + c.total - 100 + d.total,
        chargesTotal: 570,
        incomeTaxTotal: 0,
        salesTaxTotal: 0,
        paidTotal: a.total + c.total + d.total - 100 - 570,
      },
    ]);
  });

  it("applies the same file once when two Applies race; the other says it was already applied (no error)", async () => {
    const [a, b] = await shippedOrders(2);
    const before = await stock();
    const file = `Tracking Number,Status,Status Date\n${a.tracking},Returned,22/11/2026\n${b.tracking},Delivered,22/11/2026\n`;
    const [first, second] = [await upload("race.csv", file), await upload("race (1).csv", file)];
    const results = await Promise.all([run("delivery", first, true), run("delivery", second, true)]);
    expect(results.map((r) => r.applied).sort()).toEqual([false, true]);
    const loser = results.find((r) => !r.applied)!;
    expect(loser.alreadyApplied).toMatchObject({ by: OWNER.name });
    expect(loser.counts).toEqual({ change: 0, unchanged: 2, unmatched: 0, problem: 0 });
    expect(await stock()).toBe(before + 1);
    expect(
      await db()
        .select()
        .from(courierImports)
        .where(inArray(courierImports.fileName, ["race.csv", "race (1).csv"])),
    ).toHaveLength(1);
  });

  it("applies overlapping files naming the same orders in opposite orders at once, without a deadlock", async () => {
    const parcels = await shippedOrders(6);
    const before = await stock();
    const rows = parcels.map((p, i) => `${p.tracking},${i % 2 ? "Returned" : "Delivered"},22/11/2026`);
    const forward = `Tracking Number,Status,Status Date\n${rows.join("\n")}\n`;
    const backward = `Tracking Number,Current Status,Status Date\n${[...rows].reverse().join("\n")}\n`;
    const [one, two] = await Promise.all([
      run("delivery", await upload("forward.csv", forward), true),
      run("delivery", await upload("backward.csv", backward), true),
    ]);
    expect([one.applied, two.applied]).toEqual([true, true]);
    // Whichever went first moved them; the other found them so.
    expect([...one.rows, ...two.rows].filter((r) => r.outcome === "change")).toHaveLength(6);
    expect(await stock()).toBe(before + 3);
    for (const [i, p] of parcels.entries()) expect((await order(p.id)).status).toBe(i % 2 ? "returned" : "delivered");
  });
});
