import { expect as baseExpect, test, type Browser, type BrowserContextOptions, type Page } from "@playwright/test";
import {
  checkoutForm,
  expectNoSeriousA11yViolations,
  fillShipping,
  gotoHydrated,
  newAccount,
  productCards,
  signInAsOwner,
  signUp,
  toast,
  waitForHydration,
  waitForRouterIdle,
  keepShot,
} from "./helpers";
import { expectValidHtml } from "./html-check";
import { scrollsSideways } from "./overview-helpers";
import { photo } from "./products-helpers";

/**
 * Issue 29 from end to end, the way a new brand would do it: the owner makes the shop its own from
 * the dashboard alone (a category "Lawn", the colours Mint and Maroon with their swatches, a one-size
 * set "Unstitched", an unstitched 3-piece in both colours, a hero slide live now, an announcement, a
 * hand-picked collection in the header menu, and a Returns page that says the 14-day window from
 * Settings); then a guest with no cookies sees all of it, filters the listing by Maroon, registers
 * and orders the Maroon piece without choosing a size; the owner's invoice and orders CSV say Maroon
 * and Unstitched. At 1280 px and on a 390 px phone.
 *
 * Spec files share a shop per worker, so everything is put back at the end as far as another spec
 * could notice: the slide, announcement, menu item and collection are deleted, the Returns page and
 * the return window are restored, the product is deleted (archived, since it was ordered), the
 * category is hidden, and the colours and size set this run added are renamed out of the way (and
 * the colours retired), so that another spec can add its own "Mint", "Maroon" and "Unstitched" and
 * find them by name (colours and size sets cannot be deleted once a product has used them).
 */

/** Many page loads on a machine shared with other suites: a little more patience than the suite's 7 s. */
const expect = baseExpect.configure({ timeout: 15_000 });

const MINT = { name: "Mint", hex: "#98ff98", rgb: "rgb(152, 255, 152)" };
const MAROON = { name: "Maroon", hex: "#7b1e3a", rgb: "rgb(123, 30, 58)" };
const SIZE_SET = "Unstitched";

/** A time as the owner types it in a datetime-local field, in Pakistan time (UTC+5, no DST). */
const pkt = (offsetMs: number) => new Date(Date.now() + offsetMs + 5 * 3600_000).toISOString().slice(0, 16);
const HOUR = 3600_000;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** A control's name made of a visible word and screen-reader words (Chromium may put a space between them). */
const named = (...parts: string[]) => new RegExp(`^${parts.map(escape).join("\\s*")}$`);

type Run = {
  tag: string;
  category: { name: string; slug: string };
  product: string;
  slide: string;
  announcement: string;
  collection: string;
  menuLabel: string;
};

function newRun(phone: boolean): Run {
  const tag = `${phone ? "p" : "l"}${Date.now().toString(36).slice(-5)}`;
  return {
    tag,
    category: phone ? { name: "Lawn Phone", slug: "lawn-phone" } : { name: "Lawn", slug: "lawn" },
    product: `Printed Lawn 3-Piece ${tag}`,
    slide: `The Eid Lawn Edit ${tag}`,
    announcement: `Eid lawn is here: free delivery this week ${tag}`,
    collection: `Eid Lawn ${tag}`,
    menuLabel: `Eid Lawn ${tag}`,
  };
}

/** What this run changed, so the clean-up puts back exactly that (whatever step a failure stopped at). */
type Made = {
  coloursAdded: string[];
  sizeSetAdded: boolean;
  categoryAdded: boolean;
  productId: string | null;
  slide: boolean;
  announcement: boolean;
  collectionUrl: string | null;
  menuItem: boolean;
  returnsEdited: boolean;
  returnWindowBefore: string | null;
};

/** Loads a guest page until it shows `check` (guests get pages from a one-second micro-cache). */
async function untilShown(page: Page, url: string, check: () => Promise<void>) {
  await expect(async () => {
    await page.goto(url);
    await check();
  }).toPass({ timeout: 20_000 });
}

/** The guest page is valid HTML as served, has no serious axe finding, and does not scroll sideways. */
async function expectCleanPage(page: Page) {
  const path = new URL(page.url()).pathname + new URL(page.url()).search;
  await expectValidHtml(page.request, path);
  await expectNoSeriousA11yViolations(page);
  expect(await scrollsSideways(page), `${path} scrolls sideways`).toBe(false);
}

// ---------------------------------------------------------------------------------------------------
// The owner's part: Dashboard -> Catalogue, Products, Storefront and Settings.

async function ownerSetsUpTheCatalogue(owner: Page, run: Run, made: Made) {
  // Colours: Mint and Maroon with their swatches. Another spec on this shop may have added them
  // already; a brand owner would then use them as they are.
  await gotoHydrated(owner, "/seller/catalogue");
  await owner.getByRole("navigation", { name: "Catalogue" }).getByRole("link", { name: "Colours" }).click();
  await expect(owner).toHaveURL(/\/seller\/catalogue\/colours$/);
  await expect(owner.getByRole("heading", { level: 2, name: "Colours" })).toBeVisible();
  const colourList = owner.getByTestId("colour-list");
  for (const colour of [MINT, MAROON]) {
    const row = colourList.getByRole("form", { name: colour.name, exact: true });
    if (await row.count()) {
      if (await row.getByRole("button", { name: `Bring back ${colour.name}` }).count()) {
        await row.getByRole("button", { name: `Bring back ${colour.name}` }).click();
        await expect(toast(owner, `${colour.name} is offered again`)).toBeVisible();
      }
      continue;
    }
    const add = owner.getByRole("form", { name: "Add a colour" });
    await add.getByLabel("Name", { exact: true }).fill(colour.name);
    await add.getByLabel("Hex", { exact: true }).fill(colour.hex);
    await add.getByRole("button", { name: "Add colour" }).click();
    await expect(toast(owner, `${colour.name} added`)).toBeVisible();
    made.coloursAdded.push(colour.name);
    await expect(
      colourList.getByRole("form", { name: colour.name, exact: true }).getByLabel(`Hex of ${colour.name}`),
    ).toHaveValue(colour.hex);
  }

  // A size set with one size: Unstitched.
  await owner.getByRole("navigation", { name: "Catalogue" }).getByRole("link", { name: "Size sets" }).click();
  await expect(owner).toHaveURL(/\/seller\/catalogue\/sizes$/);
  await waitForSellerPage(owner);
  if (!(await owner.getByRole("heading", { level: 3, name: SIZE_SET, exact: true }).count())) {
    await owner.getByLabel("Size set name").fill(SIZE_SET);
    await owner.getByLabel("Sizes", { exact: true }).fill("Unstitched");
    await owner.getByRole("button", { name: "Add size set" }).click();
    await expect(toast(owner, "Size set added")).toBeVisible();
    made.sizeSetAdded = true;
  }
  await expect(owner.getByRole("heading", { level: 3, name: SIZE_SET, exact: true })).toBeVisible();

  // The category, with a picture for its home-page tile.
  await owner.getByRole("navigation", { name: "Catalogue" }).getByRole("link", { name: "Categories" }).click();
  await expect(owner).toHaveURL(/\/seller\/catalogue$/);
  await owner.getByRole("link", { name: "Add category" }).click();
  await expect(owner.getByRole("heading", { name: "Add category" })).toBeVisible();
  await waitForSellerPage(owner);
  await owner.getByLabel("Name", { exact: true }).fill(run.category.name);
  await expect(owner.getByLabel("URL slug")).toHaveValue(run.category.slug);
  await owner.getByLabel("Description").fill("Unstitched three-piece lawn for the summer and Eid.");
  await owner.getByLabel("Picture", { exact: true }).setInputFiles(await photo("lawn.png", "#0f766e"));
  await owner.getByRole("button", { name: "Add category" }).click();
  await expect(toast(owner, `${run.category.name} added`)).toBeVisible();
  made.categoryAdded = true;
  await expect(
    owner
      .getByRole("region", { name: "Categories", exact: true })
      .getByRole("link", { name: run.category.name, exact: true }),
  ).toBeVisible();

  // The product: an unstitched 3-piece in Mint and Maroon, in stock, no size to choose.
  await gotoHydrated(owner, "/seller/products/new");
  const form = owner.getByRole("form", { name: "Add Product" });
  await form.getByLabel("Product Name").fill(run.product);
  await form.getByLabel("Category").selectOption({ label: run.category.name });
  await form
    .getByLabel("Description")
    .fill("Printed lawn shirt, chiffon dupatta and dyed cambric trouser. Unstitched.");
  await form.getByLabel("Price (PKR)", { exact: true }).fill("4990");
  await form.getByLabel("Stock Quantity").fill("8");
  await form.getByLabel("Size set").selectOption({ label: `${SIZE_SET} (Unstitched)` });
  await expect(form.getByTestId("single-size")).toContainText("Size: Unstitched");
  const colours = form.getByRole("group", { name: "Colors" });
  // Add Product starts with some colours chosen; this piece comes in Mint and Maroon only.
  for (const button of await colours.getByRole("button").all()) {
    const name = (await button.innerText()).trim();
    const wanted = name === MINT.name || name === MAROON.name;
    if ((await button.getAttribute("aria-pressed")) === "true" ? !wanted : wanted) {
      const pressed = (await button.getAttribute("aria-pressed")) === "true";
      await button.click();
      await expect(button).toHaveAttribute("aria-pressed", String(!pressed));
    }
  }
  await expect(form.getByLabel(`${MAROON.name} Unstitched stock`, { exact: true })).toHaveValue("8");
  await form.getByLabel(`${MINT.name} Unstitched stock`, { exact: true }).fill("5");
  await form.getByLabel(`${MAROON.name} Unstitched stock`, { exact: true }).fill("3");
  await form.getByLabel("Upload images").setInputFiles([await photo("lawn-maroon.png", MAROON.hex)]);
  await expect(form.getByTestId("product-photos").getByRole("listitem")).toHaveCount(1);
  await shot(owner, run, "product-form");
  await form.getByRole("button", { name: "Add Product", exact: true }).click();
  await expect(toast(owner, "Product added successfully!")).toBeVisible();
  const res = await owner.request.get(`/api/products?q=${encodeURIComponent(run.product)}`);
  made.productId = ((await res.json()) as { data: { products: { id: string }[] } }).data.products[0]?.id ?? null;
  expect(made.productId, `${run.product} is not in the API's answer`).toBeTruthy();
}

/** After a click to another dashboard page: the page has loaded before it is typed into. */
async function waitForSellerPage(owner: Page) {
  await waitForRouterIdle(owner);
}

/** A full-page picture of each step worth a look, kept in test-results/brand-setup (l: 1280 px, p: 390 px). */
const shot = (page: Page, run: Run, what: string) =>
  keepShot(page, { path: `test-results/brand-setup/${what}-${run.tag[0]}.png`, fullPage: true });

/** A home-page category tile: its name, then its product count ("Lawn 1 products"). */
const tileName = (run: Run) => new RegExp(`^${escape(run.category.name)}\\s*\\d+ products?$`);

async function ownerSetsUpTheStorefront(owner: Page, run: Run, made: Made) {
  // Home page: a hero slide live now (from an hour ago to a week ahead, Pakistan time) and the bar.
  await gotoHydrated(owner, "/seller/storefront");
  await expect(
    owner.getByRole("navigation", { name: "Storefront" }).getByRole("link", { name: "Home page" }),
  ).toHaveAttribute("aria-current", "page");
  const slide = owner.getByRole("form", { name: "Add a slide" });
  await slide.getByLabel("Eyebrow").fill("Eid 2026");
  await slide.getByLabel("Headline").fill(run.slide);
  await slide.getByLabel("Text", { exact: true }).fill("Unstitched three-piece lawn in Mint and Maroon.");
  await slide.getByLabel("Button label").fill("Shop the lawn");
  await slide.getByLabel("Button links to").selectOption({ label: run.category.name });
  await slide.getByLabel("Desktop picture").setInputFiles(await photo("hero.png", MAROON.hex));
  await slide.getByLabel("Picture description (alt text)").fill("Three-piece lawn suits on a rail");
  await slide.getByLabel("Starts (PKT)").fill(pkt(-HOUR));
  await slide.getByLabel("Ends (PKT)").fill(pkt(7 * 24 * HOUR));
  await slide.getByRole("button", { name: "Add slide" }).click();
  await expect(toast(owner, "Slide added")).toBeVisible();
  made.slide = true;
  const slides = owner
    .getByRole("region", { name: "Hero slides" })
    .getByRole("listitem")
    .filter({ hasText: run.slide });
  await expect(slides).toContainText("Live");
  await expect(slides).toContainText(`button to /category/${run.category.slug}`);
  await shot(owner, run, "storefront-home");

  const bar = owner.getByRole("form", { name: "Announcement bar" });
  await bar.getByLabel("Announcement").fill(run.announcement);
  await bar.getByLabel("Links to").selectOption({ label: run.category.name });
  await bar.getByRole("button", { name: "Save announcement" }).click();
  await expect(toast(owner, "Announcement saved")).toBeVisible();
  made.announcement = true;

  // A hand-picked collection holding the product.
  await owner.getByRole("navigation", { name: "Storefront" }).getByRole("link", { name: "Collections" }).click();
  await expect(owner).toHaveURL(/\/seller\/storefront\/collections$/);
  await owner.getByRole("link", { name: "Add collection" }).click();
  await expect(owner).toHaveURL(/\/seller\/storefront\/collections\/new$/);
  await waitForSellerPage(owner);
  const add = owner.getByRole("form", { name: "Add collection" });
  await add.getByRole("textbox", { name: "Title" }).fill(run.collection);
  await add.getByRole("textbox", { name: "Text" }).fill("Our lawn for Eid, picked by hand.");
  await add.getByRole("button", { name: "Add collection" }).click();
  await expect(toast(owner, `${run.collection} saved`)).toBeVisible();
  await expect(owner).toHaveURL(/\/seller\/storefront\/collections\/\d+$/);
  made.collectionUrl = new URL(owner.url()).pathname;
  const collectionSlug = await owner.getByRole("textbox", { name: "Slug" }).inputValue();
  const picks = owner.getByRole("region", { name: "Products in this collection" });
  await picks.getByRole("searchbox", { name: "Find products to add" }).fill(run.product);
  await picks.getByRole("button", { name: "Search" }).click();
  await picks.getByRole("button", { name: named("Add", run.product) }).click();
  await expect(toast(owner, `${run.product} added`)).toBeVisible();
  await expect(picks.getByTestId("collection-pick")).toHaveText([new RegExp(escape(run.product))]);

  // The collection in the header menu.
  await owner.getByRole("navigation", { name: "Storefront" }).getByRole("link", { name: "Menus" }).click();
  await expect(owner).toHaveURL(/\/seller\/storefront\/menus$/);
  await waitForSellerPage(owner);
  const header = owner.getByRole("region", { name: "Header menu" });
  const item = header.getByRole("form", { name: "Add to the header menu" });
  if (!(await item.isVisible())) await header.getByText("Add an item to the header menu").click();
  await item.getByLabel("Label").fill(run.menuLabel);
  await item.getByLabel("Links to").selectOption({ label: run.collection });
  await item.getByRole("button", { name: "Add item" }).click();
  await expect(toast(owner, "Menu item added")).toBeVisible();
  made.menuItem = true;
  await expect(header.getByRole("button", { name: `Delete: ${run.menuLabel}` })).toBeVisible();

  // A 14-day return window in Settings, and a Returns page that says it through the placeholder.
  await gotoHydrated(owner, "/seller/settings");
  const settings = owner.getByRole("form", { name: "Settings" });
  const returnWindow = settings.getByRole("textbox", { name: "Return window (days after delivery)" });
  made.returnWindowBefore = await returnWindow.inputValue();
  await returnWindow.fill("14");
  await settings.getByRole("button", { name: "Save Settings" }).click();
  await expect(toast(owner, "Settings saved. The shop shows them now.")).toBeVisible();

  await gotoHydrated(owner, "/seller/storefront/pages");
  await owner.getByRole("main").getByRole("link", { name: "Returns & Exchanges", exact: true }).click();
  await expect(owner.getByRole("heading", { name: "Edit Returns & Exchanges" })).toBeVisible();
  await waitForSellerPage(owner);
  await owner
    .getByRole("textbox", { name: "Text (Markdown)" })
    .fill(
      `## Returns for ${run.tag}\n\nUnstitched lawn can be returned or exchanged within **{return_window_days} days** of delivery, unwashed and uncut.`,
    );
  await owner.getByRole("button", { name: "Save page" }).click();
  await expect(toast(owner, "Returns & Exchanges saved")).toBeVisible();
  made.returnsEdited = true;
  return { collectionSlug };
}

// ---------------------------------------------------------------------------------------------------
// The guest's part, then the buyer's.

async function guestSeesTheShop(guest: Page, run: Run, collectionSlug: string, phone: boolean) {
  // Home: the slide (live now), the announcement above the header, and the category's tile.
  await untilShown(guest, "/", async () => {
    await expect(guest.getByRole("heading", { level: 1 })).toHaveText(run.slide, { timeout: 1000 });
  });
  await expect(
    guest.getByTestId("hero-slides").getByRole("img", { name: "Three-piece lawn suits on a rail" }),
  ).toBeVisible();
  await expect(guest.getByRole("link", { name: "Shop the lawn" })).toHaveAttribute(
    "href",
    `/category/${run.category.slug}`,
  );
  const bar = guest.getByRole("region", { name: "Announcement" });
  await expect(bar.getByRole("link", { name: run.announcement })).toHaveAttribute(
    "href",
    `/category/${run.category.slug}`,
  );
  const tile = guest.getByRole("region", { name: "Shop by category" }).getByRole("link", { name: tileName(run) });
  await expect(tile).toBeVisible();
  await waitForHydration(guest);
  await shot(guest, run, "guest-home");
  await expectCleanPage(guest);

  // The collection through the header menu (the phone menu on a phone).
  if (phone) {
    await guest.getByRole("banner").locator("summary").filter({ hasText: "Menu" }).click();
    await guest.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: run.menuLabel }).click();
  } else {
    await guest.getByRole("navigation", { name: "Main" }).getByRole("link", { name: run.menuLabel }).click();
  }
  await expect(guest).toHaveURL(new RegExp(`/collections/${escape(collectionSlug)}$`));
  await expect(guest.getByRole("heading", { level: 1, name: run.collection })).toBeVisible();
  await expect(guest.getByText("Our lawn for Eid, picked by hand.")).toBeVisible();
  await expect(productCards(guest)).toHaveCount(1);
  await expect(productCards(guest).getByRole("heading", { level: 3 })).toHaveText(run.product);
  await expectCleanPage(guest);

  // The category from its home tile: the piece with its Mint and Maroon swatches.
  await gotoHydrated(guest, "/");
  await tile.click();
  await expect(guest).toHaveURL(new RegExp(`/category/${run.category.slug}$`));
  await expect(guest.getByRole("heading", { level: 1, name: run.category.name })).toBeVisible();
  const card = productCards(guest).filter({ has: guest.getByRole("heading", { name: run.product, exact: true }) });
  await expect(productCards(guest)).toHaveCount(1);
  const swatches = card.getByTestId("card-swatches");
  await expect(swatches).toContainText(`Colours: ${MINT.name}, ${MAROON.name}`);
  await expect(swatches.locator("span[aria-hidden]").nth(0)).toHaveCSS("background-color", MINT.rgb);
  await expect(swatches.locator("span[aria-hidden]").nth(1)).toHaveCSS("background-color", MAROON.rgb);
  await expectCleanPage(guest);

  // The listing: the category is one of its choices, and the Maroon filter keeps only Maroon pieces.
  await gotoHydrated(guest, "/products");
  const filters = guest.getByRole("form", { name: "Filter products" });
  await expect(
    filters.getByRole("combobox", { name: "Category" }).getByRole("option", { name: run.category.name, exact: true }),
  ).toBeAttached();
  // A piece on the first page that is not made in Maroon, to see the filter leave it out.
  await expect(productCards(guest).first()).toBeVisible();
  const unfiltered = await productCards(guest).evaluateAll((cards) =>
    cards.map((c) => ({
      name: c.querySelector("h3")?.textContent?.trim() ?? "",
      colours: c.querySelector("[data-testid=card-swatches]")?.textContent ?? "",
    })),
  );
  const without = unfiltered.find((c) => c.name && !/\bMaroon\b/.test(c.colours));
  expect(without, "every card on the first page comes in Maroon").toBeTruthy();
  await filters
    .getByRole("group", { name: "Colour" })
    .getByRole("checkbox", { name: new RegExp(`^${MAROON.name} \\(\\d+\\)$`) })
    .check();
  await expect(guest).toHaveURL(/[?&]color=maroon(&|$)/);
  await expect(guest.getByRole("heading", { level: 3, name: run.product })).toBeVisible();
  await expect(guest.getByRole("heading", { level: 3, name: without!.name, exact: true })).toHaveCount(0);
  // Every card left comes in Maroon.
  const cards = productCards(guest);
  const count = await cards.count();
  expect(count).toBeGreaterThanOrEqual(1);
  for (let i = 0; i < count; i++)
    await expect(cards.nth(i).getByTestId("card-swatches")).toContainText(
      new RegExp(`Colours: .*\\b${MAROON.name}\\b`),
    );
  await expectCleanPage(guest);

  // The Returns page says the window from Settings.
  await untilShown(guest, "/returns", async () => {
    await expect(guest.getByRole("heading", { level: 2, name: `Returns for ${run.tag}` })).toBeVisible({
      timeout: 1000,
    });
  });
  await expect(guest.getByRole("main").locator("strong")).toHaveText("14 days");
  await expect(guest.getByRole("main")).toContainText("within 14 days of delivery");
  await expect(guest.getByRole("main")).not.toContainText("{return_window_days}");
  await waitForHydration(guest);
  await expectCleanPage(guest);
}

/** The guest registers and orders the Maroon piece, Cash on Delivery; answers the order's id. */
async function buyerOrdersMaroon(buyer: Page, run: Run, productId: string) {
  await signUp(buyer, newAccount(`brand-${run.tag}`, "Mahnoor Qureshi"));
  await gotoHydrated(buyer, `/product/${productId}`);
  await expect(buyer.getByRole("heading", { level: 1, name: run.product })).toBeVisible();
  // One size: shown as a fact, not a picker to touch.
  await expect(buyer.getByTestId("single-size")).toHaveText("Size: Unstitched");
  await expect(buyer.getByRole("group", { name: /^Size/ })).toHaveCount(0);
  const colour = buyer.getByRole("group", { name: /^Colour/ });
  await expect(colour.getByRole("radio")).toHaveCount(2);
  await colour.getByRole("radio", { name: MAROON.name, exact: true }).check();
  await shot(buyer, run, "product");
  await expectCleanPage(buyer);
  await buyer.getByRole("button", { name: "Add to Cart" }).click();
  await expect(toast(buyer, `${run.product} added to cart!`)).toBeVisible();

  await gotoHydrated(buyer, "/checkout");
  await fillShipping(buyer, { phone: "0321 4567890", city: "Lahore", address: "House 7, Street 3, Gulberg III" });
  await expect(buyer.getByTestId("checkout-items").getByRole("listitem")).toHaveCount(1);
  await expect(buyer.getByTestId("checkout-items")).toContainText(`${MAROON.name} / Unstitched`);
  await expect(checkoutForm(buyer).getByRole("combobox", { name: "Payment Method" })).toHaveValue(/cod/i);
  await expectCleanPage(buyer);
  await checkoutForm(buyer).getByRole("button", { name: "Place Order" }).click();
  await expect(buyer).toHaveURL(/\/orders\/[\w-]+$/, { timeout: 20_000 });
  await expect(buyer.getByRole("heading", { level: 1 })).toHaveText(/^Order ORD-\d+$/);
  const line = buyer.getByTestId("order-items").getByRole("listitem").filter({ hasText: run.product });
  await expect(line).toContainText(`${MAROON.name} / Unstitched`);
  await waitForHydration(buyer);
  await expectCleanPage(buyer);
  const orderNumber = (await buyer.getByRole("heading", { level: 1 }).innerText()).replace(/^Order /, "").trim();
  return { orderId: new URL(buyer.url()).pathname.split("/").pop()!, orderNumber };
}

async function ownerReadsTheOrder(owner: Page, run: Run, order: { orderId: string; orderNumber: string }) {
  await owner.goto(`/seller/orders/${order.orderId}/invoice`);
  await expect(owner.getByText(order.orderNumber).first()).toBeVisible();
  const row = owner.getByRole("row").filter({ hasText: run.product });
  await expect(row).toContainText(`${MAROON.name} / Unstitched`);

  const csv = await owner.request.get(`/seller/orders.csv?q=${encodeURIComponent(order.orderNumber)}`);
  expect(csv.status()).toBe(200);
  const text = await csv.text();
  const line = text.split(/\r?\n/).find((l) => l.includes(order.orderNumber));
  expect(line, `${order.orderNumber} is not in the orders CSV:\n${text.slice(0, 2000)}`).toBeTruthy();
  expect(line).toContain(`1 x ${run.product} (${MAROON.name}, Unstitched)`);
}

// ---------------------------------------------------------------------------------------------------
// Putting the demo shop back.

async function putBack(owner: Page, run: Run, made: Made) {
  const steps: [string, () => Promise<void>][] = [
    [
      "slide",
      async () => {
        if (!made.slide) return;
        await gotoHydrated(owner, "/seller/storefront");
        await owner.getByRole("button", { name: `Delete: ${run.slide}` }).click();
        await expect(toast(owner, "Slide deleted")).toBeVisible();
      },
    ],
    [
      "announcement",
      async () => {
        if (!made.announcement) return;
        await gotoHydrated(owner, "/seller/storefront");
        const bar = owner.getByRole("form", { name: "Announcement bar" });
        await bar.getByLabel("Announcement").fill("");
        await bar.getByLabel("Links to").selectOption("none");
        await bar.getByRole("button", { name: "Save announcement" }).click();
        await expect(toast(owner, "Announcement turned off")).toBeVisible();
      },
    ],
    [
      "menu item",
      async () => {
        if (!made.menuItem) return;
        await gotoHydrated(owner, "/seller/storefront/menus");
        await owner.getByRole("button", { name: `Delete: ${run.menuLabel}` }).click();
        await expect(toast(owner, "Menu item deleted")).toBeVisible();
      },
    ],
    [
      "collection",
      async () => {
        if (!made.collectionUrl) return;
        await gotoHydrated(owner, made.collectionUrl);
        await owner.getByRole("button", { name: `Delete ${run.collection}` }).click();
        await expect(owner).toHaveURL(/\/seller\/storefront\/collections$/);
      },
    ],
    [
      "Returns page",
      async () => {
        if (!made.returnsEdited) return;
        await gotoHydrated(owner, "/seller/storefront/pages");
        await owner.getByRole("main").getByRole("link", { name: "Returns & Exchanges", exact: true }).click();
        await waitForSellerPage(owner);
        await owner.getByRole("button", { name: "Restore the default text" }).click();
        await expect(owner.getByRole("textbox", { name: "Text (Markdown)" })).toHaveValue(
          /## \{return_window_days\}-day returns/,
        );
      },
    ],
    [
      "return window",
      async () => {
        if (made.returnWindowBefore === null) return;
        await gotoHydrated(owner, "/seller/settings");
        const settings = owner.getByRole("form", { name: "Settings" });
        await settings
          .getByRole("textbox", { name: "Return window (days after delivery)" })
          .fill(made.returnWindowBefore);
        await settings.getByRole("button", { name: "Save Settings" }).click();
        await expect(toast(owner, "Settings saved. The shop shows them now.")).toBeVisible();
      },
    ],
    [
      "product",
      async () => {
        if (!made.productId) return;
        const res = await owner.request.delete(`/api/products/${made.productId}`);
        expect(res.status(), await res.text()).toBeLessThan(300);
      },
    ],
    [
      "category",
      async () => {
        if (!made.categoryAdded) return;
        // An ordered product stays (archived) in its category, so the category is hidden, not deleted.
        await gotoHydrated(owner, `/seller/catalogue/categories/${run.category.slug}`);
        const danger = owner.getByRole("region", { name: `Delete ${run.category.name}` });
        await danger.getByRole("button", { name: "Delete category" }).click();
        const hide = danger.getByRole("button", { name: "Hide category" });
        const deleted = toast(owner, new RegExp(`${escape(run.category.name)} (deleted|is hidden)`));
        await expect(hide.or(deleted).first()).toBeVisible();
        if (await hide.isVisible()) {
          await hide.click();
          // Back on the list, marked Hidden (the toast may come and go while the list loads).
          await expect(owner).toHaveURL(/\/seller\/catalogue$/);
          const row = owner
            .getByRole("region", { name: "Categories", exact: true })
            .getByRole("listitem")
            .filter({ has: owner.getByRole("link", { name: run.category.name, exact: true }) });
          await expect(row).toContainText("Hidden");
        }
      },
    ],
    [
      "colours",
      async () => {
        if (!made.coloursAdded.length) return;
        await gotoHydrated(owner, "/seller/catalogue/colours");
        for (const [i, name] of made.coloursAdded.entries()) {
          // A name with neither word in it: other specs look for "Mint" and "Maroon" (not always exactly).
          const newName = `E2E ${run.tag} colour ${i + 1}`;
          let row = owner.getByTestId("colour-list").getByRole("form", { name, exact: true });
          await row.getByLabel(`Name of ${name}`).fill(newName);
          await row.getByRole("button", { name: "Save", exact: true }).click();
          await expect(toast(owner, `${newName} saved`)).toBeVisible();
          row = owner.getByTestId("colour-list").getByRole("form", { name: newName, exact: true });
          await row.getByRole("button", { name: `Retire ${newName}` }).click();
          await expect(toast(owner, `${newName} retired: no longer offered for new products`)).toBeVisible();
        }
      },
    ],
    [
      "size set",
      async () => {
        if (!made.sizeSetAdded) return;
        await gotoHydrated(owner, "/seller/catalogue/sizes");
        const newName = `E2E ${run.tag} one size`;
        const name = owner.getByLabel(`Name of ${SIZE_SET}`, { exact: true });
        const form = name.locator("xpath=ancestor::form[1]");
        await name.fill(newName);
        await form.getByRole("button", { name: "Rename", exact: true }).click();
        await expect(owner.getByRole("heading", { level: 3, name: newName, exact: true })).toBeVisible();
      },
    ],
  ];
  const failures: string[] = [];
  for (const [what, step] of steps) {
    try {
      await step();
    } catch (error) {
      failures.push(`${what}: ${(error as Error).message.split("\n")[0]}`);
    }
  }
  expect(failures, "putting the demo shop back failed").toEqual([]);
}

// ---------------------------------------------------------------------------------------------------

async function brandSetsUpTheShop(browser: Browser, owner: Page, guestOptions: BrowserContextOptions, phone: boolean) {
  const run = newRun(phone);
  const made: Made = {
    coloursAdded: [],
    sizeSetAdded: false,
    categoryAdded: false,
    productId: null,
    slide: false,
    announcement: false,
    collectionUrl: null,
    menuItem: false,
    returnsEdited: false,
    returnWindowBefore: null,
  };
  // A guest: a fresh browser context, no cookies.
  const guestContext = await browser.newContext(guestOptions);
  const guest = await guestContext.newPage();
  try {
    await signInAsOwner(owner);
    await ownerSetsUpTheCatalogue(owner, run, made);
    const { collectionSlug } = await ownerSetsUpTheStorefront(owner, run, made);
    await guestSeesTheShop(guest, run, collectionSlug, phone);
    const order = await buyerOrdersMaroon(guest, run, made.productId!);
    await ownerReadsTheOrder(owner, run, order);
  } catch (error) {
    // Clean up whatever happened, then report the scenario's own failure (not a clean-up's).
    await guestContext.close();
    await putBack(owner, run, made).catch(() => undefined);
    throw error;
  }
  await guestContext.close();
  // The scenario passed: a clean-up failure fails the test.
  await putBack(owner, run, made);

  // Put back: the guest's home, header and Returns page read as the demo's again.
  const afterContext = await browser.newContext(guestOptions);
  const after = await afterContext.newPage();
  try {
    await untilShown(after, "/returns", async () => {
      await expect(
        after.getByRole("heading", { level: 2, name: `${made.returnWindowBefore ?? 7}-day returns` }),
      ).toBeVisible({ timeout: 1000 });
    });
    await untilShown(after, "/", async () => {
      await expect(after.getByRole("heading", { level: 1 })).toHaveText(
        "Clothes you will live in, delivered to your door.",
        { timeout: 1000 },
      );
    });
    await expect(after.getByRole("region", { name: "Announcement" })).toHaveCount(0);
    await expect(
      after.getByRole("region", { name: "Shop by category" }).getByRole("link", { name: tileName(run) }),
    ).toHaveCount(0);
    if (phone) await after.getByRole("banner").locator("summary").filter({ hasText: "Menu" }).click();
    await expect(
      after.getByRole("navigation", { name: phone ? "Main menu" : "Main" }).getByRole("link", { name: run.menuLabel }),
    ).toHaveCount(0);
  } finally {
    await afterContext.close();
  }
}

test.describe("a brand makes the shop its own, on a laptop", () => {
  test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false });

  test("the owner sets up Lawn, Mint and Maroon, Unstitched, a slide, a bar, a collection in the menu and 14-day returns; a guest sees it and a buyer orders the Maroon piece", async ({
    browser,
    page,
    baseURL,
  }) => {
    test.setTimeout(300_000);
    await brandSetsUpTheShop(browser, page, { baseURL, viewport: { width: 1280, height: 800 } }, false);
  });
});

test.describe("a brand makes the shop its own, on a phone", () => {
  test("the owner sets up Lawn, Mint and Maroon, Unstitched, a slide, a bar, a collection in the menu and 14-day returns; a guest sees it through the phone menu and a buyer orders the Maroon piece", async ({
    browser,
    page,
    baseURL,
    viewport,
    isMobile,
    hasTouch,
    userAgent,
    deviceScaleFactor,
  }) => {
    test.setTimeout(300_000);
    await brandSetsUpTheShop(
      browser,
      page,
      { baseURL, viewport, isMobile, hasTouch, userAgent, deviceScaleFactor },
      true,
    );
  });
});
