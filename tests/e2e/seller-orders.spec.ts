import { expect, test, type Browser, type Page } from "@playwright/test";
import {
  createAccount,
  expectNoSeriousA11yViolations,
  gotoHydrated,
  newAccount,
  placeOrderByApi,
  signInAsOwner,
  toast,
  type CartItem,
  keepShot,
} from "./helpers";

/**
 * The owner's Orders tab (issue 7): live orders, confirm / ship / deliver with the buyer watching,
 * bulk moves, orders entered for phone and WhatsApp customers, the invoice, the CSV, and refusal to
 * guests and buyers.
 */

// Seeded products no other spec counts the stock of.
const OXFORD: CartItem = { productId: "oxford-button-down-shirt", color: "White", size: "M", quantity: 1 };
const LINEN_TROUSERS: CartItem = { productId: "relaxed-linen-trousers", color: "White", size: "M", quantity: 1 };

/** A phone number of its own per test, so a search shows only that test's orders. */
function uniquePhone(): string {
  return `0345 ${String(Math.floor(1_000_000 + Math.random() * 8_999_999))}`;
}

async function ownerPage(browser: Browser, opts: { javaScriptEnabled?: boolean; width?: number } = {}): Promise<Page> {
  // The project's phone (Pixel 5) by default; a laptop is a plain desktop context.
  const size = !opts.width
    ? {}
    : opts.width > 800
      ? { viewport: { width: opts.width, height: 900 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 }
      : { viewport: { width: opts.width, height: 844 } };
  const context = await browser.newContext({ javaScriptEnabled: opts.javaScriptEnabled ?? true, ...size });
  const page = await context.newPage();
  await signInAsOwner(page);
  return page;
}

async function buyerPage(browser: Browser, tag: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await createAccount(page, newAccount(tag, "Hira Baig"));
  return page;
}

function orderCard(page: Page, orderNumber: string) {
  return page
    .getByTestId("seller-order")
    .filter({ has: page.getByRole("heading", { name: orderNumber, exact: true }) });
}

async function moveTo(page: Page, orderNumber: string, label: string, courier?: { name: string; tracking: string }) {
  const card = orderCard(page, orderNumber);
  await card.getByRole("combobox", { name: "Status" }).selectOption({ label });
  if (courier) {
    await card.getByRole("textbox", { name: "Courier name" }).fill(courier.name);
    await card.getByRole("textbox", { name: "Tracking number" }).fill(courier.tracking);
  }
  await card.getByRole("button", { name: "Update Status" }).click();
  await expect(toast(page, `Order status updated to "${label}"`)).toBeVisible();
  await expect(card.getByTestId("order-status")).toHaveText(label);
}

test.describe("the owner's orders", () => {
  test("a buyer's order appears live; confirm, ship with tracking, deliver, and the buyer sees each step live", async ({
    browser,
  }) => {
    const owner = await ownerPage(browser);
    const phone = uniquePhone();
    await gotoHydrated(owner, `/seller/orders?q=${encodeURIComponent(phone)}`);
    await expect(owner.getByText("No orders match this filter.")).toBeVisible();

    const buyer = await buyerPage(browser, "seller-live");
    const placed = await placeOrderByApi(buyer, [OXFORD], { fullName: "Hira Baig", phone });
    // Live: no reload on the owner's side.
    const card = orderCard(owner, placed.orderNumber);
    await expect(card).toBeVisible({ timeout: 2_500 });
    await expect(card.getByTestId("order-status")).toHaveText("Pending");
    await expect(card.getByTestId("order-channel")).toHaveText("Website");
    const whatsapp = card.getByRole("link", { name: /^Confirm on WhatsApp/ });
    const href = (await whatsapp.getAttribute("href"))!;
    expect(href).toMatch(/^https:\/\/wa\.me\/92345\d{7}\?text=/);
    expect(new URL(href).searchParams.get("text")).toContain(placed.orderNumber);
    await expect(card.getByRole("link", { name: /^Call 0345/ })).toHaveAttribute("href", /^tel:\+92345\d{7}$/);

    await gotoHydrated(buyer, `/orders/${placed.orderId}`);
    const buyerStatus = buyer.getByRole("main").getByTestId("order-status");
    await expect(buyerStatus).toHaveText("Pending");

    await moveTo(owner, placed.orderNumber, "Confirmed");
    await expect(buyerStatus).toHaveText("Confirmed", { timeout: 2_500 });
    await moveTo(owner, placed.orderNumber, "Processing");
    await expect(buyerStatus).toHaveText("Processing", { timeout: 2_500 });
    await moveTo(owner, placed.orderNumber, "Shipped", { name: "TCS", tracking: "TCS-77881234" });
    await expect(buyerStatus).toHaveText("Shipped", { timeout: 2_500 });
    await expect(buyer.getByTestId("order-courier")).toContainText("TCS-77881234");
    await moveTo(owner, placed.orderNumber, "Delivered");
    await expect(buyerStatus).toHaveText("Delivered", { timeout: 2_500 });
    // The courier holding the cash is the shop's bookkeeping: the buyer reads Paid.
    await expect(buyer.getByRole("main")).toContainText("Cash on Delivery (Paid)");

    // The history, oldest first, in the details.
    await card.getByText("Details").click();
    const history = card.getByTestId("status-history").getByRole("listitem");
    await expect(history).toHaveCount(5);
    await expect(history.nth(0)).toContainText("Placed as Pending by Customer");
    await expect(history.nth(3)).toContainText(
      "Processing → Shipped by Shop Owner (Courier: TCS, Tracking: TCS-77881234)",
    );
    // Only returning is left, inside the return window.
    await expect(card.getByRole("combobox", { name: "Status" }).getByRole("option")).toHaveText(["Returned"]);

    // The buyer's dashboard and /track show the courier too.
    await gotoHydrated(buyer, "/buyer-dashboard");
    await expect(
      buyer.getByTestId("order-card").filter({ hasText: placed.orderNumber }).getByTestId("order-courier"),
    ).toContainText("TCS-77881234");
    await gotoHydrated(buyer, "/track");
    await buyer.getByRole("textbox", { name: "Order Number" }).fill(placed.orderNumber);
    await buyer.getByRole("textbox", { name: "Phone" }).fill(phone);
    await buyer.getByRole("button", { name: "Track" }).click();
    // With a tracking link for TCS in Settings -> Couriers (couriers.spec adds one), the link follows.
    await expect(buyer.getByTestId("track-courier")).toHaveText(
      /^TCS, tracking number TCS-77881234( Track your parcel on TCS website \(opens in a new tab\))?$/,
    );
  });

  test("a refused move says why and changes nothing", async ({ browser }) => {
    const owner = await ownerPage(browser);
    const buyer = await buyerPage(browser, "seller-refused");
    const phone = uniquePhone();
    const placed = await placeOrderByApi(buyer, [OXFORD], { phone });
    await gotoHydrated(owner, `/seller/orders?q=${encodeURIComponent(phone)}`);
    // The buyer cancels while the owner's page still offers "Confirmed".
    const cancel = await buyer.request.patch(`/api/orders/${placed.orderId}`, { data: { status: "cancelled" } });
    expect(cancel.status()).toBe(403);
    expect((await cancel.json()).error.message).toBe("Only sellers can update orders");
    const res = await owner.request.patch(`/api/orders/${placed.orderId}`, { data: { status: "cancelled" } });
    expect(res.status()).toBe(200);
    const card = orderCard(owner, placed.orderNumber);
    await expect(card.getByTestId("order-status")).toHaveText("Cancelled"); // by the live stream, without a reload
    // A stale form from before the cancel: the server refuses it with the reason.
    const stale = await owner.request.patch(`/api/orders/${placed.orderId}`, { data: { status: "confirmed" } });
    expect(stale.status()).toBe(409);
    expect((await stale.json()).error.message).toBe("A cancelled order cannot be marked confirmed");
    await expect(card.getByRole("combobox", { name: "Status" })).toHaveCount(0);
  });

  test("an order that changes while the page's live stream is still opening shows the change, without a reload", async ({
    browser,
  }) => {
    const owner = await ownerPage(browser);
    const buyer = await buyerPage(browser, "seller-opening");
    const phone = uniquePhone();
    const placed = await placeOrderByApi(buyer, [OXFORD], { phone });
    // Hold the page's stream back until the order has moved: the moment between the server
    // rendering the page and its stream opening, which a slow phone makes long.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await owner.route("**/api/events", async (route) => {
      await held;
      await route.continue();
    });
    await gotoHydrated(owner, `/seller/orders?q=${encodeURIComponent(phone)}`);
    const status = orderCard(owner, placed.orderNumber).getByTestId("order-status");
    await expect(status).toHaveText("Pending");
    await owner.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));

    expect(
      (await owner.request.patch(`/api/orders/${placed.orderId}`, { data: { status: "confirmed" } })).status(),
    ).toBe(200);
    await owner.waitForTimeout(300); // the server hears of it through the database, a moment after the commit
    release();
    await expect(status).toHaveText("Confirmed");
    expect(await owner.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
  });

  test("bulk-confirms three orders in one go and says which moved", async ({ browser }) => {
    const owner = await ownerPage(browser);
    const buyer = await buyerPage(browser, "seller-bulk");
    const phone = uniquePhone();
    const placed = [];
    for (let i = 0; i < 3; i++) placed.push(await placeOrderByApi(buyer, [LINEN_TROUSERS], { phone }));
    await gotoHydrated(owner, `/seller/orders?q=${encodeURIComponent(phone)}`);
    for (const p of placed) await owner.getByRole("checkbox", { name: `Select ${p.orderNumber}` }).check();
    await owner.getByRole("combobox", { name: "Move selected to" }).selectOption({ label: "Confirmed" });
    await owner.getByRole("button", { name: "Apply to Selected" }).click();
    await expect(owner.getByTestId("bulk-result")).toContainText('3 orders moved to "Confirmed"');
    for (const p of placed)
      await expect(orderCard(owner, p.orderNumber).getByTestId("order-status")).toHaveText("Confirmed");

    // Again: none can be confirmed twice, and the result says so for each.
    for (const p of placed) await owner.getByRole("checkbox", { name: `Select ${p.orderNumber}` }).check();
    await owner.getByRole("button", { name: "Apply to Selected" }).click();
    await expect(owner.getByTestId("bulk-result")).toContainText("0 orders moved");
    await expect(owner.getByTestId("bulk-result").getByRole("listitem")).toHaveCount(3);
    await expect(owner.getByTestId("bulk-result").getByRole("listitem").first()).toContainText(
      "A confirmed order cannot be marked confirmed",
    );
  });

  test("works without JavaScript: filter, confirm an order", async ({ browser }) => {
    const buyer = await buyerPage(browser, "seller-nojs");
    const phone = uniquePhone();
    const placed = await placeOrderByApi(buyer, [OXFORD], { phone });
    const owner = await ownerPage(browser, { javaScriptEnabled: false });
    await owner.goto("/seller/orders");
    await owner.getByRole("searchbox", { name: "Search orders" }).fill(phone.replace(" ", "-"));
    await owner.getByRole("button", { name: "Search" }).click();
    await expect(owner).toHaveURL(/q=0345-/);
    const card = orderCard(owner, placed.orderNumber);
    await card.getByRole("combobox", { name: "Status" }).selectOption({ label: "Confirmed" });
    await card.getByRole("button", { name: "Update Status" }).click();
    await expect(card.getByRole("status")).toHaveText('Order status updated to "Confirmed"');
    await expect(card.getByTestId("order-status")).toHaveText("Confirmed");
  });

  test("the owner enters a WhatsApp order; errors sit beside their fields and keep what was typed", async ({
    browser,
  }) => {
    const owner = await ownerPage(browser);
    await gotoHydrated(owner, "/seller/orders");
    await owner.getByRole("link", { name: "New Order" }).click();
    await expect(owner.getByRole("heading", { level: 2, name: "New Order" })).toBeVisible();
    await expectNoSeriousA11yViolations(owner);
    const form = owner.getByRole("form", { name: "New order" });
    await form.getByRole("combobox", { name: "Channel" }).selectOption({ label: "WhatsApp" });
    await form.getByRole("textbox", { name: "Customer Name" }).fill("Sadia Malik");
    await form.getByRole("textbox", { name: "Phone" }).fill("12345");
    await form.getByRole("button", { name: "Place Order" }).click();
    await expect(form.getByText("Please enter your shipping address")).toBeVisible();
    await expect(form.getByRole("textbox", { name: "Customer Name" })).toHaveValue("Sadia Malik");

    const phone = uniquePhone();
    await form.getByRole("textbox", { name: "Phone" }).fill(phone);
    await form.getByRole("combobox", { name: "City" }).selectOption({ label: "Lahore" });
    await form.getByRole("textbox", { name: "Address" }).fill("House 4, Gulberg III");
    await form.getByRole("button", { name: "Place Order" }).click();
    await expect(form.getByText("Please add at least one item")).toBeVisible();

    const item = form.getByRole("group", { name: "Item 1" });
    await item.getByRole("combobox", { name: "Product" }).selectOption({ value: OXFORD.productId });
    await item.getByRole("combobox", { name: "Colour" }).selectOption("Navy");
    await item.getByRole("combobox", { name: "Size" }).selectOption("L");
    await item.getByRole("spinbutton", { name: "Quantity" }).fill("2");
    await form.getByRole("button", { name: "Place Order" }).click();
    await expect(owner).toHaveURL(/\/seller\/orders\?q=ORD-\d{6}$/);
    const orderNumber = new URL(owner.url()).searchParams.get("q")!;
    await expect(toast(owner, `Order ${orderNumber} placed`)).toBeVisible();
    const card = orderCard(owner, orderNumber);
    await expect(card.getByTestId("order-channel")).toHaveText("WhatsApp");
    await expect(card).toContainText("Sadia Malik · Lahore · Rs 7,198");
    await card.getByText("Details").click();
    await expect(card.getByTestId("status-history")).toContainText("WhatsApp order entered by the shop");
  });

  test("the invoice prints the COD amount and ship-to; the CSV holds the filtered orders", async ({ browser }) => {
    const buyer = await buyerPage(browser, "seller-invoice");
    const phone = uniquePhone();
    const placed = await placeOrderByApi(buyer, [OXFORD], { fullName: 'Ali "Khan", Jr', phone });
    const owner = await ownerPage(browser);
    await gotoHydrated(owner, `/seller/orders?q=${encodeURIComponent(phone)}`);
    const card = orderCard(owner, placed.orderNumber);
    await card.getByText("Details").click();
    await card.getByRole("link", { name: `Invoice for ${placed.orderNumber}` }).click();
    await expect(owner.getByRole("heading", { level: 1, name: `Invoice ${placed.orderNumber}` })).toBeVisible();
    await expect(owner.getByTestId("invoice-cod")).toHaveText("Rs 3,699");
    await expect(owner.getByTestId("invoice-ship-to")).toContainText('Ali "Khan", Jr');
    await expect(owner.getByRole("button", { name: "Print" })).toBeVisible();
    await owner.emulateMedia({ media: "print" });
    await expect(owner.getByRole("button", { name: "Print" })).toBeHidden();
    await expect(owner.getByRole("banner")).toBeHidden();
    await owner.emulateMedia({ media: "screen" });
    await expectNoSeriousA11yViolations(owner);

    const csv = await owner.request.get(`/seller/orders.csv?q=${encodeURIComponent(phone)}`);
    expect(csv.status()).toBe(200);
    expect(csv.headers()["content-type"]).toContain("text/csv");
    const text = await csv.text();
    expect(text.split("\n")[0]).toContain("Order Number");
    expect(text).toContain(`${placed.orderNumber},`);
    expect(text).toContain('"Ali ""Khan"", Jr"');
  });

  test("guests and buyers get none of it, by page or by API", async ({ browser, playwright, baseURL }) => {
    const guest = await playwright.request.newContext({ baseURL, maxRedirects: 0 });
    for (const path of [
      "/seller/orders",
      "/seller/orders/new",
      "/seller/orders.csv",
      "/seller/orders/00000000-0000-4000-8000-000000000000/invoice",
    ]) {
      const res = await guest.get(path);
      expect(res.status(), path).toBe(302);
      expect(res.headers().location, path).toMatch(/^\/auth\?mode=login&redirectTo=/);
    }
    expect(
      (await guest.post("/seller/orders", { form: { intent: "status", orderId: "x", status: "confirmed" } })).status(),
    ).toBe(302);
    expect(
      (
        await guest.patch("/api/orders/00000000-0000-4000-8000-000000000000", { data: { status: "confirmed" } })
      ).status(),
    ).toBe(401);

    const buyer = await buyerPage(browser, "seller-refuse");
    const mine = await placeOrderByApi(buyer, [OXFORD], { phone: uniquePhone() });
    const buyerApi = await playwright.request.newContext({
      baseURL,
      maxRedirects: 0,
      storageState: await buyer.context().storageState(),
    });
    for (const path of [
      "/seller/orders",
      "/seller/orders/new",
      "/seller/orders.csv",
      `/seller/orders/${mine.orderId}/invoice`,
    ]) {
      const res = await buyerApi.get(path);
      expect(res.status(), path).toBe(302);
      expect(res.headers().location, path).toBe("/buyer-dashboard");
    }
    const post = await buyerApi.post("/seller/orders", {
      form: { intent: "status", orderId: mine.orderId, status: "confirmed" },
    });
    expect(post.status()).toBe(302);
    const patch = await buyerApi.patch(`/api/orders/${mine.orderId}`, { data: { status: "confirmed" } });
    expect(patch.status()).toBe(403);
    expect(await patch.json()).toEqual({ error: { code: "FORBIDDEN", message: "Only sellers can update orders" } });
    const list = await (await buyerApi.get("/api/orders")).json();
    expect(list.data.orders.map((o: { id: string }) => o.id)).toEqual([mine.orderId]);
    expect((await (await buyerApi.get(`/api/orders/${mine.orderId}`)).json()).data.status).toBe("pending");

    // The owner's API: filters and pages like the tab, bad input refused.
    const owner = await ownerPage(browser);
    const all = await (await owner.request.get(`/api/orders?q=${mine.orderNumber}`)).json();
    expect(all.data).toMatchObject({ total: 1, page: 1, pageSize: 20, pageCount: 1 });
    expect(all.data.orders[0]).toMatchObject({ id: mine.orderId, channel: "web", status: "pending" });
    expect((await owner.request.get("/seller/orders/00000000-0000-4000-8000-000000000000/invoice")).status()).toBe(404);
    expect(
      (
        await owner.request.patch("/api/orders/00000000-0000-4000-8000-000000000000", { data: { status: "confirmed" } })
      ).status(),
    ).toBe(404);
    const bad = await owner.request.patch(`/api/orders/${mine.orderId}`, { data: { status: "teleported" } });
    expect(bad.status()).toBe(400);
    expect((await bad.json()).error.code).toBe("VALIDATION");
  });

  test("the Orders tab passes axe and fits a 390 px phone and a laptop", async ({ browser }) => {
    // Two widths, a full page of orders each, axe twice: more than the default 30 s on a busy machine.
    test.setTimeout(120_000);
    const buyer = await buyerPage(browser, "seller-a11y");
    const phone = uniquePhone();
    await placeOrderByApi(buyer, [OXFORD], { phone });
    for (const width of [390, 1280]) {
      const owner = await ownerPage(browser, { width });
      await gotoHydrated(owner, "/seller/orders");
      await expect(owner.getByRole("heading", { level: 2, name: "Orders" })).toBeVisible();
      await owner.getByTestId("seller-order").first().getByText("Details").click();
      await expectNoSeriousA11yViolations(owner);
      const overflow = await owner.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `sideways scroll at ${width}px`).toBeLessThanOrEqual(0);
      await keepShot(owner, { path: `test-results/seller-orders-${width}.png` });
      await gotoHydrated(owner, "/seller/orders/new");
      await keepShot(owner, { path: `test-results/seller-orders-new-${width}.png` });
      expect(
        await owner.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
      ).toBeLessThanOrEqual(0);
    }
  });
});
