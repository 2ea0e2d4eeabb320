import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { orders, products, shipments, users } from "~/schema";
import { AppError } from "~/lib/errors";
import { DATABASE_KINDS, useTestDatabase } from "../../../../tests/factories/test-database";
import { placeTestOrder } from "../../../../tests/factories/test-orders";
import { bookParcels } from "~/flows/book-parcels.server";
import { parseCourierForm, type CourierInput } from "../couriers/courier-form";
import {
  createCourier,
  listCourierRules,
  listCouriers,
  saveCourierRules,
  setCourierActive,
  updateCourier,
} from "../couriers/couriers.server";

const OWNER = { id: "owner-ship", name: "Sana Owner" };
const TEE = "essential-crew-neck-tee";

function courierInput(name: string, overrides: Record<string, string> = {}): CourierInput {
  const result = parseCourierForm({
    name,
    trackingUrl: "https://courier.example.pk/track/{tracking}",
    accountCode: "ACC-1",
    weightBands: "500 = 180\n1000 = 230",
    extraPerKg: "100",
    codFeePercent: "1.5",
    surchargePercent: "10",
    bookingColumns: "",
    ...overrides,
  });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.data;
}

describe.each(DATABASE_KINDS)("couriers and bookings on %s", (kind) => {
  const database = useTestDatabase(kind);
  const db = () => database.db;
  beforeAll(async () => {
    await db().insert(users).values({ id: OWNER.id, name: OWNER.name, email: "owner-ship@example.pk", role: "seller" });
  });

  const order = (status: "pending" | "confirmed" | "processing" | "cancelled", quantity = 1) =>
    placeTestOrder(db(), OWNER, { status, quantity });

  it("keeps couriers with unique names regardless of case, and switches one off without losing it", async () => {
    const tcs = await createCourier(db(), courierInput("TCS"));
    await expect(createCourier(db(), courierInput("tcs"))).rejects.toMatchObject({
      code: "VALIDATION",
      fields: { name: "You already have a courier with this name" },
    });
    const renamed = await updateCourier(db(), tcs.id, courierInput("TCS Express"));
    expect(renamed.name).toBe("TCS Express");
    expect(renamed.bookingColumns[0]).toEqual({ header: "Order Reference", field: "orderNumber" });
    await setCourierActive(db(), tcs.id, false);
    expect((await listCouriers(db())).find((c) => c.id === tcs.id)?.active).toBe(false);
    await setCourierActive(db(), tcs.id, true);
  });

  it("keeps routing rules in the order given, and refuses a rule naming an unknown courier", async () => {
    const leopards = await createCourier(db(), courierInput("Leopards"));
    await saveCourierRules(db(), [
      { kind: "risk", city: null, amount: null, courierId: null },
      { kind: "city", city: "Karachi", amount: null, courierId: leopards.id },
    ]);
    expect((await listCourierRules(db())).map((r) => r.kind)).toEqual(["risk", "city"]);
    await expect(
      saveCourierRules(db(), [{ kind: "city", city: "Quetta", amount: null, courierId: 99_999 }]),
    ).rejects.toBeInstanceOf(AppError);
    expect(await listCourierRules(db())).toHaveLength(2);
  });

  it("books confirmed and processing orders with weight, pieces, COD and the rate card's estimate, and refuses the rest with reasons", async () => {
    const courier = await createCourier(db(), courierInput("PostEx"));
    await db().update(products).set({ weightGrams: 350 }).where(eq(products.id, TEE));
    const two = await order("confirmed", 2);
    const one = await order("processing", 1);
    const typed = await order("confirmed", 1);
    const pending = await order("pending");
    const cancelled = await order("cancelled");
    const result = await bookParcels({ db: db() }, OWNER, {
      orderIds: [two.id, one.id, typed.id, pending.id, cancelled.id, "not-an-id"],
      courierId: courier.id,
      weights: { [typed.id]: 2400 },
    });
    expect(result.courier).toBe("PostEx");
    expect(result.booked.map((b) => b.orderNumber).sort()).toEqual(
      [two.orderNumber, one.orderNumber, typed.orderNumber].sort(),
    );
    const byOrder = Object.fromEntries(result.booked.map((b) => [b.orderId, b]));
    // 2 x 350 g = 700 g: Rs 230 + 10 % (23) + 1.5 % of the COD, rounded up.
    expect(byOrder[two.id]).toMatchObject({
      weightGrams: 700,
      pieces: 2,
      codAmount: two.total,
      estimatedCharge: 230 + 23 + Math.ceil(two.total * 0.015),
    });
    expect(byOrder[one.id]).toMatchObject({
      weightGrams: 350,
      pieces: 1,
      codAmount: one.total,
      estimatedCharge: 180 + 18 + Math.ceil(one.total * 0.015),
    });
    // Typed 2.4 kg: Rs 230 + 2 extra kg (200) = 430, + 43, + COD fee.
    expect(byOrder[typed.id]).toMatchObject({
      weightGrams: 2400,
      estimatedCharge: 430 + 43 + Math.ceil(typed.total * 0.015),
    });
    expect(result.refused).toEqual(
      expect.arrayContaining([
        { orderId: "not-an-id", orderNumber: null, reason: "Order not found" },
        {
          orderId: pending.id,
          orderNumber: pending.orderNumber,
          reason: `${pending.orderNumber}: It is pending: only confirmed or processing orders are booked`,
        },
        {
          orderId: cancelled.id,
          orderNumber: cancelled.orderNumber,
          reason: `${cancelled.orderNumber}: It is cancelled: only confirmed or processing orders are booked`,
        },
      ]),
    );
    expect(result.refused).toHaveLength(3);
    const stored = await db()
      .select()
      .from(shipments)
      .where(inArray(shipments.orderId, [two.id, one.id, typed.id]));
    expect(stored).toHaveLength(3);
    expect(
      stored.every((s) => s.courierId === courier.id && s.bookedBy === OWNER.id && s.trackingNumber === null),
    ).toBe(true);
    const [named] = await db()
      .select({ courierName: orders.courierName, status: orders.status })
      .from(orders)
      .where(eq(orders.id, two.id));
    expect(named).toEqual({ courierName: "PostEx", status: "confirmed" });

    // Booking again refuses the booked one and books nothing twice.
    const again = await bookParcels({ db: db() }, OWNER, { orderIds: [two.id], courierId: courier.id });
    expect(again.booked).toEqual([]);
    expect(again.refused).toEqual([
      { orderId: two.id, orderNumber: two.orderNumber, reason: `${two.orderNumber}: It is already booked` },
    ]);
    await db().update(products).set({ weightGrams: null }).where(eq(products.id, TEE));
  });

  it("books an order once when two owners book it at the same time", async () => {
    const courier = await createCourier(db(), courierInput("Trax"));
    const o = await order("confirmed");
    const results = await Promise.allSettled([
      bookParcels({ db: db() }, OWNER, { orderIds: [o.id], courierId: courier.id }),
      bookParcels({ db: db() }, OWNER, { orderIds: [o.id], courierId: courier.id }),
    ]);
    const booked = results.flatMap((r) => (r.status === "fulfilled" ? r.value.booked : []));
    expect(booked).toHaveLength(1);
    expect(await db().select().from(shipments).where(eq(shipments.orderId, o.id))).toHaveLength(1);
  });

  it("refuses a courier that is switched off, and an empty selection", async () => {
    const courier = await createCourier(db(), courierInput("BlueEx"));
    await setCourierActive(db(), courier.id, false);
    const o = await order("confirmed");
    await expect(bookParcels({ db: db() }, OWNER, { orderIds: [o.id], courierId: courier.id })).rejects.toMatchObject({
      code: "CONFLICT",
    });
    await expect(bookParcels({ db: db() }, OWNER, { orderIds: [], courierId: courier.id })).rejects.toMatchObject({
      code: "VALIDATION",
      message: "Select the orders to book",
    });
  });
});
