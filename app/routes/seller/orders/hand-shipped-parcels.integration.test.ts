import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { couriers, orders, productVariants, shipments, users } from "~/schema";
import { applyCourierReport } from "~/flows/apply-courier-report.server";
import { fileCourierProvider } from "~/integrations/couriers/file-portal/file-courier-provider.server";
import { fieldError } from "~/lib/form-reply";
import type { Auth } from "~/modules/accounts/auth.server";
import { listActiveCouriers } from "~/modules/shipping/booking/booking-candidates.server";
import { OTHER_COURIER } from "~/modules/shipping/booking/shipment-follows-order.server";
import { saveCourierUpload } from "~/modules/shipping/imports/run-courier-import.server";
import { cashWithCouriers } from "~/modules/shipping/settlements/cash-with-couriers.server";
import { deliveryRates } from "~/modules/shipping/settlements/delivery-rates.server";
import { callRoute, ownerAndBuyerCookies, routeContext, TEST_ORIGIN } from "../../../../tests/factories/route-calls";
import { DATABASE_KINDS, useTestDatabase } from "../../../../tests/factories/test-database";
import { placeTestOrder, TEST_ITEM } from "../../../../tests/factories/test-orders";
import { insertTestCourier } from "../../../../tests/factories/test-shipments";
import * as apiOrder from "../../api/order";
import * as sellerOrders from "./orders";

const PASSWORD = "long-enough-password";
const OWNER = { id: "", name: "Owner" };

/**
 * An order marked shipped by hand with a courier and tracking number (the owner's status form, or
 * PATCH /api/orders/{id}) is a parcel like a booked one: the courier's delivery report moves it, its
 * settlement file pays it, and the reports count it.
 */
describe.each(DATABASE_KINDS)("parcels shipped by hand on %s", (kind) => {
  const database = useTestDatabase(kind);
  const db = () => database.db;
  let auth: Auth;
  let context: AppLoadContext;
  let cookie = "";
  let tcs = 0;
  const order = () => placeTestOrder(db(), OWNER, { status: "processing", city: "Lahore" });
  const orderRow = async (id: string) => (await db().select().from(orders).where(eq(orders.id, id)))[0];
  const parcelOf = async (id: string) => (await db().select().from(shipments).where(eq(shipments.orderId, id)))[0];
  /** The owner's status form on the Orders tab, as posted. */
  const markShipped = (orderId: string, courierName: string, trackingNumber: string) =>
    callRoute(sellerOrders.action, {
      request: new Request(`${TEST_ORIGIN}/seller/orders`, {
        method: "POST",
        headers: { cookie, origin: TEST_ORIGIN },
        body: new URLSearchParams({ intent: "status", orderId, status: "shipped", courierName, trackingNumber }),
      }),
      context,
    });
  const patch = (orderId: string, body: unknown) =>
    apiOrder.action({
      request: new Request(`${TEST_ORIGIN}/api/orders/${orderId}`, {
        method: "PATCH",
        headers: { cookie, origin: TEST_ORIGIN, "content-type": "application/json" },
        body: JSON.stringify(body),
      }),
      context,
      params: { id: orderId },
    } as never) as Promise<Response>;
  /** A courier's report, uploaded and applied as the Shipping tab does. */
  const importReport = async (kindOf: "delivery" | "cod", courierId: number | null, csv: string) => {
    const uploadId = await saveCourierUpload(db(), fileCourierProvider, OWNER, {
      name: `${kindOf}.csv`,
      bytes: new TextEncoder().encode(csv),
    });
    return applyCourierReport(context, OWNER, { kind: kindOf, uploadId, courierId, apply: true });
  };

  beforeAll(async () => {
    ({ auth, context } = await routeContext(db()));
    cookie = (await ownerAndBuyerCookies(auth, db(), PASSWORD)).owner;
    OWNER.id = (await db().select({ id: users.id }).from(users).where(eq(users.email, "owner@shop.pk")))[0]!.id;
    await db().update(productVariants).set({ stock: 1000 }).where(eq(productVariants.productId, TEST_ITEM.productId));
    tcs = await insertTestCourier(db(), "TCS");
  }, 120_000);

  it("the owner's status form with \"tcs\" and a tracking number: TCS's delivery report delivers it, its settlement pays it, the reports count it", async () => {
    const o = await order();
    const cashBefore = (await cashWithCouriers(db())).find((c) => c.courierId === tcs)?.amount ?? 0;
    expect((await markShipped(o.id, " tcs ", "TCS-HAND-1")).data).toMatchObject({ intent: "status", ok: true });
    expect(await parcelOf(o.id)).toMatchObject({
      courierId: tcs,
      trackingNumber: "TCS-HAND-1",
      bookingState: "booked",
      codAmount: o.total,
      pieces: 1,
    });

    const delivered = await importReport("delivery", tcs, "CN,Status\nTCS-HAND-1,Delivered\n");
    expect(delivered.rows[0]).toMatchObject({
      outcome: "change",
      orderNumber: o.orderNumber,
      says: expect.stringMatching(/^Delivered on /),
    });
    expect(await orderRow(o.id)).toMatchObject({ status: "delivered", paymentStatus: "collected" });
    // Reports: cash with TCS holds its COD; the delivery rates count it delivered with TCS.
    expect(((await cashWithCouriers(db())).find((c) => c.courierId === tcs)?.amount ?? 0) - cashBefore).toBe(o.total);
    expect((await deliveryRates(db(), { days: 30, by: "courier" })).rows.find((r) => r.label === "TCS")).toMatchObject({
      booked: 1,
      delivered: 1,
    });

    const paid = await importReport(
      "cod",
      tcs,
      `Order Ref,COD Amount,Transaction Fee,Net Amount,Settlement ID,Settlement Date\n${o.orderNumber},${o.total},150,${o.total - 150},STL-HAND-1,2026-11-23\n`,
    );
    expect(paid.rows[0]).toMatchObject({ outcome: "change", orderNumber: o.orderNumber });
    expect(await orderRow(o.id)).toMatchObject({ status: "delivered", paymentStatus: "settled" });
    expect(await parcelOf(o.id)).toMatchObject({ collectedAmount: o.total, netPaid: o.total - 150 });
    expect((await cashWithCouriers(db())).find((c) => c.courierId === tcs)?.amount ?? 0).toBe(cashBefore);
  });

  it("PATCH /api/orders/{id} with a courier and tracking number: the courier's report by tracking number delivers it", async () => {
    const o = await order();
    const answer = await patch(o.id, { status: "shipped", courierName: "TCS", trackingNumber: "TCS-HAND-2" });
    expect(answer.status).toBe(200);
    expect(await parcelOf(o.id)).toMatchObject({ courierId: tcs, trackingNumber: "TCS-HAND-2" });
    const report = await importReport("delivery", tcs, "Tracking Number,Status\nTCS-HAND-2,Delivered\n");
    expect(report.rows[0]).toMatchObject({ outcome: "change", orderNumber: o.orderNumber });
    expect((await orderRow(o.id)).status).toBe("delivered");
  });

  it("a courier name none of the shop's couriers has goes to the Other courier (switched off, never offered for booking), and its report still delivers it", async () => {
    const o = await order();
    expect((await markShipped(o.id, "Own rider", "RIDER-77")).data).toMatchObject({ ok: true });
    const [other] = await db().select().from(couriers).where(eq(couriers.name, OTHER_COURIER));
    expect(other).toMatchObject({ active: false, provider: "file" });
    expect(await parcelOf(o.id)).toMatchObject({ courierId: other.id, trackingNumber: "RIDER-77" });
    expect((await listActiveCouriers(db())).map((c) => c.name)).not.toContain(OTHER_COURIER);
    const report = await importReport("delivery", null, "CN,Status\nRIDER-77,Delivered\n");
    expect(report.rows[0]).toMatchObject({ outcome: "change", orderNumber: o.orderNumber });
    // A second one reuses it.
    const again = await order();
    await markShipped(again.id, "OWN RIDER", "RIDER-78");
    expect((await parcelOf(again.id)).courierId).toBe(other.id);
    expect(await db().select().from(couriers).where(eq(couriers.name, OTHER_COURIER))).toHaveLength(1);
  });

  it("refuses a tracking number already on another parcel of that courier beside the field, and changes nothing", async () => {
    const o = await order();
    const answer = await markShipped(o.id, "TCS", "TCS-HAND-1");
    expect(answer.init?.status).toBe(400);
    expect(answer.data).toMatchObject({ status: "error" });
    expect(fieldError(answer.data, "trackingNumber")).toContain("Tracking number TCS-HAND-1 is already on order");
    expect((await orderRow(o.id)).status).toBe("processing");
    expect(await parcelOf(o.id)).toBeUndefined();
    const viaApi = await patch(o.id, { status: "shipped", courierName: "tcs", trackingNumber: "TCS-HAND-2" });
    expect(viaApi.status).toBe(400);
    expect(await parcelOf(o.id)).toBeUndefined();
  });
});
