import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { orders, shipments, users } from "~/schema";
import { formError } from "~/lib/form-reply";
import type { Auth } from "~/modules/accounts/auth.server";
import { bookParcels } from "~/flows/book-parcels.server";
import { parseCourierForm } from "~/modules/shipping/couriers/courier-form";
import { createCourier } from "~/modules/shipping/couriers/couriers.server";
import {
  callRoute,
  expectRedirect,
  ownerAndBuyerCookies,
  routeContext,
  TEST_ORIGIN,
} from "../../../../tests/factories/route-calls";
import { DATABASE_KINDS, useTestDatabase } from "../../../../tests/factories/test-database";
import { placeTestOrder } from "../../../../tests/factories/test-orders";
import * as apiShipment from "../../api/shipment";
import * as orderPage from "../../account/order";

const PASSWORD = "quiet-mango-harbour-2026";

describe.each(DATABASE_KINDS)("Cancel Booking on the order page and DELETE /api/shipments/:orderId on %s", (kind) => {
  const database = useTestDatabase(kind);
  let auth: Auth;
  let context: AppLoadContext;
  let cookies: { owner: string; buyer: string };
  let courierId: number;
  const owner = { id: "", name: "Owner" };

  beforeAll(async () => {
    ({ auth, context } = await routeContext(database.db));
    cookies = await ownerAndBuyerCookies(auth, database.db, PASSWORD);
    owner.id = (await database.db.select({ id: users.id }).from(users).where(eq(users.email, "owner@shop.pk")))[0].id;
    const parsed = parseCourierForm({
      name: "Leopards",
      trackingUrl: "",
      accountCode: "",
      weightBands: "500 = 180",
      extraPerKg: "100",
      codFeePercent: "1",
      surchargePercent: "0",
      bookingColumns: "",
    });
    if (!parsed.ok) throw new Error("courier");
    courierId = (await createCourier(database.db, parsed.data)).id;
  });

  async function bookedOrder() {
    const order = await placeTestOrder(database.db, owner, { status: "confirmed" });
    await bookParcels({ db: database.db }, owner, { orderIds: [order.id], courierId });
    return order;
  }
  const form = (cookie: string, orderId: string) => {
    const body = new FormData();
    body.set("intent", "cancel-booking");
    return new Request(`${TEST_ORIGIN}/orders/${orderId}`, {
      method: "POST",
      headers: { cookie, origin: TEST_ORIGIN },
      body,
    });
  };
  const parcels = async (orderId: string) => database.db.select().from(shipments).where(eq(shipments.orderId, orderId));

  it("shows the owner the shipment, cancels the booking with a toast, and then says it is not booked", async () => {
    const order = await bookedOrder();
    const page = await callRoute(orderPage.loader, {
      request: new Request(`${TEST_ORIGIN}/orders/${order.id}`, { headers: { cookie: cookies.owner } }),
      context,
      params: { id: order.id },
    });
    expect(page.shipment).toMatchObject({ courierName: "Leopards" });

    const done = await callRoute(orderPage.action, {
      request: form(cookies.owner, order.id),
      context,
      params: { id: order.id },
    });
    expectRedirect(done, `/orders/${order.id}`);
    expect(done.headers.get("set-cookie")).toBeTruthy();
    expect(await parcels(order.id)).toHaveLength(0);
    expect((await database.db.select().from(orders).where(eq(orders.id, order.id)))[0]).toMatchObject({
      status: "confirmed",
      courierName: null,
    });

    const again = await callRoute(orderPage.action, {
      request: form(cookies.owner, order.id),
      context,
      params: { id: order.id },
    });
    expect(again.init?.status ?? again.status).toBe(409);
    expect(formError(again.data)).toBe(`${order.orderNumber} is not booked`);
  });

  it("does not let a buyer cancel a booking, by page or API", async () => {
    const order = await bookedOrder();
    const byPage = await callRoute(orderPage.action, {
      request: form(cookies.buyer, order.id),
      context,
      params: { id: order.id },
    });
    expect(byPage).toBeInstanceOf(Response);
    expect([302, 403, 404]).toContain(byPage.status);
    const byApi = await callRoute(apiShipment.action, {
      request: new Request(`${TEST_ORIGIN}/api/shipments/${order.id}`, {
        method: "DELETE",
        headers: { cookie: cookies.buyer, origin: TEST_ORIGIN },
      }),
      context,
      params: { orderId: order.id },
    });
    expect(byApi.status).toBe(403);
    expect(await parcels(order.id)).toHaveLength(1);
  });

  it("cancels a booking through the API, and answers 409 when there is none", async () => {
    const order = await bookedOrder();
    const del = () =>
      callRoute(apiShipment.action, {
        request: new Request(`${TEST_ORIGIN}/api/shipments/${order.id}`, {
          method: "DELETE",
          headers: { cookie: cookies.owner, origin: TEST_ORIGIN },
        }),
        context,
        params: { orderId: order.id },
      });
    const first = await del();
    expect(first.status).toBe(200);
    expect((await first.json()).data).toEqual({ orderNumber: order.orderNumber, courier: "Leopards" });
    const second = await del();
    expect(second.status).toBe(409);
    expect((await second.json()).error.message).toBe(`${order.orderNumber} is not booked`);
  });
});
