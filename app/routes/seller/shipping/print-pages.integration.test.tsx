import { eq } from "drizzle-orm";
import { renderToString } from "react-dom/server";
import { createRoutesStub, type AppLoadContext } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { productVariants } from "~/schema";
import type { Auth } from "~/modules/accounts/auth.server";
import { CLIENT_IP_HEADER } from "~/modules/abuse/client-address";
import { createSeller } from "~/modules/accounts/create-seller.server";
import { shopDay } from "~/lib/shop-time";
import { bookParcels } from "~/flows/book-parcels.server";
import {
  callRoute,
  expectRedirect,
  routeContext,
  signInCookie,
  TEST_ORIGIN,
} from "../../../../tests/factories/route-calls";
import { DATABASE_KINDS, useTestDatabase } from "../../../../tests/factories/test-database";
import { placeTestOrder, TEST_ITEM } from "../../../../tests/factories/test-orders";
import * as couriersApi from "../../api/seller-couriers";
import * as labels from "./labels";
import * as loadSheetPage from "./load-sheet";

const PASSWORD = "print-pages-owner-passphrase";
const COURIER = {
  name: "TCS",
  trackingUrl: "https://www.tcsexpress.com/track/{tracking}",
  accountCode: "KHI-4471",
  weightBands: "500 = 180\n1000 = 230",
  extraPerKg: "100",
  codFeePercent: "1",
  surchargePercent: "0",
  bookingColumns: "",
};

type Answer = { status: number; body: unknown };
/** A loader's answer, whether `data(...)` (with its status) or a plain object. */
function answerOf(result: unknown): Answer {
  const r = result as { type?: string; data?: unknown; init?: { status?: number } | null };
  return r?.type === "DataWithResponseInit"
    ? { status: r.init?.status ?? 200, body: r.data }
    : { status: 200, body: result };
}

function render(
  path: string,
  Component: React.ComponentType<{ loaderData: never; params: never; matches: never }>,
  loaderData: unknown,
): string {
  const Stub = createRoutesStub([
    {
      path: path.split("?")[0],
      Component: () => <Component loaderData={loaderData as never} params={{} as never} matches={[] as never} />,
    },
  ]);
  // React marks where adjacent text parts meet with empty comments: gone, the text reads as the page shows it.
  return renderToString(<Stub initialEntries={[path]} />).replaceAll("<!-- -->", "");
}

const count = (html: string, text: string) => html.split(text).length - 1;

/** The label and load sheet pages and the couriers API, called as a signed-in owner and refused to a buyer. */
describe.each(DATABASE_KINDS)("shipping print pages on %s", (kind) => {
  const database = useTestDatabase(kind, {
    settings: { brandName: "Kapra", phone: "+923001112223", address: "Shop 4, Liberty Market", city: "Lahore" },
  });
  let auth: Auth;
  let context: AppLoadContext;
  const cookies = { owner: "", buyer: "" };
  let ownerId = "";
  let courierId = 0;
  const booked: { id: string; orderNumber: string; total: number }[] = [];
  let notBooked = "";

  const request = (path: string, who: keyof typeof cookies | "guest", init: RequestInit = {}) =>
    new Request(`${TEST_ORIGIN}${path}`, {
      ...init,
      headers: { ...(who === "guest" ? {} : { cookie: cookies[who] }), ...(init.headers ?? {}) },
    });
  const get = async (
    page: { loader: (args: never) => unknown },
    path: string,
    who: keyof typeof cookies | "guest" = "owner",
  ) => callRoute(page.loader as never, { request: request(path, who), context });
  const labelsPath = (ids: string[], size?: string) =>
    `/seller/shipping/labels?${new URLSearchParams([...ids.map((id) => ["orderIds", id]), ...(size ? [["size", size]] : [])])}`;

  beforeAll(async () => {
    ({ auth, context } = await routeContext(database.db));
    ownerId = (await createSeller(auth, database.db, { email: "owner@print.pk", password: PASSWORD, name: "Owner" }))
      .userId;
    await auth.handler(
      new Request(`${TEST_ORIGIN}/api/auth/sign-up/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: TEST_ORIGIN, [CLIENT_IP_HEADER]: "10.1.0.2" },
        body: JSON.stringify({ name: "Bilal", email: "buyer@print.pk", password: PASSWORD }),
      }),
    );
    cookies.owner = await signInCookie(auth, "owner@print.pk", PASSWORD);
    cookies.buyer = await signInCookie(auth, "buyer@print.pk", PASSWORD);
    await database.db
      .update(productVariants)
      .set({ stock: 500 })
      .where(eq(productVariants.productId, TEST_ITEM.productId));
  }, 120_000);

  it("the couriers API adds a courier for the owner, refuses a buyer, and names a wrong field", async () => {
    const post = (who: "owner" | "buyer" | "guest", body: unknown) =>
      callRoute(couriersApi.action, {
        request: request("/api/seller/couriers", who, {
          method: "POST",
          headers: { "content-type": "application/json", origin: TEST_ORIGIN },
          body: JSON.stringify(body),
        }),
        context,
      });
    expect(((await post("guest", COURIER)) as Response).status).toBe(401);
    expect(((await post("buyer", COURIER)) as Response).status).toBe(403);
    const bad = (await post("owner", { ...COURIER, weightBands: "heavy" })) as Response;
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.fields).toHaveProperty("weightBands");
    const created = (await post("owner", COURIER)) as Response;
    expect(created.status).toBe(201);
    const courier = (await created.json()).data;
    expect(courier).toMatchObject({
      name: "TCS",
      accountCode: "KHI-4471",
      active: true,
      rateCard: {
        bands: [
          { upToGrams: 500, charge: 180 },
          { upToGrams: 1000, charge: 230 },
        ],
      },
    });
    expect(courier.bookingColumns[0]).toEqual({ header: "Reference No", field: "orderNumber" });
    courierId = courier.id;
    const list = (await callRoute(couriersApi.loader, {
      request: request("/api/seller/couriers", "owner"),
      context,
    })) as Response;
    expect((await list.json()).data.map((c: { name: string }) => c.name)).toEqual(["TCS"]);
    expect(
      (
        (await callRoute(couriersApi.loader, {
          request: request("/api/seller/couriers", "buyer"),
          context,
        })) as Response
      ).status,
    ).toBe(403);

    // The orders the pages below print: three booked now, one not booked.
    for (const [i, city] of ["Karachi", "Quetta", "Multan"].entries()) {
      booked.push(
        await placeTestOrder(
          database.db,
          { id: ownerId, name: "Owner" },
          { status: "confirmed", city, quantity: i + 1, phone: `+92301000000${i}` },
        ),
      );
    }
    notBooked = (
      await placeTestOrder(database.db, { id: ownerId, name: "Owner" }, { status: "confirmed", phone: "+923010000009" })
    ).id;
    const result = await bookParcels(
      { db: database.db },
      { id: ownerId },
      { orderIds: booked.map((o) => o.id), courierId },
    );
    expect(result.booked).toHaveLength(3);
  });

  it("sends a guest to sign in and a buyer to their own dashboard", async () => {
    for (const [page, path] of [
      [labels, labelsPath(booked.map((o) => o.id))],
      [loadSheetPage, "/seller/shipping/load-sheet"],
    ] as const) {
      expectRedirect(await get(page, path, "guest"), /^\/auth\?mode=login&redirectTo=/);
      expectRedirect(await get(page, path, "buyer"), "/buyer-dashboard");
    }
    expect(labels.headers({} as never)).toEqual({ "Cache-Control": "private, no-store" });
    expect(loadSheetPage.headers({} as never)).toEqual({ "Cache-Control": "private, no-store" });
  });

  it("renders one label per booked order with its barcode, COD and order number, and says how many were left out", async () => {
    const path = labelsPath([...booked.map((o) => o.id), notBooked]);
    const answer = answerOf(await get(labels, path));
    expect(answer.status).toBe(200);
    const html = render(path, labels.default as never, answer.body);
    expect(count(html, 'data-testid="shipping-label"')).toBe(3);
    expect(count(html, 'data-testid="label-page"')).toBe(1);
    for (const order of booked) {
      expect(html).toContain(`Order ${order.orderNumber}`);
      expect(html).toMatch(new RegExp(`data-testid="label-order-barcode"><svg [^>]*aria-label="${order.orderNumber}"`));
      expect(html).toContain(`PKR ${order.total.toLocaleString("en-US")}`);
    }
    expect(html).toContain("1 of 4 selected orders is not booked yet");
    expect(html).toContain("Actual size");
    expect(html).toMatch(/<a [^>]*aria-current="page"[^>]*>A4, four per sheet<\/a>/);
    // The 4 x 6 link keeps the orders.
    expect(html).toContain(
      `href="/seller/shipping/labels?${new URLSearchParams([...booked.map((o) => ["orderIds", o.id]), ["orderIds", notBooked], ["size", "4x6"]]).toString().replace(/&/g, "&amp;")}"`,
    );

    const fourBySix = answerOf(
      await get(
        labels,
        labelsPath(
          booked.map((o) => o.id),
          "4x6",
        ),
      ),
    );
    const small = render(
      labelsPath(
        booked.map((o) => o.id),
        "4x6",
      ),
      labels.default as never,
      fourBySix.body,
    );
    expect(count(small, 'data-testid="label-page"')).toBe(3);
    expect(small).not.toContain("selected orders");
    expect(small).toMatch(/aria-current="page"[^>]*>4 x 6 inch</);
  });

  it("says so, with no empty sheet, when nothing selected is booked, nothing is selected, or too many are", async () => {
    const none = answerOf(await get(labels, labelsPath([notBooked])));
    const html = render(labelsPath([notBooked]), labels.default as never, none.body);
    expect(html).toContain("The selected order is not booked yet");
    expect(html).toContain(`href="/seller/shipping/book?orderIds=${notBooked}"`);
    expect(html).not.toContain("shipping-label");
    expect(html).not.toContain(">Print<");

    const empty = answerOf(await get(labels, "/seller/shipping/labels"));
    expect(render("/seller/shipping/labels", labels.default as never, empty.body)).toContain("No orders selected");

    const ids = Array.from({ length: 201 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`);
    const many = answerOf(await get(labels, labelsPath(ids)));
    expect(many.status).toBe(400);
    expect(render("/seller/shipping/labels", labels.default as never, many.body)).toContain(
      "Print at most 200 labels at a time",
    );
  });

  it("prints 50 labels as one document of 13 A4 pages", async () => {
    const many: string[] = [];
    for (let i = 0; i < 50; i++)
      many.push(
        (
          await placeTestOrder(
            database.db,
            { id: ownerId, name: "Owner" },
            { status: "confirmed", phone: `+92302${String(1000000 + i)}` },
          )
        ).id,
      );
    await bookParcels({ db: database.db }, { id: ownerId }, { orderIds: many, courierId });
    const answer = answerOf(await get(labels, labelsPath(many)));
    const html = render(labelsPath(many), labels.default as never, answer.body);
    expect(count(html, 'data-testid="shipping-label"')).toBe(50);
    expect(count(html, 'data-testid="label-page"')).toBe(13);
  }, 60_000);

  it("the load sheet starts on the first active courier and today, and lists the day's parcels with the COD total", async () => {
    const answer = answerOf(await get(loadSheetPage, "/seller/shipping/load-sheet"));
    expect(answer.status).toBe(200);
    const body = answer.body as {
      courier: string;
      day: string;
      sheet: { parcels: unknown[]; totals: { codAmount: number } };
    };
    expect(body.courier).toBe(String(courierId));
    expect(body.day).toBe(shopDay(new Date()));
    // The three of the first booking and the fifty above, all booked today.
    expect(body.sheet.parcels).toHaveLength(53);
    const html = render("/seller/shipping/load-sheet", loadSheetPage.default as never, answer.body);
    expect(count(html, 'data-testid="load-sheet-row"')).toBe(53);
    expect(html).toContain("Load sheet: TCS");
    expect(html).toContain("KHI-4471");
    expect(html).toContain(`PKR ${body.sheet.totals.codAmount.toLocaleString("en-US")}`);
    expect(html).toMatch(/<option value="\d+" selected="">TCS<\/option>/);
  });

  it("says when a day has no parcels, and answers a bad date or courier with a message, not a crash", async () => {
    const quiet = answerOf(
      await get(loadSheetPage, `/seller/shipping/load-sheet?courier=${courierId}&date=2020-01-01`),
    );
    expect(quiet.status).toBe(200);
    const html = render("/seller/shipping/load-sheet", loadSheetPage.default as never, quiet.body);
    expect(html).toContain("No parcels were booked with TCS on 1 Jan 2020");
    expect(html).not.toContain("load-sheet-row");

    for (const [query, status, message] of [
      [`courier=${courierId}&date=2020-02-30`, 400, "Pick a date, such as"],
      [`courier=${courierId}&date=yesterday`, 400, "Pick a date, such as"],
      ["courier=99999&date=2026-03-10", 404, "Courier not found: choose a courier from the list"],
      ["courier=abc", 400, "Choose a courier from the list"],
    ] as const) {
      const bad = answerOf(await get(loadSheetPage, `/seller/shipping/load-sheet?${query}`));
      expect(bad.status, query).toBe(status);
      const page = render("/seller/shipping/load-sheet", loadSheetPage.default as never, bad.body);
      expect(page).toContain(message);
      expect(page).toContain('name="courier"');
      expect(page).not.toContain("Load sheet: ");
    }
  });
});
