import { expect, test, type Browser, type Locator, type Page } from "@playwright/test";
import {
  createAccount,
  expectNoSeriousA11yViolations,
  gotoHydrated,
  newAccount,
  placeOrderByApi,
  signInAsOwner,
  type CartItem,
} from "./helpers";

/**
 * The owner's dashboard one-handed on a phone (issue 17): one row of tabs that stays in reach, and
 * what the owner came for (the first order with its WhatsApp and Call buttons, the stat cards, the
 * first product) inside the first screen of a 390 x 844 phone. The laptop layout keeps its sidebar.
 */

const PHONE = { width: 390, height: 844 };
// A seeded product no other spec counts the stock of.
const HOODIE: CartItem = { productId: "zip-up-fleece-hoodie", color: "Green", size: "M", quantity: 1 };

async function ownerOn(browser: Browser, viewport = PHONE, javaScriptEnabled = true): Promise<Page> {
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

/** The element's box lies wholly inside the first screen (no scrolling). */
async function expectInFirstScreen(locator: Locator, what: string) {
  const box = await locator.boundingBox();
  expect(box, `${what} is drawn`).not.toBeNull();
  expect(box!.y, `${what} starts on screen`).toBeGreaterThanOrEqual(0);
  expect(box!.x, `${what} starts on screen`).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height, `${what} ends within the first ${PHONE.height} px`).toBeLessThanOrEqual(PHONE.height);
  expect(box!.x + box!.width, `${what} fits the width`).toBeLessThanOrEqual(PHONE.width);
}

function dashboardNav(page: Page): Locator {
  return page.getByRole("navigation", { name: "Dashboard" });
}

/** Tabs that are at least partly inside the strip's visible box. */
async function tabsInView(page: Page): Promise<string[]> {
  return dashboardNav(page).evaluate((nav) => {
    const list = nav.querySelector("ul")!;
    const strip = list.getBoundingClientRect();
    return [...list.querySelectorAll("a")]
      .filter((a) => {
        const r = a.getBoundingClientRect();
        return r.right > strip.left + 1 && r.left < strip.right - 1;
      })
      .map((a) => a.querySelector("span")!.textContent!.trim());
  });
}

test.describe("the owner's dashboard on a 390 x 844 phone", () => {
  test("the tabs take one row, stay in reach while scrolling, and the first order with WhatsApp and Call is in the first screen", async ({
    browser,
  }) => {
    const buyer = await browser.newContext().then((c) => c.newPage());
    await createAccount(buyer, newAccount("phone-owner", "Noman Aslam"));
    // Enough orders for a list longer than the screen; the last one placed is the newest.
    for (let i = 0; i < 3; i++) await placeOrderByApi(buyer, [HOODIE]);
    const placed = await placeOrderByApi(buyer, [HOODIE], { fullName: "Noman Aslam", phone: "0333 7654321" });

    const owner = await ownerOn(browser);
    await gotoHydrated(owner, "/seller/orders");
    const nav = dashboardNav(owner);
    const navBox = (await nav.boundingBox())!;
    expect(navBox.height, "the tabs take one row").toBeLessThanOrEqual(56);
    const tops = await nav
      .getByRole("link")
      .evaluateAll((links) => links.map((l) => Math.round(l.getBoundingClientRect().top)));
    expect(new Set(tops).size, "every tab on the same row").toBe(1);
    expect(await tabsInView(owner)).toContain("Orders");

    // The newest order comes first: the one just placed, with everything needed to confirm it.
    const first = owner.getByTestId("seller-order").first();
    await expect(first.getByRole("heading", { level: 3 })).toHaveText(placed.orderNumber);
    await expect(first).toContainText("Noman Aslam");
    await expect(first).toContainText(/Rs [\d,]+/);
    await expectInFirstScreen(first, "the first order card");
    await expectInFirstScreen(
      first.getByRole("link", { name: /^Confirm on WhatsApp with Noman Aslam/ }),
      "its WhatsApp button",
    );
    await expectInFirstScreen(first.getByRole("link", { name: "Call 0333 7654321" }), "its Call button");

    // Status counts are one row of chips that filter.
    const chips = owner.getByRole("navigation", { name: "Orders by status" }).getByRole("link");
    const chipTops = await chips.evaluateAll((links) => links.map((l) => Math.round(l.getBoundingClientRect().top)));
    expect(new Set(chipTops).size, "status chips on one row").toBe(1);

    // Far down the list the tabs are still on screen, under the site header.
    await owner.evaluate(() => window.scrollTo(0, 800));
    await expect.poll(() => owner.evaluate(() => window.scrollY)).toBe(800);
    const stuck = (await nav.boundingBox())!;
    expect(stuck.y).toBeGreaterThanOrEqual(0);
    expect(stuck.y, "just under the site header").toBeLessThan(120);
    await nav.getByRole("link", { name: "Products", exact: true }).click();
    await expect(owner).toHaveURL(/\/seller\/products$/);

    await owner.goto("/seller/orders");
    await chips.filter({ hasText: "Pending" }).click();
    await expect(owner).toHaveURL(/status=pending/);
    await expect(owner.getByTestId("seller-order").first().getByTestId("order-status")).toHaveText("Pending");
    await expectNoSeriousA11yViolations(owner);
  });

  test("ticking orders raises the bulk bar at the bottom of the screen; Clear puts it away", async ({ browser }) => {
    const buyer = await browser.newContext().then((c) => c.newPage());
    await createAccount(buyer, newAccount("phone-bulk"));
    for (let i = 0; i < 2; i++) await placeOrderByApi(buyer, [HOODIE]);
    const owner = await ownerOn(browser);
    await gotoHydrated(owner, "/seller/orders");
    const move = owner.getByRole("combobox", { name: "Move selected to" });
    await expect(move).toBeHidden();
    const boxes = owner.getByRole("checkbox", { name: /^Select ORD-/ });
    await boxes.nth(0).check();
    await boxes.nth(1).check();
    await expect(owner.getByText("2 selected")).toBeVisible();
    await expect(move).toBeVisible();
    const apply = owner.getByRole("button", { name: "Apply to Selected" });
    const box = (await apply.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
    expect(box.y, "in the thumb's reach at the bottom").toBeGreaterThan(PHONE.height - 120);
    await owner.getByRole("button", { name: "Clear" }).click();
    await expect(move).toBeHidden();
    await expect(boxes.nth(0)).not.toBeChecked();
  });

  test("the overview opens on its stat cards, the products tab on its first product, and the current tab is scrolled into the strip", async ({
    browser,
  }) => {
    const owner = await ownerOn(browser);
    await gotoHydrated(owner, "/seller-dashboard");
    for (const label of [
      "Total Revenue",
      "COD outstanding",
      "Pending value",
      "Total Orders",
      "Pending Orders",
      "Products",
    ]) {
      await expectInFirstScreen(
        owner.getByRole("term").filter({ hasText: new RegExp(`^${label}$`) }),
        `the ${label} card`,
      );
    }

    await gotoHydrated(owner, "/seller/products");
    const product = owner.getByTestId("inventory-list").getByRole("article").first();
    await expectInFirstScreen(product.getByRole("heading", { level: 3 }), "the first product's name");
    await expectInFirstScreen(product.getByRole("link", { name: /^Edit / }), "its Edit button");

    // The last tabs are off the strip's edge until one of them is the current page.
    await gotoHydrated(owner, "/seller-dashboard");
    expect(await tabsInView(owner)).not.toContain("Password");
    await gotoHydrated(owner, "/seller/password");
    await expect.poll(() => tabsInView(owner)).toContain("Password");
    expect(await scrollsSideways(owner)).toBe(false);
  });

  test("without JavaScript the tabs still scroll and the bulk form stays in the page", async ({ browser }) => {
    const owner = await ownerOn(browser, PHONE, false);
    await owner.goto("/seller/orders");
    expect((await dashboardNav(owner).boundingBox())!.height).toBeLessThanOrEqual(56);
    await expect(owner.getByRole("combobox", { name: "Move selected to" })).toBeVisible();
    await expectInFirstScreen(
      owner.getByTestId("seller-order").first().getByRole("heading", { level: 3 }),
      "the first order's number",
    );
  });

  test("on a laptop the tabs are a sidebar and the status cards a grid", async ({ browser }) => {
    const owner = await ownerOn(browser, { width: 1280, height: 900 });
    await gotoHydrated(owner, "/seller/orders");
    const links = dashboardNav(owner).getByRole("link");
    const lefts = await links.evaluateAll((all) => all.map((l) => Math.round(l.getBoundingClientRect().left)));
    expect(new Set(lefts).size, "tabs stacked in one column").toBe(1);
    expect((await dashboardNav(owner).boundingBox())!.height).toBeGreaterThan(400);
    await expect(owner.getByRole("combobox", { name: "Move selected to" })).toBeVisible();
    await expect(owner.getByRole("combobox", { name: "Filter by status" })).toBeVisible();
    await expect(owner.getByText("Filter by status")).toBeVisible();
  });
});

async function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth + 1);
}
