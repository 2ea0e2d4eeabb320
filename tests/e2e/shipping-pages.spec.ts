import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { expectValidHtml } from "./html-check";
import {
  createAccount,
  expectNoSeriousA11yViolations,
  gotoHydrated,
  newAccount,
  placeOrderByApi,
  signInAsOwner,
  keepShot,
} from "./helpers";

/**
 * The owner's shipping pages with something on them: two parcels booked with a courier, tracked and
 * delivered, one paid Rs 100 short (a discrepancy) and one not paid yet (cash with the courier), so
 * Cash with couriers, the discrepancy list and the rates all have rows. Each page is valid HTML as the server
 * sends it, passes axe, and fits a 390 px phone and a 1280 px laptop without sideways scrolling.
 * Screenshots land in test-results/shipping-pages/.
 */

const ITEM = { productId: "mandarin-collar-shirt", color: "White", size: "XS", quantity: 1 };
const SHOTS = "test-results/shipping-pages";

const karachiToday = () => new Date(Date.now() + 5 * 60 * 60 * 1000).toISOString().slice(0, 10);

async function importFile(
  owner: APIRequestContext,
  kind: "tracking" | "delivery" | "cod",
  csv: string,
  courierId?: number,
) {
  const res = await owner.post("/api/shipping/imports", {
    multipart: {
      kind,
      apply: "true",
      ...(courierId ? { courierId: String(courierId) } : {}),
      file: { name: `${kind}-${Date.now()}.csv`, mimeType: "text/csv", buffer: Buffer.from(csv) },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).data as { counts: Record<string, number> };
}

test.describe("the owner's shipping pages", () => {
  test.describe.configure({ mode: "serial" });
  let owner: APIRequestContext;
  let courierId = 0;
  const orders: { orderId: string; orderNumber: string }[] = [];
  let pages: string[] = [];
  let courierName = "";
  let unpaidCod = 0;

  test.beforeAll(async ({ playwright }, testInfo) => {
    const baseURL = testInfo.project.use.baseURL;
    const buyer = await playwright.request.newContext({ baseURL });
    owner = await playwright.request.newContext({ baseURL });
    await createAccount(buyer, newAccount("shipping-pages", "Hina Baig"));
    await signInAsOwner(owner);
    const name = (courierName = `Pages Courier ${Date.now() % 1_000_000}`);
    const courier = await owner.post("/api/seller/couriers", {
      data: {
        name,
        accountCode: "LHE-202",
        weightBands: "500 = 180\n1000 = 230",
        extraPerKg: "100",
        codFeePercent: "2",
        surchargePercent: "0",
        trackingUrl: "https://courier.example/track/{tracking}",
        bookingColumns: "",
      },
    });
    expect(courier.status(), await courier.text()).toBe(201);
    courierId = (await courier.json()).data.id;

    for (const city of ["Lahore", "Multan"]) {
      const placed = await placeOrderByApi(buyer, [ITEM], { city });
      expect((await owner.patch(`/api/orders/${placed.orderId}`, { data: { status: "confirmed" } })).status()).toBe(
        200,
      );
      orders.push(placed);
    }
    await buyer.dispose();
    const booked = await owner.post("/api/shipments", { data: { orderIds: orders.map((o) => o.orderId), courierId } });
    expect(booked.status(), await booked.text()).toBe(201);
    const cod = ((await booked.json()).data.booked as { orderNumber: string; codAmount: number }[]).map(
      (b) => b.codAmount,
    );

    const [paid, unpaid] = orders;
    unpaidCod = cod[1];
    await importFile(
      owner,
      "tracking",
      `Reference,CN Number\n${paid.orderNumber},PG-1001\n${unpaid.orderNumber},PG-1002\n`,
    );
    await importFile(
      owner,
      "delivery",
      `Reference,Status\n${paid.orderNumber},Delivered\n${unpaid.orderNumber},Delivered\n`,
    );
    const settled = await importFile(
      owner,
      "cod",
      `Reference,COD Amount,Charges,Net Paid,Payment Reference\n${paid.orderNumber},${cod[0] - 100},200,${cod[0] - 300},PAY-${Date.now()}\n`,
      courierId,
    );
    expect(settled.counts.change).toBe(1);

    const ids = new URLSearchParams(orders.map((o) => ["orderIds", o.orderId]));
    pages = [
      "/seller/shipping",
      `/seller/shipping/book?${ids}`,
      `/seller/shipping/labels?${ids}`,
      `/seller/shipping/load-sheet?courier=${courierId}&date=${karachiToday()}`,
      "/seller/shipping/discrepancies",
      "/seller/shipping/discrepancies?status=resolved",
      "/seller/shipping/problems",
      "/seller/shipping/rates",
      "/seller/shipping/rates?days=90&by=city",
      `/orders/${paid.orderId}`,
    ];
  });

  test.afterAll(async () => owner?.dispose());

  test("every shipping page is valid HTML as the server sends it", async () => {
    for (const url of [
      ...pages,
      `/seller/shipping/labels?${new URLSearchParams(orders.map((o) => ["orderIds", o.orderId]))}&size=4x6`,
    ]) {
      await expectValidHtml(owner, url);
    }
  });

  test("the pages show the short payment and the cash still with the courier", async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await signInAsOwner(page);
    await gotoHydrated(page, "/seller/shipping/discrepancies");
    const discrepancy = page.getByRole("listitem").filter({ hasText: orders[0].orderNumber });
    await expect(discrepancy.first()).toContainText("−Rs 100");
    await gotoHydrated(page, "/seller/shipping");
    const cash = page.getByTestId("courier-cash").filter({ hasText: courierName });
    await expect(cash).toContainText(`PKR ${unpaidCod.toLocaleString("en-US")}`);
    await expect(cash).toContainText("1 parcel");
    await context.close();
  });

  for (const [label, viewport] of [
    ["phone", { width: 390, height: 844 }],
    ["laptop", { width: 1280, height: 800 }],
  ] as const) {
    test(`on a ${label} every shipping page passes axe and fits without sideways scrolling`, async ({ browser }) => {
      test.slow();
      const context = await browser.newContext(
        label === "phone" ? { viewport } : { viewport, isMobile: false, hasTouch: false, deviceScaleFactor: 1 },
      );
      const page: Page = await context.newPage();
      await signInAsOwner(page);
      for (const url of pages) {
        await gotoHydrated(page, url);
        await expectNoSeriousA11yViolations(page);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, `${url} scrolls sideways at ${viewport.width} px`).toBeLessThanOrEqual(0);
        const name = url.replace(/^\/+/, "").replace(/\?.*$/, "").replace(/[/]/g, "-") || "home";
        await keepShot(page, {
          path: `${SHOTS}/${name}${url.includes("days=90") ? "-90" : url.includes("resolved") ? "-resolved" : ""}-${viewport.width}.png`,
          fullPage: true,
        });
      }
      await context.close();
    });
  }
});
