import { expect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations, gotoHydrated, signInAsOwner } from "./helpers";
import { createProductByApi } from "./products-helpers";

/**
 * Batches (issue 33): 50 orders a page, every box on the page ticked, "Select all N orders that
 * match", and Print Labels prints all N, on a 390 px phone and a 1280 px laptop, and without
 * JavaScript. The spec's orders carry a name of their own (the list is filtered by it) and a product
 * of their own; they are cancelled at the end through the bulk move by filter, and the product is
 * archived.
 */

const COUNT = 55;
const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1280, height: 900 };
/** Letters only: the orders' names, and the search that shows only them. */
const TAG = `Batchy ${Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("")}`;

async function ownerOn(
  browser: Browser,
  viewport: { width: number; height: number },
  javaScriptEnabled = true,
): Promise<Page> {
  const laptop = viewport.width > 800;
  const context = await browser.newContext({
    viewport,
    javaScriptEnabled,
    ...(laptop ? { isMobile: false, hasTouch: false, deviceScaleFactor: 1 } : {}),
  });
  const page = await context.newPage();
  await signInAsOwner(page);
  return page;
}

/** The order list filtered to this spec's orders, 50 a page, chosen with the "Show" select (the one in view: above the list on a laptop, below it on a phone). */
async function showFiftyAPage(owner: Page) {
  await gotoHydrated(owner, `/seller/orders?q=${encodeURIComponent(TAG)}`);
  await expect(owner.getByTestId("seller-order")).toHaveCount(20);
  await owner.getByRole("combobox", { name: "Show", exact: true }).filter({ visible: true }).selectOption("50");
  await expect(owner).toHaveURL(/per=50/);
  await expect(owner.getByTestId("seller-order")).toHaveCount(50);
  await expect(owner.getByText(`Showing 1–50 of ${COUNT} orders`).first()).toBeVisible();
}

async function tickEveryBox(owner: Page) {
  const boxes = owner.getByRole("checkbox", { name: /^Select ORD-/ });
  // With the keyboard: once one is ticked, the phone's bulk bar covers the bottom of the screen.
  for (const box of await boxes.all()) await box.press("Space");
  await expect(owner.getByText("50 selected")).toBeVisible();
}

// Not serial: one failing test does not skip the others (a new worker makes its own orders). The laptop test runs last: it cancels them.
test.describe("batches of orders", () => {
  let api: APIRequestContext;
  let productId = "";

  test.beforeAll(async ({ playwright }, testInfo) => {
    test.setTimeout(180_000);
    const baseURL = testInfo.project.use.baseURL!;
    api = await playwright.request.newContext({ baseURL });
    await signInAsOwner(api);
    const courier = await api.post("/api/seller/couriers", {
      data: {
        name: `Batch Courier ${Date.now() % 1_000_000}`,
        accountCode: "LHE-33",
        weightBands: "500 = 180\n1000 = 230",
        extraPerKg: "100",
        codFeePercent: "1",
        surchargePercent: "0",
        trackingUrl: "https://courier.example/track/{tracking}",
        bookingColumns: "",
      },
    });
    expect(courier.status(), await courier.text()).toBe(201);
    const courierId = (await courier.json()).data.id;

    productId = await createProductByApi(api, { name: `${TAG} Tee`, stock: 100, colors: ["Black"], sizes: ["M"] });
    for (let i = 0; i < COUNT; i++) {
      const placed = await api.post("/seller/orders/new", {
        headers: { origin: baseURL },
        maxRedirects: 0,
        form: {
          channel: "phone",
          fullName: `${TAG} ${String.fromCharCode(65 + (i % 26))}`,
          email: "",
          phone: `0301 ${3300000 + i}`,
          city: "Lahore",
          address: "33 Batch Street",
          postalCode: "",
          idempotencyKey: `${TAG}-${i}`,
          "items[0].productId": productId,
          "items[0].color": "Black",
          "items[0].size": "M",
          "items[0].quantity": "1",
        },
      });
      expect(placed.status(), (await placed.text()).slice(0, 300)).toBe(302);
    }
    const listed = await api.get(`/api/orders?q=${encodeURIComponent(TAG)}&per=200`);
    const ids = ((await listed.json()).data.orders as { id: string }[]).map((o) => o.id);
    expect(ids).toHaveLength(COUNT);
    for (const id of ids)
      expect((await api.patch(`/api/orders/${id}`, { data: { status: "confirmed" } })).status()).toBe(200);
    const booked = await api.post("/api/shipments", { data: { orderIds: ids, courierId } });
    expect(booked.status(), await booked.text()).toBe(201);
    expect((await booked.json()).data.booked).toHaveLength(COUNT);
  });

  // Whatever a failed run left: its orders cancelled (stock back, bookings removed), its product archived.
  test.afterAll(async () => {
    if (!api) return;
    const left = await api.get(`/api/orders?q=${encodeURIComponent(TAG)}&per=200`);
    for (const order of ((await left.json()).data?.orders ?? []) as { id: string; status: string }[]) {
      if (order.status !== "cancelled") await api.patch(`/api/orders/${order.id}`, { data: { status: "cancelled" } });
    }
    if (productId) await api.delete(`/api/products/${productId}`);
    await api.dispose();
  });

  test("on a phone: 50 a page, tick them all, select all that match, and Print Labels prints every one", async ({
    browser,
  }) => {
    // Fifty key presses, 55 labels and an axe pass: near 30 s on a busy 2-core machine.
    test.slow();
    const owner = await ownerOn(browser, PHONE);
    await showFiftyAPage(owner);
    // The size is carried by the status chips and the filter form.
    await expect(owner.getByRole("navigation", { name: "Orders by status" }).getByRole("link").first()).toHaveAttribute(
      "href",
      /per=50/,
    );
    await tickEveryBox(owner);
    const line = owner.getByTestId("select-all-line");
    await expect(line).toHaveText(`All 50 orders on this page are selected. Select all ${COUNT} orders that match`);
    await line.getByRole("button", { name: `Select all ${COUNT} orders that match` }).click();
    await expect(line).toHaveText(`All ${COUNT} orders that match are selected. Clear selection`);
    await expect(owner.getByText(`All ${COUNT} selected`)).toBeVisible();
    // The bar with the line stays on the phone's screen, Apply to Selected in the thumb's reach.
    const apply = (await owner.getByRole("button", { name: "Apply to Selected" }).boundingBox())!;
    expect(apply.y + apply.height).toBeLessThanOrEqual(PHONE.height);
    expect(
      await owner.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth + 1),
      "no sideways scrolling",
    ).toBe(false);

    const [labels] = await Promise.all([
      owner.context().waitForEvent("page"),
      owner.getByRole("button", { name: "Print Labels" }).click(),
    ]);
    await labels.waitForLoadState();
    expect(labels.url()).toContain("selection=filter");
    await expect(labels.getByTestId("shipping-label")).toHaveCount(COUNT);
    await expect(labels.getByText(`${COUNT} labels.`)).toBeVisible();

    // Unticking one box ends "all that match".
    await owner
      .getByRole("checkbox", { name: /^Select ORD-/ })
      .first()
      .press("Space");
    await expect(line).toBeHidden();
    await expect(owner.getByText("49 selected")).toBeVisible();
    await expectNoSeriousA11yViolations(owner);
  });

  test("without JavaScript: the 'All N orders that match' box sends the filter to Print Labels", async ({
    browser,
  }) => {
    const owner = await ownerOn(browser, PHONE, false);
    await owner.goto(`/seller/orders?q=${encodeURIComponent(TAG)}&per=50`);
    await expect(owner.getByTestId("seller-order")).toHaveCount(50);
    const first = (await owner.getByTestId("seller-order").first().getByRole("heading", { level: 3 }).boundingBox())!;
    expect(first.y + first.height, "the first order is in the first screen").toBeLessThanOrEqual(PHONE.height);
    await owner.getByRole("checkbox", { name: `All ${COUNT} orders that match` }).check();
    const [labels] = await Promise.all([
      owner.context().waitForEvent("page"),
      owner.getByRole("button", { name: "Print Labels" }).click(),
    ]);
    await labels.waitForLoadState();
    await expect(labels.getByTestId("shipping-label")).toHaveCount(COUNT);
    // The page size is a plain GET form too.
    await owner.getByRole("combobox", { name: "Show", exact: true }).filter({ visible: true }).selectOption("20");
    await owner.getByRole("button", { name: "Show", exact: true }).filter({ visible: true }).click();
    await expect(owner).toHaveURL(new RegExp(`q=${encodeURIComponent(TAG).replace(/%20/g, "\\+")}`));
    await expect(owner.getByTestId("seller-order")).toHaveCount(20);
  });

  test("on a laptop: the same, then every order that matches is cancelled in one move", async ({ browser }) => {
    test.slow();
    const owner = await ownerOn(browser, LAPTOP);
    await showFiftyAPage(owner);
    await tickEveryBox(owner);
    await owner.getByRole("button", { name: `Select all ${COUNT} orders that match` }).click();
    await expect(owner.getByTestId("select-all-line")).toHaveText(
      `All ${COUNT} orders that match are selected. Clear selection`,
    );
    const [labels] = await Promise.all([
      owner.context().waitForEvent("page"),
      owner.getByRole("button", { name: "Print Labels" }).click(),
    ]);
    await expect(labels.getByTestId("shipping-label")).toHaveCount(COUNT);
    await labels.close();

    await owner.getByRole("combobox", { name: "Move selected to" }).selectOption({ label: "Cancelled" });
    await owner.getByRole("button", { name: "Apply to Selected" }).click();
    await expect(owner.getByTestId("bulk-result")).toHaveText(`${COUNT} orders moved to "Cancelled"`, {
      timeout: 30_000,
    });
    await expect(owner.getByTestId("seller-order").first().getByTestId("order-status")).toHaveText("Cancelled");
    const listed = await api.get(`/api/orders?q=${encodeURIComponent(TAG)}&status=cancelled`);
    expect((await listed.json()).data.total).toBe(COUNT);
  });
});
