import { expect, test, type Locator, type Page } from "@playwright/test";
import { gotoHydrated, productCards } from "./helpers";

const TEE = "/product/essential-crew-neck-tee";

/** The visible chip (label) of a colour or size radio: what a shopper taps. */
function chip(group: Locator, name: string) {
  return group.locator("label").filter({ has: group.page().getByRole("radio", { name, exact: true }) });
}

function purchaseButtons(page: Page) {
  return { add: page.getByRole("button", { name: "Add to Cart" }), buy: page.getByRole("button", { name: "Buy Now" }) };
}

test.describe("product detail", () => {
  test("shows category, rating, review count, price, stock, description and material", async ({ page }) => {
    const res = await page.goto(TEE);
    expect(res?.status()).toBe(200);
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1, name: "Essential Crew Neck Tee" })).toBeVisible();
    await expect(main.getByRole("link", { name: "T-Shirts", exact: true })).toHaveAttribute(
      "href",
      "/category/t-shirts",
    );
    await expect(main.getByText("Rated 4.6 out of 5 from 312 reviews")).toBeAttached();
    await expect(main.getByText(/4\.6\s*\(312\b/)).toBeVisible();
    await expect(main.getByText("Rs 1,299", { exact: true }).first()).toBeVisible();
    await expect(main.getByText("In Stock", { exact: true })).toBeVisible();
    await expect(main.getByText(/180 GSM combed cotton/)).toBeVisible();
    await expect(main.getByText("100% Combed Cotton")).toBeVisible();
    // Not on sale: nothing struck through.
    await expect(main.locator("s, del")).toHaveCount(0);
    await expect(main.getByText(/% off/)).toHaveCount(0);
  });

  test("gallery thumbnails switch the main image", async ({ page }) => {
    await gotoHydrated(page, TEE);
    const gallery = page.getByRole("region", { name: "Product images" });
    const mainImage = gallery.getByRole("img").first();
    await expect(mainImage).toHaveAccessibleName("Essential Crew Neck Tee in Black, front");
    const firstSrc = await mainImage.getAttribute("src");
    const thumbs = gallery.getByRole("button", { name: /^Show image \d+ of 4/ });
    await expect(thumbs).toHaveCount(4);
    await expect(thumbs.first()).toHaveAttribute("aria-current", "true");

    const back = gallery.getByRole("button", { name: /^Show image 2 of 4/ });
    await back.click();
    await expect(back).toHaveAttribute("aria-current", "true");
    await expect(thumbs.first()).toHaveAttribute("aria-current", "false");
    await expect(mainImage).toHaveAccessibleName("Essential Crew Neck Tee in Black, back");
    await expect(mainImage).not.toHaveAttribute("src", firstSrc!);

    await gallery.getByRole("button", { name: /^Show image 1 of 4/ }).click();
    await expect(mainImage).toHaveAttribute("src", firstSrc!);
  });

  test("a sale product shows the original price struck through and the saving", async ({ page }) => {
    await page.goto("/product/heavyweight-oversized-tee");
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1, name: "Heavyweight Oversized Tee" })).toBeVisible();
    await expect(main.getByText("Rs 1,899", { exact: true }).first()).toBeVisible();
    const original = main.locator("s, del").filter({ hasText: "Rs 2,499" });
    await expect(original).toBeVisible();
    expect(await original.evaluate((el) => getComputedStyle(el).textDecorationLine)).toContain("line-through");
    await expect(main.getByText("24% off")).toBeVisible();
  });

  test("colour and size pickers: sold-out combinations are disabled and stock follows the variant", async ({
    page,
  }) => {
    await gotoHydrated(page, TEE);
    const colours = page.getByRole("group", { name: /^Colour/ });
    const sizes = page.getByRole("group", { name: /^Size/ });
    await expect(colours.getByRole("radio")).toHaveCount(4);
    await expect(sizes.getByRole("radio")).toHaveCount(6);

    await chip(colours, "White").click();
    await expect(colours.getByRole("radio", { name: "White" })).toBeChecked();
    await expect(page.getByRole("group", { name: /^Colour: White/ })).toBeVisible();
    const xs = sizes.getByRole("radio", { name: /^XS\b/ });
    await expect(xs).toBeDisabled();
    await expect(xs).toHaveAccessibleName("XS (sold out)");
    await expect(sizes.getByRole("radio", { name: "S", exact: true })).toBeEnabled();

    await chip(colours, "Gray").click();
    await expect(sizes.getByRole("radio", { name: /^XS\b/ })).toBeEnabled();
    await chip(sizes, "XXL").click();
    await expect(sizes.getByRole("radio", { name: "XXL" })).toBeChecked();
    await expect(page.getByRole("main").getByText("Only 3 left")).toBeVisible();
    await expect(page.getByText("Gray / XXL")).toBeVisible();

    // Only 3 left: the stepper stops at 3.
    const plus = page.getByRole("button", { name: "Increase quantity" });
    await plus.click();
    await plus.click();
    await expect(page.getByRole("spinbutton", { name: "Quantity" })).toHaveValue("3");
    await expect(plus).toBeDisabled();

    await chip(sizes, "M").click();
    await expect(page.getByRole("main").getByText("In Stock", { exact: true })).toBeVisible();
    await expect(page.getByRole("spinbutton", { name: "Quantity" })).toHaveValue("1");
  });

  test("colour and size radios can be checked directly by their accessible names", async ({ page }) => {
    // The real radio input must sit under its visible chip, so check() (and touch screen readers) reach it.
    await gotoHydrated(page, TEE);
    const colours = page.getByRole("group", { name: /^Colour/ });
    await colours.getByRole("radio", { name: "Gray" }).check({ timeout: 4_000 });
    await expect(colours.getByRole("radio", { name: "Gray" })).toBeChecked();
    await page.getByRole("group", { name: /^Size/ }).getByRole("radio", { name: "XXL" }).check({ timeout: 4_000 });
    await expect(page.getByRole("main").getByText("Only 3 left")).toBeVisible();
  });

  test("quantity stepper updates the running total", async ({ page }) => {
    await gotoHydrated(page, TEE);
    const quantity = page.getByRole("spinbutton", { name: "Quantity" });
    const minus = page.getByRole("button", { name: "Decrease quantity" });
    const plus = page.getByRole("button", { name: "Increase quantity" });
    await expect(quantity).toHaveValue("1");
    await expect(minus).toBeDisabled();
    await expect(page.getByText("Total: Rs 1,299")).toBeVisible();
    await plus.click();
    await expect(quantity).toHaveValue("2");
    await expect(page.getByText("Total: Rs 2,598")).toBeVisible();
    await plus.click();
    await expect(page.getByText("Total: Rs 3,897")).toBeVisible();
    await minus.click();
    await minus.click();
    await expect(quantity).toHaveValue("1");
    await expect(page.getByText("Total: Rs 1,299")).toBeVisible();
    await expect(minus).toBeDisabled();
  });

  test("the size guide opens", async ({ page }) => {
    await gotoHydrated(page, TEE);
    const table = page.getByRole("table", { name: /Measurements/ });
    await expect(table).toBeHidden();
    await page.getByText("Size guide", { exact: true }).click();
    await expect(table).toBeVisible();
    await expect(table.getByRole("rowheader", { name: "XXL" })).toBeVisible();
  });

  test("a sold-out product cannot be bought", async ({ page }) => {
    await page.goto("/product/denim-work-shirt");
    await expect(page.getByRole("heading", { level: 1, name: "Denim Work Shirt" })).toBeVisible();
    await expect(page.getByRole("main").getByText("Out of Stock", { exact: true })).toBeVisible();
    const { add, buy } = purchaseButtons(page);
    await expect(add).toBeDisabled();
    await expect(buy).toBeDisabled();
  });

  test("a coming-soon product shows a notice instead of buy buttons", async ({ page }) => {
    await page.goto("/product/quilted-bomber-jacket");
    await expect(page.getByRole("heading", { level: 1, name: "Quilted Bomber Jacket" })).toBeVisible();
    await expect(page.getByText("This product is coming soon and cannot be ordered yet.")).toBeVisible();
    await expect(page.getByRole("main").getByText("Coming Soon", { exact: true })).toBeVisible();
    const { add, buy } = purchaseButtons(page);
    await expect(add).toHaveCount(0);
    await expect(buy).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Notify Me" })).toBeVisible();
  });

  for (const action of ["Add to Cart", "Buy Now"] as const) {
    test(`a guest pressing ${action} is asked to sign in or sign up`, async ({ page }) => {
      await gotoHydrated(page, TEE);
      await page.getByRole("button", { name: action }).click();
      const dialog = page.getByRole("dialog", { name: "Authentication Required" });
      await expect(dialog).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`${TEE}$`));

      const signIn = dialog.getByRole("link", { name: "Sign In" });
      const signUp = dialog.getByRole("link", { name: "Sign Up" });
      for (const [link, mode] of [
        [signIn, "login"],
        [signUp, "signup"],
      ] as const) {
        const href = await link.getAttribute("href");
        const url = new URL(href!, "http://shop.test");
        expect(url.pathname).toBe("/auth");
        expect(url.searchParams.get("mode")).toBe(mode);
        expect(url.searchParams.get("redirectTo")).toBe(TEE);
      }

      await dialog.getByRole("button", { name: "Cancel" }).click();
      await expect(dialog).toBeHidden();
    });
  }

  test("an unknown product id is a 404 with a link back to products", async ({ page }) => {
    const res = await page.goto("/product/nope");
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Product not found" })).toBeVisible();
    const back = page.getByRole("main").getByRole("link", { name: /products/i });
    await expect(back).toHaveAttribute("href", "/products");
    await back.click();
    await expect(page).toHaveURL(/\/products$/);
  });

  test("has schema.org Product data with a PKR price", async ({ page }) => {
    await page.goto(TEE);
    const scripts = page.locator('script[type="application/ld+json"]');
    const blocks = (await scripts.allTextContents()).map((t) => JSON.parse(t));
    const product = blocks.find((b) => b["@type"] === "Product");
    expect(product, "a JSON-LD block with @type Product").toBeTruthy();
    expect(product.name).toBe("Essential Crew Neck Tee");
    const offer = Array.isArray(product.offers) ? product.offers[0] : product.offers;
    expect(offer.priceCurrency).toBe("PKR");
    expect(typeof offer.price).toBe("number");
    expect(offer.price).toBe(1299);
  });

  test("Back returns to the previous page", async ({ page }) => {
    await gotoHydrated(page, "/products?sort=price-asc");
    await productCards(page).first().getByRole("heading", { level: 3 }).getByRole("link").click();
    await expect(page).toHaveURL(new RegExp(`${TEE}$`));
    await expect(page.getByRole("heading", { level: 1, name: "Essential Crew Neck Tee" })).toBeVisible();
    await page.getByRole("main").getByRole("button", { name: "Back", exact: true }).click();
    await expect(page).toHaveURL(/\/products\?sort=price-asc$/);
    await expect(productCards(page)).toHaveCount(12);
  });

  test("Back on a directly opened product goes to the catalogue", async ({ page }) => {
    await gotoHydrated(page, TEE);
    await page.getByRole("main").getByRole("button", { name: "Back", exact: true }).click();
    await expect(page).toHaveURL(/\/products$/);
  });
});
