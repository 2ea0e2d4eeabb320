import { expect, test, type Browser, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations, gotoHydrated, productCards, signInAsOwner, toast, keepShot } from "./helpers";
import { expectValidHtml } from "./html-check";
import { createProductByApi, photo } from "./products-helpers";

/**
 * Issue 29, Categories: the owner adds "Lawn" with a picture on Dashboard -> Catalogue, changes its
 * URL slug, moves it up and down, and hides it; a guest sees it on the home page and in the
 * listing, the old address lands on the new one, and once hidden it is gone. Each run makes its
 * own category (and one product in it) and removes both afterwards, so no other spec's lists move.
 */

async function categoriesFlow(browser: Browser, baseURL: string, owner: Page, tag: string) {
  const suffix = `${tag}${Date.now() % 1_000_000}${Math.floor(Math.random() * 10)}`;
  const name = `Lawn ${suffix}`;
  const slug = `lawn-${suffix}`;
  const newSlug = `eid-lawn-${suffix}`;
  const guest = await (await browser.newContext({ baseURL, viewport: owner.viewportSize() ?? undefined })).newPage();
  let productId: string | null = null;
  try {
    await signInAsOwner(owner.request);
    await gotoHydrated(owner, "/seller/catalogue");
    await expect(
      owner.getByRole("navigation", { name: "Catalogue" }).getByRole("link", { name: "Categories" }),
    ).toHaveAttribute("aria-current", "page");
    await expect(owner.getByRole("heading", { name: "Categories", level: 2 })).toBeVisible();

    // Add Lawn: the slug is suggested from the name as it is typed.
    await owner.getByRole("link", { name: "Add category" }).click();
    await expect(owner.getByRole("heading", { name: "Add category" })).toBeVisible();
    await owner.getByLabel("Name", { exact: true }).fill(name);
    await expect(owner.getByLabel("URL slug")).toHaveValue(slug);
    await owner.getByLabel("Description").fill("Unstitched three-piece lawn for summer.");
    await owner.getByLabel("Picture", { exact: true }).setInputFiles(await photo("lawn.png", "#0f766e"));
    await expectNoSeriousA11yViolations(owner);
    await owner.getByRole("button", { name: "Add category" }).click();
    await expect(toast(owner, `${name} added`)).toBeVisible();
    await expect(owner).toHaveURL(/\/seller\/catalogue$/);
    const list = owner.getByRole("region", { name: "Categories", exact: true }).getByRole("list");
    await expect(list.getByRole("link", { name, exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(owner);
    productId = await createProductByApi(owner.request, { name: `Lawn Suit ${suffix}`, category: slug, price: 3499 });

    // A guest finds it on the home page (with its own picture) and in its listing.
    // Guests get pages from a one-second micro-cache (server/page-cache.ts): a change shows on a reload.
    const tile = guest
      .getByRole("region", { name: "Shop by category" })
      .getByRole("link", { name: new RegExp(`^${name}\\b`) });
    await expect(async () => {
      await guest.goto("/");
      await expect(tile).toBeVisible({ timeout: 500 });
    }).toPass({ timeout: 15_000 });
    await expect(tile.locator("img")).toHaveAttribute("src", /^\/media\/[0-9a-f]+\.webp$/);
    await tile.click();
    await expect(guest).toHaveURL(new RegExp(`/category/${slug}$`));
    await expect(guest.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(productCards(guest)).toHaveCount(1);

    // A clash is refused beside the slug, what was typed kept; then the new slug saves.
    await gotoHydrated(owner, `/seller/catalogue/categories/${slug}`);
    await owner.getByLabel("URL slug").fill("t-shirts");
    await owner.getByRole("button", { name: "Save category" }).click();
    await expect(owner.getByLabel("URL slug")).toHaveAccessibleDescription(
      /Another category already uses this URL slug/,
    );
    await expect(owner.getByLabel("URL slug")).toHaveValue("t-shirts");
    await expect(owner.getByLabel("Name", { exact: true })).toHaveValue(name);
    await owner.getByLabel("URL slug").fill(newSlug);
    await owner.getByRole("button", { name: "Save category" }).click();
    await expect(toast(owner, `${name} saved`)).toBeVisible();

    // The old address answers 301 and lands on the new one.
    await expect
      .poll(
        async () => {
          const old = await guest.request.get(`/category/${slug}`, { maxRedirects: 0 });
          return `${old.status()} ${old.headers()["location"]}`;
        },
        { timeout: 15_000 },
      )
      .toBe(`301 /category/${newSlug}`);
    await guest.goto(`/category/${slug}`);
    await expect(guest).toHaveURL(new RegExp(`/category/${newSlug}$`));
    await expect(guest.getByRole("heading", { level: 1, name })).toBeVisible();

    // Reorder: up one place, then back down.
    await gotoHydrated(owner, "/seller/catalogue");
    const order = () =>
      list.getByRole("listitem").evaluateAll((items) => items.map((li) => li.querySelector("a")?.textContent ?? ""));
    const before = await order();
    await list.getByRole("button", { name: `Move ${name} up` }).click();
    await expect(toast(owner, `${name} moved up`)).toBeVisible();
    await expect.poll(async () => (await order()).indexOf(name)).toBe(before.indexOf(name) - 1);
    await list.getByRole("button", { name: `Move ${name} down` }).click();
    await expect(toast(owner, `${name} moved down`)).toBeVisible();
    await expect.poll(order).toEqual(before);

    // Delete is refused while it has a product, with both ways out on the same screen; the owner hides it.
    await gotoHydrated(owner, `/seller/catalogue/categories/${newSlug}`);
    const danger = owner.getByRole("region", { name: `Delete ${name}` });
    await danger.getByRole("button", { name: "Delete category" }).click();
    await expect(danger.getByRole("alert")).toContainText("1 product is in this category");
    await expect(danger.getByRole("button", { name: "Move products" })).toBeVisible();
    await expectNoSeriousA11yViolations(owner);
    await keepShot(owner, { path: `test-results/categories/edit-${tag}.png`, fullPage: true });
    await danger.getByRole("button", { name: "Hide category" }).click();
    await expect(toast(owner, `${name} is hidden`)).toBeVisible();
    await expect(list.getByRole("listitem").filter({ hasText: name })).toContainText("Hidden");
    await keepShot(owner, { path: `test-results/categories/list-${tag}.png`, fullPage: true });

    // Hidden: gone from home, its page and its old address are not found, the API leaves it out.
    await expect(async () => {
      await guest.goto("/");
      await expect(tile).toHaveCount(0, { timeout: 500 });
    }).toPass({ timeout: 15_000 });
    await expect
      .poll(async () => (await guest.request.get(`/category/${newSlug}`)).status(), { timeout: 15_000 })
      .toBe(404);
    await expect
      .poll(async () => (await guest.request.get(`/category/${slug}`, { maxRedirects: 0 })).status(), {
        timeout: 15_000,
      })
      .toBe(404);
    const api = await (await guest.request.get("/api/categories")).json();
    expect(api.data.categories.map((c: { slug: string }) => c.slug)).not.toContain(newSlug);
    expect(api.data.categories.map((c: { slug: string }) => c.slug)).toContain("t-shirts");
  } finally {
    // Leave the shop as it was: the product goes, then the (now empty) category.
    if (productId) await owner.request.delete(`/api/products/${productId}`);
    for (const s of [newSlug, slug])
      await owner.request.post(`/seller/catalogue/categories/${s}`, {
        form: { intent: "delete" },
        headers: { origin: baseURL },
        maxRedirects: 0,
      });
    await guest.context().close();
  }
}

test.describe("Dashboard -> Catalogue -> Categories on a phone", () => {
  test("the owner adds, re-slugs, reorders and hides Lawn; a guest follows", async ({ browser, baseURL, page }) => {
    test.setTimeout(120_000);
    await categoriesFlow(browser, baseURL!, page, "p");
    // Nothing on the owner's pages scrolls sideways at 390 px.
    await gotoHydrated(page, "/seller/catalogue");
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });

  test("the pages are valid HTML, the edit page included", async ({ page }) => {
    await signInAsOwner(page.request);
    await expectValidHtml(page.request, "/seller/catalogue");
    await expectValidHtml(page.request, "/seller/catalogue/categories/new");
    await expectValidHtml(page.request, "/seller/catalogue/categories/t-shirts");
    await expectValidHtml(page.request, "/seller/catalogue/categories/jackets");
    await expectValidHtml(page.request, "/coming-soon/jackets");
    await gotoHydrated(page, "/seller/catalogue/categories/t-shirts");
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe("Dashboard -> Catalogue -> Categories on a laptop", () => {
  test.use({ viewport: { width: 1280, height: 800 } });
  test("the owner adds, re-slugs, reorders and hides Lawn; a guest follows", async ({ browser, baseURL, page }) => {
    test.setTimeout(120_000);
    await categoriesFlow(browser, baseURL!, page, "l");
  });

  test("without JavaScript: a new category's slug is made from its name", async ({ browser, baseURL }) => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      baseURL,
      viewport: { width: 1280, height: 800 },
    });
    const page = await context.newPage();
    const name = `Khaddar ${Date.now() % 1_000_000}`;
    const slug = name.toLowerCase().replace(" ", "-");
    try {
      await signInAsOwner(page.request);
      await page.goto("/seller/catalogue/categories/new");
      await page.getByLabel("Name", { exact: true }).fill(name);
      await page.getByRole("button", { name: "Add category" }).click();
      await expect(page).toHaveURL(/\/seller\/catalogue$/);
      await expect(
        page.getByRole("region", { name: "Categories", exact: true }).getByRole("link", { name, exact: true }),
      ).toBeVisible();
      expect((await page.request.get(`/category/${slug}`)).status()).toBe(200);
    } finally {
      await page.request.post(`/seller/catalogue/categories/${slug}`, {
        form: { intent: "delete" },
        headers: { origin: baseURL! },
        maxRedirects: 0,
      });
      await context.close();
    }
  });
});
