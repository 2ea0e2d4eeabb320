import { and, desc, eq, inArray, like } from "drizzle-orm";
import { renderToString } from "react-dom/server";
import { createRoutesStub, type AppLoadContext } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { orders, orderStatusHistory, productVariants } from "~/schema";
import type { OrderStatus } from "~/db/schema/statuses";
import { bookParcels } from "~/flows/book-parcels.server";
import { takeFlash } from "~/http/flash.server";
import { AppError } from "~/lib/errors";
import { formError } from "~/lib/form-reply";
import type { Auth } from "~/modules/accounts/auth.server";
import { createSeller } from "~/modules/accounts/create-seller.server";
import { readOrderSelection, SELECTION_MAX } from "~/modules/orders/order-selection";
import { resolveOrderSelection } from "~/modules/orders/order-selection.server";
import { MAX_BOOKING } from "~/modules/shipping/booking/book-shipments.server";
import { MAX_LABELS } from "~/modules/shipping/booking/label-data.server";
import {
  callRoute,
  expectRedirect,
  routeContext,
  signInCookie,
  TEST_ORIGIN,
} from "../../../../tests/factories/route-calls";
import { DATABASE_KINDS, useTestDatabase } from "../../../../tests/factories/test-database";
import { placeTestOrder, TEST_ITEM } from "../../../../tests/factories/test-orders";
import { insertTestCourier } from "../../../../tests/factories/test-shipments";
import * as apiOrders from "../../api/orders";
import * as book from "../shipping/book";
import * as bookingFile from "../shipping/booking-file";
import * as labels from "../shipping/labels";
import * as sellerOrders from "./orders";

const PASSWORD = "batches-owner-passphrase-2026";
const MINUTE = 60_000;

type Answer = { status: number; body: any }; // eslint-disable-line @typescript-eslint/no-explicit-any
/** A loader's or action's answer, whether `data(...)` (with its status) or a plain object. */
function answerOf(result: unknown): Answer {
  const r = result as { type?: string; data?: unknown; init?: { status?: number } | null };
  return r?.type === "DataWithResponseInit"
    ? { status: r.init?.status ?? 200, body: r.data }
    : { status: 200, body: result };
}

/**
 * The Orders tab at 230 orders: 20/50/100/200 a page, and "all that match" resolved in SQL for the
 * bulk move, Book Shipments, the booking file and the labels.
 */
describe.each(DATABASE_KINDS)("batches of orders on %s", (kind) => {
  const database = useTestDatabase(kind, {
    settings: { brandName: "Kapra", phone: "+923001112223", address: "Shop 4, Liberty Market", city: "Lahore" },
  });
  const db = () => database.db;
  let auth: Auth;
  let context: AppLoadContext;
  let cookie = "";
  /** Order ids by group, newest first. */
  const groups = { zara: [] as string[], confirmed: [] as string[], pending: [] as string[], mixed: [] as string[] };
  /** Just before the five booked "Zara Parcel" orders were placed (after every inserted one). */
  let beforeZara = new Date();

  const get = (path: string) => new Request(`${TEST_ORIGIN}${path}`, { headers: { cookie } });
  const post = (path: string, fields: [string, string][]) => {
    const form = new FormData();
    for (const [name, value] of fields) form.append(name, value);
    return new Request(`${TEST_ORIGIN}${path}`, {
      method: "POST",
      headers: { cookie, origin: TEST_ORIGIN },
      body: form,
    });
  };
  const load = async (page: { loader: (args: never) => unknown }, path: string) =>
    callRoute(page.loader as never, { request: get(path), context });
  const idsWith = async (status: OrderStatus) =>
    (
      await db()
        .select({ id: orders.id })
        .from(orders)
        .where(eq(orders.status, status))
        .orderBy(desc(orders.createdAt), desc(orders.id))
    ).map((r) => r.id);
  const numbersOf = async (ids: string[]) =>
    (await db().select({ n: orders.orderNumber }).from(orders).where(inArray(orders.id, ids))).map((r) => r.n).sort();

  beforeAll(async () => {
    ({ auth, context } = await routeContext(database.db));
    const ownerId = (
      await createSeller(auth, database.db, { email: "owner@batches.pk", password: PASSWORD, name: "Owner" })
    ).userId;
    cookie = await signInCookie(auth, "owner@batches.pk", PASSWORD);
    await db().update(productVariants).set({ stock: 500 }).where(eq(productVariants.productId, TEST_ITEM.productId));

    // 225 orders in one insert, a minute apart, older than the booked ones: 145 confirmed, 77 pending,
    // and a "Mixed Lot" of two pending and one cancelled.
    const now = Date.now();
    const rows: (typeof orders.$inferInsert)[] = [];
    const add = (i: number, status: OrderStatus, fullName: string) => {
      const at = new Date(now - (i + 10) * MINUTE);
      rows.push({
        orderNumber: `ORD-${800000 + i}`,
        status,
        subtotal: 1299,
        shippingFee: 200,
        total: 1499,
        fullName,
        email: "buyer@example.pk",
        phone: `+92300${String(2000000 + i)}`,
        address: "12 Mall Road",
        city: "Lahore",
        deliveryFrom: at,
        deliveryTo: at,
        createdAt: at,
        updatedAt: at,
      });
    };
    let confirmed = 0;
    for (let i = 0; i < 225; i++) {
      if (i < 3) add(i, i === 1 ? "cancelled" : "pending", `Mixed Lot ${i}`);
      // Every third a pending one, the rest confirmed up to 145, then pending again: 77 pending in all.
      else if (i % 3 !== 0 && confirmed++ < 145) add(i, "confirmed", `Batch Confirmed ${i}`);
      else add(i, "pending", `Batch Pending ${i}`);
    }
    await db().insert(orders).values(rows);
    beforeZara = new Date();
    // Five confirmed orders with items, booked with a courier: what the labels and booking file print.
    const courierId = await insertTestCourier(db(), "TCS");
    const zara = [];
    for (let i = 0; i < 5; i++)
      zara.push(
        await placeTestOrder(
          db(),
          { id: ownerId, name: "Owner" },
          { status: "confirmed", name: "Zara Parcel", phone: `+92321000000${i}` },
        ),
      );
    expect(
      (await bookParcels({ db: db() }, { id: ownerId }, { orderIds: zara.map((o) => o.id), courierId })).booked,
    ).toHaveLength(5);

    groups.zara = (
      await db()
        .select({ id: orders.id })
        .from(orders)
        .where(eq(orders.fullName, "Zara Parcel"))
        .orderBy(desc(orders.createdAt), desc(orders.id))
    ).map((r) => r.id);
    groups.confirmed = await idsWith("confirmed");
    groups.pending = (
      await db()
        .select({ id: orders.id })
        .from(orders)
        .where(like(orders.fullName, "Batch Pending%"))
        .orderBy(desc(orders.createdAt))
    ).map((r) => r.id);
    groups.mixed = (
      await db()
        .select({ id: orders.id })
        .from(orders)
        .where(like(orders.fullName, "Mixed Lot%"))
        .orderBy(desc(orders.createdAt))
    ).map((r) => r.id);
    expect([groups.confirmed.length, groups.pending.length, groups.mixed.length, groups.zara.length]).toEqual([
      150, 77, 3, 5,
    ]);
  }, 300_000);

  it("shows 20, 50, 100 or 200 orders a page, paged and counted in SQL, on the Orders tab and in GET /api/orders", async () => {
    const all = answerOf(await load(sellerOrders, "/seller/orders?per=200")).body;
    expect(all.orders).toHaveLength(200);
    expect({ total: all.total, pageCount: all.pageCount, pageSize: all.pageSize, per: all.query.per }).toEqual({
      total: 230,
      pageCount: 2,
      pageSize: 200,
      per: 200,
    });
    const second = answerOf(await load(sellerOrders, "/seller/orders?per=200&page=2")).body;
    expect(second.orders).toHaveLength(30);
    // The two pages are every order once, newest first.
    const listed = [...all.orders, ...second.orders].map((o: { id: string }) => o.id);
    expect(new Set(listed).size).toBe(230);
    expect(listed.slice(0, 5)).toEqual(groups.zara);

    const confirmed = answerOf(await load(sellerOrders, "/seller/orders?status=confirmed&per=50&page=3")).body;
    expect({
      shown: confirmed.orders.length,
      total: confirmed.total,
      pageCount: confirmed.pageCount,
      page: confirmed.query.page,
    }).toEqual({ shown: 50, total: 150, pageCount: 3, page: 3 });
    expect(confirmed.orders.every((o: { status: string }) => o.status === "confirmed")).toBe(true);
    for (const [per, shown, pages] of [
      ["100", 100, 3],
      ["75", 20, 12],
      ["all", 20, 12],
      ["", 20, 12],
    ] as const) {
      const page = answerOf(await load(sellerOrders, `/seller/orders?per=${per}`)).body;
      expect({ per, shown: page.orders.length, pageCount: page.pageCount }).toEqual({ per, shown, pageCount: pages });
    }

    const api = (await callRoute(apiOrders.loader, {
      request: get("/api/orders?per=200&page=2"),
      context,
    })) as Response;
    expect(api.status).toBe(200);
    const { data } = await api.json();
    expect({
      shown: data.orders.length,
      total: data.total,
      page: data.page,
      pageSize: data.pageSize,
      pageCount: data.pageCount,
    }).toEqual({ shown: 30, total: 230, page: 2, pageSize: 200, pageCount: 2 });
    expect(
      (
        await (
          (await callRoute(apiOrders.loader, {
            request: get("/api/orders?status=pending&per=33"),
            context,
          })) as Response
        ).json()
      ).data,
    ).toMatchObject({ pageSize: 20, total: 79 });
  });

  it("renders the page size, carried by filter and page links, and 'All N orders that match' in the bulk form without JavaScript", async () => {
    const path = "/seller/orders?status=confirmed&per=50";
    const loaderData = answerOf(await load(sellerOrders, path)).body;
    const Page = sellerOrders.default as unknown as React.ComponentType<{
      loaderData: unknown;
      actionData: unknown;
      params: unknown;
      matches: unknown;
    }>;
    const Stub = createRoutesStub([
      {
        path: "/seller/orders",
        Component: () => <Page loaderData={loaderData} actionData={undefined} params={{}} matches={[]} />,
      },
    ]);
    const html = renderToString(<Stub initialEntries={[path]} />)
      .replaceAll("<!-- -->", "")
      .replaceAll("&amp;", "&");
    expect(html).toMatch(/<select [^>]*name="per"[^>]*>.*<option value="50" selected="">50<\/option>/);
    for (const n of [20, 50, 100, 200]) expect(html).toContain(`<option value="${n}"`);
    expect(html).toContain('href="/seller/orders?status=confirmed&page=2&per=50"');
    expect(html).toContain('href="/seller/orders?status=pending&per=50"');
    expect(html).toMatch(/<input type="hidden" name="per" value="50"\/>/);
    expect(html).toContain("Showing 1–50 of 150 orders");
    // The bulk form: the move's status is `to`; the filter rides along for "all that match".
    const bulk = html.slice(
      html.indexOf('id="bulk-orders"'),
      html.indexOf("</form>", html.indexOf('id="bulk-orders"')),
    );
    expect(bulk).toContain('<input type="hidden" name="status" value="confirmed"/>');
    expect(bulk).toMatch(/<input type="hidden" name="asOf" value="\d{4}-\d\d-\d\dT[^"]+"\/>/);
    expect(bulk).toMatch(/<select [^>]*name="to"/);
    // In the bulk form from a tablet up; under the list on a phone (joining the form by its id).
    expect(bulk).toMatch(
      /<label class="[^"]*max-sm:hidden"><input type="checkbox" form="bulk-orders"[^>]* name="selection" value="filter"\/>All 150 orders that match/,
    );
    const underList = html.slice(html.indexOf('aria-label="Pages of orders, end of list"'));
    expect(underList).toMatch(
      /<label class="[^"]*sm:hidden"><input type="checkbox" form="bulk-orders"[^>]* name="selection" value="filter"\/>All 150 orders that match/,
    );

    // Over the cap the box is not offered; the form says why.
    const everything = answerOf(await load(sellerOrders, "/seller/orders?per=50")).body;
    const Whole = createRoutesStub([
      {
        path: "/seller/orders",
        Component: () => <Page loaderData={everything} actionData={undefined} params={{}} matches={[]} />,
      },
    ]);
    const wholeHtml = renderToString(<Whole initialEntries={["/seller/orders?per=50"]} />).replaceAll("<!-- -->", "");
    expect(wholeHtml).not.toContain('name="selection"');
    expect(wholeHtml).toContain("230 orders match: tick up to 200");
  });

  it("resolves 'all that match' in SQL to exactly the filter's orders, newest first, as of when the list was seen, and refuses more than 200", async () => {
    expect([SELECTION_MAX, MAX_BOOKING, MAX_LABELS]).toEqual([200, 200, 200]);
    const resolve = (query: string) =>
      resolveOrderSelection(db(), readOrderSelection(new URLSearchParams(query)), "book");
    expect(await resolve("selection=filter&status=confirmed")).toEqual(groups.confirmed);
    expect(await resolve("selection=filter&status=pending&q=Batch+Pending")).toEqual(groups.pending);
    expect(await resolve("selection=filter&q=Zara+Parcel")).toEqual(groups.zara);
    expect(
      await resolve(`selection=filter&status=confirmed&asOf=${encodeURIComponent(beforeZara.toISOString())}`),
    ).toEqual(groups.confirmed.filter((id) => !groups.zara.includes(id)));
    expect(await resolve("selection=filter&q=Nobody+Here")).toEqual([]);
    await expect(resolve("selection=filter")).rejects.toThrow(
      new AppError("VALIDATION", "230 orders match: book at most 200 at a time; narrow the filter"),
    );
    // Ticked ids are the ids as given.
    expect(await resolve(`orderIds=${groups.zara[0]}&orderIds=${groups.zara[1]}`)).toEqual(groups.zara.slice(0, 2));
  });

  it("gives Book Shipments, the booking file and the labels every order that matches, and sends more than 200 back with the count", async () => {
    const printed = answerOf(
      await load(labels, "/seller/shipping/labels?selection=filter&q=Zara+Parcel&size=4x6"),
    ).body;
    expect(printed.labels.map((l: { orderNumber: string }) => l.orderNumber).sort()).toEqual(
      await numbersOf(groups.zara),
    );
    expect(printed).toMatchObject({ size: "4x6", problem: null, selection: "selection=filter&q=Zara+Parcel" });
    // Confirmed: 150 match, the five booked ones print, 145 are counted as not booked.
    const confirmedLabels = answerOf(
      await load(labels, "/seller/shipping/labels?selection=filter&status=confirmed"),
    ).body;
    expect({ selected: confirmedLabels.orderIds.length, labels: confirmedLabels.labels.length }).toEqual({
      selected: 150,
      labels: 5,
    });
    const tooMany = answerOf(await load(labels, "/seller/shipping/labels?selection=filter"));
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toMatchObject({
      labels: [],
      problem: "230 orders match: print labels for at most 200 at a time; narrow the filter",
    });

    const file = (await load(
      bookingFile,
      "/seller/shipping/booking-file.csv?selection=filter&q=Zara+Parcel",
    )) as Response;
    expect(file.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const lines = (await file.text()).trim().split("\n");
    expect(lines).toHaveLength(6);
    expect(
      lines
        .slice(1)
        .map((line) => line.split(",")[0])
        .sort(),
    ).toEqual(await numbersOf(groups.zara));
    const fileTooMany = (await load(
      bookingFile,
      "/seller/shipping/booking-file.csv?selection=filter&whatsapp=",
    )) as Response;
    expectRedirect(fileTooMany, /^\/seller\/orders$/);
    expect(fileTooMany.headers.get("set-cookie")).toContain("shop_flash=");

    // Book Shipments lists the 77 pending batch orders and no other.
    const booking = JSON.stringify(
      await load(book, "/seller/shipping/book?selection=filter&status=pending&q=Batch+Pending"),
    );
    for (const number of await numbersOf(groups.pending)) expect(booking).toContain(number);
    for (const number of await numbersOf([...groups.mixed, ...groups.zara])) expect(booking).not.toContain(number);
    const bookTooMany = (await load(book, "/seller/shipping/book?selection=filter&q=Batch")) as Response;
    expectRedirect(bookTooMany, /^\/seller\/orders\?q=Batch$/);
    const { flash } = await takeFlash(
      new Request(TEST_ORIGIN, { headers: { cookie: (bookTooMany.headers.get("set-cookie") ?? "").split(";")[0] } }),
    );
    expect(flash).toEqual({
      type: "error",
      message: "222 orders match: book at most 200 at a time; narrow the filter",
    });
  });

  it("moves every order that matches with the same refusals per order, not one placed after the list was seen, and refuses more than 200", async () => {
    const statusCount = async () =>
      (await db().select({ id: orders.id }).from(orders).where(eq(orders.status, "confirmed"))).length;
    const move = async (fields: [string, string][]) =>
      answerOf(
        await callRoute(sellerOrders.action, {
          request: post("/seller/orders", [["intent", "bulk"], ...fields]),
          context,
        }),
      );

    const refused = await move([
      ["to", "confirmed"],
      ["selection", "filter"],
      ["orderIds", groups.mixed[0]],
    ]);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ status: "error", initialValue: { intent: "bulk" } });
    expect(formError(refused.body)).toBe("230 orders match: move at most 200 at a time; narrow the filter");
    expect(await statusCount()).toBe(150);

    // The Mixed Lot: two pending move, the cancelled one is named with its reason.
    const mixed = await move([
      ["to", "confirmed"],
      ["selection", "filter"],
      ["q", "Mixed Lot"],
    ]);
    expect(mixed.body).toMatchObject({
      intent: "bulk",
      ok: false,
      message: '2 orders moved to "Confirmed"; 1 could not be moved',
    });
    expect(mixed.body.failed).toEqual([
      { orderId: groups.mixed[1], orderNumber: "ORD-800001", reason: expect.stringMatching(/\S/) },
    ]);
    expect(
      (
        await db()
          .select({ s: orders.status })
          .from(orders)
          .where(inArray(orders.id, groups.mixed))
          .orderBy(orders.orderNumber)
      ).map((r) => r.s),
    ).toEqual(["confirmed", "cancelled", "confirmed"]);

    // All 77 pending batch orders, seen a moment ago; one placed since, matching the filter, stays pending.
    const seen = new Date();
    const [late] = await db()
      .insert(orders)
      .values({
        orderNumber: "ORD-899999",
        status: "pending",
        subtotal: 1299,
        shippingFee: 200,
        total: 1499,
        fullName: "Batch Pending late",
        email: "late@example.pk",
        phone: "+923009999999",
        address: "1 Street",
        city: "Karachi",
        deliveryFrom: seen,
        deliveryTo: seen,
        createdAt: new Date(seen.getTime() + MINUTE),
      })
      .returning({ id: orders.id });
    const batch = await move([
      ["to", "confirmed"],
      ["selection", "filter"],
      ["status", "pending"],
      ["q", "Batch Pending"],
      ["asOf", seen.toISOString()],
    ]);
    expect(batch.body).toMatchObject({ ok: true, message: '77 orders moved to "Confirmed"', failed: [] });
    expect(batch.body.moved.map((m: { orderId: string }) => m.orderId).sort()).toEqual([...groups.pending].sort());
    expect(await statusCount()).toBe(150 + 2 + 77);
    expect((await db().select({ s: orders.status }).from(orders).where(eq(orders.id, late.id)))[0].s).toBe("pending");
    const history = await db()
      .select({ orderId: orderStatusHistory.orderId })
      .from(orderStatusHistory)
      .where(and(inArray(orderStatusHistory.orderId, groups.pending), eq(orderStatusHistory.toStatus, "confirmed")));
    expect(new Set(history.map((h) => h.orderId)).size).toBe(77);

    // Nothing matching any more, or no status to move to: refused, nothing changes.
    const nothing = await move([
      ["to", "confirmed"],
      ["selection", "filter"],
      ["status", "pending"],
      ["q", "Mixed Lot"],
    ]);
    expect(nothing.status).toBe(400);
    expect(formError(nothing.body)).toBe("No orders match this filter any more");
    const noStatus = await move([
      ["selection", "filter"],
      ["q", "Zara Parcel"],
    ]);
    expect(noStatus.status).toBe(400);
    expect(formError(noStatus.body)).toBe("Please choose a status");
    // Ticked boxes as before, now up to 200.
    expect(
      (
        await move([
          ["to", "processing"],
          ["orderIds", groups.zara[0]],
        ])
      ).body,
    ).toMatchObject({ ok: true, message: '1 order moved to "Processing"' });
    const tooManyIds = Array.from({ length: 201 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`);
    expect(
      formError(
        (await move([["to", "processing"], ...tooManyIds.map((id): [string, string] => ["orderIds", id])])).body,
      ),
    ).toBe("Please select at most 200 orders");
    expect(formError((await move([["to", "processing"]])).body)).toBe("Please select at least one order");
  });
});
