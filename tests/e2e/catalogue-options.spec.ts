import { expect, test, type Page } from "@playwright/test";
import {
  cartLine,
  checkoutForm,
  createAccount,
  expectNoSeriousA11yViolations,
  fillShipping,
  gotoHydrated,
  newAccount,
  resultCount,
  signInAsOwner,
  toast,
  keepShot,
} from "./helpers";
import { expectValidHtml } from "./html-check";
import { photo } from "./products-helpers";

/**
 * Issue 29, colours and size sets: the owner adds the colours Mint and Maroon and a one-size set
 * "Unstitched", lists an unstitched 3-piece in both; a guest filters the listing by Maroon (with and
 * without JavaScript); a buyer adds it to the cart without choosing a size and places a COD order
 * whose line says Maroon / Unstitched. At 390 px (the default device) and 1280 px.
 */

const PRODUCT = `Lawn 3-Piece ${Date.now().toString(36).slice(-5)}`;
let productId = "";

async function expectPageClean(page: Page, url: string) {
  await expectValidHtml(page.request, url);
  await gotoHydrated(page, url);
  await expectNoSeriousA11yViolations(page);
}

test.describe.serial("colours and size sets", () => {
  // The worker's shop is shared with the spec files after this one (the catalogue spec counts the
  // demo's 24 products): the piece goes (archived, as it was ordered). Its colours and size set stay.
  test.afterAll(async ({ browser, baseURL }) => {
    if (!productId) return;
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    await signInAsOwner(page);
    expect((await page.request.delete(`/api/products/${productId}`)).ok()).toBe(true);
    await context.close();
  });

  test("the owner adds Mint, Maroon and an Unstitched size set, then an unstitched 3-piece in both colours", async ({
    page,
  }) => {
    await signInAsOwner(page);
    await gotoHydrated(page, "/seller/catalogue/colours");
    await expect(page.getByRole("heading", { level: 2, name: "Colours" })).toBeVisible();
    for (const [name, hex] of [
      ["Mint", "#98ff98"],
      ["Maroon", "#7b1e3a"],
    ]) {
      const add = page.getByRole("form", { name: "Add a colour" });
      await add.getByLabel("Name", { exact: true }).fill(name);
      await add.getByLabel("Hex", { exact: true }).fill(hex);
      await add.getByRole("button", { name: "Add colour" }).click();
      await expect(toast(page, `${name} added`)).toBeVisible();
    }
    await expect(page.getByTestId("colour-list").getByRole("form", { name: "Maroon" })).toBeVisible();
    // A name already taken, whatever its case, is refused beside the name with what was typed kept.
    const add = page.getByRole("form", { name: "Add a colour" });
    await add.getByLabel("Name", { exact: true }).fill("maroon");
    await add.getByRole("button", { name: "Add colour" }).click();
    await expect(
      page.getByRole("form", { name: "Add a colour" }).getByText("There is already a colour with this name"),
    ).toBeVisible();
    await expect(page.getByRole("form", { name: "Add a colour" }).getByLabel("Name", { exact: true })).toHaveValue(
      "maroon",
    );
    await expectPageClean(page, "/seller/catalogue/colours");

    await gotoHydrated(page, "/seller/catalogue/sizes");
    await page.getByLabel("Size set name").fill("Unstitched");
    await page.getByLabel("Sizes", { exact: true }).fill("Unstitched");
    await page.getByRole("button", { name: "Add size set" }).click();
    await expect(toast(page, "Size set added")).toBeVisible();
    await expect(page.getByRole("heading", { level: 3, name: "Unstitched" })).toBeVisible();
    // Tops is used by the demo's products: it cannot be deleted, and the owner is told why.
    await page.getByRole("button", { name: "Delete Tops" }).click();
    await expect(page.getByText(/^This size set cannot be deleted: \d+ products use it/)).toBeVisible();
    await expectPageClean(page, "/seller/catalogue/sizes");

    await gotoHydrated(page, "/seller/products/new");
    await page.getByLabel("Product Name").fill(PRODUCT);
    await page.getByLabel("Category").selectOption({ label: "Shirts" });
    await page.getByLabel("Description").fill("Printed lawn shirt, chiffon dupatta and dyed trouser.");
    await page.getByLabel("Price (PKR)", { exact: true }).fill("4990");
    await page.getByLabel("Stock Quantity").fill("5");
    await page.getByLabel("Size set").selectOption({ label: "Unstitched (Unstitched)" });
    await expect(page.getByTestId("single-size")).toContainText("Size: Unstitched");
    await page.getByRole("button", { name: "Black", exact: true }).click();
    await page.getByRole("button", { name: "White", exact: true }).click();
    await page.getByRole("button", { name: "Mint", exact: true }).click();
    await page.getByRole("button", { name: "Maroon", exact: true }).click();
    await expect(page.getByLabel("Maroon Unstitched stock")).toHaveValue("5");
    await page.getByLabel("Upload images").setInputFiles([await photo("lawn.png", "#7b1e3a")]);
    await expect(page.getByTestId("product-photos").getByRole("listitem")).toHaveCount(1);
    await page.getByRole("button", { name: "Add Product", exact: true }).click();
    await expect(toast(page, "Product added successfully!")).toBeVisible();

    const res = await page.request.get(`/api/products?q=${encodeURIComponent(PRODUCT)}`);
    productId = ((await res.json()) as { data: { products: { id: string }[] } }).data.products[0].id;
    expect(productId).toBeTruthy();
  });

  test("a guest filters the listing by Maroon and sees the piece, not products without Maroon", async ({ page }) => {
    await gotoHydrated(page, "/products");
    const filters = page.getByRole("form", { name: "Filter products" });
    await filters
      .getByRole("group", { name: "Colour" })
      .getByRole("checkbox", { name: /^Maroon \(\d+\)$/ })
      .check();
    await expect(page).toHaveURL(/[?&]color=maroon(&|$)/);
    await expect(page.getByRole("heading", { level: 3, name: PRODUCT })).toBeVisible();
    await expect(resultCount(page)).toHaveText("Showing 1 product");
    await expect(page.getByRole("heading", { level: 3, name: "Essential Crew Neck Tee" })).toHaveCount(0);
    // The card shows its colours as swatches, named for screen readers.
    await expect(page.getByTestId("card-swatches").first()).toContainText("Colours: Mint, Maroon");
    await expectNoSeriousA11yViolations(page);
    await expectValidHtml(page.request, "/products?color=maroon&size=unstitched");
  });

  test("without JavaScript: the colour filter is a GET form, and a one-size piece goes to the cart without choosing a size", async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    await page.goto("/products");
    await page
      .getByRole("form", { name: "Filter products" })
      .getByRole("checkbox", { name: /^Maroon \(\d+\)$/ })
      .check();
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/[?&]color=maroon(&|$)/);
    await expect(page.getByRole("heading", { level: 3, name: PRODUCT })).toBeVisible();
    await expect(page.getByTestId("product-results").getByRole("article")).toHaveCount(1);

    await createAccount(context.request, newAccount("unstitched-nojs", "Sana Malik"));
    await page.goto(`/product/${productId}`);
    await expect(page.getByTestId("single-size")).toHaveText("Size: Unstitched");
    await expect(page.getByRole("group", { name: /^Size/ })).toHaveCount(0);
    await page
      .getByRole("group", { name: /^Colour/ })
      .getByRole("radio", { name: "Maroon", exact: true })
      .check();
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await page.goto("/cart");
    await expect(cartLine(page, PRODUCT)).toContainText("Maroon / Unstitched");
    await context.close();
  });

  test("a buyer adds the Maroon piece without choosing a size and places a COD order that says Maroon / Unstitched", async ({
    page,
  }) => {
    await createAccount(page, newAccount("unstitched", "Ayesha Khan"));
    await gotoHydrated(page, `/product/${productId}`);
    await expect(page.getByTestId("single-size")).toHaveText("Size: Unstitched");
    await page
      .getByRole("group", { name: /^Colour/ })
      .getByRole("radio", { name: "Maroon", exact: true })
      .check();
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(toast(page, `${PRODUCT} added to cart!`)).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await gotoHydrated(page, "/checkout");
    await fillShipping(page, { phone: "0333 1112223", city: "Lahore", address: "12-B Gulberg III" });
    await checkoutForm(page).getByRole("button", { name: "Place Order" }).click();
    await expect(page).toHaveURL(/\/orders\/[\w-]+$/);
    const line = page.getByTestId("order-items").getByRole("listitem").filter({ hasText: PRODUCT });
    await expect(line).toContainText("Maroon / Unstitched");
  });

  test.describe("on a 1280 px laptop", () => {
    test.use({ viewport: { width: 1280, height: 800 } });

    test("the dashboard pages, the listing filters and the product page are valid and accessible", async ({ page }) => {
      await expectValidHtml(page.request, `/product/${productId}`);
      await gotoHydrated(page, "/products?color=maroon&color=mint");
      await expect(page.getByRole("heading", { level: 3, name: PRODUCT })).toBeVisible();
      await expect(
        page.getByRole("form", { name: "Filter products" }).getByRole("checkbox", { name: /^Mint \(\d+\)$/ }),
      ).toBeChecked();
      await expectNoSeriousA11yViolations(page);
      await signInAsOwner(page);
      await expectPageClean(page, "/seller/catalogue/colours");
      await expectPageClean(page, "/seller/catalogue/sizes");
      await keepShot(page, { path: "test-results/catalogue-sizes-1280.png", fullPage: true });
    });
  });
});
