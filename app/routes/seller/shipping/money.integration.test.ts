import { eq } from "drizzle-orm";
import { fieldErrors, formError, keptValue, keptValues } from "~/lib/form-reply";
import { createElement, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub, type AppLoadContext } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { orders, shippingDiscrepancies, users } from "~/schema";
import type { Auth } from "~/modules/accounts/auth.server";
import { CLIENT_IP_HEADER } from "~/modules/abuse/client-address";
import { createSeller } from "~/modules/accounts/create-seller.server";
import {
  callRoute,
  expectRedirect,
  routeContext,
  signInCookie,
  TEST_ORIGIN,
} from "../../../../tests/factories/route-calls";
import { DATABASE_KINDS, useTestDatabase } from "../../../../tests/factories/test-database";
import {
  insertTestCourier,
  insertTestDiscrepancy,
  insertTestParcel,
  insertTestSettlement,
} from "../../../../tests/factories/test-shipments";
import * as order from "../../account/order";
import * as overview from "../dashboard";
import * as discrepancies from "./discrepancies";
import * as discrepanciesCsv from "./discrepancies-csv";
import * as rates from "./rates";
import * as track from "../../storefront/track";

const PASSWORD = "long-enough-password";

/** A route's page as the server renders it from its loader's or action's answer, as text (React's empty comments between text parts gone). */
function renderPage(path: string, Page: ComponentType<never>, props: Record<string, unknown>): string {
  const Stub = createRoutesStub([
    { path, Component: () => createElement(Page, { params: {}, matches: [], ...props } as never) },
  ]);
  return renderToString(createElement(Stub, { initialEntries: [path] })).replaceAll("<!-- -->", "");
}
const DAY_MS = 86_400_000;

/** The owner's money views of shipping as routes: sellers only, forms that work without JavaScript. */
describe.each(DATABASE_KINDS)("shipping money pages on %s", (kind) => {
  const database = useTestDatabase(kind, { seed: "settings" });
  let auth: Auth;
  let context: AppLoadContext;
  const cookies = { owner: "", buyer: "" };
  let buyerId = "";
  const parcel = { settled: { orderId: "", orderNumber: "" }, unpaid: { orderId: "", orderNumber: "" } };
  const d = { open: 0, other: 0, hostile: 0 };

  const request = (path: string, who: keyof typeof cookies | "guest", form?: Record<string, string>) =>
    new Request(`${TEST_ORIGIN}${path}`, {
      method: form ? "POST" : "GET",
      headers: who === "guest" ? {} : { cookie: cookies[who] },
      body: form ? new URLSearchParams(form) : undefined,
    });
  const call = (fn: Parameters<typeof callRoute>[0], req: Request, params: Record<string, string> = {}) =>
    callRoute(fn, { request: req, context, params });

  beforeAll(async () => {
    ({ auth, context } = await routeContext(database.db));
    await createSeller(auth, database.db, { email: "owner@shop.pk", password: PASSWORD, name: "Sana Owner" });
    await auth.handler(
      new Request(`${TEST_ORIGIN}/api/auth/sign-up/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: TEST_ORIGIN, [CLIENT_IP_HEADER]: "10.1.0.2" },
        body: JSON.stringify({ name: "Bilal", email: "buyer@shop.pk", password: PASSWORD }),
      }),
    );
    buyerId = (await database.db.select({ id: users.id }).from(users).where(eq(users.email, "buyer@shop.pk")))[0].id;
    cookies.owner = await signInCookie(auth, "owner@shop.pk", PASSWORD);
    cookies.buyer = await signInCookie(auth, "buyer@shop.pk", PASSWORD);

    const now = Date.now();
    const tcs = await insertTestCourier(database.db, "TCS");
    const settlement = await insertTestSettlement(database.db, {
      courierId: tcs,
      reference: "TCS-PAY-42",
      paidOn: "2025-06-02",
    });
    parcel.settled = await insertTestParcel(database.db, {
      courierId: tcs,
      city: "Lahore",
      codAmount: 3000,
      estimatedCharge: 250,
      chargedAmount: 250,
      collectedAmount: 3000,
      netPaid: 2750,
      settlementId: settlement,
      bookedAt: new Date(now - 5 * DAY_MS),
      deliveredAt: new Date(now - 3 * DAY_MS),
      trackingNumber: "7712345",
      events: [
        { status: "Booked", at: new Date(now - 5 * DAY_MS) },
        { status: "Delivered", at: new Date(now - 3 * DAY_MS) },
      ],
    });
    parcel.unpaid = await insertTestParcel(database.db, {
      courierId: tcs,
      city: "Karachi",
      codAmount: 1800,
      bookedAt: new Date(now - 4 * DAY_MS),
      deliveredAt: new Date(now - 2 * DAY_MS),
    });
    // The settled parcel is the buyer's own order.
    await database.db.update(orders).set({ userId: buyerId }).where(eq(orders.id, parcel.settled.orderId));
    d.open = await insertTestDiscrepancy(database.db, {
      kind: "amount-differs",
      courierId: tcs,
      orderId: parcel.settled.orderId,
      settlementId: settlement,
      expected: 3000,
      actual: 2950,
      detail: "Short by Rs 50",
      createdAt: new Date(now - DAY_MS),
    });
    d.other = await insertTestDiscrepancy(database.db, {
      kind: "not-settled",
      courierId: tcs,
      orderId: parcel.unpaid.orderId,
      expected: 1800,
      detail: "Not paid",
      createdAt: new Date(now - 2 * DAY_MS),
    });
    d.hostile = await insertTestDiscrepancy(database.db, {
      kind: "total-differs",
      courierId: tcs,
      settlementId: settlement,
      expected: 100,
      actual: 90,
      detail: "+SUM(A1:A9)",
      createdAt: new Date(now - 3 * DAY_MS),
    });
  }, 120_000);

  it("sends a guest to sign in and a buyer to their dashboard, from every page, action and file", async () => {
    const pages = [
      ["/seller/shipping/discrepancies", discrepancies.loader],
      ["/seller/shipping/discrepancies.csv", discrepanciesCsv.loader],
      ["/seller/shipping/rates", rates.loader],
    ] as const;
    for (const [path, loader] of pages) {
      expectRedirect(
        await call(loader, request(path, "guest")),
        `/auth?mode=login&redirectTo=${encodeURIComponent(path)}`,
      );
      expectRedirect(await call(loader, request(path, "buyer")), "/buyer-dashboard");
    }
    const form = {
      intent: "resolve-discrepancy",
      id: String(d.open),
      note: "Buyer trying",
      returnTo: "/seller/shipping/discrepancies",
    };
    expectRedirect(
      await call(discrepancies.action, request("/seller/shipping/discrepancies", "guest", form)),
      /^\/auth\?/,
    );
    expectRedirect(
      await call(discrepancies.action, request("/seller/shipping/discrepancies", "buyer", form)),
      "/buyer-dashboard",
    );
    const [row] = await database.db.select().from(shippingDiscrepancies).where(eq(shippingDiscrepancies.id, d.open));
    expect(row.resolvedAt).toBeNull();
  });

  it("lists the discrepancies for the owner, open or resolved, paged", async () => {
    const open = await call(discrepancies.loader, request("/seller/shipping/discrepancies", "owner"));
    expect(open).toMatchObject({ status: "open", page: 1, pageCount: 1, open: 3, resolved: 0 });
    expect(open.items.map((i: { id: number }) => i.id)).toEqual([d.open, d.other, d.hostile]);
    expect(open.items[0]).toMatchObject({
      courierName: "TCS",
      orderNumber: parcel.settled.orderNumber,
      kindText: "Paid a different amount",
      difference: -50,
    });
    const resolved = await call(
      discrepancies.loader,
      request("/seller/shipping/discrepancies?status=resolved&page=3", "owner"),
    );
    expect(resolved).toMatchObject({ status: "resolved", page: 1, items: [] });
  });

  it("resolves with a note and goes back where the owner was, with a toast; refuses a short note beside the field, and a second resolve", async () => {
    const path = "/seller/shipping/discrepancies";
    const short = await call(
      discrepancies.action,
      request(path, "owner", {
        intent: "resolve-discrepancy",
        id: String(d.open),
        note: " a ",
        returnTo: "/seller/shipping",
      }),
    );
    expect(short.init.status).toBe(400);
    expect(formError(short.data)).toBe("Please write at least 3 characters");
    expect(fieldErrors(short.data)).toEqual({ note: "Please write at least 3 characters" });
    expect(keptValues(short.data)).toMatchObject({ intent: "resolve-discrepancy", id: String(d.open), note: " a " });

    const done = await call(
      discrepancies.action,
      request(path, "owner", {
        intent: "resolve-discrepancy",
        id: String(d.open),
        note: "Paid in the next settlement",
        returnTo: "/seller/shipping?tab=money",
      }),
    );
    expectRedirect(done, "/seller/shipping?tab=money");
    expect(done.headers.get("set-cookie")).toMatch(/shop_flash=/);
    const [row] = await database.db.select().from(shippingDiscrepancies).where(eq(shippingDiscrepancies.id, d.open));
    expect(row).toMatchObject({ resolvedByName: "Sana Owner", resolvedNote: "Paid in the next settlement" });

    const twice = await call(
      discrepancies.action,
      request(path, "owner", { intent: "resolve-discrepancy", id: String(d.open), note: "Again", returnTo: path }),
    );
    expect(twice.init.status).toBe(409);
    expect(keptValue(twice.data, "id")).toBe(String(d.open));
    expect(fieldErrors(twice.data)).toEqual({});
    expect(formError(twice.data)).toMatch(
      /^This discrepancy was already resolved by Sana Owner on \d{1,2} \w{3} \d{4}\.$/,
    );

    // Only paths on this site are gone back to.
    expectRedirect(
      await call(
        discrepancies.action,
        request(path, "owner", {
          intent: "resolve-discrepancy",
          id: String(d.other),
          note: "Courier paid it",
          returnTo: "//evil.example/x",
        }),
      ),
      path,
    );
    const unknown = await call(
      discrepancies.action,
      request(path, "owner", { intent: "resolve-discrepancy", id: "999999", note: "Whatever it was", returnTo: path }),
    );
    expect(unknown.init.status).toBe(404);
    const odd = await call(
      discrepancies.action,
      request(path, "owner", { intent: "delete-all", id: String(d.hostile), note: "no" }),
    );
    expect(odd.init.status).toBe(400);
    expect(
      (await call(discrepancies.loader, request(`${path}?status=resolved`, "owner"))).items.map(
        (i: { id: number }) => i.id,
      ),
    ).toEqual([d.open, d.other]);
  });

  it("downloads the discrepancies as CSV with a byte-order mark, text cells made safe", async () => {
    const res: Response = await call(
      discrepanciesCsv.loader,
      request("/seller/shipping/discrepancies.csv?status=all", "owner"),
    );
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="discrepancies-all-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.headers.get("cache-control")).toMatch(/no-store/);
    const bytes = new Uint8Array(await res.clone().arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = (await res.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\n");
    expect(lines[0]).toBe(
      "Date,Courier,Order Number,Kind,Expected (PKR),Reported (PKR),Difference (PKR),Detail,Resolved,Note",
    );
    expect(lines).toHaveLength(4);
    expect(lines[3]).toMatch(/,TCS,,Settlement total differs,100,90,-10,'\+SUM\(A1:A9\),,$/);
    // Any other status reads as the open ones.
    const open: Response = await call(
      discrepanciesCsv.loader,
      request("/seller/shipping/discrepancies.csv?status=bogus", "owner"),
    );
    expect(open.headers.get("content-disposition")).toMatch(/discrepancies-open-/);
    expect((await open.text()).trim().split("\n")).toHaveLength(2);
  });

  it("shows delivery rates by courier or city, 30 or 90 days", async () => {
    const byCourier = await call(rates.loader, request("/seller/shipping/rates", "owner"));
    expect(byCourier).toMatchObject({
      days: 30,
      by: "courier",
      rows: [
        {
          label: "TCS",
          booked: 2,
          delivered: 2,
          returned: 0,
          deliveryRate: 100,
          avgDaysToDeliver: 2,
          avgCostPerDelivered: 225,
        },
      ],
    });
    const byCity = await call(rates.loader, request("/seller/shipping/rates?days=90&by=city", "owner"));
    expect(byCity).toMatchObject({ days: 90, by: "city" });
    expect(byCity.rows.map((r: { label: string }) => r.label)).toEqual(["Karachi", "Lahore"]);
  });

  it("puts cash with couriers on the owner's Overview", async () => {
    const data = await call(overview.loader, request("/seller-dashboard", "owner"));
    expect(data.cashWithCouriers).toEqual([
      expect.objectContaining({ courierName: "TCS", parcels: 1, amount: 1800, oldestDays: 2, overdueParcels: 0 }),
    ]);
  });

  it("shows an order's shipment on its page to the owner only", async () => {
    const id = parcel.settled.orderId;
    const owner = await call(order.loader, request(`/orders/${id}`, "owner"), { id });
    expect(owner.shipment).toMatchObject({
      courierName: "TCS",
      trackingNumber: "7712345",
      trackingUrl: "https://tcs.example.pk/track/7712345",
      estimatedCharge: 250,
      chargedAmount: 250,
      settlement: { reference: "TCS-PAY-42", paidOn: "2025-06-02" },
      events: [{ status: "Booked" }, { status: "Delivered" }],
    });
    const buyer = await call(order.loader, request(`/orders/${id}`, "buyer"), { id });
    expect(buyer.order.id).toBe(id);
    expect(buyer.shipment).toBeNull();
    // The buyer keeps the courier's tracking link (its SQL names the orders table in its subqueries).
    expect(buyer.order.trackingUrl).toBe("https://tcs.example.pk/track/7712345");
    expect(owner.order.trackingUrl).toBe("https://tcs.example.pk/track/7712345");
    const other = await call(order.loader, request(`/orders/${parcel.unpaid.orderId}`, "owner"), {
      id: parcel.unpaid.orderId,
    });
    expect(other.shipment).toMatchObject({ settlement: null, events: [] });
  });

  it("tells the buyer a settled order is Paid on their order page and on /track, and the owner that it is Settled", async () => {
    const id = parcel.settled.orderId;
    const buyerPage = renderPage(`/orders/${id}`, order.default as ComponentType<never>, {
      loaderData: await call(order.loader, request(`/orders/${id}`, "buyer"), { id }),
    });
    expect(buyerPage).toContain("Payment: Cash on Delivery (Paid)");
    expect(buyerPage).not.toMatch(/Settled|Collected/);
    const ownerPage = renderPage(`/orders/${id}`, order.default as ComponentType<never>, {
      loaderData: await call(order.loader, request(`/orders/${id}`, "owner"), { id }),
    });
    expect(ownerPage).toContain("Payment: Cash on Delivery (Settled)");

    const tracked = await call(
      track.action,
      request("/track", "guest", { orderNumber: parcel.settled.orderNumber, phone: "0300 1234567" }),
    );
    expect(tracked.order.paymentStatus).toBe("settled");
    const trackPage = renderPage("/track", track.default as ComponentType<never>, {
      actionData: tracked,
      loaderData: undefined,
    });
    expect(trackPage).toContain('<dt class="font-medium">Payment</dt><dd>Cash on Delivery (Paid)</dd>');
    expect(trackPage).not.toMatch(/Settled|Collected/);
  });
});
