import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { orders, users } from "~/schema";
import { getOrder } from "~/modules/orders/get-order.server";
import { listSellerOrders } from "~/modules/orders/list-seller-orders.server";
import { trackOrder } from "~/modules/orders/track-order.server";
import { DATABASE_KINDS, useTestDatabase } from "../../../tests/factories/test-database";
import { placeTestOrder } from "../../../tests/factories/test-orders";
import { bookParcels } from "~/flows/book-parcels.server";
import { parseCourierForm } from "../shipping/couriers/courier-form";
import { createCourier } from "../shipping/couriers/couriers.server";

const OWNER = { id: "owner-tracking", name: "Sana Owner" };

/**
 * The tracking link in every order view, read by queries on orders alone: there Drizzle writes bare
 * column names, and the link's subqueries must still find the order's own id (a bare "id" beside
 * shipments and couriers was ambiguous, and PostgreSQL refused the order page, the invoice and /track).
 */
describe.each(DATABASE_KINDS)("the tracking link on order views on %s", (kind) => {
  const database = useTestDatabase(kind);
  const db = () => database.db;
  beforeAll(async () => {
    await db()
      .insert(users)
      .values({ id: OWNER.id, name: OWNER.name, email: "owner-tracking@example.pk", role: "seller" });
  });

  it("is the booked courier's link with the tracking number, on the order, the owner's list and /track", async () => {
    const parsed = parseCourierForm({
      name: "TCS",
      trackingUrl: "https://www.tcsexpress.com/track/{tracking}",
      accountCode: "",
      weightBands: "500 = 180",
      extraPerKg: "100",
      codFeePercent: "1",
      surchargePercent: "0",
      bookingColumns: "",
    });
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    const courier = await createCourier(db(), parsed.data);
    const order = await placeTestOrder(db(), OWNER, { status: "confirmed", phone: "+923004445566" });
    await bookParcels({ db: db() }, OWNER, { orderIds: [order.id], courierId: courier.id });
    await db().update(orders).set({ trackingNumber: "TCS-77001" }).where(eq(orders.id, order.id));
    const link = "https://www.tcsexpress.com/track/TCS-77001";

    expect((await getOrder(db(), { id: OWNER.id, role: "seller" }, order.id))?.trackingUrl).toBe(link);
    expect((await trackOrder(db(), order.orderNumber, "0300 4445566"))?.trackingUrl).toBe(link);
    const list = await listSellerOrders(db(), { status: null, q: order.orderNumber, page: 1 });
    expect(list.orders.find((o) => o.id === order.id)?.trackingUrl).toBe(link);
  });
});
