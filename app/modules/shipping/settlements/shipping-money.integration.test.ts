import { parse } from "csv-parse/sync";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { shippingDiscrepancies, shopSettings } from "~/schema";
import { getSellerOverview } from "~/flows/get-seller-overview.server";
import { DATABASE_KINDS, useTestDatabase } from "../../../../tests/factories/test-database";
import {
  insertTestCourier,
  insertTestDiscrepancy,
  insertTestParcel,
  insertTestSettlement,
} from "../../../../tests/factories/test-shipments";
import { cashWithCouriers } from "./cash-with-couriers.server";
import { deliveryRates } from "./delivery-rates.server";
import { discrepanciesCsv } from "./discrepancies-csv.server";
import { listDiscrepancies, resolveDiscrepancy } from "./discrepancies.server";
import { shipmentForOrder } from "../booking/shipment-for-order.server";

// 2025-06-10 15:00 in Karachi. The 30-day window starts 2025-05-12 (Karachi), i.e. 2025-05-11T19:00Z;
// the 90-day one 2025-03-13 (Karachi), i.e. 2025-03-12T19:00Z.
const NOW = new Date("2025-06-10T10:00:00Z");
const at = (iso: string) => new Date(iso);
const OWNER = { name: "Sana Owner" };

describe.each(DATABASE_KINDS)("the money of shipping on %s", (kind) => {
  const database = useTestDatabase(kind, { seed: "settings" });
  const db = () => database.db;
  const ids = { tcs: 0, leopards: 0, postex: 0, trax: 0 };
  const parcel: Record<string, { orderId: string; orderNumber: string; shipmentId: number }> = {};
  const d: Record<string, number> = {};

  beforeAll(async () => {
    ids.tcs = await insertTestCourier(db(), "TCS");
    ids.leopards = await insertTestCourier(db(), "Leopards");
    ids.postex = await insertTestCourier(db(), "PostEx");
    ids.trax = await insertTestCourier(db(), "Trax", null);
    const s1 = await insertTestSettlement(db(), {
      courierId: ids.tcs,
      reference: "TCS-PAY-1001",
      paidOn: "2025-06-02",
      expectedTotal: 4000,
      paidTotal: 3630,
      chargesTotal: 320,
    });
    const s2 = await insertTestSettlement(db(), { courierId: ids.postex, reference: "PX-77", paidOn: "2025-03-10" });
    const s3 = await insertTestSettlement(db(), { courierId: ids.trax, reference: "TRAX-9", paidOn: "2025-04-10" });
    const s4 = await insertTestSettlement(db(), { courierId: ids.leopards, reference: "LCS-55", paidOn: "2025-05-24" });

    // TCS: delivered in 2 days, unpaid.
    parcel.p1 = await insertTestParcel(db(), {
      courierId: ids.tcs,
      city: "Karachi",
      codAmount: 2000,
      estimatedCharge: 250,
      bookedAt: at("2025-06-06T10:00:00Z"),
      deliveredAt: at("2025-06-08T10:00:00Z"),
    });
    // TCS: delivered 13 days ago, still unpaid (overdue).
    parcel.p2 = await insertTestParcel(db(), {
      courierId: ids.tcs,
      city: "Lahore",
      codAmount: 3500,
      estimatedCharge: 300,
      bookedAt: at("2025-05-25T09:00:00Z"),
      deliveredAt: at("2025-05-28T09:00:00Z"),
    });
    // TCS: delivered and settled, charged above its estimate; statuses imported out of order.
    parcel.p3 = await insertTestParcel(db(), {
      courierId: ids.tcs,
      city: "Lahore",
      codAmount: 4000,
      estimatedCharge: 280,
      chargedAmount: 320,
      collectedAmount: 4000,
      netPaid: 3680,
      settlementId: s1,
      bookedAt: at("2025-05-20T00:00:00Z"),
      deliveredAt: at("2025-05-22T12:00:00Z"),
      trackingNumber: "TCS-0003",
      weightGrams: 800,
      pieces: 2,
      events: [
        { status: "Delivered", at: at("2025-05-22T12:00:00Z") },
        { status: "Booked", at: at("2025-05-20T00:00:00Z") },
        { status: "Out for Delivery", at: at("2025-05-22T06:00:00Z") },
      ],
    });
    // TCS: prepaid (no COD), delivered: nothing to collect.
    parcel.p4 = await insertTestParcel(db(), {
      courierId: ids.tcs,
      city: "Karachi",
      codAmount: 0,
      estimatedCharge: 200,
      bookedAt: at("2025-06-05T00:00:00Z"),
      deliveredAt: at("2025-06-06T00:00:00Z"),
    });
    // TCS: on its way.
    parcel.p5 = await insertTestParcel(db(), {
      courierId: ids.tcs,
      city: "Multan",
      codAmount: 1500,
      estimatedCharge: 260,
      bookedAt: at("2025-06-09T00:00:00Z"),
    });
    // Leopards: delivered today; delivered exactly 10 days ago (not yet overdue); refused (RTO); delivered, settled, then sent back by the buyer.
    parcel.p6 = await insertTestParcel(db(), {
      courierId: ids.leopards,
      city: "Karachi",
      codAmount: 1200,
      estimatedCharge: 220,
      bookedAt: at("2025-06-08T09:00:00Z"),
      deliveredAt: at("2025-06-10T09:00:00Z"),
    });
    parcel.p7 = await insertTestParcel(db(), {
      courierId: ids.leopards,
      city: "Lahore",
      codAmount: 800,
      estimatedCharge: 200,
      bookedAt: at("2025-05-27T10:00:00Z"),
      deliveredAt: at("2025-05-31T10:00:00Z"),
    });
    parcel.p8 = await insertTestParcel(db(), {
      courierId: ids.leopards,
      city: "Quetta",
      codAmount: 5000,
      estimatedCharge: 350,
      bookedAt: at("2025-05-29T10:00:00Z"),
      returnedAt: at("2025-06-04T10:00:00Z"),
    });
    parcel.p12 = await insertTestParcel(db(), {
      courierId: ids.leopards,
      city: "Karachi",
      codAmount: 1000,
      estimatedCharge: 210,
      chargedAmount: 210,
      settlementId: s4,
      bookedAt: at("2025-05-15T00:00:00Z"),
      deliveredAt: at("2025-05-16T00:00:00Z"),
      returnedAt: at("2025-05-20T00:00:00Z"),
    });
    // PostEx: refused; and one booked before the 90 days, settled.
    parcel.p9 = await insertTestParcel(db(), {
      courierId: ids.postex,
      city: "Karachi",
      codAmount: 2500,
      estimatedCharge: 240,
      bookedAt: at("2025-06-01T10:00:00Z"),
      returnedAt: at("2025-06-05T10:00:00Z"),
    });
    parcel.p10 = await insertTestParcel(db(), {
      courierId: ids.postex,
      city: "Lahore",
      codAmount: 999,
      estimatedCharge: 199,
      settlementId: s2,
      bookedAt: at("2025-03-01T10:00:00Z"),
      deliveredAt: at("2025-03-03T10:00:00Z"),
    });
    // Trax: within 90 days, not 30; settled.
    parcel.p11 = await insertTestParcel(db(), {
      courierId: ids.trax,
      city: "Peshawar",
      codAmount: 3000,
      estimatedCharge: 230,
      chargedAmount: 240,
      settlementId: s3,
      bookedAt: at("2025-04-01T10:00:00Z"),
      deliveredAt: at("2025-04-03T10:00:00Z"),
    });
    // Booked after "now": never counted.
    await insertTestParcel(db(), {
      courierId: ids.tcs,
      city: "Karachi",
      codAmount: 100,
      bookedAt: at("2025-06-10T11:00:00Z"),
    });

    d.d1 = await insertTestDiscrepancy(db(), {
      kind: "not-settled",
      courierId: ids.tcs,
      orderId: parcel.p2.orderId,
      expected: 3500,
      detail: "Delivered 28 May, in no settlement yet",
      createdAt: at("2025-06-08T00:00:00Z"),
    });
    d.d2 = await insertTestDiscrepancy(db(), {
      kind: "amount-differs",
      courierId: ids.tcs,
      orderId: parcel.p3.orderId,
      settlementId: s1,
      expected: 4000,
      actual: 3950,
      detail: "TCS-PAY-1001 paid Rs 3,950 collected for Rs 4,000",
      createdAt: at("2025-06-02T10:00:00Z"),
    });
    d.d3 = await insertTestDiscrepancy(db(), {
      kind: "charge-above-estimate",
      courierId: ids.tcs,
      orderId: parcel.p3.orderId,
      settlementId: s1,
      expected: 280,
      actual: 320,
      detail: "Charged Rs 320, the rate card says Rs 280",
      createdAt: at("2025-06-02T10:00:01Z"),
    });
    d.d4 = await insertTestDiscrepancy(db(), {
      kind: "total-differs",
      courierId: ids.leopards,
      settlementId: s4,
      expected: 1000,
      actual: 990,
      detail: "The rows add up to Rs 1,000; the file's total says Rs 990",
      createdAt: at("2025-05-25T00:00:00Z"),
      resolvedAt: at("2025-05-26T08:00:00Z"),
      resolvedByName: "Bilal",
      resolvedNote: "Leopards paid the Rs 10 in cash",
    });
    d.d5 = await insertTestDiscrepancy(db(), {
      kind: "not-delivered",
      courierId: ids.postex,
      orderId: parcel.p9.orderId,
      expected: 0,
      actual: 2500,
      detail: "Paid for a parcel that came back",
      createdAt: at("2025-06-06T00:00:00Z"),
    });
    d.d6 = await insertTestDiscrepancy(db(), {
      kind: "amount-differs",
      courierId: ids.tcs,
      orderId: parcel.p1.orderId,
      expected: 2000,
      actual: 1900,
      detail: '=HYPERLINK("http://evil.example","x")',
      createdAt: at("2025-03-01T00:00:00Z"),
    });
    for (let i = 0; i < 19; i++) {
      d[`bulk${i}`] = await insertTestDiscrepancy(db(), {
        kind: "amount-differs",
        courierId: ids.leopards,
        expected: 1000 + i,
        actual: 1000,
        detail: `Bulk ${i}`,
        createdAt: new Date(Date.parse("2025-04-01T00:00:00Z") + i * 60_000),
      });
    }
  }, 120_000);

  describe("cash with couriers", () => {
    it("sums per courier the COD of delivered parcels not yet settled, with the oldest one's wait and the overdue ones", async () => {
      expect(await cashWithCouriers(db(), NOW)).toEqual([
        {
          courierId: ids.tcs,
          courierName: "TCS",
          parcels: 2,
          amount: 5500,
          oldestDeliveredAt: "2025-05-28T09:00:00.000Z",
          oldestDays: 13,
          overdueParcels: 1,
          overdueDays: 10,
        },
        {
          courierId: ids.leopards,
          courierName: "Leopards",
          parcels: 2,
          amount: 2000,
          oldestDeliveredAt: "2025-05-31T10:00:00.000Z",
          oldestDays: 10,
          overdueParcels: 0,
          overdueDays: 10,
        },
      ]);
    });

    it("counts overdue by the shop's setting, and shows on the owner's Overview", async () => {
      await db().update(shopSettings).set({ settlementOverdueDays: 5 });
      try {
        expect(
          (await cashWithCouriers(db(), NOW)).map((c) => [c.courierName, c.overdueParcels, c.overdueDays]),
        ).toEqual([
          ["TCS", 1, 5],
          ["Leopards", 1, 5],
        ]);
      } finally {
        await db().update(shopSettings).set({ settlementOverdueDays: 10 });
      }
      expect((await getSellerOverview({ db: db(), now: NOW })).cashWithCouriers).toEqual(
        await cashWithCouriers(db(), NOW),
      );
    });
  });

  describe("delivery rates", () => {
    it("per courier over 30 days: booked, delivered, returned, rate, days to deliver and cost, with the shop's total", async () => {
      const rates = await deliveryRates(db(), { days: 30, by: "courier", now: NOW });
      expect(rates).toMatchObject({ days: 30, by: "courier", since: "2025-05-11T19:00:00.000Z" });
      expect(rates.rows).toEqual([
        {
          label: "TCS",
          booked: 5,
          delivered: 4,
          returned: 0,
          deliveryRate: 100,
          avgDaysToDeliver: 2.1,
          avgCostPerDelivered: 268,
        },
        {
          label: "Leopards",
          booked: 4,
          delivered: 3,
          returned: 1,
          deliveryRate: 75,
          avgDaysToDeliver: 2.3,
          avgCostPerDelivered: 210,
        },
        {
          label: "PostEx",
          booked: 1,
          delivered: 0,
          returned: 1,
          deliveryRate: 0,
          avgDaysToDeliver: null,
          avgCostPerDelivered: null,
        },
      ]);
      expect(rates.total).toEqual({
        label: "All couriers",
        booked: 10,
        delivered: 7,
        returned: 2,
        deliveryRate: 78,
        avgDaysToDeliver: 2.2,
        avgCostPerDelivered: 243,
      });
    });

    it("per courier over 90 days takes in the older parcels", async () => {
      const rates = await deliveryRates(db(), { days: 90, by: "courier", now: NOW });
      expect(rates.since).toBe("2025-03-12T19:00:00.000Z");
      expect(rates.rows.map((r) => r.label)).toEqual(["TCS", "Leopards", "PostEx", "Trax"]);
      expect(rates.rows[3]).toEqual({
        label: "Trax",
        booked: 1,
        delivered: 1,
        returned: 0,
        deliveryRate: 100,
        avgDaysToDeliver: 2,
        avgCostPerDelivered: 240,
      });
      expect(rates.total).toEqual({
        label: "All couriers",
        booked: 11,
        delivered: 8,
        returned: 2,
        deliveryRate: 80,
        avgDaysToDeliver: 2.2,
        avgCostPerDelivered: 243,
      });
    });

    it("per city of the order, a city with nothing finished having no rate", async () => {
      const rates = await deliveryRates(db(), { days: 30, by: "city", now: NOW });
      expect(rates.rows).toEqual([
        {
          label: "Karachi",
          booked: 5,
          delivered: 4,
          returned: 1,
          deliveryRate: 80,
          avgDaysToDeliver: 1.5,
          avgCostPerDelivered: 220,
        },
        {
          label: "Lahore",
          booked: 3,
          delivered: 3,
          returned: 0,
          deliveryRate: 100,
          avgDaysToDeliver: 3.2,
          avgCostPerDelivered: 273,
        },
        {
          label: "Multan",
          booked: 1,
          delivered: 0,
          returned: 0,
          deliveryRate: null,
          avgDaysToDeliver: null,
          avgCostPerDelivered: null,
        },
        {
          label: "Quetta",
          booked: 1,
          delivered: 0,
          returned: 1,
          deliveryRate: 0,
          avgDaysToDeliver: null,
          avgCostPerDelivered: null,
        },
      ]);
      expect(rates.total).toMatchObject({
        label: "All cities",
        booked: 10,
        delivered: 7,
        returned: 2,
        deliveryRate: 78,
      });
    });

    it("answers nothing for a window with no parcels", async () => {
      expect(await deliveryRates(db(), { days: 30, by: "city", now: at("2024-01-01T00:00:00Z") })).toMatchObject({
        rows: [],
        total: null,
      });
    });
  });

  describe("an order's shipment", () => {
    it("gives the courier, tracking, weight, costs, courier statuses in time order, settlement and open discrepancies", async () => {
      expect(await shipmentForOrder(db(), parcel.p3.orderId)).toEqual({
        courierName: "TCS",
        trackingNumber: "TCS-0003",
        trackingUrl: "https://tcs.example.pk/track/TCS-0003",
        weightGrams: 800,
        pieces: 2,
        codAmount: 4000,
        estimatedCharge: 280,
        collectedAmount: 4000,
        chargedAmount: 320,
        taxWithheld: null,
        netPaid: 3680,
        bookedAt: "2025-05-20T00:00:00.000Z",
        deliveredAt: "2025-05-22T12:00:00.000Z",
        returnedAt: null,
        events: [
          { status: "Booked", at: "2025-05-20T00:00:00.000Z" },
          { status: "Out for Delivery", at: "2025-05-22T06:00:00.000Z" },
          { status: "Delivered", at: "2025-05-22T12:00:00.000Z" },
        ],
        settlement: { reference: "TCS-PAY-1001", paidOn: "2025-06-02" },
        openDiscrepancies: 2,
      });
    });

    it("has no settlement or link before they exist, and is null for an order without one", async () => {
      expect(await shipmentForOrder(db(), parcel.p11.orderId)).toMatchObject({
        courierName: "Trax",
        trackingUrl: null,
        settlement: { reference: "TRAX-9", paidOn: "2025-04-10" },
        events: [],
      });
      expect(await shipmentForOrder(db(), parcel.p5.orderId)).toMatchObject({
        courierName: "TCS",
        settlement: null,
        deliveredAt: null,
        events: [],
        openDiscrepancies: 0,
      });
      expect(await shipmentForOrder(db(), "00000000-0000-4000-8000-000000000000")).toBeNull();
      expect(await shipmentForOrder(db(), "not-a-uuid")).toBeNull();
    });
  });

  describe("discrepancies", () => {
    it("lists the open ones newest first, twenty a page, with courier, order number, kind in words and difference", async () => {
      const first = await listDiscrepancies(db(), { status: "open" });
      expect(first).toMatchObject({ status: "open", page: 1, pageCount: 2, open: 24, resolved: 1 });
      expect(first.items).toHaveLength(20);
      expect(first.items.slice(0, 4).map((x) => x.id)).toEqual([d.d1, d.d5, d.d3, d.d2]);
      expect(first.items[0]).toEqual({
        id: d.d1,
        kind: "not-settled",
        kindText: "Delivered, not paid after 10 days",
        courierName: "TCS",
        orderId: parcel.p2.orderId,
        orderNumber: parcel.p2.orderNumber,
        settlementReference: null,
        expected: 3500,
        actual: null,
        difference: null,
        detail: "Delivered 28 May, in no settlement yet",
        createdAt: "2025-06-08T00:00:00.000Z",
        resolvedAt: null,
        resolvedByName: null,
        resolvedNote: null,
      });
      expect(first.items[3]).toMatchObject({
        kindText: "Paid a different amount",
        settlementReference: "TCS-PAY-1001",
        expected: 4000,
        actual: 3950,
        difference: -50,
      });
      expect(first.items[2]).toMatchObject({ kindText: "Charged above the rate card", difference: 40 });
      expect(first.items[1]).toMatchObject({
        kindText: "Paid for a parcel not delivered",
        courierName: "PostEx",
        difference: 2500,
      });

      const second = await listDiscrepancies(db(), { status: "open", page: 2 });
      expect(second.items.map((x) => x.id)).toEqual([d.bulk2, d.bulk1, d.bulk0, d.d6]);
      // Past the end: the last page.
      expect((await listDiscrepancies(db(), { status: "open", page: 9 })).page).toBe(2);
      expect((await listDiscrepancies(db(), { status: "open", pageSize: 3 })).items.map((x) => x.id)).toEqual([
        d.d1,
        d.d5,
        d.d3,
      ]);

      const resolved = await listDiscrepancies(db(), { status: "resolved" });
      expect(resolved).toMatchObject({ page: 1, pageCount: 1, open: 24, resolved: 1 });
      expect(resolved.items).toEqual([
        expect.objectContaining({
          id: d.d4,
          kindText: "Settlement total differs",
          courierName: "Leopards",
          orderNumber: null,
          settlementReference: "LCS-55",
          difference: -10,
          resolvedAt: "2025-05-26T08:00:00.000Z",
          resolvedByName: "Bilal",
          resolvedNote: "Leopards paid the Rs 10 in cash",
        }),
      ]);
    });

    it("names the shop's overdue days in the words of a not-settled one", async () => {
      await db().update(shopSettings).set({ settlementOverdueDays: 14 });
      try {
        expect((await listDiscrepancies(db(), { status: "open", pageSize: 1 })).items[0].kindText).toBe(
          "Delivered, not paid after 14 days",
        );
      } finally {
        await db().update(shopSettings).set({ settlementOverdueDays: 10 });
      }
    });

    it("resolves one with a trimmed note and who did it, and refuses to resolve it twice", async () => {
      const resolved = await resolveDiscrepancy(
        db(),
        OWNER,
        d.d2,
        "  Courier paid Rs 50 in the next settlement \n",
        NOW,
      );
      expect(resolved).toMatchObject({
        id: d.d2,
        resolvedAt: NOW.toISOString(),
        resolvedByName: "Sana Owner",
        resolvedNote: "Courier paid Rs 50 in the next settlement",
      });
      await expect(resolveDiscrepancy(db(), { name: "Bilal" }, d.d2, "Another note")).rejects.toMatchObject({
        code: "CONFLICT",
        message: "This discrepancy was already resolved by Sana Owner on 10 Jun 2025.",
      });
      const [row] = await db().select().from(shippingDiscrepancies).where(eq(shippingDiscrepancies.id, d.d2));
      expect(row).toMatchObject({
        resolvedByName: "Sana Owner",
        resolvedNote: "Courier paid Rs 50 in the next settlement",
      });
      expect(await listDiscrepancies(db(), { status: "open" })).toMatchObject({ open: 23, resolved: 2 });
    });

    it("requires a note of 3 to 500 characters, and says so beside the field", async () => {
      for (const [note, message] of [
        ["", 'Write a note: what happened, e.g. "Courier paid the difference on 12 June"'],
        ["  ok ", "Please write at least 3 characters"],
        ["x".repeat(501), "Please keep the note under 500 characters (it has 501)"],
      ] as const) {
        await expect(resolveDiscrepancy(db(), OWNER, d.d1, note)).rejects.toMatchObject({
          code: "VALIDATION",
          message,
          fields: { note: message },
        });
      }
      await expect(resolveDiscrepancy(db(), OWNER, 999_999, "A fine note")).rejects.toMatchObject({
        code: "NOT_FOUND",
        message: "That discrepancy no longer exists",
      });
      await expect(resolveDiscrepancy(db(), OWNER, Number.NaN, "A fine note")).rejects.toMatchObject({
        code: "NOT_FOUND",
      });
      const [row] = await db().select().from(shippingDiscrepancies).where(eq(shippingDiscrepancies.id, d.d1));
      expect(row.resolvedAt).toBeNull();
      // 500 characters is enough.
      await expect(resolveDiscrepancy(db(), OWNER, d.bulk18, "y".repeat(500))).resolves.toMatchObject({
        resolvedNote: "y".repeat(500),
      });
    });

    it("resolves once when two owners press Resolve at the same time", async () => {
      const results = await Promise.allSettled([
        resolveDiscrepancy(db(), { name: "Sana" }, d.bulk17, "Paid in the next settlement"),
        resolveDiscrepancy(db(), { name: "Bilal" }, d.bulk17, "Courier says it is paid"),
      ]);
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      expect(
        results.filter((r) => r.status === "rejected").map((r) => (r as PromiseRejectedResult).reason.code),
      ).toEqual(["CONFLICT"]);
    });

    it("exports a claim as CSV: dates, courier, order, kind in words, amounts, difference, detail, resolution; cells made safe", async () => {
      const open = parse(await discrepanciesCsv(db(), { status: "open" })) as string[][];
      expect(open[0]).toEqual([
        "Date",
        "Courier",
        "Order Number",
        "Kind",
        "Expected (PKR)",
        "Reported (PKR)",
        "Difference (PKR)",
        "Detail",
        "Resolved",
        "Note",
      ]);
      expect(open).toHaveLength(1 + 21);
      expect(open[1]).toEqual([
        "2025-06-08",
        "TCS",
        parcel.p2.orderNumber,
        "Delivered, not paid after 10 days",
        "3500",
        "",
        "",
        "Delivered 28 May, in no settlement yet",
        "",
        "",
      ]);
      expect(open[2]).toEqual([
        "2025-06-06",
        "PostEx",
        parcel.p9.orderNumber,
        "Paid for a parcel not delivered",
        "0",
        "2500",
        "2500",
        "Paid for a parcel that came back",
        "",
        "",
      ]);
      expect(open.at(-1)).toEqual([
        "2025-03-01",
        "TCS",
        parcel.p1.orderNumber,
        "Paid a different amount",
        "2000",
        "1900",
        "-100",
        `'=HYPERLINK("http://evil.example","x")`,
        "",
        "",
      ]);

      const resolved = parse(await discrepanciesCsv(db(), { status: "resolved" })) as string[][];
      expect(resolved.slice(1).map((r) => r[7])).toEqual([
        "TCS-PAY-1001 paid Rs 3,950 collected for Rs 4,000",
        "The rows add up to Rs 1,000; the file's total says Rs 990",
        "Bulk 18",
        "Bulk 17",
      ]);
      expect(resolved[1]).toEqual([
        "2025-06-02",
        "TCS",
        parcel.p3.orderNumber,
        "Paid a different amount",
        "4000",
        "3950",
        "-50",
        "TCS-PAY-1001 paid Rs 3,950 collected for Rs 4,000",
        "2025-06-10 by Sana Owner",
        "Courier paid Rs 50 in the next settlement",
      ]);
      expect(resolved[2]).toEqual([
        "2025-05-25",
        "Leopards",
        "",
        "Settlement total differs",
        "1000",
        "990",
        "-10",
        "The rows add up to Rs 1,000; the file's total says Rs 990",
        "2025-05-26 by Bilal",
        "Leopards paid the Rs 10 in cash",
      ]);
      expect(parse(await discrepanciesCsv(db(), { status: "all" }))).toHaveLength(1 + 25);
    });
  });
});
