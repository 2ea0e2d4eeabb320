import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import type { Db } from "../../app/db/client.server";
import { orderItems, orders, shipments, users } from "../../app/schema";
import { fromShopDateTimeLocal } from "../../app/lib/shop-time";
import { presetRange } from "../../app/modules/reports/report-range";
import { insertTestCourier } from "../factories/test-shipments";
import { hasPostgres } from "../setup/pg-cluster";
import {
  createAccount,
  E2E_PASSWORD,
  expectNoSeriousA11yViolations,
  gotoHydrated,
  newAccount,
  signInByApi,
} from "./helpers";
import { expectValidHtml } from "./html-check";
import { startOwnPostgresShop, type OwnShop } from "./own-postgres-shop";

/**
 * Reports (issue 31) at 390 px and 1280 px: the owner opens Reports from the dashboard's tabs, picks
 * Last month, reads Profit (the waterfall, the order without a cost named, the returned parcel's
 * charge) and By city (return rate, revenue) for orders this spec put in last month, downloads the
 * CSV, and types a range the wrong way round; typed dates work without JavaScript too; the API
 * answers JSON and CSV. html-validate and axe on each report. The orders are written straight into
 * a PostgreSQL shop of the spec's own.
 */

test.describe.configure({ mode: "serial", timeout: 120_000 });
test.skip(!hasPostgres(), "needs Debian's postgresql package");

let own: OwnShop | undefined;
const owner = newAccount("reports-owner", "Shop Owner");
const LAST_MONTH = presetRange("last-month", new Date());
const on = (dayOfMonth: string) => fromShopDateTimeLocal(`${LAST_MONTH.from.slice(0, 8)}${dayOfMonth}T12:00`)!;
const numbers: Record<string, string> = {};

/**
 * Last month: A (Sialkot, web) delivered, 2 tees at 1299 costing 600, shipping 200, charged 250 by
 * the courier's file; B (Sialkot, WhatsApp) refused at the door, its parcel's estimate 180; C
 * (Gujranwala, phone) delivered, no cost known, estimate 200.
 * Profit: gross 3897 + shipping 400 = revenue 4297; cost of goods 1200; courier 630; profit 2467.
 */
async function putOrdersLastMonth(db: Db) {
  const courier = await insertTestCourier(db, "ReportsExpress");
  const made = [
    {
      key: "A",
      channel: "web" as const,
      city: "Sialkot",
      status: "delivered" as const,
      quantity: 2,
      unitCost: 600,
      parcel: { estimated: 230, charged: 250, delivered: true },
    },
    {
      key: "B",
      channel: "whatsapp" as const,
      city: "Sialkot",
      status: "returned" as const,
      quantity: 1,
      unitCost: 600,
      parcel: { estimated: 180, charged: null, delivered: false },
    },
    {
      key: "C",
      channel: "phone" as const,
      city: "Gujranwala",
      status: "delivered" as const,
      quantity: 1,
      unitCost: null,
      parcel: { estimated: 200, charged: null, delivered: true },
    },
  ];
  for (const [i, o] of made.entries()) {
    const id = randomUUID();
    const orderNumber = `ORD-${String(880000 + Math.floor(Math.random() * 9000) * 10 + i)}`;
    const subtotal = 1299 * o.quantity;
    await db.insert(orders).values({
      id,
      orderNumber,
      status: o.status,
      channel: o.channel,
      subtotal,
      shippingFee: 200,
      total: subtotal + 200,
      fullName: `Reports Buyer ${o.key}`,
      email: "reports@example.pk",
      phone: `+9230055500${i}0`,
      address: "1 Street",
      city: o.city,
      deliveryFrom: on("05"),
      deliveryTo: on("08"),
      createdAt: on("05"),
      updatedAt: on("08"),
      deliveredAt: o.status === "delivered" ? on("08") : null,
    });
    await db.insert(orderItems).values({
      orderId: id,
      productId: "essential-crew-neck-tee",
      name: "Essential Crew Neck Tee",
      color: "Black",
      size: "M",
      price: 1299,
      quantity: o.quantity,
      unitCost: o.unitCost,
    });
    await db.insert(shipments).values({
      orderId: id,
      courierId: courier,
      weightGrams: 500,
      pieces: 1,
      codAmount: subtotal + 200,
      estimatedCharge: o.parcel.estimated,
      chargedAmount: o.parcel.charged,
      bookedAt: on("06"),
      deliveredAt: o.parcel.delivered ? on("08") : null,
      returnedAt: o.parcel.delivered ? null : on("09"),
      trackingNumber: `RPT-${orderNumber}`,
    });
    numbers[o.key] = orderNumber;
  }
}

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(300_000);
  own = await startOwnPostgresShop("reports");
  const api = await playwright.request.newContext({ baseURL: own.url, extraHTTPHeaders: { origin: own.url } });
  await createAccount(api, owner);
  await api.dispose();
  await own.database.db.update(users).set({ role: "seller" }).where(eq(users.email, owner.email));
  await putOrdersLastMonth(own.database.db);
});

test.afterAll(async () => {
  test.setTimeout(60_000);
  await own?.stop();
});

async function ownerPage(browser: Browser, width: number): Promise<Page> {
  const context = await browser.newContext({ baseURL: own!.url, viewport: { width, height: 900 } });
  const page = await context.newPage();
  await signInByApi(page, owner.email, E2E_PASSWORD);
  return page;
}

for (const width of [390, 1280]) {
  test(`at ${width} px: the owner opens Profit and By city for last month, downloads the CSV, and is told a backwards range is wrong`, async ({
    browser,
  }) => {
    const page = await ownerPage(browser, width);
    try {
      await gotoHydrated(page, "/seller-dashboard");
      await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Reports" }).click();
      await expect(page).toHaveURL(/\/seller\/reports\/profit$/);
      await expect(page.getByRole("heading", { level: 2, name: "Reports" })).toBeVisible();
      await expect(
        page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Reports" }),
      ).toHaveAttribute("aria-current", "page");

      await page.getByRole("link", { name: "Last month" }).click();
      await expect(page).toHaveURL(/\/seller\/reports\/profit\?range=last-month$/);
      await expect(page.getByRole("link", { name: "Last month" })).toHaveAttribute("aria-current", "true");
      const waterfall = page.getByTestId("profit-waterfall");
      await expect(waterfall.getByRole("row", { name: /^Gross sales/ })).toContainText("PKR 3,897");
      await expect(waterfall.getByRole("row", { name: /^Revenue/ })).toContainText("PKR 4,297");
      await expect(waterfall.getByRole("row", { name: /^Less cost of goods/ })).toContainText("PKR 1,200");
      await expect(waterfall.getByRole("row", { name: /^Less courier charges/ })).toContainText("PKR 630");
      await expect(waterfall.getByRole("row", { name: /^Profit/ })).toContainText("PKR 2,467");
      await expect(page.getByTestId("uncosted-orders")).toContainText(
        "1 order has items without a cost: their cost is not in Cost of goods.",
      );
      await expect(page.getByTestId("uncosted-orders").getByRole("link", { name: numbers.C })).toBeVisible();
      await expect(page.getByTestId("courier-charges-note")).toContainText(
        "2 parcels delivered (PKR 450) and 1 parcel returned (PKR 180, no revenue); 1 charge from settlement files, 2 rate-card estimates.",
      );
      await expect(page.getByTestId("report-table").getByRole("row", { name: /^Total/ })).toContainText("PKR 2,467");
      await expectNoSeriousA11yViolations(page);
      await expectValidHtml(page.request, "/seller/reports/profit?range=last-month");
      if (width === 390)
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

      // By city keeps the range.
      await page.getByRole("navigation", { name: "Reports" }).getByRole("link", { name: "By city" }).click();
      await expect(page).toHaveURL(/\/seller\/reports\/cities\?range=last-month$/);
      const table = page.getByTestId("report-table");
      await expect(table.getByRole("row", { name: /^Sialkot/ })).toContainText("50.0%");
      await expect(table.getByRole("row", { name: /^Sialkot/ })).toContainText("PKR 2,798");
      await expect(table.getByRole("row", { name: /^Gujranwala/ })).toContainText("PKR 1,499");
      await expect(table.getByRole("row", { name: /^Total/ })).toContainText("PKR 4,297");
      await expectNoSeriousA11yViolations(page);
      await expectValidHtml(page.request, "/seller/reports/cities?range=last-month");
      if (width === 390)
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

      // Download CSV: the same table, a BOM first.
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("link", { name: "Download CSV" }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`cities-${LAST_MONTH.from}-to-${LAST_MONTH.to}.csv`);
      const csv = readFileSync((await download.path())!, "utf8");
      expect(csv.startsWith("\uFEFFCity,Orders,Delivered,Returned or refused")).toBe(true);
      expect(csv).toContain("\r\nSialkot,2,1,1,0,50,0,2798,3\r\n");

      // A range typed the wrong way round: refused beside To, with the dates kept.
      await page.getByRole("textbox", { name: "From" }).fill(LAST_MONTH.to);
      await page.getByRole("textbox", { name: "To" }).fill(LAST_MONTH.from);
      await page.getByRole("button", { name: "Show this range" }).click();
      const to = page.getByRole("textbox", { name: "To" });
      await expect(to).toHaveAccessibleDescription("The end date must be on or after the start date");
      await expect(to).toHaveValue(LAST_MONTH.from);
      await expect(page.getByRole("textbox", { name: "From" })).toHaveValue(LAST_MONTH.to);
    } finally {
      await page.context().close();
    }
  });
}

test("without JavaScript: typed dates show the report, the report tabs keep them, and the CSV downloads", async ({
  browser,
}) => {
  const context = await browser.newContext({
    baseURL: own!.url,
    viewport: { width: 390, height: 900 },
    javaScriptEnabled: false,
  });
  const page = await context.newPage();
  try {
    await signInByApi(page, owner.email, E2E_PASSWORD);
    await page.goto("/seller/reports");
    await expect(page).toHaveURL(/\/seller\/reports\/profit$/);
    await page.getByRole("textbox", { name: "From" }).fill(LAST_MONTH.from);
    await page.getByRole("textbox", { name: "To" }).fill(LAST_MONTH.to);
    await page.getByRole("button", { name: "Show this range" }).click();
    await expect(page).toHaveURL(new RegExp(`/seller/reports/profit\\?from=${LAST_MONTH.from}&to=${LAST_MONTH.to}$`));
    await expect(page.getByTestId("profit-waterfall").getByRole("row", { name: /^Profit/ })).toContainText("PKR 2,467");
    await page.getByRole("navigation", { name: "Reports" }).getByRole("link", { name: "By code" }).click();
    await expect(page).toHaveURL(new RegExp(`/seller/reports/codes\\?from=${LAST_MONTH.from}&to=${LAST_MONTH.to}$`));
    await expect(page.getByTestId("report-table")).toContainText("Nothing in this range.");
    const csv = await page.request.get(
      (await page.getByRole("link", { name: "Download CSV" }).getAttribute("href")) ?? "",
    );
    expect(csv.headers()["content-disposition"]).toBe(
      `attachment; filename="codes-${LAST_MONTH.from}-to-${LAST_MONTH.to}.csv"`,
    );
  } finally {
    await context.close();
  }
});

test.describe("the API", () => {
  test.use({ viewport: { width: 1280, height: 800 } });
  test("GET /api/seller/reports/{name} answers JSON, or CSV with Accept: text/csv; 404 for an unknown report", async ({
    browser,
  }) => {
    const page = await ownerPage(browser, 1280);
    try {
      const json = await page.request.get("/api/seller/reports/profit?range=last-month");
      expect(json.status()).toBe(200);
      expect((await json.json()).data).toMatchObject({
        name: "profit",
        revenue: 4297,
        profit: 2467,
        uncosted: { orders: 1, named: [{ orderNumber: numbers.C, revenue: 1499 }] },
      });
      const csv = await page.request.get(`/api/seller/reports/channels?from=${LAST_MONTH.from}&to=${LAST_MONTH.to}`, {
        headers: { accept: "text/csv" },
      });
      expect(csv.headers()["content-type"]).toBe("text/csv; charset=utf-8");
      const text = (await csv.body()).toString("utf8");
      expect(text).toContain("Website,1,1,0,0,0,0,2798");
      expect(text).toContain("WhatsApp,1,0,1,0,100,0,0");
      const missing = await page.request.get("/api/seller/reports/margins");
      expect(missing.status()).toBe(404);
    } finally {
      await page.context().close();
    }
  });
});
