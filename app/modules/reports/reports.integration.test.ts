import { randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/db/client.server";
import {
  categories,
  customers,
  orderItems,
  orders,
  productVariants,
  products,
  refunds,
  returnItems,
  returnRequests,
  shipments,
  sizeSets,
} from "~/schema";
import type { OrderChannel, OrderStatus } from "~/db/schema/statuses";
import { fromShopDateTimeLocal } from "~/lib/shop-time";
import { exportOrdersCsv } from "~/modules/orders/export-orders-csv.server";
import { getSellerFigures } from "~/modules/seller/get-seller-figures.server";
import { refreshSettlement } from "~/modules/shipping/settlements/parcel-payment.server";
import type { ImportContext } from "~/modules/shipping/imports/import-context.server";
import { DATABASE_KINDS, useTestDatabase } from "../../../tests/factories/test-database";
import { insertTestCourier, insertTestSettlement } from "../../../tests/factories/test-shipments";
import { getReport } from "./get-report.server";
import { reportCsv } from "./report-csv";
import { readReportRange, type ReportRange } from "./report-range";
import { reportTable } from "./report-tables";
import { parseCsv } from "../../../tests/factories/parse-csv";

/**
 * A hand-built October 2026 (Pakistan time) with every case a report must count, each figure worked
 * out by hand in the comments, checked for every report to the rupee; and the agreement of Profit's
 * revenue with the Overview, the orders CSV and a courier settlement.
 */
const at = (local: string) => fromShopDateTimeLocal(local)!;
const day = (d: string) => at(`${d}T12:00`);
const OCTOBER: ReportRange = { preset: "custom", from: "2026-10-01", to: "2026-10-31", days: 31 };
/** "Now" for the inventory's last 30 and 60 days, and the Overview's 30 days (2 to 31 October). */
const NOW = new Date("2026-10-31T10:00:00Z");

type Line = {
  product: "kurta" | "shirt";
  color: string;
  size: string;
  quantity: number;
  price: number;
  unitCost: number | null;
};
type TestOrder = {
  key: string;
  channel: OrderChannel;
  city: string;
  status: OrderStatus;
  createdAt: Date;
  deliveredAt?: Date;
  lines: Line[];
  shipping: number;
  discount?: number;
  code?: string;
  storeCredit?: number;
  exchangeCredit?: number;
  codFee?: number;
  /** Paid online before it shipped (an advance): the courier collects the rest. */
  paidOnline?: number;
  replaces?: string;
  parcel?: { estimated: number; charged?: number; deliveredAt?: Date; returnedAt?: Date };
};

const kurta = (color: string, size: string, quantity: number, unitCost: number | null = 1000): Line => ({
  product: "kurta",
  color,
  size,
  quantity,
  price: 3000,
  unitCost,
});
const ORDERS: TestOrder[] = [
  // Delivered 6 Oct: 2 x 3000 + 200; one piece later exchanged (came back resellable, restocked) for O7.
  {
    key: "O1",
    channel: "web",
    city: "Lahore",
    status: "delivered",
    createdAt: day("2026-10-03"),
    deliveredAt: day("2026-10-06"),
    lines: [kurta("Black", "M", 2)],
    shipping: 200,
    parcel: { estimated: 230, charged: 250, deliveredAt: day("2026-10-06") },
  },
  // Code EID10 takes 300 off.
  {
    key: "O2",
    channel: "whatsapp",
    city: "Karachi",
    status: "delivered",
    createdAt: day("2026-10-04"),
    deliveredAt: day("2026-10-08"),
    lines: [kurta("Black", "S", 1)],
    shipping: 200,
    discount: 300,
    code: "EID10",
    parcel: { estimated: 230, deliveredAt: day("2026-10-08") },
  },
  // Refused at the door: the parcel's charge counts, no revenue; the shirt has no cost.
  {
    key: "O3",
    channel: "phone",
    city: "Quetta",
    status: "returned",
    createdAt: day("2026-10-05"),
    lines: [{ product: "shirt", color: "White", size: "M", quantity: 1, price: 2500, unitCost: null }],
    shipping: 200,
    parcel: { estimated: 180, charged: 190, returnedAt: day("2026-10-10") },
  },
  // Delivered with free shipping; the shirt came back resellable (restocked) and was refunded 2000.
  {
    key: "O4",
    channel: "web",
    city: "Lahore",
    status: "delivered",
    createdAt: day("2026-10-06"),
    deliveredAt: day("2026-10-09"),
    lines: [
      kurta("Black", "L", 1, 1200),
      { product: "shirt", color: "White", size: "L", quantity: 1, price: 2000, unitCost: 800 },
    ],
    shipping: 0,
    parcel: { estimated: 200, deliveredAt: day("2026-10-09") },
  },
  // Delivered, then returned whole after delivery and refunded 3200: no revenue, its parcel's charge counts.
  {
    key: "O5",
    channel: "instagram",
    city: "Karachi",
    status: "returned",
    createdAt: day("2026-10-07"),
    deliveredAt: day("2026-10-10"),
    lines: [kurta("Black", "S", 1)],
    shipping: 200,
    parcel: { estimated: 200, deliveredAt: day("2026-10-10") },
  },
  // The exchange's replacement for O1: its value was paid by O1 (exchange credit 3000), so it brings in 0.
  {
    key: "O7",
    channel: "web",
    city: "Lahore",
    status: "delivered",
    createdAt: day("2026-10-12"),
    deliveredAt: day("2026-10-16"),
    lines: [kurta("Black", "L", 1, 1200)],
    shipping: 0,
    exchangeCredit: 3000,
    replaces: "O1",
    parcel: { estimated: 180, deliveredAt: day("2026-10-16") },
  },
  // 500 of it paid with store credit, a COD fee of 150, an advance of 1000 paid online and 1850
  // collected at the door: revenue 3350 (total 2850 + store credit 500), the advance counted once.
  {
    key: "O8",
    channel: "web",
    city: "Islamabad",
    status: "delivered",
    createdAt: day("2026-10-17"),
    deliveredAt: day("2026-10-20"),
    lines: [kurta("Black", "S", 1)],
    shipping: 200,
    storeCredit: 500,
    codFee: 150,
    paidOnline: 1000,
    parcel: { estimated: 230, charged: 240, deliveredAt: day("2026-10-20") },
  },
  // Cancelled with a code: counts as an order placed, nothing else.
  {
    key: "O9",
    channel: "web",
    city: "Lahore",
    status: "cancelled",
    createdAt: day("2026-10-18"),
    lines: [kurta("Black", "S", 1)],
    shipping: 200,
    discount: 300,
    code: "EID10",
  },
  // Still pending, with a code: sold (not cancelled or returned), no revenue yet.
  {
    key: "O10",
    channel: "phone",
    city: "Karachi",
    status: "pending",
    createdAt: day("2026-10-28"),
    lines: [{ product: "shirt", color: "White", size: "M", quantity: 1, price: 2500, unitCost: null }],
    shipping: 200,
    discount: 250,
    code: "EID10",
  },
  // Delivered, no cost known: named apart, never zero cost.
  {
    key: "O11",
    channel: "web",
    city: "Karachi",
    status: "delivered",
    createdAt: day("2026-10-19"),
    deliveredAt: day("2026-10-22"),
    lines: [{ product: "shirt", color: "White", size: "M", quantity: 1, price: 2500, unitCost: null }],
    shipping: 200,
    parcel: { estimated: 200, deliveredAt: day("2026-10-22") },
  },
  // Placed in September, delivered 2 October: in Profit, not in the sales of October.
  {
    key: "O12",
    channel: "web",
    city: "Multan",
    status: "delivered",
    createdAt: day("2026-09-28"),
    deliveredAt: day("2026-10-02"),
    lines: [kurta("Black", "S", 1)],
    shipping: 200,
    parcel: { estimated: 230, charged: 260, deliveredAt: day("2026-10-02") },
  },
  // Half past midnight on 1 October in Pakistan (19:30 UTC on 30 September): October's.
  {
    key: "O13",
    channel: "web",
    city: "Lahore",
    status: "shipped",
    createdAt: at("2026-10-01T00:30"),
    lines: [kurta("Black", "S", 1)],
    shipping: 200,
    parcel: { estimated: 230 },
  },
  // Half past eleven on 30 September in Pakistan: not October's.
  {
    key: "O14",
    channel: "web",
    city: "Lahore",
    status: "pending",
    createdAt: at("2026-09-30T23:30"),
    lines: [kurta("Black", "S", 1)],
    shipping: 200,
  },
];

describe.each(DATABASE_KINDS)("the owner's reports on %s", (kind) => {
  const database = useTestDatabase(kind, { seed: "settings" });
  const db = () => database.db as Db;
  const ids = new Map<string, { id: string; orderNumber: string; items: number[] }>();
  const report = (name: Parameters<typeof getReport>[1]) => getReport(db(), name, OCTOBER, NOW);

  beforeAll(async () => {
    await db().insert(categories).values({ slug: "kurtas", name: "Kurtas" });
    const [set] = await db()
      .insert(sizeSets)
      .values({ name: "Report Tops", sizes: ["S", "M", "L", "XL"] })
      .returning({ id: sizeSets.id });
    await db()
      .insert(products)
      .values([
        { id: "kurta", name: "Lawn Kurta", categorySlug: "kurtas", sizeSetId: set.id, price: 3000, costPrice: 1000 },
        { id: "shirt", name: "Linen Shirt", categorySlug: "kurtas", sizeSetId: set.id, price: 2500 },
        { id: "tee", name: "Old Tee", categorySlug: "kurtas", sizeSetId: set.id, price: 1200, costPrice: 300 },
        { id: "gone", name: "Archived Cap", categorySlug: "kurtas", sizeSetId: set.id, price: 900, status: "archived" },
      ]);
    await db()
      .insert(productVariants)
      .values([
        { productId: "kurta", color: "Black", size: "S", stock: 5, sku: "K-BS" },
        { productId: "kurta", color: "Black", size: "M", stock: 0, sku: "K-BM" },
        { productId: "kurta", color: "Black", size: "L", stock: 2, sku: "K-BL", costPrice: 1200 },
        { productId: "shirt", color: "White", size: "M", stock: 4, sku: "S-WM" },
        { productId: "shirt", color: "White", size: "L", stock: 0, sku: "S-WL", costPrice: 800 },
        { productId: "tee", color: "Grey", size: "M", stock: 10, sku: "T-GM" },
        { productId: "gone", color: "Grey", size: "M", stock: 3, sku: "G-GM" },
      ]);
    const courier = await insertTestCourier(db(), "Leopards");
    let n = 0;
    for (const o of ORDERS) {
      n++;
      const id = randomUUID();
      const orderNumber = `${o.replaces ? "EX" : "ORD"}-9000${String(n).padStart(2, "0")}`;
      const subtotal = o.lines.reduce((s, l) => s + l.price * l.quantity, 0);
      const total =
        subtotal - (o.discount ?? 0) - (o.storeCredit ?? 0) - (o.exchangeCredit ?? 0) + o.shipping + (o.codFee ?? 0);
      await db()
        .insert(orders)
        .values({
          id,
          orderNumber,
          status: o.status,
          channel: o.channel,
          subtotal,
          discountCode: o.code ?? null,
          discountTotal: o.discount ?? 0,
          storeCreditUsed: o.storeCredit ?? 0,
          exchangeCredit: o.exchangeCredit ?? 0,
          replacesOrderId: o.replaces ? ids.get(o.replaces)!.id : null,
          shippingFee: o.shipping,
          codFee: o.codFee ?? 0,
          amountPaid: o.paidOnline ?? 0,
          total,
          fullName: `Buyer ${o.key}`,
          email: "b@example.pk",
          phone: `+92300111${String(n).padStart(4, "0")}`,
          address: "1 Street",
          city: o.city,
          deliveryFrom: o.createdAt,
          deliveryTo: o.createdAt,
          createdAt: o.createdAt,
          updatedAt: o.createdAt,
          deliveredAt: o.deliveredAt ?? null,
        });
      const items = await db()
        .insert(orderItems)
        .values(
          o.lines.map((l) => ({
            orderId: id,
            productId: l.product,
            name: l.product === "kurta" ? "Lawn Kurta" : "Linen Shirt",
            color: l.color,
            size: l.size,
            price: l.price,
            quantity: l.quantity,
            unitCost: l.unitCost,
          })),
        )
        .returning({ id: orderItems.id });
      if (o.parcel) {
        await db()
          .insert(shipments)
          .values({
            orderId: id,
            courierId: courier,
            weightGrams: 500,
            pieces: 1,
            codAmount: total - (o.paidOnline ?? 0),
            estimatedCharge: o.parcel.estimated,
            chargedAmount: o.parcel.charged ?? null,
            bookedAt: o.createdAt,
            deliveredAt: o.parcel.deliveredAt ?? null,
            returnedAt: o.parcel.returnedAt ?? null,
            trackingNumber: `TRK-${o.key}`,
          });
      }
      ids.set(o.key, { id, orderNumber, items: items.map((i) => i.id) });
    }
    const request = async (
      key: string,
      item: number,
      kindOf: "return" | "exchange",
      restocked: boolean,
      refund?: number,
    ) => {
      const [r] = await db()
        .insert(returnRequests)
        .values({ returnNumber: `RT-${key}`, orderId: ids.get(key)!.id, reason: "wrong_size", status: "closed" })
        .returning({ id: returnRequests.id });
      await db()
        .insert(returnItems)
        .values({
          returnId: r.id,
          orderItemId: ids.get(key)!.items[item],
          quantity: 1,
          kind: kindOf,
          condition: restocked ? "resellable" : "damaged",
          restockedAt: restocked ? day("2026-10-20") : null,
          ...(kindOf === "exchange" ? { exchangeColor: "Black", exchangeSize: "L" } : {}),
        });
      if (refund)
        await db()
          .insert(refunds)
          .values({
            returnId: r.id,
            orderId: ids.get(key)!.id,
            method: "bank_transfer",
            amount: refund,
            recordedByName: "Owner",
          });
    };
    await request("O1", 0, "exchange", true);
    await request("O4", 1, "return", true, 2000);
    await request("O5", 0, "return", false, 3200);
  }, 120_000);

  it("Profit: the waterfall of October's delivered orders to the rupee, courier charges from files and estimates, uncosted orders named", async () => {
    const profit = await report("profit");
    if (profit.name !== "profit") throw new Error("not profit");
    // Delivered in October: O1, O2, O4, O7, O8, O11, O12 (O5 was returned after delivery: no revenue).
    expect(profit.parts.deliveredOrders).toBe(7);
    expect(Object.fromEntries(profit.lines.map((l) => [l.key, l.amount]))).toEqual({
      grossSales: 25500, // 6000 + 3000 + 5000 + 3000 + 3000 + 2500 + 3000
      shippingCharged: 1000, // 200 x 5 (O4 and O7 free)
      codFees: 150, // O8's
      discounts: 300, // O2's EID10
      exchangeCredit: 3000, // O7
      refunds: 2000, // O4's (O5's refund belongs to a returned order)
      revenue: 21350, // totals 22850 (O8's 1000 paid online and 1850 at the door, once) + store credit 500 - refunds 2000
      costOfGoods: 6400, // O1 2000 - 1000 restocked, O2 1000, O4 1200 + 800 - 800 restocked, O7 1200, O8 1000, O12 1000; O11 has no cost
      courierCharges: 1950, // delivered 250 + 230 + 200 + 200 + 180 + 240 + 200 + 260, returned 190
      profit: 13000,
    });
    expect(profit.parcels).toEqual({
      delivered: 8,
      deliveredCharges: 1760,
      returned: 1,
      returnedCharges: 190,
      fromFiles: 4,
      fromFilesCharges: 940,
      estimates: 5,
    });
    expect(profit.uncosted).toEqual({
      orders: 1,
      revenue: 2700,
      named: [{ orderNumber: ids.get("O11")!.orderNumber, revenue: 2700 }],
    });
    // The chart's days add up to the table.
    expect(profit.step).toBe("day");
    expect(profit.series).toHaveLength(31);
    expect(profit.series.reduce((s, p) => s + p.profit, 0)).toBe(13000);
    expect(profit.series.find((p) => p.day === "2026-10-06")).toMatchObject({
      revenue: 6200,
      costOfGoods: 1000,
      courierCharges: 250,
      profit: 4950,
    });
    expect(profit.series.find((p) => p.day === "2026-10-10")).toMatchObject({
      revenue: 0,
      courierCharges: 390,
      profit: -390,
    });
    // A year's range is charted by week.
    const year = await getReport(db(), "profit", { preset: "custom", from: "2025-11-01", to: "2026-10-31", days: 365 });
    expect(year.name === "profit" && year.step).toBe("week");
    expect(year.name === "profit" && year.profit).toBe(13000);
  });

  it("Profit's revenue agrees with the Overview (daily revenue summed over the range, revenue by channel), the orders CSV and a courier settlement", async () => {
    const profit = await report("profit");
    if (profit.name !== "profit") throw new Error("not profit");
    const overview = await getSellerFigures(db(), NOW);
    const overviewRange = readReportRange(
      new URLSearchParams({ from: overview.daily[0].day, to: overview.daily.at(-1)!.day }),
      NOW,
    );
    if (!overviewRange.ok) throw new Error("bad range");
    const sameDays = await getReport(db(), "profit", overviewRange.range, NOW);
    expect(sameDays.name === "profit" && sameDays.revenue).toBe(overview.daily.reduce((s, d) => s + d.revenue, 0));
    expect(profit.revenue).toBe(overview.daily.reduce((s, d) => s + d.revenue, 0));
    // Every delivered order of the shop is in October, so the Overview's all-time figures are October's.
    expect(overview.stats.totalRevenue).toBe(21350);
    expect(overview.channels.reduce((s, c) => s + c.revenue, 0)).toBe(21350);

    // The orders CSV: delivered rows' total + store credit - refunded.
    let csv = "";
    for await (const chunk of exportOrdersCsv(db(), { status: null, q: "" })) csv += chunk;
    const [header, ...rows] = parseCsv(csv);
    const col = (name: string) => header.indexOf(name);
    const deliveredRevenue = rows
      .filter((r) => r[col("Status")] === "Delivered")
      .reduce(
        (s, r) =>
          s + Number(r[col("Total (PKR)")]) + Number(r[col("Store Credit (PKR)")]) - Number(r[col("Refunded (PKR)")]),
        0,
      );
    expect(deliveredRevenue).toBe(profit.revenue);
    const o8Row = rows.find((r) => r[0] === ids.get("O8")!.orderNumber)!;
    expect(["COD Fee (PKR)", "Total (PKR)", "Paid Online (PKR)", "To Collect (PKR)"].map((h) => o8Row[col(h)])).toEqual(
      ["150", "2850", "1000", "1850"],
    );

    // The customer of O8 (an advance paid online, the rest at the door): lifetime value counts it once.
    const [o8] = await db()
      .select({ phone: orders.phone })
      .from(orders)
      .where(eq(orders.id, ids.get("O8")!.id));
    const [buyer] = await db()
      .select({ lifetimeValue: customers.lifetimeValue, delivered: customers.delivered })
      .from(customers)
      .where(eq(customers.phone, o8.phone));
    expect(buyer).toEqual({ lifetimeValue: 3350, delivered: 1 });

    // A settlement of the three delivered parcels a file charged: its charges are Profit's charges from files, less the refused parcel's 190.
    const courier = (await db().select({ id: shipments.courierId }).from(shipments).limit(1))[0].id;
    const settlementId = await insertTestSettlement(db(), {
      courierId: courier,
      reference: "SET-OCT",
      paidOn: "2026-10-25",
    });
    await db()
      .update(shipments)
      .set({ settlementId })
      .where(
        inArray(
          shipments.orderId,
          ["O1", "O8", "O12"].map((k) => ids.get(k)!.id),
        ),
      );
    const ctx = {
      tx: db(),
      actor: { id: null, name: "Owner" },
      now: NOW,
      source: "test",
      note: "By test",
    } as unknown as ImportContext;
    const settlement = await refreshSettlement(ctx, settlementId, "SET-OCT");
    expect(settlement.chargesTotal).toBe(profit.parcels.fromFilesCharges - 190);
  });

  it("Sales by product and by variant: October's orders not cancelled or returned, shares, the size curve with sold-out sizes", async () => {
    const products = await report("products");
    if (products.name !== "products") throw new Error("not products");
    // O1, O2, O4, O7, O8, O10, O11, O13 (O3 and O5 returned, O9 cancelled, O12 and O14 September's).
    expect(products.units).toBe(10);
    expect(products.sales).toBe(28000);
    expect(products.products).toEqual([
      {
        productId: "kurta",
        name: "Lawn Kurta",
        units: 7,
        sales: 21000,
        share: 75,
        sizes: [
          { size: "S", units: 3, soldOut: false },
          { size: "M", units: 2, soldOut: true },
          { size: "L", units: 2, soldOut: false },
        ],
      },
      {
        productId: "shirt",
        name: "Linen Shirt",
        units: 3,
        sales: 7000,
        share: 25,
        sizes: [
          { size: "M", units: 2, soldOut: false },
          { size: "L", units: 1, soldOut: true },
        ],
      },
    ]);
    const variants = await report("variants");
    expect(variants.name === "variants" && variants.units).toBe(10);
    if (variants.name !== "variants") throw new Error("not variants");
    expect(variants.variants.map((v) => [v.name, v.color, v.size, v.units, v.sales, v.share, v.stock])).toEqual([
      ["Lawn Kurta", "Black", "S", 3, 9000, 32.1, 5],
      ["Lawn Kurta", "Black", "L", 2, 6000, 21.4, 2],
      ["Lawn Kurta", "Black", "M", 2, 6000, 21.4, 0],
      ["Linen Shirt", "White", "M", 2, 5000, 17.9, 4],
      ["Linen Shirt", "White", "L", 1, 2000, 7.1, 0],
    ]);
  });

  it("By city: orders placed in October per city, returned or refused, return rate, delivered revenue, days to deliver", async () => {
    const cities = await report("cities");
    if (cities.name !== "cities") throw new Error("not cities");
    const shape = (r: (typeof cities.rows)[number]) => [
      r.key,
      r.orders,
      r.delivered,
      r.returned,
      r.cancelled,
      r.returnRate,
      r.discountGiven,
      r.revenue,
      r.averageDaysToDeliver,
    ];
    expect(cities.rows.map(shape)).toEqual([
      ["Lahore", 5, 3, 0, 1, 0, 0, 9200, 3.3], // O1 6200 + O4 3000 + O7 0; 3, 3 and 4 days
      ["Karachi", 4, 2, 1, 0, 33.3, 550, 5600, 3.5], // O2 2900 + O11 2700; O5 returned; codes on O2 and O10
      ["Islamabad", 1, 1, 0, 0, 0, 0, 3350, 3],
      ["Quetta", 1, 0, 1, 0, 100, 0, 0, null],
    ]);
    expect(shape(cities.totals)).toEqual(["Total", 11, 6, 2, 1, 25, 550, 18150, 3.3]);
  });

  it("By channel (all four listed) and by discount code: orders, discount given, revenue, return rate", async () => {
    const channels = await report("channels");
    if (channels.name !== "channels") throw new Error("not channels");
    const shape = (r: (typeof channels.rows)[number]) => [
      r.key,
      r.orders,
      r.delivered,
      r.returned,
      r.returnRate,
      r.discountGiven,
      r.revenue,
    ];
    expect(channels.rows.map(shape)).toEqual([
      ["web", 7, 5, 0, 0, 0, 15250],
      ["phone", 2, 0, 1, 100, 250, 0],
      ["whatsapp", 1, 1, 0, 0, 300, 2900],
      ["instagram", 1, 0, 1, 100, 0, 0],
    ]);
    const codes = await report("codes");
    if (codes.name !== "codes") throw new Error("not codes");
    expect(codes.rows.map(shape)).toEqual([["EID10", 3, 1, 0, 0, 550, 2900]]);
    expect(codes.rows[0].cancelled).toBe(1);
  });

  it("Inventory: units and value at cost on hand, uncosted units apart, sell-through, days of cover, no sale in 60 days", async () => {
    const inventory = await report("inventory");
    if (inventory.name !== "inventory") throw new Error("not inventory");
    expect(
      inventory.rows.map((r) => [
        r.productId,
        r.onHand,
        r.valueAtCost,
        r.uncostedUnits,
        r.unitsSold,
        r.sellThrough,
        r.daysOfCover,
      ]),
    ).toEqual([
      ["kurta", 7, 7400, 0, 7, 50, 35], // 5 x 1000 + 2 x 1200; 6 sold since 1 Oct 10:00 UTC: 7 / (6/30)
      ["tee", 10, 3000, 0, 0, 0, null],
      ["shirt", 4, 0, 4, 3, 42.9, 40], // 3 sold in 30 days: 4 / (3/30)
    ]);
    expect(inventory.totals).toEqual({
      onHand: 21,
      valueAtCost: 10400,
      uncostedUnits: 4,
      uncostedVariants: 1,
      unitsSold: 10,
      sellThrough: 32.3,
    });
    expect(inventory.noSale).toEqual([{ productId: "tee", name: "Old Tee", onHand: 10, lastSoldAt: null }]);
  });

  it("every report downloads as CSV with a BOM and its table's rows and totals", async () => {
    const profit = await report("profit");
    const csv = reportCsv(reportTable(profit));
    expect(csv.startsWith("\uFEFFDay,Delivered orders,Gross sales")).toBe(true);
    expect(csv.trim().split("\r\n").at(-1)).toBe("Total,7,25500,1000,150,300,3000,2000,21350,6400,1950,13000");
    const cities = reportCsv(reportTable(await report("cities")));
    expect(cities).toContain("\r\nLahore,5,3,0,1,0,0,9200,3.3\r\n");
    const inventory = reportCsv(reportTable(await report("inventory")));
    expect(inventory).toContain("\r\nOld Tee,10,3000,0,0,0,,\r\n");
  });
});
