import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { orders, shipments } from "~/db/schema";
import { createSeller } from "~/modules/accounts/create-seller.server";
import { defaultBookingColumns } from "~/modules/shipping/booking-columns";
import { parseCourierForm } from "~/modules/shipping/courier-form";
import { createCourier } from "~/modules/shipping/couriers.server";
import { callRoute, routeContext, signInCookie, TEST_ORIGIN } from "../../tests/factories/route-calls";
import { DATABASE_KINDS, useTestDatabase } from "../../tests/factories/test-database";
import { placeTestOrder } from "../../tests/factories/test-orders";
import type { Auth } from "~/modules/accounts/auth.server";
import * as apiImports from "./api.shipping-imports";
import * as apiShipments from "./api.shipments";
import * as bookingFile from "./seller-shipping-booking-file";
import { bookingFile as makeBookingFile } from "~/modules/shipping/booking-file.server";
import { karachiDay } from "~/modules/seller/karachi-days";
import * as shipping from "./seller-shipping";

const PASSWORD = "quiet-mango-harbour-2026";

describe.each(DATABASE_KINDS)("the Shipping tab and the shipping API on %s", (kind) => {
  const database = useTestDatabase(kind);
  let auth: Auth;
  let context: AppLoadContext;
  let owner: { id: string; name: string };
  let cookie: string;
  let courierId: number;

  beforeAll(async () => {
    ({ auth, context } = await routeContext(database.db));
    owner = { id: (await createSeller(auth, database.db, { email: "owner@ship.pk", password: PASSWORD, name: "Owner" })).userId, name: "Owner" };
    cookie = await signInCookie(auth, "owner@ship.pk", PASSWORD);
    const parsed = parseCourierForm({ name: "TCS", trackingUrl: "https://tcs.example.pk/t/{tracking}", accountCode: "", weightBands: "500 = 180", extraPerKg: "100", codFeePercent: "1", surchargePercent: "0", bookingColumns: "" }, defaultBookingColumns);
    if (!parsed.ok) throw new Error("courier");
    courierId = (await createCourier(database.db, parsed.data)).id;
  });

  const post = (path: string, body: FormData | string, headers: Record<string, string> = {}) =>
    new Request(`${TEST_ORIGIN}${path}`, { method: "POST", headers: { cookie, origin: TEST_ORIGIN, ...headers }, body });

  it("books through the API, gives the courier's booking file, then previews and applies a tracking file on the page", async () => {
    const a = await placeTestOrder(database.db, owner, { status: "confirmed", name: "=HYPERLINK(\"x\")" });
    const booked = await callRoute(apiShipments.action, { request: post("/api/shipments", JSON.stringify({ orderIds: [a.id], courierId }), { "content-type": "application/json" }), context });
    expect(booked.status).toBe(201);
    expect((await booked.json()).data.booked).toHaveLength(1);

    const file = await callRoute(bookingFile.loader, { request: new Request(`${TEST_ORIGIN}/seller/shipping/booking-file.csv?orderIds=${a.id}`, { headers: { cookie } }), context });
    expect(file.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(file.headers.get("content-disposition")).toContain(`tcs-booking-${karachiDay(new Date())}.csv`);
    // Named by the Karachi day: at 01:00 on the 25th in Karachi (20:00 UTC on the 24th) it is the 25th's file.
    expect((await makeBookingFile(database.db, [a.id], new Date("2026-11-24T20:00:00Z"))).fileName).toBe("tcs-booking-2026-11-25.csv");
    const lines = (await file.text()).trim().split("\n");
    expect(lines[0]).toBe("Reference No,Consignee Name,Consignee Mobile,Consignee Address,Destination City,COD Amount,Weight,Pieces,Product Details,Remarks");
    expect(lines[1]).toContain(`${a.orderNumber},"'=HYPERLINK(""x"")",03001112233,12 Mall Road,Lahore,${a.total},0.5,1,`);

    const form = new FormData();
    form.set("intent", "preview");
    form.set("kind", "tracking");
    form.set("file", new File([`Reference No,CN\n${a.orderNumber},TCS-55\n`], "tcs.csv", { type: "text/csv" }));
    const preview = await callRoute(shipping.action, { request: post("/seller/shipping", form), context });
    expect(preview.data.intent).toBe("report");
    expect(preview.data.report.counts.change).toBe(1);
    expect((await database.db.select().from(orders).where(eq(orders.id, a.id)))[0].status).toBe("confirmed");

    const apply = new FormData();
    for (const [k, v] of Object.entries({ intent: "apply", kind: "tracking", uploadId: preview.data.report.uploadId, "map-orderNumber": "0", "map-trackingNumber": "1" })) apply.set(k, v);
    const applied = await callRoute(shipping.action, { request: post("/seller/shipping", apply), context });
    expect(applied.data.report).toMatchObject({ applied: true, counts: { change: 1 } });
    expect((await database.db.select().from(orders).where(eq(orders.id, a.id)))[0]).toMatchObject({ status: "shipped", trackingNumber: "TCS-55" });
    expect((await database.db.select().from(shipments).where(eq(shipments.orderId, a.id)))[0].trackingNumber).toBe("TCS-55");
  });

  it("keeps the choices and says why when a file is refused or its mapping names no order column", async () => {
    const form = new FormData();
    form.set("intent", "preview");
    form.set("kind", "cod");
    form.set("courierId", String(courierId));
    form.set("file", new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3])], "payments.csv"));
    const refused = await callRoute(shipping.action, { request: post("/seller/shipping", form), context });
    expect(refused.init.status).toBe(400);
    expect(refused.data).toEqual({ intent: "refused", kind: "cod", courierId, fields: { file: expect.stringContaining("not a CSV or Excel") } });

    const ok = new FormData();
    ok.set("intent", "preview");
    ok.set("kind", "delivery");
    ok.set("file", new File(["Order No,Status\nORD-000001,Delivered\n"], "status.csv"));
    const preview = await callRoute(shipping.action, { request: post("/seller/shipping", ok), context });
    const remap = new FormData();
    for (const [k, v] of Object.entries({ intent: "remap", kind: "delivery", uploadId: preview.data.report.uploadId, "map-orderNumber": "", "map-status": "1" })) remap.set(k, v);
    const answer = await callRoute(shipping.action, { request: post("/seller/shipping", remap), context });
    expect(answer.data).toMatchObject({ intent: "remap", message: "This file names no order column. Choose which column holds the order number.", headers: ["Order No", "Status"] });
  });

  it("answers the API's import as a preview unless asked to apply, and refuses buyers and guests", async () => {
    const form = new FormData();
    form.set("kind", "delivery");
    form.set("file", new File(["Order No,Status\nORD-999999,Delivered\n"], "s.csv"));
    const res = await callRoute(apiImports.action, { request: post("/api/shipping/imports", form), context });
    expect(res.status).toBe(200);
    expect((await res.json()).data).toMatchObject({ applied: false, counts: { unmatched: 1 } });
    const guest = await callRoute(apiShipments.loader, { request: new Request(`${TEST_ORIGIN}/api/shipments`), context });
    expect(guest.status).toBe(401);
  });
});
