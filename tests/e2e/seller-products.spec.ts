import { expect, test, type Page } from "@playwright/test";
import {
  createAccount,
  expectNoSeriousA11yViolations,
  gotoHydrated,
  newAccount,
  placeOrderByApi,
  signInAsOwner,
  toast,
  variantStock,
  keepShot,
} from "./helpers";
import { createProductByApi, inventoryCard, photo } from "./products-helpers";

/**
 * The owner's Products tab (issue 7): add a product with photos and stock per colour and size in
 * the browser and find it in the shop, edit it, deactivate it, delete an ordered product (archived,
 * the order intact), messages beside the fields, buyers and guests kept out, phone layout.
 */

const unique = (name: string) => `${name} ${Date.now().toString(36).slice(-5)}`;

async function productIdFromInventory(page: Page, name: string): Promise<string> {
  await gotoHydrated(page, `/seller/products?q=${encodeURIComponent(name)}`);
  const href = await inventoryCard(page, name).getByRole("link", { name: /^View/ }).getAttribute("href");
  const id = href?.match(/^\/product\/(.+)$/)?.[1];
  if (!id) throw new Error(`no storefront link for ${name}: ${href}`);
  return id;
}

test.describe("the owner's products", () => {
  test("adds a product with two photos and stock per colour and size, finds it in the shop, edits and deactivates it", async ({
    page,
    browser,
  }) => {
    const name = unique("Linen Camp Shirt");
    await signInAsOwner(page);
    await gotoHydrated(page, "/seller/products/new");
    await expect(page.getByRole("heading", { level: 2, name: "Add Product" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.getByLabel("Product Name").fill(name);
    await page.getByLabel("Category").selectOption({ label: "Shirts" });
    await page.getByLabel("Description").fill("Breezy linen for Karachi summers.");
    await page.getByLabel("Price (PKR)", { exact: true }).fill("2499");
    await page.getByLabel("Stock Quantity").fill("8");
    // Defaults are Black and White, S M L XL: make it Black and Navy in M and L.
    await page.getByRole("button", { name: "White", exact: true }).click();
    await page.getByRole("button", { name: "Navy", exact: true }).click();
    await page.getByRole("button", { name: "S", exact: true }).click();
    await page.getByRole("button", { name: "XL", exact: true }).click();
    await expect(page.getByRole("button", { name: "Navy", exact: true })).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByLabel("Navy L stock")).toHaveValue("8");
    await page.getByLabel("Black M stock").fill("3");
    await page.getByRole("textbox", { name: "Feature 1", exact: true }).fill("Pure linen");
    await page.getByRole("button", { name: "+ Add Feature" }).click();
    await page.getByRole("textbox", { name: "Feature 2", exact: true }).fill("Camp collar");
    await page.getByLabel("Tags").fill("summer, linen");

    await page
      .getByLabel("Upload images")
      .setInputFiles([await photo("front.png", "#14532d"), await photo("back.jpg", "#7c2d12")]);
    const photos = page.getByTestId("product-photos").getByRole("listitem");
    await expect(photos).toHaveCount(2);
    // The second photo becomes the cover.
    await page.getByRole("button", { name: "Move photo 2 up" }).click();
    await keepShot(page, { path: "test-results/products-form-390.png", fullPage: true });

    await page.getByRole("button", { name: "Add Product", exact: true }).click();
    await expect(toast(page, "Product added successfully!")).toBeVisible();
    // The form is back to SPEC.md's defaults.
    await expect(page.getByLabel("Product Name")).toHaveValue("");
    await expect(page.getByRole("button", { name: "White", exact: true })).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByRole("button", { name: "Navy", exact: true })).toHaveAttribute("aria-pressed", "false");

    const id = await productIdFromInventory(page, name);
    const card = inventoryCard(page, name);
    await expect(card).toContainText("Rs 2,499");
    await expect(card).toContainText("Stock: 27");
    await expect(card.getByTestId("product-status")).toHaveText("Active");

    // In the shop, as a guest: price and stock per colour and size.
    const guest = await browser.newContext();
    const shop = await guest.newPage();
    await gotoHydrated(shop, `/product/${id}`);
    await expect(shop.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(shop.getByText("Rs 2,499").first()).toBeVisible();
    expect(await variantStock(shop, id, "Black", "M")).toBe(3);
    expect(await variantStock(shop, id, "Navy", "L")).toBe(8);
    await shop
      .getByRole("group", { name: /^Colour/ })
      .getByRole("radio", { name: "Black", exact: true })
      .check();
    await shop.getByRole("group", { name: /^Size/ }).getByRole("radio", { name: "M", exact: true }).check();
    await expect(shop.getByTestId("stock-status").first()).toHaveText("Only 3 left");

    // Edit: a new price shows in the shop.
    await card.getByRole("link", { name: /^Edit/ }).click();
    await expect(page.getByRole("heading", { level: 2, name: "Edit Product" })).toBeVisible();
    await expect(page.getByLabel("Product Name")).toHaveValue(name);
    await expect(page.getByLabel("Black M stock")).toHaveValue("3");
    await page.getByLabel("Price (PKR)", { exact: true }).fill("2199");
    await page.getByRole("button", { name: "Update Product" }).click();
    await expect(toast(page, "Product updated successfully!")).toBeVisible();
    await expect(page).toHaveURL(/\/seller\/products$/);
    await expect
      .poll(async () => {
        const res = await shop.request.get(`/api/products/${id}`);
        return (await res.json()).data.price;
      })
      .toBe(2199);

    // Deactivate: gone from the shop.
    await gotoHydrated(page, `/seller/products?q=${encodeURIComponent(name)}`);
    await inventoryCard(page, name)
      .getByRole("button", { name: /^Deactivate/ })
      .click();
    await expect(toast(page, /is now a draft/)).toBeVisible();
    await expect(inventoryCard(page, name).getByTestId("product-status")).toHaveText("Draft");
    await expect.poll(async () => (await shop.request.get(`/api/products/${id}`)).status()).toBe(404);
    await shop.goto(`/product/${id}?fresh=1`);
    await expect(shop.getByRole("heading", { level: 1, name: "Product not found" })).toBeVisible();
    // Activate brings it back.
    await inventoryCard(page, name)
      .getByRole("button", { name: /^Activate/ })
      .click();
    await expect(inventoryCard(page, name).getByTestId("product-status")).toHaveText("Active");
    await guest.close();
  });

  test("deleting a product a buyer ordered archives it; the buyer's order still shows the item", async ({
    page,
    browser,
  }) => {
    const name = unique("Ordered Tee");
    await signInAsOwner(page);
    const id = await createProductByApi(page.request, { name });

    const buyerContext = await browser.newContext();
    const buyer = await buyerContext.newPage();
    await createAccount(buyer, newAccount("archive-buyer", "Sana Malik"));
    const order = await placeOrderByApi(buyer, [{ productId: id, color: "Black", size: "M", quantity: 1 }]);

    await gotoHydrated(page, `/seller/products?q=${encodeURIComponent(name)}`);
    await inventoryCard(page, name)
      .getByRole("link", { name: /^Delete/ })
      .click();
    const confirm = page.getByRole("alertdialog", { name: `Delete ${name}?` });
    await expect(confirm).toContainText("Buyers have ordered it, so it will be archived");
    await expectNoSeriousA11yViolations(page);
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(toast(page, /Product deleted successfully!.*archived/)).toBeVisible();
    await expect(inventoryCard(page, name)).toHaveCount(0);
    await gotoHydrated(page, `/seller/products?q=${encodeURIComponent(name)}&status=archived`);
    await expect(inventoryCard(page, name).getByTestId("product-status")).toHaveText("Archived");

    await gotoHydrated(buyer, `/orders/${order.orderId}`);
    await expect(buyer.getByTestId("order-items")).toContainText(name);
    await expect.poll(async () => (await buyer.request.get(`/api/products/${id}`)).status()).toBe(404);
    await buyerContext.close();
  });

  test("deletes a product never ordered for real, after a confirm step that works without JavaScript", async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await signInAsOwner(page);
    const name = unique("Unsold Tee");
    await createProductByApi(page.request, { name });
    await page.goto(`/seller/products?q=${encodeURIComponent(name)}`);
    await inventoryCard(page, name)
      .getByRole("link", { name: /^Delete/ })
      .click();
    await expect(page.getByRole("alertdialog")).toContainText("never been ordered");
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("Product deleted successfully!")).toBeVisible();
    await page.goto(`/seller/products?q=${encodeURIComponent(name)}&status=archived`);
    await expect(page.getByText("No products found").first()).toBeVisible();
    await context.close();
  });

  test("adds a product whose stock is typed for each colour and size, Stock Quantity left empty (issue 40)", async ({
    page,
  }) => {
    const name = unique("Grid Kurta");
    await signInAsOwner(page);
    await gotoHydrated(page, "/seller/products/new");
    await page.getByLabel("Product Name").fill(name);
    await page.getByLabel("Category").selectOption({ label: "Shirts" });
    await page.getByLabel("Description").fill("Stock counted size by size.");
    await page.getByLabel("Price (PKR)", { exact: true }).fill("1999");
    // Black and White in M and L (the defaults are S to XL), each cell typed one by one.
    await page.getByRole("button", { name: "S", exact: true }).click();
    await page.getByRole("button", { name: "XL", exact: true }).click();
    const cells = { "Black M": "2", "Black L": "3", "White M": "0", "White L": "5" };
    for (const [cell, stock] of Object.entries(cells)) await page.getByLabel(`${cell} stock`).fill(stock);
    await expect(page.getByLabel("Stock Quantity")).toHaveValue("");
    await expect(page.getByText("Total: 10 pieces")).toBeVisible();
    await page.getByLabel("Upload images").setInputFiles([await photo("front.png", "#14532d")]);
    await expect(page.getByTestId("product-photos").getByRole("listitem")).toHaveCount(1);

    // Held back a moment, so the button can be seen saying what it is doing.
    await page.route("**/seller/products/new.data*", async (route) => {
      if (route.request().method() === "POST") await new Promise((resolve) => setTimeout(resolve, 700));
      await route.continue();
    });
    await page.getByRole("button", { name: "Add Product", exact: true }).click();
    await expect(page.getByRole("button", { name: "Adding Product..." })).toBeDisabled();
    await expect(toast(page, "Product added successfully!")).toBeVisible();
    await expect(page.getByText("Valid stock quantity is required")).toHaveCount(0);
    const id = await productIdFromInventory(page, name);
    await expect(inventoryCard(page, name)).toContainText("Stock: 10");
    expect(await variantStock(page, id, "Black", "L")).toBe(3);
    expect(await variantStock(page, id, "White", "M")).toBe(0);
  });

  test("shows SPEC.md's messages beside the fields, keeps what was typed, and clears a message when its field is edited", async ({
    page,
  }) => {
    await signInAsOwner(page);
    await gotoHydrated(page, "/seller/products/new");
    // The form is checked in the browser with the action's own schema: nothing is sent while it is wrong.
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(request.url());
    });
    await page.getByLabel("Description").fill("Typed description stays");
    await page.getByLabel("Price (PKR)", { exact: true }).fill("1299.50");
    await page.getByRole("button", { name: "Black", exact: true }).click();
    await page.getByRole("button", { name: "White", exact: true }).click();
    await page.getByRole("button", { name: "Add Product", exact: true }).click();

    const field = (label: string) => page.getByLabel(label, { exact: true });
    await expect(field("Product Name")).toHaveAccessibleDescription("Product name is required");
    await expect(field("Product Name")).toBeFocused();
    await expect(
      page.getByRole("alert").filter({ hasText: "Please check the highlighted fields" }).first(),
    ).toBeVisible();
    await expect(field("Price (PKR)")).toHaveAccessibleDescription(/Price must be in whole rupees/);
    await expect(field("Stock Quantity")).toHaveAccessibleDescription(/Valid stock quantity is required/);
    await expect(page.getByText("At least one image is required")).toBeVisible();
    await expect(page.getByText("At least one color is required")).toBeVisible();
    await expect(field("Description")).toHaveValue("Typed description stays");
    await expect(field("Price (PKR)")).toHaveValue("1299.50");
    await keepShot(page, { path: "test-results/products-form-errors-390.png", fullPage: true });

    await field("Product Name").fill("Now named");
    await expect(page.getByText("Product name is required")).toHaveCount(0);
    await page.getByRole("button", { name: "Navy", exact: true }).click();
    await expect(page.getByText("At least one color is required")).toHaveCount(0);
    await expect(page.getByText("Valid stock quantity is required")).toBeVisible();
    expect(posts, "a refused form is not sent").toEqual([]);
  });

  test("the form works without JavaScript: toggles and a bad post come back with everything typed", async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await signInAsOwner(page);
    await page.goto("/seller/products/new");
    await page.getByLabel("Product Name").fill("No JS Tee");
    await page.getByLabel("Stock Quantity").fill("4");
    await page.getByRole("button", { name: "Navy", exact: true }).click();
    await expect(page.getByRole("button", { name: "Navy", exact: true })).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByLabel("Product Name")).toHaveValue("No JS Tee");
    // A combination added without JavaScript starts with the stock quantity.
    await expect(page.getByLabel("Navy M stock")).toHaveValue("4");
    await page.getByLabel("Upload images").setInputFiles([await photo("front.png", "#1e3a8a")]);
    await page.getByRole("button", { name: "Add Product", exact: true }).click();
    await expect(page.getByText("Description is required")).toBeVisible();
    await expect(page.getByText("Valid price is required")).toBeVisible();
    await expect(page.getByLabel("Product Name")).toHaveValue("No JS Tee");
    // The photo was uploaded with the post and is kept for the next one.
    await expect(page.getByTestId("product-photos").getByRole("listitem")).toHaveCount(1);
    await context.close();
  });

  test("a buyer is sent to their own dashboard and a guest to sign in", async ({ page, browser }) => {
    await createAccount(page, newAccount("products-buyer"));
    for (const path of ["/seller/products", "/seller/products/new", "/seller/products/essential-crew-neck-tee/edit"]) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/buyer-dashboard$/);
    }
    const guest = await (await browser.newContext()).newPage();
    await guest.goto("/seller/products/new");
    await expect(guest).toHaveURL(/\/auth\?.*redirectTo=%2Fseller%2Fproducts%2Fnew/);
    await expect(guest.getByText("Please log in to access the Dashboard")).toBeVisible();
  });

  test("inventory: search, sort, category, list view and low-stock badges, on a phone and a laptop", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await signInAsOwner(page);
    await gotoHydrated(page, "/seller/products?sort=price-high");
    await expect(page.getByRole("heading", { level: 2, name: "Products" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    const noSideways = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(noSideways).toBe(true);
    await keepShot(page, { path: "test-results/products-inventory-390.png", fullPage: false });

    await page.getByLabel("Sort by").selectOption("name");
    await expect(page).toHaveURL(/sort=name/);
    await page.getByLabel("Category").selectOption({ label: "Trousers" });
    await expect(page).toHaveURL(/category=trousers/);
    const names = await page.getByTestId("inventory-list").getByRole("heading", { level: 3 }).allInnerTexts();
    expect(names.length).toBeGreaterThan(0);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));

    await page.getByRole("link", { name: "List view" }).click();
    await expect(page).toHaveURL(/view=list/);
    await page.getByLabel("Search products").fill("Crew Neck");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/q=Crew\+Neck/);

    await page.setViewportSize({ width: 1280, height: 900 });
    await gotoHydrated(page, "/seller/products");
    await keepShot(page, { path: "test-results/products-inventory-1280.png" });
    await gotoHydrated(page, "/seller/products/new");
    await keepShot(page, { path: "test-results/products-form-1280.png", fullPage: true });
  });
});
