import { expect, test, type Page } from "@playwright/test";
import { gotoHydrated, productCards } from "./helpers";

const FEATURED = ["Heavyweight Oversized Tee", "Slim Chino Trousers", "Classic Pullover Hoodie"];

/** The header's main navigation; on a phone it sits behind the Menu button. */
async function openMainNav(page: Page) {
  // The phone menu is a <details>/<summary> disclosure (it works before JavaScript loads); browsers expose the
  // summary as a button, Playwright's role table does not.
  const menu = page.getByRole("banner").locator("summary").filter({ hasText: "Menu" });
  if (await menu.isVisible()) await menu.click();
  const nav = page.getByRole("navigation", { name: "Main" }).filter({ visible: true });
  await expect(nav).toHaveCount(1);
  return nav;
}

test.describe("home page", () => {
  test("shows the hero, why-choose-us strip and flat shipping line", async ({ page }) => {
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(main.getByRole("link", { name: "Shop Now" })).toHaveAttribute("href", "/products");

    for (const perk of ["Fast delivery", "Cash on delivery", "7-day returns", "Secure shopping"]) {
      await expect(main.getByRole("heading", { name: perk, exact: true })).toBeVisible();
    }

    await expect(main.getByText("Flat Rs 200 shipping anywhere in Pakistan").first()).toBeVisible();
    // The shop charges Rs 200 at checkout, so no page text may promise free shipping.
    const bodyText = await page.locator("body").innerText();
    expect(bodyText).not.toMatch(/free shipping|shipping is free|free delivery/i);
  });

  test("features the best-rated T-Shirt, second best-rated Trousers and best-rated Hoodie", async ({ page }) => {
    await page.goto("/");
    const featured = page.getByRole("region", { name: "Featured products" });
    await expect(featured).toBeVisible();
    await expect(productCards(featured)).toHaveCount(3);
    await expect(featured.getByRole("heading", { level: 3 })).toHaveText(FEATURED);
    await featured.getByRole("link", { name: "Slim Chino Trousers" }).click();
    await expect(page).toHaveURL(/\/product\/slim-chino-trousers$/);
    await expect(page.getByRole("heading", { level: 1, name: "Slim Chino Trousers" })).toBeVisible();
  });

  test("shop-by-category links lead to real pages", async ({ page }) => {
    await page.goto("/");
    const section = page.getByRole("region", { name: "Shop by category" });
    const links = section.getByRole("link");
    const count = await links.count();
    expect(count).toBeGreaterThanOrEqual(5);
    const hrefs = await links.evaluateAll((els) => els.map((e) => e.getAttribute("href") ?? ""));
    for (const name of ["T-Shirts", "Shirts", "Trousers", "Shorts", "Hoodies"]) {
      await expect(section.getByRole("link", { name: new RegExp(`^${name}\\b`) })).toBeVisible();
    }
    for (const href of hrefs) {
      const res = await page.request.get(href);
      expect(res.status(), `${href} should be a real page`).toBe(200);
    }
    await section.getByRole("link", { name: /^Trousers\b/ }).click();
    await expect(page).toHaveURL(/\/category\/trousers$/);
    await expect(page.getByRole("heading", { level: 1, name: "Trousers" })).toBeVisible();
  });
});

test.describe("header and footer", () => {
  test("header navigation links go to Home, Products, About and Contact", async ({ page }) => {
    await gotoHydrated(page, "/about");
    const expected: [string, RegExp, string][] = [
      ["Products", /\/products$/, "All Products"],
      ["Contact", /\/contact$/, "Contact Us"],
      ["About", /\/about$/, "About Kapra"],
      ["Home", /\/$/, ""],
    ];
    for (const [label, url, heading] of expected) {
      const nav = await openMainNav(page);
      await nav.getByRole("link", { name: label, exact: true }).click();
      await expect(page).toHaveURL(url);
      if (heading) await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    }
    const banner = page.getByRole("banner");
    await expect(banner.getByRole("link", { name: /^Cart, 0 items$/ })).toHaveAttribute("href", "/cart");
    await expect(banner.getByRole("link", { name: "Sign In" })).toHaveAttribute("href", /^\/auth\?mode=login/);
  });

  test("header Cart link leads to the cart, which is empty for a guest", async ({ page }) => {
    // Sign In (/auth) arrives with the accounts issue; its link target is checked above.
    await page.goto("/");
    await page
      .getByRole("banner")
      .getByRole("link", { name: /^Cart, 0 items$/ })
      .click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByRole("heading", { level: 1, name: "Your Cart" })).toBeVisible();
    await expect(page.getByText("Your cart is empty.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Continue Shopping" })).toHaveAttribute("href", "/products");
  });

  test("footer shows contact details, category links and policy pages", async ({ page }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByRole("link", { name: "support@kapra.pk" })).toHaveAttribute(
      "href",
      "mailto:support@kapra.pk",
    );
    await expect(footer.getByRole("link", { name: "+92 321 2345678" })).toHaveAttribute("href", /^tel:\+923212345678$/);
    await expect(footer.getByText(/Karachi/).first()).toBeVisible();
    await expect(footer.getByRole("link", { name: "@kapra.pk", exact: true })).toHaveAttribute(
      "href",
      /instagram\.com\/kapra\.pk/,
    );

    for (const name of ["Shirts", "Hoodies", "Sweat Shirts", "Jackets"]) {
      const link = footer.getByRole("link", { name, exact: true });
      await expect(link).toBeVisible();
      const href = await link.getAttribute("href");
      const res = await page.request.get(href!);
      expect(res.status(), `footer link ${name} -> ${href}`).toBe(200);
    }

    const policies: [string, string][] = [
      ["Privacy Policy", "/privacy"],
      ["Terms of Service", "/terms"],
      ["Returns & Exchanges", "/returns"],
    ];
    for (const [name, path] of policies) {
      await expect(footer.getByRole("link", { name, exact: true })).toHaveAttribute("href", path);
    }
  });

  test("policy pages exist; returns mentions 7 days and the Rs 200 shipping fee", async ({ page }) => {
    for (const [path, heading] of [
      ["/privacy", "Privacy Policy"],
      ["/terms", "Terms of Service"],
      ["/returns", "Returns & Exchanges"],
    ]) {
      const res = await page.goto(path);
      expect(res?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    }
    const main = page.getByRole("main");
    await expect(main).toContainText("7 days");
    await expect(main).toContainText("Rs 200");
    await expect(main).not.toContainText(/free shipping|shipping is free/i);
  });

  test("footer policy link navigates client-side and scrolls to the top", async ({ page }) => {
    await gotoHydrated(page, "/");
    const footer = page.getByRole("contentinfo");
    await footer.scrollIntoViewIfNeeded();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
    await footer.getByRole("link", { name: "Returns & Exchanges" }).click();
    await expect(page).toHaveURL(/\/returns$/);
    await expect(page.getByRole("heading", { level: 1, name: "Returns & Exchanges" })).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test.describe("scroll position", () => {
  test("opening a product from far down the catalogue starts at the top", async ({ page }) => {
    await gotoHydrated(page, "/products?page=2");
    const lastCard = productCards(page).last();
    await lastCard.scrollIntoViewIfNeeded();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    await lastCard.getByRole("heading", { level: 3 }).getByRole("link").click();
    await expect(page).toHaveURL(/\/product\//);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test.describe("narrow phone (360px)", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("no page scrolls sideways", async ({ page }) => {
    const paths = [
      "/",
      "/products",
      "/products?view=list",
      "/product/essential-crew-neck-tee",
      "/contact",
      "/about",
      "/returns",
      "/coming-soon/jackets",
      "/does-not-exist",
    ];
    for (const path of paths) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
      const width = await page.evaluate(() => document.scrollingElement!.scrollWidth);
      expect.soft(width, `${path} scrollWidth at 360px`).toBeLessThanOrEqual(360);
    }
  });

  test("the phone menu opens and navigates", async ({ page }) => {
    await gotoHydrated(page, "/");
    const nav = await openMainNav(page);
    await nav.getByRole("link", { name: "Products", exact: true }).click();
    await expect(page).toHaveURL(/\/products$/);
    await expect(page.getByRole("heading", { level: 1, name: "All Products" })).toBeVisible();
  });
});
