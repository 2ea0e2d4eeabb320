import { expect, test, type Page } from "@playwright/test";
import {
  addToCart,
  addToCartByApi,
  cartItemsByApi,
  cartLine,
  chooseVariant,
  createAccount,
  expectCartCount,
  expectNoSeriousA11yViolations,
  gotoHydrated,
  newAccount,
  openUserMenu,
  submitSignIn,
  toast,
} from "./helpers";

/**
 * The cart (issue 3): adding from the product page, quantities within stock, line totals, Subtotal,
 * Shipping and Total, Delete and Clear Cart with SPEC.md's toasts, all without a page reload.
 */

// Seeded products (app/seed/seed-data.ts) that no other spec counts the stock of.
const POCKET_TEE = { id: "pocket-tee", name: "Everyday Pocket Tee", price: 1399 };
const CHINO_SHORTS = { id: "chino-shorts", name: "Chino Shorts", price: 1999 };
const HOODIE = { id: "classic-pullover-hoodie", name: "Classic Pullover Hoodie", price: 4499 }; // Red/S: 2 in stock
const HENLEY = { id: "long-sleeve-henley", name: "Long Sleeve Henley", price: 1999 };

const rs = (n: number) => `Rs ${n.toLocaleString("en-US")}`;

/** Marks the window: if the page reloads, the mark is gone. */
async function markWindow(page: Page) {
  await page.evaluate(() => ((window as unknown as { __e2eNoReload: boolean }).__e2eNoReload = true));
}

async function expectNoReload(page: Page) {
  expect(
    await page.evaluate(() => (window as unknown as { __e2eNoReload?: boolean }).__e2eNoReload),
    "the page must not reload",
  ).toBe(true);
}

async function expectSummary(page: Page, subtotal: number) {
  await expect(page.getByTestId("subtotal")).toHaveText(rs(subtotal));
  await expect(page.getByTestId("shipping")).toHaveText("Rs 200");
  await expect(page.getByTestId("total")).toHaveText(rs(subtotal + 200));
}

test.describe("cart", () => {
  test("adds items from product pages; the same item again raises its quantity", async ({ page }) => {
    await createAccount(page, newAccount("cart-add"));
    await addToCart(page, POCKET_TEE.id, { color: "Green", size: "M" });
    await expectCartCount(page, 1);
    await addToCart(page, CHINO_SHORTS.id, { color: "Navy", size: "L", quantity: 2 });
    await expectCartCount(page, 3);

    // The same product, colour and size again, without leaving or reloading the page.
    await gotoHydrated(page, `/product/${POCKET_TEE.id}`);
    await markWindow(page);
    await chooseVariant(page, { color: "Green", size: "M" });
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(toast(page, `${POCKET_TEE.name} added to cart!`)).toBeVisible();
    await expectCartCount(page, 4);
    await expectNoReload(page);
    await expect(page).toHaveURL(new RegExp(`/product/${POCKET_TEE.id}$`));

    expect(await cartItemsByApi(page)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ productId: POCKET_TEE.id, color: "Green", size: "M", quantity: 2 }),
        expect.objectContaining({ productId: CHINO_SHORTS.id, color: "Navy", size: "L", quantity: 2 }),
      ]),
    );
    expect(await cartItemsByApi(page)).toHaveLength(2);

    await gotoHydrated(page, "/cart");
    await expect(page.getByTestId("cart-line")).toHaveCount(2);
    const tee = cartLine(page, POCKET_TEE.name);
    await expect(tee.getByTestId("line-quantity")).toHaveText("2");
    await expect(tee).toContainText("Green / M");
    await expect(tee.getByTestId("line-total")).toHaveText(rs(2 * POCKET_TEE.price));
    const shorts = cartLine(page, CHINO_SHORTS.name);
    await expect(shorts).toContainText("Navy / L");
    await expect(shorts.getByTestId("line-total")).toHaveText(rs(2 * CHINO_SHORTS.price));
    await expectSummary(page, 2 * POCKET_TEE.price + 2 * CHINO_SHORTS.price);
    await expectNoSeriousA11yViolations(page);
  });

  test("plus and minus change the quantity within 1 and the stock, with totals, without a reload", async ({ page }) => {
    await createAccount(page, newAccount("cart-qty"));
    await addToCartByApi(page, { productId: HOODIE.id, color: "Red", size: "S", quantity: 1 });
    await addToCartByApi(page, { productId: POCKET_TEE.id, color: "Gray", size: "S", quantity: 1 });
    await gotoHydrated(page, "/cart");
    await markWindow(page);

    const hoodie = cartLine(page, HOODIE.name);
    const minus = hoodie.getByRole("button", { name: `Decrease quantity of ${HOODIE.name}` });
    const plus = hoodie.getByRole("button", { name: `Increase quantity of ${HOODIE.name}` });
    await expect(hoodie.getByTestId("line-quantity")).toHaveText("1");
    await expect(minus).toBeDisabled();
    await expect(plus).toBeEnabled();
    await expect(hoodie).toContainText("Only 2 left");
    await expectSummary(page, HOODIE.price + POCKET_TEE.price);

    await plus.click();
    await expect(toast(page, `${HOODIE.name} quantity updated!`)).toBeVisible();
    await expect(hoodie.getByTestId("line-quantity")).toHaveText("2");
    await expect(hoodie.getByTestId("line-total")).toHaveText(rs(2 * HOODIE.price));
    // Two is all there is of Red / S.
    await expect(plus).toBeDisabled();
    await expect(minus).toBeEnabled();
    await expectSummary(page, 2 * HOODIE.price + POCKET_TEE.price);
    await expectCartCount(page, 3);
    expect((await cartItemsByApi(page)).find((i) => i.productId === HOODIE.id)?.quantity).toBe(2);

    await minus.click();
    await expect(hoodie.getByTestId("line-quantity")).toHaveText("1");
    await expect(minus).toBeDisabled();
    await expect(plus).toBeEnabled();
    await expectSummary(page, HOODIE.price + POCKET_TEE.price);
    await expectCartCount(page, 2);
    await expect(cartLine(page, POCKET_TEE.name).getByTestId("line-total")).toHaveText(rs(POCKET_TEE.price));
    await expectNoReload(page);
    expect((await cartItemsByApi(page)).find((i) => i.productId === HOODIE.id)?.quantity).toBe(1);
  });

  test("Delete removes a line; Clear Cart asks first, then empties the cart; no reload", async ({ page }) => {
    await createAccount(page, newAccount("cart-clear"));
    await addToCartByApi(page, { productId: POCKET_TEE.id, color: "Red", size: "L", quantity: 1 });
    await addToCartByApi(page, { productId: CHINO_SHORTS.id, color: "Brown", size: "M", quantity: 2 });
    await addToCartByApi(page, { productId: HENLEY.id, color: "Navy", size: "XL", quantity: 1 });
    await gotoHydrated(page, "/cart");
    await markWindow(page);
    await expectCartCount(page, 4);

    await cartLine(page, POCKET_TEE.name)
      .getByRole("button", { name: `Delete ${POCKET_TEE.name}` })
      .click();
    await expect(toast(page, "Item removed!")).toBeVisible();
    await expect(cartLine(page, POCKET_TEE.name)).toHaveCount(0);
    await expect(page.getByTestId("cart-line")).toHaveCount(2);
    await expectCartCount(page, 3);
    await expectSummary(page, 2 * CHINO_SHORTS.price + HENLEY.price);

    // One press clears it: SPEC.md asks for no confirmation.
    let asked = false;
    page.once("dialog", (dialog) => {
      asked = true;
      void dialog.dismiss();
    });
    await page.getByRole("button", { name: "Clear Cart" }).click();
    await expect(toast(page, "Cart cleared!")).toBeVisible();
    await expect(page.getByText("Your cart is empty.")).toBeVisible();
    await expect(page.getByTestId("cart-line")).toHaveCount(0);
    await expectCartCount(page, 0);
    await expectNoReload(page);
    expect(await cartItemsByApi(page)).toEqual([]);
    expect(asked).toBe(false);
  });

  test("the cart is kept on the server: it is there again after signing out and in", async ({ page }) => {
    const account = await createAccount(page, newAccount("cart-kept"));
    await addToCart(page, HENLEY.id, { color: "Brown", size: "S" });
    await (await openUserMenu(page)).getByRole("button", { name: "Sign Out" }).click();
    await expect(page).toHaveURL(/\/$/);
    await gotoHydrated(page, "/cart");
    await expect(page.getByText("Your cart is empty.")).toBeVisible();
    await expectCartCount(page, 0);
    await page.getByRole("main").getByRole("link", { name: "Sign In" }).click();
    await submitSignIn(page, account.email, account.password);
    await expect(page).toHaveURL(/\/cart$/);
    await expect(cartLine(page, HENLEY.name)).toContainText("Brown / S");
    await expectCartCount(page, 1);
  });
});
