import AxeBuilder from "@axe-core/playwright";
import { expect, type APIRequestContext, type Locator, type Page } from "@playwright/test";

/** Runs axe on the current page and fails on any "serious" or "critical" violation. */
export async function expectNoSeriousA11yViolations(page: Page, opts: { exclude?: string[] } = {}) {
  let builder = new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]);
  for (const selector of opts.exclude ?? []) builder = builder.exclude(selector);
  const results = await builder.analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  const report = serious.flatMap((v) =>
    v.nodes.map(
      (n) =>
        `${v.impact} ${v.id} (${v.help}) at ${n.target.join(" ")}: ${n.failureSummary?.replace(/\s+/g, " ").trim()}`,
    ),
  );
  expect(report, `axe found serious/critical violations on ${page.url()}`).toEqual([]);
}

/** Product cards in the catalogue / featured grids. */
export function productCards(scope: Page | Locator): Locator {
  return scope.getByRole("article");
}

/** Names of the product cards in document order. */
export async function cardNames(page: Page): Promise<string[]> {
  return (await productCards(page).getByRole("heading", { level: 3 }).allInnerTexts()).map((s) => s.trim());
}

/** Parses "Rs 1,299" (the first price in a card: the selling price) into a number. */
export function parseRupees(text: string): number {
  const match = text.match(/Rs\s*([\d,]+)/);
  if (!match) throw new Error(`no price in ${JSON.stringify(text)}`);
  return Number(match[1].replace(/,/g, ""));
}

/** Selling prices of the cards in document order. */
export async function cardPrices(page: Page): Promise<number[]> {
  const texts = await productCards(page).allInnerTexts();
  return texts.map(parseRupees);
}

/** The "Showing N products" status line. */
export function resultCount(page: Page): Locator {
  return page.getByRole("status").filter({ hasText: /Showing \d+ products?|Updating/ });
}

/** A catalogue card by product name. */
export function card(page: Page, name: string): Locator {
  return productCards(page).filter({ has: page.getByRole("heading", { name, exact: true }) });
}

/** Waits until the client-side app has hydrated, so handlers react to clicks and typing. */
export async function waitForHydration(page: Page) {
  // React tags every DOM node it has hydrated with a "__reactProps$..." key.
  await page.waitForFunction(() => {
    const main = document.getElementById("main");
    return Boolean(main && Object.keys(main).some((k) => k.startsWith("__reactProps")));
  });
}

/** Waits until React Router has no navigation or revalidation in flight (so the URL is final). */
export async function waitForRouterIdle(page: Page) {
  await page.waitForFunction(() => {
    const router = (
      window as unknown as {
        __reactRouterDataRouter?: { state: { navigation: { state: string }; revalidation: string } };
      }
    ).__reactRouterDataRouter;
    return Boolean(router && router.state.navigation.state === "idle" && router.state.revalidation === "idle");
  });
}

/** Navigates and waits for hydration. Returns the main document response. */
export async function gotoHydrated(page: Page, url: string) {
  const response = await page.goto(url);
  await waitForHydration(page);
  return response;
}

/** A control by name that may be a link or a button (SPEC.md calls both "buttons"). */
export function linkOrButton(scope: Page | Locator, name: string): Locator {
  return scope.getByRole("link", { name, exact: true }).or(scope.getByRole("button", { name, exact: true }));
}

export const uniqueEmail = (tag: string) => `e2e-${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

// ---------------------------------------------------------------------------------------------------
// The buying journey: accounts, cart and checkout (issue 3).

/** The password every end-to-end buyer gets; long enough for the 12-character rule and not a common one. */
export const E2E_PASSWORD = "correct-horse-42";

export type Account = { name: string; email: string; password: string };

/** A fresh buyer's details (nothing is created yet). */
export function newAccount(tag: string, name = "Ayesha Khan"): Account {
  return { name, email: uniqueEmail(tag), password: E2E_PASSWORD };
}

/**
 * Something that can send requests: a page or browser context (`page.request` shares the context's
 * cookies, so signing in through it signs the page in), or an API request context of its own.
 */
export type Requester = { request: APIRequestContext } | APIRequestContext;

function requestOf(from: Requester): APIRequestContext {
  return "post" in from ? from : from.request;
}

/**
 * Creates the account through better-auth's own route (quick; the UI sign-up has its own tests). Given
 * a page, the page's browser context is signed in as the new buyer.
 */
export async function createAccount(from: Requester, account: Account) {
  const res = await requestOf(from).post("/api/auth/sign-up/email", {
    data: { name: account.name, email: account.email, password: account.password },
  });
  expect(res.status(), `sign-up failed: ${await res.text()}`).toBe(200);
  return account;
}

/** Signs the page's browser context in through the API (no page visit). */
export async function signInByApi(from: Requester, email: string, password: string) {
  const res = await requestOf(from).post("/api/auth/sign-in/email", { data: { email, password } });
  expect(res.status(), `sign-in failed: ${await res.text()}`).toBe(200);
}

/** Fills and sends the Create Account form on the page as it is (/auth?mode=signup...). */
export async function submitSignUp(page: Page, fields: Partial<Account> & { confirm?: string }) {
  const form = page.getByRole("form", { name: "Create account" });
  await form.getByRole("textbox", { name: "Full Name" }).fill(fields.name ?? "");
  await form.getByRole("textbox", { name: "Email" }).fill(fields.email ?? "");
  await form.getByRole("textbox", { name: "Password", exact: true }).fill(fields.password ?? "");
  await form.getByRole("textbox", { name: "Confirm Password" }).fill(fields.confirm ?? fields.password ?? "");
  await form.getByRole("button", { name: "Create Account" }).click();
}

/** Registers through the sign-up page and waits until it has left /auth. */
export async function signUp(page: Page, account: Account, redirectTo?: string) {
  await gotoHydrated(page, `/auth?mode=signup${redirectTo ? `&redirectTo=${encodeURIComponent(redirectTo)}` : ""}`);
  await submitSignUp(page, account);
  await expect(page).not.toHaveURL(/\/auth\b/);
}

/** Fills and sends the Sign In form on the page as it is. */
export async function submitSignIn(page: Page, email: string, password: string) {
  const form = page.getByRole("form", { name: "Sign in" });
  await form.getByRole("textbox", { name: "Email" }).fill(email);
  await form.getByRole("textbox", { name: "Password", exact: true }).fill(password);
  await form.getByRole("button", { name: "Sign In" }).click();
}

/** Signs in through the sign-in page and waits until it has left /auth. */
export async function signIn(page: Page, email: string, password: string, redirectTo?: string) {
  await gotoHydrated(page, `/auth?mode=login${redirectTo ? `&redirectTo=${encodeURIComponent(redirectTo)}` : ""}`);
  await submitSignIn(page, email, password);
  await expect(page).not.toHaveURL(/\/auth\b/);
}

/**
 * The header's account menu control: the <summary> of a <details> disclosure, named "Account menu for
 * {name}". Browsers expose a summary as a button by themselves (it carries no role="button"), but
 * Playwright's role table has no entry for it, so it is found by its label.
 */
export function accountMenuControl(page: Page, name: string | RegExp = /^Account menu for /): Locator {
  return page.getByRole("banner").locator(labelledSummary(page, name));
}

const labelledSummary = (page: Page, name: string | RegExp) => page.locator("summary").and(page.getByLabel(name));

/** Opens the header's account menu (a disclosure) and returns its panel. */
export async function openUserMenu(page: Page) {
  const summary = accountMenuControl(page);
  if ((await summary.getAttribute("aria-expanded")) !== "true") await summary.click();
  // The panel under the summary (the summary repeats the name on wider screens).
  const menu = page
    .getByRole("banner")
    .locator("details")
    .filter({ has: labelledSummary(page, /^Account menu for /) })
    .locator(":scope > div");
  await expect(menu.getByRole("button", { name: "Sign Out" })).toBeVisible();
  return menu;
}

/** The header cart link: its name says the total quantity ("Cart, 3 items"). */
export function cartLink(page: Page): Locator {
  return page.getByRole("banner").getByRole("link", { name: /^Cart, \d+ items?$/ });
}

/** Waits for the header cart badge to read `count` (no badge at all for 0). */
export async function expectCartCount(page: Page, count: number) {
  await expect(cartLink(page)).toHaveAccessibleName(`Cart, ${count} ${count === 1 ? "item" : "items"}`);
  const badge = page.getByTestId("cart-badge");
  if (count === 0) await expect(badge).toHaveCount(0);
  else await expect(badge).toHaveText(String(count));
}

/** A toast (or server-rendered flash) with this text. */
export function toast(page: Page, text: string | RegExp): Locator {
  return page.getByRole("status").or(page.getByRole("alert")).filter({ hasText: text });
}

/** Checks a colour and size on a product page (either may be left as preselected). */
export async function chooseVariant(page: Page, opts: { color?: string; size?: string; quantity?: number }) {
  if (opts.color)
    await page
      .getByRole("group", { name: /^Colour/ })
      .getByRole("radio", { name: opts.color, exact: true })
      .check();
  if (opts.size)
    await page.getByRole("group", { name: /^Size/ }).getByRole("radio", { name: opts.size, exact: true }).check();
  if (opts.quantity && opts.quantity > 1) {
    const plus = page.getByRole("button", { name: "Increase quantity" });
    for (let q = 1; q < opts.quantity; q++) await plus.click();
    await expect(page.getByRole("spinbutton", { name: "Quantity" })).toHaveValue(String(opts.quantity));
  }
}

/** Adds a product to the cart from its page with the buttons a shopper uses (JavaScript on, signed in). */
export async function addToCart(
  page: Page,
  productId: string,
  opts: { color?: string; size?: string; quantity?: number; name?: string } = {},
) {
  await gotoHydrated(page, `/product/${productId}`);
  await chooseVariant(page, opts);
  const name = opts.name ?? (await page.getByRole("heading", { level: 1 }).innerText()).trim();
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(toast(page, `${name} added to cart!`)).toBeVisible();
}

export type CartItem = { productId: string; color: string; size: string; quantity: number };

/** Puts an item in the signed-in context's cart through the JSON API (for setting up a test). */
export async function addToCartByApi(from: Requester, item: CartItem) {
  const res = await requestOf(from).post("/api/cart/items", { data: item });
  expect(res.status(), `add to cart failed: ${await res.text()}`).toBe(201);
}

/** The signed-in context's cart lines from the JSON API. */
export async function cartItemsByApi(
  from: Requester,
): Promise<{ id: string; productId: string; color: string; size: string; quantity: number }[]> {
  const res = await requestOf(from).get("/api/cart");
  expect(res.status()).toBe(200);
  return (await res.json()).data.items;
}

/** Stock of one variant, read fresh (a signed-in request skips the guests' page cache). */
export async function variantStock(from: Requester, productId: string, color: string, size: string): Promise<number> {
  const res = await requestOf(from).get(`/api/products/${productId}`);
  expect(res.status()).toBe(200);
  const variant = (await res.json()).data.variants.find(
    (v: { color: string; size: string }) => v.color === color && v.size === size,
  );
  if (!variant) throw new Error(`${productId} has no ${color}/${size}`);
  return variant.stock;
}

/** Places an order through the JSON API (explicit items, so the cart is left alone); returns its id and number. */
export async function placeOrderByApi(from: Requester, items: CartItem[], shipping: Partial<ShippingDetails> = {}) {
  const res = await requestOf(from).post("/api/orders", {
    headers: { "Idempotency-Key": `e2e-${Date.now()}-${Math.random()}` },
    data: { items, shipping: { ...TEST_SHIPPING, ...shipping }, paymentMethod: "cod" },
  });
  expect(res.status(), `order failed: ${await res.text()}`).toBe(201);
  return (await res.json()).data as { orderId: string; orderNumber: string };
}

/** A cart line on /cart by product name. */
export function cartLine(page: Page, name: string): Locator {
  return page
    .getByRole("region", { name: "Cart items" })
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name, exact: true }) });
}

export type ShippingDetails = {
  fullName: string;
  email: string;
  phone: string;
  city: string;
  cityOther?: string;
  address: string;
  postalCode?: string;
};

export const TEST_SHIPPING: ShippingDetails = {
  fullName: "Ayesha Khan",
  email: "ayesha.khan@example.com",
  phone: "0300 1234567",
  city: "Karachi",
  address: "House 12, Street 5, DHA Phase 6",
  postalCode: "75500",
};

/** The checkout form on /cart or /checkout. */
export function checkoutForm(page: Page): Locator {
  return page.getByRole("form", { name: "Checkout" });
}

/** Fills the checkout form; fields left out are left as they are, "" clears one. */
export async function fillShipping(page: Page, values: Partial<ShippingDetails>) {
  const form = checkoutForm(page);
  if (values.fullName !== undefined) await form.getByRole("textbox", { name: "Full Name" }).fill(values.fullName);
  if (values.email !== undefined) await form.getByRole("textbox", { name: "Email" }).fill(values.email);
  if (values.phone !== undefined) await form.getByRole("textbox", { name: "Phone" }).fill(values.phone);
  if (values.city !== undefined)
    await form.getByRole("combobox", { name: "City" }).selectOption(values.city === "" ? "" : { label: values.city });
  if (values.cityOther !== undefined)
    await form.getByRole("textbox", { name: "Town name (if Other)" }).fill(values.cityOther);
  if (values.address !== undefined) await form.getByRole("textbox", { name: "Shipping Address" }).fill(values.address);
  if (values.postalCode !== undefined) await form.getByRole("textbox", { name: "Postal Code" }).fill(values.postalCode);
}

/** The checkout form still holds these details (after a failed Place Order, a sign-in, a reload). */
export async function expectShipping(page: Page, values: ShippingDetails) {
  const form = checkoutForm(page);
  await expect(form.getByRole("textbox", { name: "Full Name" })).toHaveValue(values.fullName);
  await expect(form.getByRole("textbox", { name: "Email" })).toHaveValue(values.email);
  await expect(form.getByRole("textbox", { name: "Phone" })).toHaveValue(values.phone);
  await expect(form.getByRole("combobox", { name: "City" }).locator("option:checked")).toHaveText(values.city);
  await expect(form.getByRole("textbox", { name: "Shipping Address" })).toHaveValue(values.address);
}

/**
 * PRODUCT.md's delivery estimate as the buyer reads it: Karachi 3-5 working days, elsewhere 5-7,
 * counted in Pakistan time from the day after ordering, Sundays skipped ("Wed 26 Nov – Fri 28 Nov").
 */
export function expectedDeliveryRange(karachi: boolean, placedAt = new Date()): string {
  const [min, max] = karachi ? [3, 5] : [5, 7];
  const day = 24 * 60 * 60 * 1000;
  const pkt = new Date(placedAt.getTime() + 5 * 60 * 60 * 1000);
  const start = Date.UTC(pkt.getUTCFullYear(), pkt.getUTCMonth(), pkt.getUTCDate());
  const after = (n: number) => {
    let d = start;
    for (let counted = 0; counted < n;) {
      d += day;
      if (new Date(d).getUTCDay() !== 0) counted++;
    }
    return new Intl.DateTimeFormat("en-GB", {
      timeZone: "UTC",
      weekday: "short",
      day: "numeric",
      month: "short",
    }).format(new Date(d + 12 * 60 * 60 * 1000));
  };
  return `${after(min)} – ${after(max)}`;
}

// ---------------------------------------------------------------------------------------------------
// The owner's dashboard (issue 7).

export { SELLER } from "../../playwright.config";

/** Signs the page's browser context in as the shop owner the e2e server starts with (no page visit). */
export async function signInAsOwner(from: Requester) {
  const { SELLER } = await import("../../playwright.config");
  await signInByApi(from, SELLER.email, SELLER.password);
}

/**
 * A screenshot for a person to look at (E2E_SHOTS=1 npx playwright test ...): not an assertion, so
 * CI skips it. A full-page screenshot of a long page costs seconds on a busy machine and once ran a
 * test past its timeout.
 */
export async function keepShot(target: Page | Locator, options: { path: string; fullPage?: boolean }): Promise<void> {
  if (!process.env.E2E_SHOTS) return;
  await target.screenshot(options);
}

/**
 * The number of the order whose page the browser was just sent to (after Place Order): the address
 * bar can change a moment before the new page is drawn, so its heading is waited for first.
 */
export async function placedOrderNumber(page: Page): Promise<string> {
  await expect(page).toHaveURL(/\/orders\/[\w-]+$/);
  const heading = page.getByRole("heading", { level: 1 });
  await expect(heading).toHaveText(/^Order [A-Z]+-\d+$/);
  return (await heading.innerText()).replace(/^Order /, "").trim();
}
