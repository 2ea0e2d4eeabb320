import { expect, test, type Page } from "@playwright/test";
import {
  accountMenuControl,
  cartLine,
  checkoutForm,
  createAccount,
  expectCartCount,
  newAccount,
  TEST_SHIPPING,
} from "./helpers";

/**
 * The buying journey with JavaScript off (PRODUCT.md: pages work before JavaScript has loaded):
 * every step is a form that posts and a page the server renders.
 */
test.use({ javaScriptEnabled: false });

const POCKET_TEE = { id: "pocket-tee", name: "Everyday Pocket Tee", price: 1399 };
const CARGO_SHORTS = { id: "cargo-shorts", name: "Cargo Shorts", price: 2299 };

function mainStatus(page: Page, text: string) {
  return page.getByRole("main").getByRole("status").filter({ hasText: text });
}

test("sign in, add to cart, change quantity, delete and order, all without JavaScript", async ({ page, request }) => {
  const account = await createAccount(request, newAccount("no-js", "Usman Tariq"));

  // Sign in with the form, coming back to the product.
  await page.goto(`/auth?mode=login&redirectTo=${encodeURIComponent(`/product/${POCKET_TEE.id}`)}`);
  const signIn = page.getByRole("form", { name: "Sign in" });
  await signIn.getByRole("textbox", { name: "Email" }).fill(account.email);
  await signIn.getByRole("textbox", { name: "Password", exact: true }).fill("not-the-password");
  await signIn.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("main").getByRole("alert")).toHaveText("Incorrect e-mail or password. Please try again.");
  // The server page keeps the e-mail.
  await expect(signIn.getByRole("textbox", { name: "Email" })).toHaveValue(account.email);
  await signIn.getByRole("textbox", { name: "Password", exact: true }).fill(account.password);
  await signIn.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(new RegExp(`/product/${POCKET_TEE.id}$`));
  await expect(page.getByText("Welcome back!")).toBeVisible();
  await expect(accountMenuControl(page, "Account menu for Usman Tariq")).toBeVisible();

  // Add to Cart posts the form; colour, size and quantity go with it.
  await page
    .getByRole("group", { name: /^Colour/ })
    .getByRole("radio", { name: "Red", exact: true })
    .check();
  await page.getByRole("group", { name: /^Size/ }).getByRole("radio", { name: "XL", exact: true }).check();
  await page.getByRole("spinbutton", { name: "Quantity" }).fill("2");
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(mainStatus(page, `${POCKET_TEE.name} added to cart!`)).toBeVisible();
  await expectCartCount(page, 2);

  await page.goto(`/product/${CARGO_SHORTS.id}`);
  await page.getByRole("group", { name: /^Size/ }).getByRole("radio", { name: "L", exact: true }).check();
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(mainStatus(page, `${CARGO_SHORTS.name} added to cart!`)).toBeVisible();
  await expectCartCount(page, 3);

  // The cart page: quantity and delete are forms too.
  await page.getByRole("banner").getByRole("link", { name: "Cart, 3 items" }).click();
  await expect(page).toHaveURL(/\/cart$/);
  const tee = cartLine(page, POCKET_TEE.name);
  await expect(tee).toContainText("Red / XL");
  await expect(tee.getByTestId("line-quantity")).toHaveText("2");
  await tee.getByRole("button", { name: `Decrease quantity of ${POCKET_TEE.name}` }).click();
  await expect(mainStatus(page, `${POCKET_TEE.name} quantity updated!`)).toBeVisible();
  await expect(cartLine(page, POCKET_TEE.name).getByTestId("line-quantity")).toHaveText("1");
  await expect(page.getByRole("button", { name: `Decrease quantity of ${POCKET_TEE.name}` })).toBeDisabled();

  await cartLine(page, CARGO_SHORTS.name)
    .getByRole("button", { name: `Increase quantity of ${CARGO_SHORTS.name}` })
    .click();
  await expect(cartLine(page, CARGO_SHORTS.name).getByTestId("line-quantity")).toHaveText("2");
  await expect(page.getByTestId("total")).toHaveText(
    `Rs ${(POCKET_TEE.price + 2 * CARGO_SHORTS.price + 200).toLocaleString("en-US")}`,
  );

  await cartLine(page, POCKET_TEE.name)
    .getByRole("button", { name: `Delete ${POCKET_TEE.name}` })
    .click();
  await expect(mainStatus(page, "Item removed!")).toBeVisible();
  await expect(cartLine(page, POCKET_TEE.name)).toHaveCount(0);
  await expectCartCount(page, 2);

  // Place the order from the cart page: a mistake first, kept as typed by the server page.
  const form = checkoutForm(page);
  await form.getByRole("textbox", { name: "Phone" }).fill("12345");
  await form.getByRole("combobox", { name: "City" }).selectOption("Karachi");
  await form.getByRole("textbox", { name: "Shipping Address" }).fill(TEST_SHIPPING.address);
  await form.getByRole("button", { name: "Place Order" }).click();
  await expect(form.getByRole("alert")).toHaveText("Please correct the highlighted fields");
  await expect(form.getByRole("textbox", { name: "Phone" })).toHaveAccessibleDescription(
    "Please enter a Pakistani mobile number, like 0300 1234567",
  );
  await expect(form.getByRole("textbox", { name: "Phone" })).toHaveValue("12345");
  await expect(form.getByRole("combobox", { name: "City" })).toHaveValue("Karachi");
  await expect(form.getByRole("textbox", { name: "Shipping Address" })).toHaveValue(TEST_SHIPPING.address);
  await expect(form.getByRole("textbox", { name: "Full Name" })).toHaveValue("Usman Tariq");

  await form.getByRole("textbox", { name: "Phone" }).fill("0300 7654321");
  await form.getByRole("button", { name: "Place Order" }).click();
  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Order ORD-\d{6}$/);
  await expect(page.getByText("Order placed successfully! 🎉")).toBeVisible();
  await expect(page.getByTestId("order-items")).toContainText(`2 x ${CARGO_SHORTS.name}`);
  await expect(page.getByTestId("order-total")).toHaveText(
    `Rs ${(2 * CARGO_SHORTS.price + 200).toLocaleString("en-US")}`,
  );
  await expect(page.getByText("Keep this amount ready in cash")).toBeVisible();
  await expect(page.getByTestId("order-status")).toHaveText("Pending");
  await expectCartCount(page, 0);
});
