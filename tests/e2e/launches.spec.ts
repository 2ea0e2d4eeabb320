import { expect, test, type Browser, type Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { products, users } from "../../app/schema";
import { toShopDateTimeLocal } from "../../app/lib/shop-time";
import { hasPostgres } from "../setup/pg-cluster";
import {
  checkoutForm,
  createAccount,
  E2E_PASSWORD,
  fillShipping,
  gotoHydrated,
  newAccount,
  signInByApi,
} from "./helpers";
import { expectValidHtml } from "./html-check";
import { startOwnPostgresShop, type OwnShop } from "./own-postgres-shop";

/**
 * Launch day (issue 43), the owner's side at 390 px: Products -> Launch refuses an incomplete form
 * beside each field and keeps what was typed, schedules a launch for midnight with a limit per
 * customer; the product page and its category's listing count down; opened, the product is on sale
 * with its limit, and a buyer asking more than the limit at checkout is refused in its words. A
 * shop of its own on PostgreSQL, whose products the spec prepares.
 */

test.describe.configure({ mode: "serial", timeout: 120_000 });
test.skip(!hasPostgres(), "needs Debian's postgresql package");

const PRODUCT = { id: "pocket-tee", name: "Everyday Pocket Tee", color: "Gray", size: "M" };
const owner = newAccount("launch-owner", "Shop Owner");
let own: OwnShop | undefined;

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(300_000);
  own = await startOwnPostgresShop("launches");
  const api = await playwright.request.newContext({ baseURL: own.url, extraHTTPHeaders: { origin: own.url } });
  await createAccount(api, owner);
  await api.dispose();
  await own.database.db.update(users).set({ role: "seller" }).where(eq(users.email, owner.email));
  // A product the owner has not put on sale yet.
  await own.database.db.update(products).set({ status: "draft" }).where(eq(products.id, PRODUCT.id));
});

test.afterAll(async () => {
  test.setTimeout(60_000);
  await own?.stop();
});

async function pageAs(browser: Browser, email: string | null): Promise<Page> {
  const context = await browser.newContext({ baseURL: own!.url, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  if (email) await signInByApi(page, email, E2E_PASSWORD);
  return page;
}

test("at 390 px the owner schedules a midnight launch with a limit; the product counts down, opens, and holds the limit at checkout", async ({
  browser,
}) => {
  const page = await pageAs(browser, owner.email);
  try {
    await gotoHydrated(page, "/seller/products");
    await page.getByRole("link", { name: "Launch", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Launches" })).toBeVisible();
    await expect(page.getByText("No launches yet.")).toBeVisible();
    const form = page.getByRole("form", { name: "New launch" });
    // Nothing chosen: each field says what it needs, and what was typed stays.
    await form.getByLabel("Limit per customer (pieces of each product)").fill("60");
    await form.getByRole("button", { name: "Save launch" }).click();
    await expect(form.getByLabel("Launch name")).toHaveAccessibleDescription(
      "Enter a name for the launch (up to 80 characters)",
    );
    await expect(form.getByLabel("Opens at (Pakistan time)")).toHaveAccessibleDescription(
      /^Enter the date and time it opens \(Pakistan time\)/,
    );
    await expect(form.getByText("Choose at least one product")).toBeVisible();
    await expect(form.getByLabel("Limit per customer (pieces of each product)")).toHaveValue("60");
    // Midnight tonight (the start of tomorrow, Pakistan time).
    const midnight = new Date(Date.now() + 5 * 3600_000);
    midnight.setUTCHours(19, 0, 0, 0); // 00:00 in Pakistan is 19:00 UTC the day before
    if (midnight.getTime() < Date.now() + 60_000) midnight.setUTCDate(midnight.getUTCDate() + 1);
    await form.getByLabel("Launch name").fill("Eid Lawn Drop");
    await form.getByLabel("Opens at (Pakistan time)").fill(toShopDateTimeLocal(midnight));
    await form.getByRole("checkbox", { name: new RegExp(PRODUCT.name) }).check();
    await form.getByRole("button", { name: "Save launch" }).click();
    await expect(form.getByLabel("Limit per customer (pieces of each product)")).toHaveAccessibleDescription(
      /^Enter a whole number from 1 to 50, or leave it empty for no limit/,
    );
    await expect(form.getByLabel("Launch name")).toHaveValue("Eid Lawn Drop");
    await form.getByLabel("Limit per customer (pieces of each product)").fill("2");
    await form.getByRole("button", { name: "Save launch" }).click();
    await expect(page.getByText(/^Eid Lawn Drop opens .* \(Pakistan time\)$/)).toBeVisible();
    const launch = page.getByTestId("launch").filter({ hasText: "Eid Lawn Drop" });
    await expect(launch).toContainText("Scheduled");
    await expect(launch).toContainText("At most 2 of each per customer");
    await expect(launch).toContainText(PRODUCT.name);
    await expectValidHtml(page.request, "/seller/products/launch");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  } finally {
    await page.context().close();
  }

  // A shopper sees it coming, with the time left as the server counts it.
  const guest = await pageAs(browser, null);
  try {
    await gotoHydrated(guest, `/product/${PRODUCT.id}`);
    await expect(guest.getByText("This product is coming soon and cannot be ordered yet.")).toBeVisible();
    await expect(guest.getByTestId("launch-countdown")).toContainText(
      // Within the last hour before midnight the countdown reads to the second, as on the listing.
      /^Opens .* \(Pakistan time\) · in (\d+ h \d\d min|\d+ min \d\d s)$/,
    );
    await expect(guest.getByText("At most 2 of this per customer.")).toBeVisible();
    // Without JavaScript the page reloads itself after the opening; with it, only the countdown asks.
    const html = await (await guest.request.get(`/product/${PRODUCT.id}`)).text();
    const refresh = Number(/<noscript><meta http-equiv="refresh" content="(\d+)"><\/noscript>/.exec(html)?.[1]);
    expect(refresh).toBeGreaterThan(60);
    expect(refresh).toBeLessThanOrEqual(25 * 3600);
    await expect(guest.locator('meta[http-equiv="refresh"]')).toHaveCount(0);
    // Its category's listing names the launch above the products, with the same countdown, and the
    // card says when it opens; nothing wider than the phone.
    await gotoHydrated(guest, "/category/t-shirts");
    await expect(guest.getByTestId("launch-banner")).toContainText(
      /^Eid Lawn Drop opens .* \(Pakistan time\) · in \d+ (h \d\d min|min \d\d s)$/,
    );
    const card = guest.getByTestId("product-card").filter({ hasText: PRODUCT.name });
    await expect(card).toContainText("Coming Soon");
    await expect(card.getByTestId("card-opens-at")).toHaveText(/^Opens \d{1,2} \w{3} \d{4}, 12:00 am$/);
    expect(await guest.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  } finally {
    await guest.context().close();
  }

  // The owner opens it now (its time moved to the past): on sale, with its limit.
  const again = await pageAs(browser, owner.email);
  try {
    await gotoHydrated(again, "/seller/products/launch");
    await again.getByRole("link", { name: "Edit Eid Lawn Drop" }).click();
    const edit = again.getByRole("form", { name: "Edit Eid Lawn Drop" });
    await edit.getByLabel("Opens at (Pakistan time)").fill(toShopDateTimeLocal(new Date(Date.now() - 60_000)));
    await edit.getByRole("button", { name: "Save launch" }).click();
    await expect(again.getByText("Eid Lawn Drop is open: its products are on sale")).toBeVisible();
    await expect(again.getByTestId("launch").filter({ hasText: "Eid Lawn Drop" })).toContainText("Open");
  } finally {
    await again.context().close();
  }

  const buyerAccount = newAccount("launch-buyer", "Hina Baig");
  const api = await browser.newContext({ baseURL: own!.url });
  await createAccount(api.request, buyerAccount);
  await api.close();
  const buyer = await pageAs(browser, buyerAccount.email);
  try {
    await gotoHydrated(buyer, `/product/${PRODUCT.id}`);
    await expect(buyer.getByTestId("launch-limit")).toHaveText("Eid Lawn Drop: at most 2 of this per customer.");
    await gotoHydrated(buyer, `/checkout?product=${PRODUCT.id}&color=${PRODUCT.color}&size=${PRODUCT.size}&quantity=3`);
    await fillShipping(buyer, { phone: "0345 5550303", city: "Lahore", address: "House 7, Street 1, Gulberg" });
    await checkoutForm(buyer).getByRole("button", { name: "Place Order" }).click();
    await expect(checkoutForm(buyer).getByRole("alert")).toHaveText(
      "This launch allows 2 pieces of Everyday Pocket Tee per customer.",
    );
    await expect(checkoutForm(buyer).getByRole("textbox", { name: "Shipping Address" })).toHaveValue(
      "House 7, Street 1, Gulberg",
    );
  } finally {
    await buyer.context().close();
  }
});
