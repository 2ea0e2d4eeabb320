import type { AppLoadContext } from "react-router";
import { users } from "~/schema";
import { beforeAll, describe, expect, it } from "vitest";
import type { Auth } from "~/modules/accounts/auth.server";
import { callRoute, ownerAndBuyerCookies, routeContext, TEST_ORIGIN } from "../../../../tests/factories/route-calls";
import { DATABASE_KINDS, useTestDatabase } from "../../../../tests/factories/test-database";
import { placeTestOrder } from "../../../../tests/factories/test-orders";
import * as api from "../../api/seller-report";
import * as csv from "./reports-csv";
import * as page from "./reports";

const PASSWORD = "long-enough-password";

/** The Reports pages, their CSV files and GET /api/seller/reports/{name}: seller-only, ranges checked, JSON or CSV. */
describe.each(DATABASE_KINDS)("the reports' routes on %s", (kind) => {
  const database = useTestDatabase(kind);
  let auth: Auth;
  let context: AppLoadContext;
  let cookies: { owner: string; buyer: string };

  beforeAll(async () => {
    ({ auth, context } = await routeContext(database.db));
    cookies = await ownerAndBuyerCookies(auth, database.db, PASSWORD);
    await database.db
      .insert(users)
      .values({ id: "report-owner", name: "Report Owner", email: "report-owner@example.pk", role: "seller" });
    // Delivered today: in the default range (the last 30 days).
    await placeTestOrder(
      database.db,
      { id: "report-owner", name: "Report Owner" },
      { status: "delivered", city: "Quetta" },
    );
  }, 300_000);

  const call = (
    fn: Parameters<typeof callRoute>[0],
    path: string,
    {
      who = "owner",
      accept,
      params = {},
    }: { who?: "owner" | "buyer" | "guest"; accept?: string; params?: Record<string, string> } = {},
  ) =>
    callRoute(fn, {
      request: new Request(`${TEST_ORIGIN}${path}`, {
        headers: { ...(who === "guest" ? {} : { cookie: cookies[who] }), ...(accept ? { accept } : {}) },
      }),
      context,
      params,
    });

  it("the API answers sellers only, 404 for an unknown report and 400 with the field for a bad range", async () => {
    expect(
      (await call(api.loader, "/api/seller/reports/profit", { who: "guest", params: { name: "profit" } })).status,
    ).toBe(401);
    expect(
      (await call(api.loader, "/api/seller/reports/profit", { who: "buyer", params: { name: "profit" } })).status,
    ).toBe(403);
    const unknown: Response = await call(api.loader, "/api/seller/reports/margins", { params: { name: "margins" } });
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).error.message).toContain(
      "profit, products, variants, cities, channels, codes, inventory",
    );
    const bad: Response = await call(api.loader, "/api/seller/reports/profit?from=2026-10-31&to=2026-10-01", {
      params: { name: "profit" },
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toMatchObject({
      code: "VALIDATION",
      fields: { to: "The end date must be on or after the start date" },
    });
  });

  it("the API gives a report as JSON, or as CSV when asked with Accept: text/csv", async () => {
    const json: Response = await call(api.loader, "/api/seller/reports/cities?range=30d", {
      params: { name: "cities" },
    });
    expect(json.status).toBe(200);
    const body = await json.json();
    expect(body.data).toMatchObject({ name: "cities", by: "city", range: { preset: "30d", days: 30 } });
    expect(body.data.rows).toEqual([
      expect.objectContaining({ key: "Quetta", orders: 1, delivered: 1, revenue: 1499 }),
    ]);
    const file: Response = await call(api.loader, "/api/seller/reports/cities?range=30d", {
      params: { name: "cities" },
      accept: "text/csv",
    });
    expect(file.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const text = await bytesOf(file);
    expect(text.startsWith("\uFEFFCity,Orders,Delivered")).toBe(true);
    expect(text).toContain("\r\nQuetta,1,1,0,0,0,0,1499,");
  });

  it("the pages: /seller/reports opens Profit with the same range; a bad date comes back beside its field as typed; an unknown report is a 404", async () => {
    const redirect: Response = await call(page.loader, "/seller/reports?range=7d");
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get("location")).toBe("/seller/reports/profit?range=7d");
    const shown = await call(page.loader, "/seller/reports/profit?range=30d", { params: { name: "profit" } });
    expect(shown).toMatchObject({
      name: "profit",
      report: { name: "profit", revenue: 1499, parts: { deliveredOrders: 1 } },
    });
    const refused = await call(page.loader, "/seller/reports/cities?from=2026-02-30&to=2026-03-01", {
      params: { name: "cities" },
    });
    expect(refused.init?.status).toBe(400);
    expect(refused.data).toMatchObject({
      report: null,
      refusal: {
        fields: { from: "Enter a real date, for example 2026-10-01" },
        values: { from: "2026-02-30", to: "2026-03-01" },
      },
    });
    const missing = await call(page.loader, "/seller/reports/margins", { params: { name: "margins" } }).catch(
      (e: unknown) => e,
    );
    expect((missing as { init?: { status: number } }).init?.status).toBe(404);
    const guest: Response = await call(page.loader, "/seller/reports/profit", {
      who: "guest",
      params: { name: "profit" },
    });
    expect(guest.status).toBe(302);
  });

  it("Download CSV: /seller/reports/{name}.csv is the page's table, named after the report and range", async () => {
    const file: Response = await call(csv.loader, "/seller/reports/profit.csv?from=2026-10-01&to=2026-10-31");
    expect(file.headers.get("content-disposition")).toBe('attachment; filename="profit-2026-10-01-to-2026-10-31.csv"');
    expect((await bytesOf(file)).split("\r\n")[0]).toBe(
      "\uFEFFDay,Delivered orders,Gross sales,Shipping charged,COD fees,Discounts,Exchange credit,Refunds,Revenue,Cost of goods,Courier charges,Profit",
    );
    expect((await call(csv.loader, "/seller/reports/profit.csv", { who: "buyer" })).status).toBe(302);
  });
});

/** A response's text with its byte order mark kept (Response.text() drops it). */
async function bytesOf(response: Response): Promise<string> {
  return new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer());
}
