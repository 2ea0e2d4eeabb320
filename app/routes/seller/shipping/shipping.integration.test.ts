import { eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub, type AppLoadContext } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { importRefusal, ImportReportPanel } from "~/components/shipping/import-panels";
import { courierUploads, orders, shipments } from "~/schema";
import { createSeller } from "~/modules/accounts/create-seller.server";
import { parseCourierForm } from "~/modules/shipping/couriers/courier-form";
import { createCourier } from "~/modules/shipping/couriers/couriers.server";
import { bookParcels } from "~/flows/book-parcels.server";
import type { ImportReport } from "~/modules/shipping/imports/run-courier-import.server";
import { FIELD_CHANGED, MAPPING_CHANGED } from "~/modules/shipping/imports/import-form";
import { NO_ORDER_COLUMN_MESSAGE } from "~/modules/shipping/imports/column-mapping";
import { callRoute, routeContext, signInCookie, TEST_ORIGIN } from "../../../../tests/factories/route-calls";
import { DATABASE_KINDS, useTestDatabase } from "../../../../tests/factories/test-database";
import { placeTestOrder } from "../../../../tests/factories/test-orders";
import type { Auth } from "~/modules/accounts/auth.server";
import * as apiImports from "../../api/shipping-imports";
import * as apiShipments from "../../api/shipments";
import * as bookingFile from "./booking-file";
import * as bookingWorkbook from "./booking-workbook";
import { readSheet } from "read-excel-file/node";
import { bookingFile as makeBookingFile } from "~/modules/shipping/booking/booking-file.server";
import { shopDay } from "~/lib/shop-time";
import * as shipping from "./shipping";

const PASSWORD = "quiet-mango-harbour-2026";

/**
 * What a browser without JavaScript posts from a preview's Apply form: the form rendered as the page
 * renders it, its hidden fields and each select's chosen option, then `intent` (the button pressed)
 * and any selects the owner changed.
 */
function applyFormOf(report: ImportReport, intent: "apply" | "remap", changed: Record<string, string> = {}): FormData {
  const Stub = createRoutesStub([
    { path: "/seller/shipping", Component: () => createElement(ImportReportPanel, { report, couriers: [] }) },
  ]);
  const html = renderToString(createElement(Stub, { initialEntries: ["/seller/shipping"] }));
  const formHtml = html.slice(html.indexOf("<form"), html.indexOf("</form>"));
  const form = new FormData();
  for (const [, name, value] of formHtml.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g))
    form.set(name, value.replaceAll("&amp;", "&"));
  for (const [, name, options] of formHtml.matchAll(/<select[^>]* name="([^"]+)"[^>]*>(.*?)<\/select>/g)) {
    form.set(name, /<option value="([^"]*)" selected=""/.exec(options)?.[1] ?? "");
  }
  for (const [name, value] of Object.entries(changed)) form.set(name, value);
  form.set("intent", intent);
  return form;
}

describe.each(DATABASE_KINDS)("the Shipping tab and the shipping API on %s", (kind) => {
  const database = useTestDatabase(kind);
  let auth: Auth;
  let context: AppLoadContext;
  let owner: { id: string; name: string };
  let cookie: string;
  let courierId: number;

  beforeAll(async () => {
    ({ auth, context } = await routeContext(database.db));
    owner = {
      id: (await createSeller(auth, database.db, { email: "owner@ship.pk", password: PASSWORD, name: "Owner" })).userId,
      name: "Owner",
    };
    cookie = await signInCookie(auth, "owner@ship.pk", PASSWORD);
    const parsed = parseCourierForm({
      name: "TCS",
      trackingUrl: "https://tcs.example.pk/t/{tracking}",
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

  const post = (path: string, body: FormData | string, headers: Record<string, string> = {}) =>
    new Request(`${TEST_ORIGIN}${path}`, {
      method: "POST",
      headers: { cookie, origin: TEST_ORIGIN, ...headers },
      body,
    });

  it("books through the API, gives the courier's booking file, then previews and applies a tracking file on the page", async () => {
    const a = await placeTestOrder(database.db, owner, { status: "confirmed", name: '=HYPERLINK("x")' });
    const booked = await callRoute(apiShipments.action, {
      request: post("/api/shipments", JSON.stringify({ orderIds: [a.id], courierId }), {
        "content-type": "application/json",
      }),
      context,
    });
    expect(booked.status).toBe(201);
    expect((await booked.json()).data.booked).toHaveLength(1);

    const file = await callRoute(bookingFile.loader, {
      request: new Request(`${TEST_ORIGIN}/seller/shipping/booking-file.csv?orderIds=${a.id}`, { headers: { cookie } }),
      context,
    });
    expect(file.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(file.headers.get("content-disposition")).toContain(`tcs-booking-${shopDay(new Date())}.csv`);
    // Named by the Karachi day: at 01:00 on the 25th in Karachi (20:00 UTC on the 24th) it is the 25th's file.
    expect(
      (await makeBookingFile(database.db, context.providers.couriers.file, [a.id], new Date("2026-11-24T20:00:00Z")))
        .fileName,
    ).toBe("tcs-booking-2026-11-25.csv");
    const lines = (await file.text()).trim().split("\r\n");
    expect(lines[0]).toBe(
      "Reference No,Consignee Name,Consignee Mobile,Consignee Address,Destination City,COD Amount,Weight,Pieces,Product Details,Remarks",
    );
    expect(lines[1]).toContain(`${a.orderNumber},"HYPERLINK(""x"")",03001112233,12 Mall Road,Lahore,${a.total},0.5,1,`);

    // The same rows as a workbook: the phone a text cell (its leading 0 kept in Excel), amounts numbers.
    const workbook = await callRoute(bookingWorkbook.loader, {
      request: new Request(`${TEST_ORIGIN}/seller/shipping/booking-file.xlsx?orderIds=${a.id}`, {
        headers: { cookie },
      }),
      context,
    });
    expect(workbook.headers.get("content-type")).toBe(
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    );
    expect(workbook.headers.get("content-disposition")).toContain(`tcs-booking-${shopDay(new Date())}.xlsx`);
    const sheet = await readSheet(Buffer.from(await workbook.arrayBuffer()));
    expect(sheet[0][2]).toBe("Consignee Mobile");
    expect(sheet[1].slice(0, 8)).toEqual([
      a.orderNumber,
      'HYPERLINK("x")',
      "03001112233",
      "12 Mall Road",
      "Lahore",
      a.total,
      0.5,
      1,
    ]);

    const form = new FormData();
    form.set("intent", "preview");
    form.set("kind", "tracking");
    form.set("file", new File([`Reference No,CN\n${a.orderNumber},TCS-55\n`], "tcs.csv", { type: "text/csv" }));
    const preview = await callRoute(shipping.action, { request: post("/seller/shipping", form), context });
    expect(preview.data.intent).toBe("report");
    expect(preview.data.report.counts.change).toBe(1);
    expect((await database.db.select().from(orders).where(eq(orders.id, a.id)))[0].status).toBe("confirmed");

    const apply = applyFormOf(preview.data.report, "apply");
    expect(Object.fromEntries(apply)).toMatchObject({
      kind: "tracking",
      uploadId: preview.data.report.uploadId,
      "map-orderNumber": "0",
      "map-trackingNumber": "1",
      previewedMapping: "orderNumber=0;trackingNumber=1",
    });
    const applied = await callRoute(shipping.action, { request: post("/seller/shipping", apply), context });
    expect(applied.data.report).toMatchObject({ applied: true, counts: { change: 1 } });
    expect((await database.db.select().from(orders).where(eq(orders.id, a.id)))[0]).toMatchObject({
      status: "shipped",
      trackingNumber: "TCS-55",
    });
    expect((await database.db.select().from(shipments).where(eq(shipments.orderId, a.id)))[0].trackingNumber).toBe(
      "TCS-55",
    );
  });

  it("applies only the columns the preview showed: changed since, Apply is refused beside them and nothing changes", async () => {
    const b = await placeTestOrder(database.db, owner, { status: "confirmed", phone: "+923001110001" });
    await bookParcels({ db: database.db }, owner, { orderIds: [b.id], courierId });
    const form = new FormData();
    form.set("intent", "preview");
    form.set("kind", "tracking");
    form.set(
      "file",
      new File([`Reference No,CN,Old CN\n${b.orderNumber},TCS-61,TCS-09\n`], "tcs-two-cns.csv", { type: "text/csv" }),
    );
    const preview = await callRoute(shipping.action, { request: post("/seller/shipping", form), context });
    expect(preview.data.report.mapping).toEqual({ orderNumber: 0, trackingNumber: 1 });
    const unchanged = async () =>
      expect((await database.db.select().from(orders).where(eq(orders.id, b.id)))[0]).toMatchObject({
        status: "confirmed",
        trackingNumber: null,
      });

    // The owner picks another tracking column and presses Apply without previewing it.
    const refused = await callRoute(shipping.action, {
      request: post("/seller/shipping", applyFormOf(preview.data.report, "apply", { "map-trackingNumber": "2" })),
      context,
    });
    expect(refused.init.status).toBe(409);
    // A refusal in the one form shape, which the page shows as the mapping screen again.
    const remapped = importRefusal(refused.data).remap!;
    expect(remapped).toMatchObject({
      kind: "tracking",
      uploadId: preview.data.report.uploadId,
      headers: ["Reference No", "CN", "Old CN"],
      mapping: { orderNumber: 0, trackingNumber: 2 },
      message: MAPPING_CHANGED,
      fields: { trackingNumber: FIELD_CHANGED },
    });
    expect(Object.keys(remapped.fields)).toEqual(["trackingNumber"]);
    await unchanged();

    // A post that names no previewed mapping (an old page, a hand-made request) is refused too.
    const bare = applyFormOf(preview.data.report, "apply");
    bare.delete("previewedMapping");
    const bareAnswer = await callRoute(shipping.action, { request: post("/seller/shipping", bare), context });
    expect(importRefusal(bareAnswer.data).remap).toMatchObject({ message: MAPPING_CHANGED });
    await unchanged();

    // Preview Again shows what the new column does; that preview's Apply applies it.
    const again = await callRoute(shipping.action, {
      request: post("/seller/shipping", applyFormOf(preview.data.report, "remap", { "map-trackingNumber": "2" })),
      context,
    });
    expect(again.data.report).toMatchObject({ applied: false, mapping: { orderNumber: 0, trackingNumber: 2 } });
    expect(again.data.report.rows[0].says).toContain("TCS-09");
    const applied = await callRoute(shipping.action, {
      request: post("/seller/shipping", applyFormOf(again.data.report, "apply")),
      context,
    });
    expect(applied.data.report).toMatchObject({ applied: true, counts: { change: 1 } });
    expect((await database.db.select().from(orders).where(eq(orders.id, b.id)))[0]).toMatchObject({
      status: "shipped",
      trackingNumber: "TCS-09",
    });
  });

  it("writes a prepaid parcel's booking line so the rider collects no cash", async () => {
    const cod = await placeTestOrder(database.db, owner, { status: "confirmed", phone: "+923001110002" });
    const prepaid = await placeTestOrder(database.db, owner, { status: "confirmed", phone: "+923001110003" });
    // The shop has this order's money already: its parcel is booked with COD 0.
    await database.db.update(orders).set({ paymentStatus: "collected" }).where(eq(orders.id, prepaid.id));
    const booked = await bookParcels({ db: database.db }, owner, { orderIds: [cod.id, prepaid.id], courierId });
    expect(booked.booked.map((b) => b.codAmount).sort((x, y) => x - y)).toEqual([0, cod.total]);
    const { csv } = await makeBookingFile(database.db, context.providers.couriers.file, [cod.id, prepaid.id]);
    const [header, ...lines] = csv.trim().split("\r\n");
    expect(header.split(",").at(-1)).toBe("Remarks");
    const lineOf = (orderNumber: string) => lines.find((line) => line.startsWith(`${orderNumber},`))!;
    expect(lineOf(cod.orderNumber)).toContain(`,${cod.total},`);
    expect(lineOf(cod.orderNumber).endsWith(",Cash on delivery. Call before delivery.")).toBe(true);
    expect(lineOf(prepaid.orderNumber)).toContain(",0,");
    expect(lineOf(prepaid.orderNumber).endsWith(",Prepaid: do not collect cash. Call before delivery.")).toBe(true);
  });

  it("keeps the choices and says why when a file is refused or its mapping names no order column", async () => {
    const form = new FormData();
    form.set("intent", "preview");
    form.set("kind", "cod");
    form.set("courierId", String(courierId));
    form.set("file", new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3])], "payments.csv"));
    const refused = await callRoute(shipping.action, { request: post("/seller/shipping", form), context });
    expect(refused.init.status).toBe(400);
    expect(importRefusal(refused.data)).toEqual({
      kind: "cod",
      courierId,
      fields: { file: expect.stringContaining("not a CSV or Excel") },
      message: "",
      remap: null,
    });

    const ok = new FormData();
    ok.set("intent", "preview");
    ok.set("kind", "delivery");
    ok.set("file", new File(["Order No,Status\nORD-000001,Delivered\n"], "status.csv"));
    const preview = await callRoute(shipping.action, { request: post("/seller/shipping", ok), context });
    const remap = new FormData();
    for (const [k, v] of Object.entries({
      intent: "remap",
      kind: "delivery",
      uploadId: preview.data.report.uploadId,
      "map-orderNumber": "",
      "map-status": "1",
    }))
      remap.set(k, v);
    const answer = await callRoute(shipping.action, { request: post("/seller/shipping", remap), context });
    expect(importRefusal(answer.data).remap).toMatchObject({
      message: "This file names no order column. Choose which column holds the order number.",
      headers: ["Order No", "Status"],
    });
  });

  it("answers the API's import as a preview unless asked to apply, and refuses buyers and guests", async () => {
    const form = new FormData();
    form.set("kind", "delivery");
    form.set("file", new File(["Order No,Status\nORD-999999,Delivered\n"], "s.csv"));
    const res = await callRoute(apiImports.action, { request: post("/api/shipping/imports", form), context });
    expect(res.status).toBe(200);
    expect((await res.json()).data).toMatchObject({ applied: false, counts: { unmatched: 1 } });
    const guest = await callRoute(apiShipments.loader, {
      request: new Request(`${TEST_ORIGIN}/api/shipments`),
      context,
    });
    expect(guest.status).toBe(401);
  });

  it("takes the API's mapping by column header, checked by the page's rules, and refuses a bad one with the field's reason", async () => {
    const c = await placeTestOrder(database.db, owner, { status: "confirmed", phone: "+923001110004" });
    await bookParcels({ db: database.db }, owner, { orderIds: [c.id], courierId });
    const csv = `Reference No,CN,Old CN\n${c.orderNumber},TCS-71,TCS-07\n`;
    const send = async (fields: Record<string, string>) => {
      const form = new FormData();
      form.set("kind", "tracking");
      form.set("file", new File([csv], "api-tcs.csv", { type: "text/csv" }));
      for (const [k, v] of Object.entries(fields)) form.set(k, v);
      const res = await callRoute(apiImports.action, { request: post("/api/shipping/imports", form), context });
      return { status: res.status as number, body: await res.json() };
    };
    const uploads = async () => (await database.db.select({ id: courierUploads.id }).from(courierUploads)).length;
    const keptBefore = await uploads();

    const refusals: [string, Record<string, string>][] = [
      ["{orderNumber: 0", { mapping: expect.stringContaining("mapping must be JSON") }],
      ['["Reference No"]', { mapping: expect.stringContaining("JSON object of field to column header") }],
      [
        JSON.stringify({ orderNumber: "Reference No", status: "CN" }),
        { mapping: expect.stringContaining('"status": not a field of a tracking file') },
      ],
      [
        JSON.stringify({ orderNumber: "Ref", trackingNumber: 2 }),
        {
          orderNumber: expect.stringContaining('No column of this file is headed "Ref"'),
          trackingNumber: "Give the column's header as text",
        },
      ],
      [
        JSON.stringify({ orderNumber: "CN", trackingNumber: " cn " }),
        {
          trackingNumber:
            "The order number and the tracking number cannot come from the same column. Choose another column for one of them.",
        },
      ],
      [JSON.stringify({ trackingNumber: "Old CN" }), { orderNumber: NO_ORDER_COLUMN_MESSAGE }],
    ];
    for (const [mapping, fields] of refusals) {
      const answer = await send({ mapping, apply: "true" });
      expect(answer.status, mapping).toBe(400);
      expect(answer.body.error, mapping).toEqual({ code: "VALIDATION", message: expect.any(String), fields });
      expect(Object.values(answer.body.error.fields)).toContain(answer.body.error.message);
    }
    expect(await uploads(), "a refused mapping keeps no upload").toBe(keptBefore);
    expect((await database.db.select().from(orders).where(eq(orders.id, c.id)))[0].status).toBe("confirmed");

    // Headers match ignoring case and spaces; null leaves a field out. The answer names the kept upload.
    const previewed = await send({
      mapping: JSON.stringify({ orderNumber: "reference no", trackingNumber: " OLD CN", courierName: null }),
    });
    expect(previewed.status).toBe(200);
    expect(previewed.body.data).toMatchObject({
      applied: false,
      mapping: { orderNumber: 0, trackingNumber: 2 },
      uploadId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      counts: { change: 1 },
    });
    expect(previewed.body.data.rows[0].says).toContain("TCS-07");
    const applied = await send({
      mapping: JSON.stringify({ orderNumber: "Reference No", trackingNumber: "Old CN" }),
      apply: "true",
    });
    expect(applied.status).toBe(201);
    expect((await database.db.select().from(orders).where(eq(orders.id, c.id)))[0]).toMatchObject({
      status: "shipped",
      trackingNumber: "TCS-07",
    });
  });
});
