import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { productVariants, shipments, users } from "~/schema";
import { DATABASE_KINDS, useTestDatabase } from "../../../../tests/factories/test-database";
import { placeTestOrder, TEST_ITEM } from "../../../../tests/factories/test-orders";
import { bookParcels } from "~/flows/book-parcels.server";
import { parseCourierForm } from "../couriers/courier-form";
import { createCourier } from "../couriers/couriers.server";
import { MAX_LABELS, shippingLabels, TOO_MANY_LABELS } from "./label-data.server";
import { shopDayRange } from "~/lib/shop-time";
import { BAD_DAY, bookedParcels, loadSheet } from "./load-sheet-data.server";

const OWNER = { id: "owner-print", name: "Sana Owner" };
const SHOP = { brandName: "Kapra", phone: "0300 1112223", address: "Shop 4, Liberty Market", city: "Lahore" };

async function courier(db: Parameters<typeof createCourier>[0], name: string, accountCode = "ACC-1") {
  const parsed = parseCourierForm({
    name,
    trackingUrl: "",
    accountCode,
    weightBands: "500 = 180\n1000 = 230",
    extraPerKg: "100",
    codFeePercent: "1",
    surchargePercent: "0",
    bookingColumns: "",
  });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return createCourier(db, parsed.data);
}

/** Labels and load sheets: what the print pages are drawn from, on PGlite and PostgreSQL. */
describe.each(DATABASE_KINDS)("labels and load sheets on %s", (kind) => {
  const database = useTestDatabase(kind, { settings: SHOP });
  const db = () => database.db;
  let phone = 0;
  const order = (
    opts: { quantity?: number; city?: string; name?: string; status?: "confirmed" | "processing" | "pending" } = {},
  ) =>
    // A phone of its own for each order: one phone may hold only so many open orders.
    placeTestOrder(db(), OWNER, {
      status: opts.status ?? "confirmed",
      quantity: opts.quantity,
      city: opts.city,
      name: opts.name,
      phone: `+92300${String(2000000 + ++phone)}`,
    });
  const book = (orderIds: string[], courierId: number, at: string) =>
    bookParcels({ db: db(), now: new Date(at) }, OWNER, { orderIds, courierId });

  beforeAll(async () => {
    await db()
      .insert(users)
      .values({ id: OWNER.id, name: OWNER.name, email: "owner-print@example.pk", role: "seller" });
    await db().update(productVariants).set({ stock: 500 }).where(eq(productVariants.productId, TEST_ITEM.productId));
  });

  it("makes a label for each booked order, in booking order, with sender, consignee, COD, parcel, courier and barcodes; orders not booked are left out", async () => {
    const tcs = await courier(db(), "TCS");
    const first = await order({ quantity: 2, city: "Karachi", name: "Bilal Ahmed" });
    const second = await order({ city: "Multan", name: "Hira Malik" });
    const notBooked = await order();
    const pending = await order({ status: "pending" });
    // Booked in the other order than they were placed and asked for: labels follow the booking.
    await book([second.id], tcs.id, "2026-03-10T05:00:00Z");
    // Paid in advance (a bank transfer): the courier collects nothing.
    await db().update(shipments).set({ codAmount: 0 }).where(eq(shipments.orderId, second.id));
    await book([first.id], tcs.id, "2026-03-10T06:00:00Z");
    await db().update(shipments).set({ trackingNumber: "TCS7700123456" }).where(eq(shipments.orderId, first.id));

    const labels = await shippingLabels(db(), [first.id, second.id, notBooked.id, pending.id, "not-an-id", first.id]);
    expect(labels.map((l) => l.orderNumber)).toEqual([second.orderNumber, first.orderNumber]);
    const [paid, cod] = labels;
    expect(cod).toMatchObject({
      orderNumber: first.orderNumber,
      trackingNumber: "TCS7700123456",
      courierName: "TCS",
      sender: { brandName: "Kapra", phone: "+923001112223", address: "Shop 4, Liberty Market", city: "Lahore" },
      consignee: {
        name: "Bilal Ahmed",
        phone: expect.stringMatching(/^\+92300\d{7}$/),
        address: "12 Mall Road",
        city: "Karachi",
      },
      codAmount: first.total,
      pieces: 2,
      weightGrams: 1000,
      description: "2 x Essential Crew Neck Tee (M, Black)",
    });
    expect(cod.orderBarcodeSvg).toMatch(new RegExp(`^<svg [^>]*aria-label="${first.orderNumber}"`));
    expect(cod.trackingBarcodeSvg).toMatch(/^<svg [^>]*aria-label="TCS7700123456"/);
    // Paid already: nothing to collect; no tracking number yet, so no tracking barcode.
    expect(paid).toMatchObject({
      orderNumber: second.orderNumber,
      codAmount: 0,
      pieces: 1,
      trackingNumber: null,
      trackingBarcodeSvg: null,
      consignee: { name: "Hira Malik", city: "Multan" },
    });
    expect(paid.orderBarcodeSvg).toContain(`<title>${second.orderNumber}</title>`);

    expect(await shippingLabels(db(), [notBooked.id, pending.id])).toEqual([]);
    expect(await shippingLabels(db(), [])).toEqual([]);
  });

  it("prints a tracking number a scanner could misread as text only, and refuses more than 200 orders", async () => {
    const leopards = await courier(db(), "Leopards");
    const o = await order();
    await book([o.id], leopards.id, "2026-03-11T05:00:00Z");
    await db().update(shipments).set({ trackingNumber: "LP–12345" }).where(eq(shipments.orderId, o.id));
    const [label] = await shippingLabels(db(), [o.id]);
    expect(label).toMatchObject({ trackingNumber: "LP–12345", trackingBarcodeSvg: null });
    const many = Array.from(
      { length: MAX_LABELS + 1 },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
    );
    await expect(shippingLabels(db(), many)).rejects.toMatchObject({ code: "VALIDATION", message: TOO_MANY_LABELS });
    expect(await shippingLabels(db(), many.slice(0, MAX_LABELS))).toEqual([]);
  });

  it("lists one courier's parcels booked on one Pakistan day, in booking order, with the totals", async () => {
    const postex = await courier(db(), "PostEx", "PX-889");
    const trax = await courier(db(), "Trax");
    const morning = await order({ city: "Karachi", quantity: 3 });
    const lateNight = await order({ city: "Quetta" });
    const dayBefore = await order({ city: "Sukkur" });
    const nextDay = await order({ city: "Hyderabad" });
    const otherCourier = await order({ city: "Peshawar" });
    // 10 March 2026 in Karachi runs from 9 March 19:00 UTC to 10 March 19:00 UTC.
    await book([lateNight.id], postex.id, "2026-03-10T18:59:00Z"); // 23:59 on the 10th
    await book([morning.id], postex.id, "2026-03-10T04:00:00Z"); // 09:00 on the 10th
    await book([dayBefore.id], postex.id, "2026-03-09T18:30:00Z"); // 23:30 on the 9th
    await book([nextDay.id], postex.id, "2026-03-10T19:00:00Z"); // midnight: the 11th
    await book([otherCourier.id], trax.id, "2026-03-10T07:00:00Z");
    await db().update(shipments).set({ trackingNumber: "PX-001" }).where(eq(shipments.orderId, morning.id));

    const sheet = await loadSheet(db(), { courierId: postex.id, day: "2026-03-10" });
    expect(sheet.courier).toEqual({ id: postex.id, name: "PostEx", accountCode: "PX-889" });
    expect(sheet).toMatchObject({
      day: "2026-03-10",
      date: "10 Mar 2026",
      shop: { brandName: "Kapra", phone: "+923001112223", address: "Shop 4, Liberty Market", city: "Lahore" },
    });
    expect(sheet.parcels).toEqual([
      {
        orderNumber: morning.orderNumber,
        trackingNumber: "PX-001",
        city: "Karachi",
        codAmount: morning.total,
        weightGrams: 1500,
      },
      {
        orderNumber: lateNight.orderNumber,
        trackingNumber: null,
        city: "Quetta",
        codAmount: lateNight.total,
        weightGrams: 500,
      },
    ]);
    expect(sheet.totals).toEqual({ parcels: 2, codAmount: morning.total + lateNight.total, weightGrams: 2000 });

    expect(
      (await loadSheet(db(), { courierId: postex.id, day: "2026-03-09" })).parcels.map((p) => p.orderNumber),
    ).toEqual([dayBefore.orderNumber]);
    expect(
      (await loadSheet(db(), { courierId: postex.id, day: "2026-03-11" })).parcels.map((p) => p.orderNumber),
    ).toEqual([nextDay.orderNumber]);
    expect(
      (await loadSheet(db(), { courierId: trax.id, day: "2026-03-10" })).parcels.map((p) => p.orderNumber),
    ).toEqual([otherCourier.orderNumber]);
    const empty = await loadSheet(db(), { courierId: trax.id, day: "2026-03-12" });
    expect(empty.parcels).toEqual([]);
    expect(empty.totals).toEqual({ parcels: 0, codAmount: 0, weightGrams: 0 });
  });

  it("refuses an unknown courier and a day that is not a date", async () => {
    await expect(loadSheet(db(), { courierId: 987_654, day: "2026-03-10" })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await expect(loadSheet(db(), { courierId: Number.NaN, day: "2026-03-10" })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    const tcs = await courier(db(), "Call Courier");
    for (const day of ["2026-02-30", "10-03-2026", "today", ""]) {
      await expect(loadSheet(db(), { courierId: tcs.id, day })).rejects.toMatchObject({
        code: "VALIDATION",
        message: BAD_DAY,
      });
    }
  });

  it("reads a day's parcels by the shipments' (courier_id, booked_at) index", async () => {
    const query = bookedParcels(db(), 1, shopDayRange("2026-03-10")!).toSQL();
    const literal = (value: unknown) =>
      typeof value === "number" ? String(value) : `'${String(value).replace(/'/g, "''")}'`;
    const text = query.sql.replace(/\$(\d+)/g, (_, n: string) => literal(query.params[Number(n) - 1]));
    // A few rows make a table scan cheapest: with it ruled out, the plan names the index the query can use.
    const plan = await db().transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const result = (await tx.execute(sql.raw(`explain ${text}`))) as unknown as { rows: { "QUERY PLAN": string }[] };
      return result.rows.map((r) => r["QUERY PLAN"]).join("\n");
    });
    // The courier and the day's bounds both bound the scan: no reading every parcel of the courier's.
    expect(plan).toMatch(
      /shipments_courier_booked_idx.*\n\s*Index Cond: \(\(courier_id = 1\) AND \(booked_at >= '2026-03-09 19:00:00\+00'.*\) AND \(booked_at < '2026-03-10 19:00:00\+00'/,
    );
  });
});
