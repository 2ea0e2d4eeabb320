import { renderToString } from "react-dom/server";
import { createRoutesStub, type AppLoadContext } from "react-router";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { settlements } from "~/schema";
import { fromShopDateTimeLocal } from "~/lib/shop-time";
import type { Auth } from "~/modules/accounts/auth.server";
import { callRoute, ownerAndBuyerCookies, routeContext, TEST_ORIGIN } from "../../../../tests/factories/route-calls";
import { DATABASE_KINDS, useTestDatabase } from "../../../../tests/factories/test-database";
import { parseCsv } from "../../../../tests/factories/parse-csv";
import { insertTestCourier, insertTestParcel, insertTestSettlement } from "../../../../tests/factories/test-shipments";
import * as page from "./reports";
import * as csv from "./tax-withheld-csv";

const PASSWORD = "long-enough-password";

/** GET /seller/reports/tax-withheld.csv (issue 45): the owner's only, the range checked, the Profit page's line its total. */
describe.each(DATABASE_KINDS)("the tax withheld CSV's route on %s", (kind) => {
  const database = useTestDatabase(kind, { seed: "settings" });
  let auth: Auth;
  let context: AppLoadContext;
  let cookies: { owner: string; buyer: string };

  beforeAll(async () => {
    ({ auth, context } = await routeContext(database.db));
    cookies = await ownerAndBuyerCookies(auth, database.db, PASSWORD);
    // A courier whose name a spreadsheet would read as a formula, paid twice in November 2025.
    const courier = await insertTestCourier(database.db, "=Swift, Express", null);
    for (const [reference, paidOn] of [
      ["SW-1", "2025-11-03"],
      ["SW-2", "2025-11-28"],
    ]) {
      const id = await insertTestSettlement(database.db, {
        courierId: courier,
        reference,
        paidOn,
        expectedTotal: 10000,
        chargesTotal: 300,
        paidTotal: 9700,
      });
      await database.db
        .update(settlements)
        // 2 % + 2 % of the Rs 10,000 collected: the courier pays 10,000 - 300 - 400.
        .set({ incomeTaxTotal: 200, salesTaxTotal: 200, paidTotal: 9300 })
        .where(eq(settlements.id, id));
      const at = fromShopDateTimeLocal(`${paidOn}T12:00`)!;
      await insertTestParcel(database.db, {
        courierId: courier,
        codAmount: 10000,
        collectedAmount: 10000,
        bookedAt: at,
        deliveredAt: at,
        settlementId: id,
      });
    }
  }, 300_000);

  const call = (
    fn: Parameters<typeof callRoute>[0],
    path: string,
    { who = "owner", params = {} }: { who?: "owner" | "buyer" | "guest"; params?: Record<string, string> } = {},
  ) =>
    callRoute(fn, {
      request: new Request(`${TEST_ORIGIN}${path}`, { headers: who === "guest" ? {} : { cookie: cookies[who] } }),
      context,
      params,
    });

  it("gives the owner the month's rows per courier and the total, formula-guarded, named after the range", async () => {
    const file: Response = await call(csv.loader, "/seller/reports/tax-withheld.csv?from=2025-10-01&to=2025-11-30");
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(file.headers.get("content-disposition")).toBe(
      'attachment; filename="tax-withheld-2025-10-01-to-2025-11-30.csv"',
    );
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await file.arrayBuffer());
    expect(text.startsWith("\uFEFFMonth,Courier,Settlements,COD collected,")).toBe(true);
    expect(parseCsv(text).slice(1)).toEqual([
      ["2025-11", "'=Swift, Express", "2", "20000", "400", "400", "800"],
      ["Total", "", "2", "20000", "400", "400", "800"],
    ]);
  });

  it("is the owner's only, and refuses a range that is not one", async () => {
    for (const who of ["buyer", "guest"] as const) {
      const refused: Response = await call(csv.loader, "/seller/reports/tax-withheld.csv", { who });
      expect(refused.status).toBe(302);
    }
    const bad = await call(csv.loader, "/seller/reports/tax-withheld.csv?from=2025-11-30&to=2025-11-01").catch(
      (e: unknown) => e,
    );
    expect((bad as { init?: { status: number } }).init?.status).toBe(400);
  });

  it("the Profit page carries the same total as its Tax withheld by couriers line", async () => {
    const shown = await call(page.loader, "/seller/reports/profit?from=2025-11-01&to=2025-11-30", {
      params: { name: "profit" },
    });
    expect(shown.report.taxWithheld).toEqual({
      settlements: 2,
      collected: 20000,
      charges: 600,
      incomeTax: 400,
      salesTax: 400,
      total: 800,
      paid: 18600,
    });
    // Shown beside the waterfall, with the CSV's link for the same range; profit is not lowered by it.
    const Page = page.default as unknown as React.ComponentType<Record<string, unknown>>;
    const path = "/seller/reports/profit";
    const Stub = createRoutesStub([
      { path, Component: () => <Page loaderData={shown} params={{ name: "profit" }} matches={[]} /> },
    ]);
    const html = renderToString(<Stub initialEntries={[path]} />).replaceAll("<!-- -->", "");
    const line = html.slice(html.indexOf('data-testid="tax-withheld"'));
    expect(line).toContain("Tax withheld by couriers");
    expect(line).toMatch(/Income tax<\/th><td[^>]*>PKR 400</);
    expect(line).toMatch(/Sales tax<\/th><td[^>]*>PKR 400</);
    expect(line).toMatch(/Tax withheld by couriers<\/th><td[^>]*>PKR 800</);
    expect(line).toContain('href="/seller/reports/tax-withheld.csv?from=2025-11-01&amp;to=2025-11-30"');
    expect(line).toContain("Monthly CSV for your accountant");
    expect(html).not.toContain("Less tax withheld");
  });
});
