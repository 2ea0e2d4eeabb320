import { expect, test, type Page } from "@playwright/test";
import {
  cardNames,
  cardPrices,
  expectNoSeriousA11yViolations,
  gotoHydrated,
  productCards,
  signInAsOwner,
  toast,
} from "./helpers";
import { expectValidHtml } from "./html-check";

/**
 * Issue 29's collections from end to end: the owner makes a hand-picked collection and a rule
 * collection ("Under Rs 2,000"), shows the rule one on the home page, and is refused a slug another
 * collection has; a guest finds the home section, its "View all" page with the right products, a
 * collection of every product paged 12 at a time (also without JavaScript), and the API's answer.
 * Everything this spec makes carries a suffix and is deleted at the end, so other specs' home page
 * and listing read as before.
 */

const suffix = `${Date.now() % 1_000_000}${Math.floor(Math.random() * 10)}`;
const PICKS = { title: `Weekend Picks ${suffix}`, slug: `weekend-picks-${suffix}` };
const UNDER = { title: `Under Rs 2,000 ${suffix}`, slug: `under-2000-${suffix}` };
const EVERYTHING = { title: `Everything ${suffix}`, slug: `everything-${suffix}` };
const LIST = "/seller/storefront/collections";
/** A control's name made of a visible word and screen-reader words (Chromium may put a space between them). */
const named = (...parts: string[]) =>
  new RegExp(`^${parts.map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("\\s*")}$`);
/** The seeded products a shopper pays at most Rs 1,999 for. */
const UNDER_2000 = [
  "Essential Crew Neck Tee",
  "Heavyweight Oversized Tee",
  "Slim V-Neck Tee",
  "Karachi Nights Graphic Tee",
  "Everyday Pocket Tee",
  "Long Sleeve Henley",
  "Chino Shorts",
  "Drawstring Jersey Shorts",
];

async function addCollection(
  owner: Page,
  fields: { title: string; slug?: string; rule?: { max?: string }; home?: boolean },
) {
  await gotoHydrated(owner, `${LIST}/new`);
  const form = owner.getByRole("form", { name: "Add collection" });
  await form.getByRole("textbox", { name: "Title" }).fill(fields.title);
  if (fields.slug) await form.getByRole("textbox", { name: "Slug" }).fill(fields.slug);
  if (fields.rule) {
    await form.getByRole("radio", { name: /By rule/ }).check();
    if (fields.rule.max) await form.getByRole("textbox", { name: "Highest price (Rs)" }).fill(fields.rule.max);
  }
  if (fields.home) await form.getByRole("checkbox", { name: "Show on home" }).check();
  return form;
}

test.describe.serial("storefront collections", () => {
  // The owner's steps are many page loads on a machine shared with other suites.
  test.describe.configure({ timeout: 120_000 });
  let owner: Page;

  test.beforeAll(async ({ browser }) => {
    owner = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await signInAsOwner(owner);
  });

  test.afterAll(async () => {
    // Delete what this spec made (whatever step it reached), so the shop reads as before.
    await owner.goto(LIST);
    for (const c of [PICKS, UNDER, EVERYTHING]) {
      const edit = owner.getByRole("link", { name: named("Edit", c.title) });
      if (!(await edit.count())) continue;
      await edit.click();
      await owner.getByRole("button", { name: `Delete ${c.title}` }).click();
      await expect(owner).toHaveURL(new RegExp(`${LIST}$`));
    }
    await owner.context().close();
  });

  test("the owner makes a hand-picked collection and puts its products in order (1280 px)", async () => {
    await gotoHydrated(owner, LIST);
    await expect(
      owner.getByRole("navigation", { name: "Storefront" }).getByRole("link", { name: "Collections" }),
    ).toHaveAttribute("aria-current", "page");
    await owner.getByRole("link", { name: "Add collection" }).click();
    await expect(owner).toHaveURL(`${LIST}/new`);
    const form = await addCollection(owner, { title: PICKS.title });
    await form.getByRole("textbox", { name: "Text" }).fill("Our <b>favourites</b> for the weekend.");
    await form.getByRole("button", { name: "Add collection" }).click();
    await expect(toast(owner, `${PICKS.title} saved`)).toBeVisible();
    await expect(owner).toHaveURL(new RegExp(`${LIST}/\\d+$`));
    // The slug was made from the title.
    await expect(owner.getByRole("textbox", { name: "Slug" })).toHaveValue(PICKS.slug);

    const picks = owner.getByRole("region", { name: "Products in this collection" });
    for (const [search, name] of [
      ["shorts", "Cargo Shorts"],
      ["crew neck", "Essential Crew Neck Tee"],
      ["linen shirt", "Linen Summer Shirt"],
    ]) {
      await picks.getByRole("searchbox", { name: "Find products to add" }).fill(search);
      await picks.getByRole("button", { name: "Search" }).click();
      await picks.getByRole("button", { name: named("Add", name) }).click();
      await expect(toast(owner, `${name} added`)).toBeVisible();
    }
    const order = picks.getByTestId("collection-pick");
    await expect(order).toHaveText([/Cargo Shorts/, /Essential Crew Neck Tee/, /Linen Summer Shirt/]);
    await picks.getByRole("button", { name: "Move Essential Crew Neck Tee up" }).click();
    await expect(order).toHaveText([/Essential Crew Neck Tee/, /Cargo Shorts/, /Linen Summer Shirt/]);
    await picks.getByRole("button", { name: named("Remove", "Linen Summer Shirt") }).click();
    await expect(order).toHaveText([/Essential Crew Neck Tee/, /Cargo Shorts/]);

    await expectNoSeriousA11yViolations(owner);
    await expectValidHtml(owner.request, new URL(owner.url()).pathname);
  });

  test("the owner makes a rule collection, previews its count and shows it on home; a slug clash is refused beside the field", async () => {
    let form = await addCollection(owner, { title: UNDER.title, slug: PICKS.slug, rule: { max: "2,000" }, home: true });
    await form.getByRole("button", { name: "Add collection" }).click();
    form = owner.getByRole("form", { name: "Add collection" });
    const slug = form.getByRole("textbox", { name: "Slug" });
    await expect(slug).toHaveAccessibleDescription(
      new RegExp(`Another collection already uses /collections/${PICKS.slug}: choose another slug`),
    );
    await expect(slug).toHaveAttribute("aria-invalid", "true");
    // What was typed is kept.
    await expect(slug).toHaveValue(PICKS.slug);
    await expect(form.getByRole("textbox", { name: "Title" })).toHaveValue(UNDER.title);
    await expect(form.getByRole("textbox", { name: "Highest price (Rs)" })).toHaveValue("2,000");
    await expect(form.getByRole("checkbox", { name: "Show on home" })).toBeChecked();

    await slug.fill(UNDER.slug);
    await form.getByRole("textbox", { name: "Highest price (Rs)" }).fill("1999");
    await form.getByRole("button", { name: "Preview" }).click();
    await expect(form.getByTestId("rule-count")).toHaveText(/^\d+ products match now$/);
    const count = Number((await form.getByTestId("rule-count").innerText()).split(" ")[0]);
    expect(count).toBeGreaterThanOrEqual(UNDER_2000.length);
    await form.getByRole("button", { name: "Add collection" }).click();
    await expect(toast(owner, `${UNDER.title} saved`)).toBeVisible();
    await expect(owner.getByTestId("rule-count")).toHaveText(`${count} products match now`);
    await expectNoSeriousA11yViolations(owner);

    // A rule with no field set holds every product a shopper may see.
    form = await addCollection(owner, { title: EVERYTHING.title, rule: {} });
    await form.getByRole("button", { name: "Add collection" }).click();
    await expect(toast(owner, `${EVERYTHING.title} saved`)).toBeVisible();

    await gotoHydrated(owner, LIST);
    const list = owner.getByRole("region", { name: "Collections" });
    await expect(list.getByRole("listitem").filter({ hasText: UNDER.title })).toContainText("Rule: up to Rs 1,999");
    await expect(list.getByRole("listitem").filter({ hasText: UNDER.title })).toContainText("On home");
    await expect(list.getByRole("listitem").filter({ hasText: PICKS.title })).toContainText("2 hand-picked products");
    await expectNoSeriousA11yViolations(owner);
    await expectValidHtml(owner.request, LIST);
    await expectValidHtml(owner.request, `${LIST}/new`);
  });

  test("a guest on a phone sees the section on home and its page with the right products", async ({ page }) => {
    await gotoHydrated(page, "/");
    const section = page.getByRole("region", { name: UNDER.title });
    await expect(section).toBeVisible();
    await expect(productCards(section)).toHaveCount(6);
    await expect(page.getByRole("region", { name: "Featured products" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await section.getByRole("link", { name: named("View all", UNDER.title) }).click();
    await expect(page).toHaveURL(`/collections/${UNDER.slug}`);
    await expect(page.getByRole("heading", { level: 1, name: UNDER.title })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`^${UNDER.title} \\|`));
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      "href",
      new RegExp(`/collections/${UNDER.slug}$`),
    );
    const names = await cardNames(page);
    for (const name of UNDER_2000) expect(names).toContain(name);
    for (const price of await cardPrices(page)) expect(price).toBeLessThanOrEqual(1999);
    await expectNoSeriousA11yViolations(page);

    // The hand-picked one: the owner's order, and the text shown as text.
    await gotoHydrated(page, `/collections/${PICKS.slug}`);
    expect(await cardNames(page)).toEqual(["Essential Crew Neck Tee", "Cargo Shorts"]);
    await expect(page.getByText("Our <b>favourites</b> for the weekend.")).toBeVisible();

    for (const path of ["/", `/collections/${UNDER.slug}`, `/collections/${PICKS.slug}`])
      await expectValidHtml(page.request, path);
    expect((await page.request.get("/collections/no-such-collection")).status()).toBe(404);
  });

  test("a collection of every product pages 12 at a time without JavaScript", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`/collections/${EVERYTHING.slug}`);
    await expect(page.getByTestId("result-count")).toHaveText(/^\d+ products$/);
    const total = Number((await page.getByTestId("result-count").innerText()).split(" ")[0]);
    expect(total).toBeGreaterThanOrEqual(24);
    await expect(productCards(page)).toHaveCount(12);
    await page.getByRole("link", { name: "Load More Products" }).click();
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(productCards(page)).toHaveCount(Math.min(24, total));
    const first = await cardNames(page);
    expect(new Set(first).size).toBe(first.length);
    // The sort a rule collection offers works as a plain form.
    await page.getByRole("combobox", { name: "Sort by" }).selectOption({ label: "Price: Low to High" });
    await page.getByRole("button", { name: "Sort" }).click();
    await expect(page).toHaveURL(/sort=price-asc/);
    const prices = await cardPrices(page);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    await context.close();
  });

  test.describe("at 1280 px", () => {
    test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false });

    test("the collection page and the home sections read well on a laptop, and the API answers", async ({ page }) => {
      await gotoHydrated(page, "/");
      await expect(productCards(page.getByRole("region", { name: UNDER.title }))).toHaveCount(6);
      await expectNoSeriousA11yViolations(page);
      await gotoHydrated(page, `/collections/${UNDER.slug}`);
      await expect(page.getByRole("heading", { level: 1, name: UNDER.title })).toBeVisible();
      await expectNoSeriousA11yViolations(page);

      const res = await page.request.get(`/api/collections/${UNDER.slug}`);
      expect(res.status()).toBe(200);
      const { data } = await res.json();
      expect(data.collection).toMatchObject({ slug: UNDER.slug, title: UNDER.title, mode: "rule", image: null });
      expect(data).toMatchObject({ page: 1, pageSize: 12 });
      for (const p of data.products) expect(p.price).toBeLessThanOrEqual(1999);
      expect((await page.request.get("/api/collections/no-such-collection")).status()).toBe(404);
      expect((await page.request.get(`/api/collections/${UNDER.slug}?page=0`)).status()).toBe(400);
      const sitemap = await (await page.request.get("/sitemap.xml")).text();
      expect(sitemap).toContain(`/collections/${UNDER.slug}</loc>`);
    });
  });
});
