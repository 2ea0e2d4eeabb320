import { expect, test, type BrowserContextOptions, type Page } from "@playwright/test";
import {
  addToCartByApi,
  checkoutForm,
  createAccount,
  expectNoSeriousA11yViolations,
  expectShipping,
  fillShipping,
  gotoHydrated,
  newAccount,
  signInAsOwner,
  TEST_SHIPPING,
  keepShot,
} from "./helpers";
import { expectValidHtml } from "./html-check";
import { readSettingsForm, saveSettings, scrollsSideways, type SettingsForm } from "./overview-helpers";
import { createProductByApi } from "./products-helpers";

/**
 * Issue 20 from end to end: the owner adds a discount code and a scheduled sale on Dashboard ->
 * Discounts; a buyer sees the sale price on the listing and the product page, is told how much
 * more ships free, tries a wrong code and then the right one at checkout, places the order and
 * sees the discount on it; the owner sees the code's use. Then on a phone, and without JavaScript.
 * The sale covers a product this spec makes, so no other spec's prices move; the free-shipping
 * threshold it sets is put back afterwards.
 */

const suffix = `${Date.now() % 1_000_000}${Math.floor(Math.random() * 10)}`;
const PRODUCT = `Eid Lawn Kurta ${suffix}`;
const CODE = `EID${suffix}`;
const SALE = `Eid Sale ${suffix}`;
// Rs 4,000 with 25 % off is Rs 3,000; the code takes 10 % of that (Rs 300); shipping Rs 200 below Rs 5,000.
const PRICE = 4000;
const SALE_PRICE = 3000;
const CODE_OFF = 300;
const SHIPPING_FEE = 200;
const THRESHOLD = 5000;
const rs = (n: number) => `Rs ${n.toLocaleString("en-US")}`;
/** A `datetime-local` value in Pakistan time, `minutes` from now. */
const pakistanLocal = (minutes: number) =>
  new Date(Date.now() + minutes * 60_000 + 5 * 3600_000).toISOString().slice(0, 16);

const PHONE: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 2,
};

test.describe.serial("promotions", () => {
  let owner: Page;
  let settingsBefore: SettingsForm;
  let productId: string;

  test.beforeAll(async ({ browser, baseURL }) => {
    owner = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await signInAsOwner(owner);
    settingsBefore = await readSettingsForm(owner);
    await saveSettings(owner.request, baseURL!, {
      ...settingsBefore,
      shippingFee: String(SHIPPING_FEE),
      freeShippingThreshold: String(THRESHOLD),
    });
    productId = await createProductByApi(owner.request, {
      name: PRODUCT,
      category: "t-shirts",
      price: PRICE,
      stock: 50,
      colors: ["Black"],
      sizes: ["M"],
    });
  });

  test.afterAll(async ({ baseURL }) => {
    // The sale ends (if a step failed before that), the product leaves the shop, the settings come back.
    await owner.goto("/seller/discounts");
    const sale = owner.getByRole("article", { name: SALE, exact: true });
    if (await sale.count()) await sale.getByRole("button", { name: new RegExp(`^(End now|Remove) ${SALE}$`) }).click();
    if (productId) await owner.request.delete(`/api/products/${productId}`);
    await saveSettings(owner.request, baseURL!, settingsBefore);
    await owner.context().close();
  });

  test("the owner adds a discount code and a scheduled sale on Dashboard -> Discounts", async () => {
    await gotoHydrated(owner, "/seller-dashboard");
    await owner.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Discounts" }).click();
    await expect(owner).toHaveURL(/\/seller\/discounts$/);

    // A wrong form first: the browser checks it with the action's own schema, so the messages show
    // beside the fields, what was typed kept, and nothing is sent.
    const posts: string[] = [];
    const countPosts = (request: { method(): string; url(): string }) => {
      if (request.method() === "POST") posts.push(request.url());
    };
    owner.on("request", countPosts);
    const add = owner.getByRole("form", { name: "Add Discount" });
    await add.getByRole("textbox", { name: "Code" }).fill(`${CODE}!`);
    await add.getByRole("textbox", { name: "Discount value" }).fill("150");
    await add.getByRole("button", { name: "Add Discount" }).click();
    await expect(add.getByRole("textbox", { name: "Code" })).toHaveAccessibleDescription(
      /Use 3 to 20 letters and digits only, e\.g\. EID20/,
    );
    await expect(add.getByText("Enter a percent from 1 to 100")).toBeVisible();
    await expect(add.getByRole("textbox", { name: "Code" })).toBeFocused();
    await expect(add.getByRole("textbox", { name: "Code" })).toHaveValue(`${CODE}!`);
    expect(posts, "a refused form is not sent").toEqual([]);
    owner.off("request", countPosts);

    await add.getByRole("textbox", { name: "Code" }).fill(CODE.toLowerCase());
    await add.getByRole("combobox", { name: "Discount type" }).selectOption({ label: "Percent off" });
    await add.getByRole("textbox", { name: "Discount value" }).fill("10");
    await add.getByRole("textbox", { name: "Minimum order (PKR)" }).fill("2,000");
    await add.getByRole("textbox", { name: "Total uses" }).fill("50");
    await add.getByRole("textbox", { name: "Ends (Pakistan time)" }).fill(pakistanLocal(7 * 24 * 60));
    await add.getByRole("combobox", { name: "Applies to" }).selectOption({ label: "Some products" });
    await add.getByRole("listbox", { name: "Products" }).selectOption({ label: PRODUCT });
    await add.getByRole("button", { name: "Add Discount" }).click();
    const card = owner.getByRole("article", { name: CODE, exact: true });
    await expect(card).toContainText("10% off");
    await expect(card).toContainText(PRODUCT);
    await expect(card).toContainText("minimum order Rs 2,000; 50 uses in all");
    await expect(card.getByText("Active", { exact: true })).toBeVisible();

    const sale = owner.getByRole("form", { name: "Add Sale" });
    await sale.getByRole("textbox", { name: "Sale name" }).fill(SALE);
    await sale.getByRole("textbox", { name: "Percent off" }).fill("25");
    await sale.getByRole("textbox", { name: "Starts (Pakistan time)" }).fill(pakistanLocal(-5));
    await sale.getByRole("textbox", { name: "Ends (Pakistan time)" }).fill(pakistanLocal(24 * 60));
    await sale.getByRole("combobox", { name: "Applies to" }).selectOption({ label: "Some products" });
    await sale.getByRole("listbox", { name: "Products" }).selectOption({ label: PRODUCT });
    await sale.getByRole("button", { name: "Add Sale" }).click();
    const saleCard = owner.getByRole("article", { name: SALE, exact: true });
    await expect(saleCard).toContainText("25% off");
    await expect(saleCard.getByText("Running", { exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(owner);
    // Kept to be looked at (test-results/promotions), as the shipping pages are.
    await keepShot(owner, { path: "test-results/promotions/discounts-laptop.png", fullPage: true });
  });

  test("a buyer sees the sale price, a wrong code and then the right one, and the order carries the discount", async ({
    browser,
  }) => {
    const buyer = await (await browser.newContext()).newPage();
    await createAccount(buyer, newAccount(`promo-${suffix}`, "Hira Baig"));

    // The listing and the product page: the sale price, the regular price struck through, the badge.
    await gotoHydrated(buyer, `/products?q=${encodeURIComponent(PRODUCT)}`);
    const listed = buyer.getByRole("article").filter({ hasText: PRODUCT });
    await expect(listed).toContainText(rs(SALE_PRICE));
    await expect(listed.locator("s")).toHaveText(`Original price ${rs(PRICE)}`);
    await expect(listed.getByText("Sale", { exact: true })).toBeVisible();
    await buyer.goto(`/product/${productId}`);
    const main = buyer.getByRole("main");
    await expect(main.locator("s").first()).toHaveText(`Original price ${rs(PRICE)}`);
    await expect(main.getByText("Sale", { exact: true }).first()).toBeVisible();
    // The API agrees.
    const api = (await (await buyer.request.get(`/api/products/${productId}`)).json()).data;
    expect(api).toMatchObject({ price: SALE_PRICE, originalPrice: PRICE, onSale: true });

    await addToCartByApi(buyer, { productId, color: "Black", size: "M", quantity: 1 });
    await gotoHydrated(buyer, "/cart");
    await expect(buyer.getByTestId("free-shipping-nudge")).toHaveText(
      `Add ${rs(THRESHOLD - SALE_PRICE)} more for free shipping`,
    );

    await gotoHydrated(buyer, "/checkout");
    const form = checkoutForm(buyer);
    const details = { ...TEST_SHIPPING, phone: `0333${suffix.padStart(7, "0").slice(-7)}` };
    await fillShipping(buyer, details);
    const code = form.getByRole("textbox", { name: "Discount code" });
    await code.fill(`NOPE${suffix}`);
    await form.getByRole("button", { name: "Apply" }).click();
    await expect(form.getByText("This code is not valid")).toBeVisible();
    await expectShipping(buyer, details);
    await expect(form.getByTestId("total")).toHaveText(rs(SALE_PRICE + SHIPPING_FEE));

    await code.fill(CODE.toLowerCase());
    await form.getByRole("button", { name: "Apply" }).click();
    await expect(form.getByRole("status")).toHaveText(`${CODE} applied: you save ${rs(CODE_OFF)}`);
    await expect(form.getByTestId("discount")).toHaveText(`−${rs(CODE_OFF)}`);
    await expect(form.getByTestId("total")).toHaveText(rs(SALE_PRICE - CODE_OFF + SHIPPING_FEE));
    await expect(form.getByTestId("free-shipping-nudge")).toHaveText(
      `Add ${rs(THRESHOLD - SALE_PRICE + CODE_OFF)} more for free shipping`,
    );
    await expectShipping(buyer, details);

    await form.getByRole("button", { name: "Place Order" }).click();
    await expect(buyer).toHaveURL(/\/orders\/[0-9a-f-]{36}$/);
    await expect(buyer.getByRole("main")).toContainText(`Discount (${CODE})`);
    await expect(buyer.getByRole("main")).toContainText(`−${rs(CODE_OFF)}`);
    const orderId = buyer.url().split("/").pop()!;
    const order = (await (await buyer.request.get(`/api/orders/${orderId}`)).json()).data;
    expect(order).toMatchObject({
      subtotal: SALE_PRICE,
      discountCode: CODE,
      discountTotal: CODE_OFF,
      shippingFee: SHIPPING_FEE,
      total: SALE_PRICE - CODE_OFF + SHIPPING_FEE,
    });
    await buyer.context().close();

    // The owner sees the use, the order and the rupees given.
    await owner.goto("/seller/discounts");
    const card = owner.getByRole("article", { name: CODE, exact: true });
    await expect(card).toContainText(`Uses1 of 50`);
    await expect(card).toContainText(`Discount given${rs(CODE_OFF)}`);
    await card.getByRole("link", { name: `Edit and orders of ${CODE}` }).click();
    await expect(owner.getByRole("heading", { name: `Orders that used ${CODE}` })).toBeVisible();
    await expect(owner.getByRole("listitem").filter({ hasText: order.orderNumber })).toContainText(
      `${rs(CODE_OFF)} off`,
    );
    // Both owner pages, with a code, a sale and an order on them, are valid HTML.
    await expectValidHtml(owner.request, new URL(owner.url()).pathname);
    await expectValidHtml(owner.request, "/seller/discounts");
  });

  test("on a phone the discount applies on the cart page, and nothing scrolls sideways", async ({ browser }) => {
    const buyer = await (await browser.newContext(PHONE)).newPage();
    await createAccount(buyer, newAccount(`promo-phone-${suffix}`, "Sana Mir"));
    await addToCartByApi(buyer, { productId, color: "Black", size: "M", quantity: 2 });
    await gotoHydrated(buyer, "/cart");
    const form = checkoutForm(buyer);
    // Two at the sale price pass the threshold.
    await expect(form.getByTestId("free-shipping-nudge")).toHaveText("Your order ships free");
    await form.getByRole("textbox", { name: "Discount code" }).fill(CODE);
    await form.getByRole("button", { name: "Apply" }).click();
    await expect(form.getByRole("status")).toHaveText(`${CODE} applied: you save ${rs(2 * CODE_OFF)}`);
    // 6,000 less 600 is 5,400: still free.
    await expect(form.getByTestId("shipping")).toHaveText("Free");
    await expect(form.getByTestId("total")).toHaveText(rs(2 * SALE_PRICE - 2 * CODE_OFF));
    expect(await scrollsSideways(buyer)).toBe(false);

    await owner.setViewportSize({ width: 390, height: 844 });
    await owner.goto("/seller/discounts");
    expect(await scrollsSideways(owner)).toBe(false);
    await keepShot(owner, { path: "test-results/promotions/discounts-phone.png", fullPage: true });
    await keepShot(buyer, { path: "test-results/promotions/cart-phone.png", fullPage: true });
    await owner.setViewportSize({ width: 1280, height: 900 });
    await buyer.context().close();
  });

  test("without JavaScript the server refuses a wrong code form with the same messages, what was typed kept", async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await signInAsOwner(page);
    await page.goto("/seller/discounts");
    const add = page.getByRole("form", { name: "Add Discount" });
    await add.getByRole("textbox", { name: "Code" }).fill("NO JS!");
    await add.getByRole("textbox", { name: "Discount value" }).fill("150");
    await add.getByRole("textbox", { name: "Total uses" }).fill("0");
    await add.getByRole("button", { name: "Add Discount" }).click();
    await expect(add.getByRole("alert")).toHaveText("Nothing was saved: please correct the fields marked below.");
    await expect(add.getByRole("textbox", { name: "Code" })).toHaveValue("NO JS!");
    await expect(add.getByRole("textbox", { name: "Code" })).toHaveAccessibleDescription(
      /Use 3 to 20 letters and digits only, e\.g\. EID20/,
    );
    await expect(add.getByRole("textbox", { name: "Discount value" })).toHaveValue("150");
    await expect(add.getByText("Enter a percent from 1 to 100")).toBeVisible();
    await expect(add.getByRole("textbox", { name: "Total uses" })).toHaveValue("0");
    await expect(page.getByRole("article", { name: "NO JS!" })).toHaveCount(0);
    await context.close();
  });

  test("without JavaScript the code is applied and the order placed with it", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const buyer = await context.newPage();
    await createAccount(buyer, newAccount(`promo-nojs-${suffix}`, "Zara Ali"));
    await addToCartByApi(buyer, { productId, color: "Black", size: "M", quantity: 1 });
    await buyer.goto("/checkout");
    const details = { ...TEST_SHIPPING, phone: `0334${suffix.padStart(7, "0").slice(-7)}` };
    await fillShipping(buyer, details);
    const form = checkoutForm(buyer);
    await form.getByRole("textbox", { name: "Discount code" }).fill(CODE);
    await form.getByRole("button", { name: "Apply" }).click();
    await expect(form.getByRole("status")).toHaveText(`${CODE} applied: you save ${rs(CODE_OFF)}`);
    await expectShipping(buyer, details);
    await form.getByRole("button", { name: "Place Order" }).click();
    await expect(buyer).toHaveURL(/\/orders\/[0-9a-f-]{36}$/);
    await expect(buyer.getByRole("main")).toContainText(`Discount (${CODE})`);
    await context.close();
  });
});
