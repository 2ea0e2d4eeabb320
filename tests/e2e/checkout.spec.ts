import { expect, test, type Page } from "@playwright/test";
import {
  addToCartByApi,
  cartItemsByApi,
  checkoutForm,
  chooseVariant,
  createAccount,
  expectCartCount,
  expectNoSeriousA11yViolations,
  fillShipping,
  expectedDeliveryRange,
  gotoHydrated,
  newAccount,
  placeOrderByApi,
  toast,
  variantStock,
} from "./helpers";

/**
 * Checkout (issue 3): Buy Now, the shared checkout form's validation (SPEC.md order and wording,
 * e-mail format, Pakistani mobiles, "Other" city), Processing..., the order confirmation page, and
 * out-of-stock at checkout.
 */

// Seeded products (app/seed/seed-data.ts) that no other spec counts the stock of.
const POCKET_TEE = { id: "pocket-tee", name: "Everyday Pocket Tee", price: 1399 };
const MANDARIN = { id: "mandarin-collar-shirt", name: "Mandarin Collar Shirt", price: 2999 };
const HENLEY = { id: "long-sleeve-henley", name: "Long Sleeve Henley", price: 1999 };
const FLANNEL = { id: "flannel-check-shirt", name: "Flannel Check Shirt", price: 3299 };
const PLEATED = { id: "pleated-formal-trousers", name: "Pleated Formal Trousers", price: 4999 }; // Navy/S: the last one

const PHONE_MESSAGE = "Please enter a Pakistani mobile number, like 0300 1234567";
const rs = (n: number) => `Rs ${n.toLocaleString("en-US")}`;

/** The message beside a field: its accessible description. */
async function expectFieldError(page: Page, role: "textbox" | "combobox", name: string, message: string) {
  const field = checkoutForm(page).getByRole(role, { name, exact: true });
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toHaveAccessibleDescription(message);
}

function placeOrderButton(page: Page) {
  return checkoutForm(page).getByRole("button", { name: /^(Place Order|Processing\.\.\.)$/ });
}

test.describe("Buy Now", () => {
  test("goes to checkout with only that item as chosen, and leaves the cart as it was", async ({ page }) => {
    const account = await createAccount(page, newAccount("buy-now", "Hamza Iqbal"));
    await addToCartByApi(page, { productId: POCKET_TEE.id, color: "Gray", size: "S", quantity: 1 });
    await gotoHydrated(page, `/product/${MANDARIN.id}`);
    await chooseVariant(page, { color: "Black", size: "L", quantity: 2 });
    await page.getByRole("button", { name: "Buy Now" }).click();

    await expect(page).toHaveURL(new RegExp(`/checkout\\?product=${MANDARIN.id}&color=Black&size=L&quantity=2$`));
    await expect(page.getByText("Buying this item now. Your cart stays as it is.")).toBeVisible();
    const items = page.getByTestId("checkout-items").getByRole("listitem");
    await expect(items).toHaveCount(1);
    await expect(items.first()).toContainText(`2 x ${MANDARIN.name}`);
    await expect(items.first()).toContainText("Black / L");
    await expect(page.getByTestId("subtotal")).toHaveText(rs(2 * MANDARIN.price));
    await expect(page.getByTestId("total")).toHaveText(rs(2 * MANDARIN.price + 200));
    // The form starts from the account's name and e-mail.
    await expect(checkoutForm(page).getByRole("textbox", { name: "Full Name" })).toHaveValue("Hamza Iqbal");
    await expect(checkoutForm(page).getByRole("textbox", { name: "Email" })).toHaveValue(account.email);
    await expectCartCount(page, 1);

    await fillShipping(page, { phone: "0333 1112223", city: "Lahore", address: "12-B Gulberg III" });
    await placeOrderButton(page).click();
    await expect(page).toHaveURL(/\/orders\/[\w-]+$/);
    const ordered = page.getByTestId("order-items").getByRole("listitem");
    await expect(ordered).toHaveCount(1);
    await expect(ordered.first()).toContainText(`2 x ${MANDARIN.name}`);
    await expect(ordered.first()).toContainText("Black / L");

    // The cart still holds exactly what it held.
    await expectCartCount(page, 1);
    expect(await cartItemsByApi(page)).toEqual([
      expect.objectContaining({ productId: POCKET_TEE.id, color: "Gray", size: "S", quantity: 1 }),
    ]);
  });
});

test.describe("checkout", () => {
  test("reports each problem beside its field, keeps what was typed, and places the order", async ({ page }) => {
    const account = await createAccount(page, newAccount("checkout"));
    await addToCartByApi(page, { productId: HENLEY.id, color: "Brown", size: "M", quantity: 1 });
    await addToCartByApi(page, { productId: FLANNEL.id, color: "Red", size: "L", quantity: 2 });
    const subtotal = HENLEY.price + 2 * FLANNEL.price;
    const henleyStock = await variantStock(page, HENLEY.id, "Brown", "M");

    await gotoHydrated(page, "/checkout");
    await expectNoSeriousA11yViolations(page);
    await expect(page.getByTestId("checkout-items").getByRole("listitem")).toHaveCount(2);
    await expect(page.getByTestId("subtotal")).toHaveText(rs(subtotal));
    await expect(page.getByTestId("shipping")).toHaveText("Rs 200");
    await expect(page.getByTestId("total")).toHaveText(rs(subtotal + 200));
    // Cash on Delivery is the only way to pay.
    const payment = checkoutForm(page).getByRole("combobox", { name: "Payment Method" });
    await expect(payment.getByRole("option")).toHaveText(["Cash on Delivery"]);
    const alert = checkoutForm(page).getByRole("alert");
    // "City" names one field, the list; the free-text town beside it is not taken for it.
    await expect(checkoutForm(page).getByLabel("City")).toHaveCount(1);

    // Everything blank.
    await fillShipping(page, { fullName: "", email: "", phone: "", city: "", address: "" });
    await placeOrderButton(page).click();
    await expect(alert).toHaveText("Please fill in all required fields");
    await expectFieldError(page, "textbox", "Full Name", "Please enter your full name");
    await expectFieldError(page, "textbox", "Email", "Please enter your e-mail address");
    await expectFieldError(page, "textbox", "Phone", "Please enter your phone number");
    await expectFieldError(page, "combobox", "City", "Please choose your city");
    await expectFieldError(page, "textbox", "Shipping Address", "Please enter your shipping address");
    await expect(page).toHaveURL(/\/checkout$/);

    // A bad e-mail and a phone number from abroad.
    await fillShipping(page, {
      fullName: "Ayesha Khan",
      email: "ayesha@",
      phone: "+44 7700 900123",
      city: "Lahore",
      address: "House 7, Street 3, Model Town",
    });
    await placeOrderButton(page).click();
    await expect(alert).toHaveText("Please correct the highlighted fields");
    await expectFieldError(page, "textbox", "Email", "Please enter a valid e-mail address");
    await expectFieldError(page, "textbox", "Phone", PHONE_MESSAGE);
    await expect(checkoutForm(page).getByRole("textbox", { name: "Full Name" })).not.toHaveAttribute(
      "aria-invalid",
      "true",
    );
    await expect(checkoutForm(page).getByRole("textbox", { name: "Full Name" })).toHaveValue("Ayesha Khan");
    await expect(checkoutForm(page).getByRole("textbox", { name: "Email" })).toHaveValue("ayesha@");
    await expect(checkoutForm(page).getByRole("textbox", { name: "Phone" })).toHaveValue("+44 7700 900123");
    await expect(checkoutForm(page).getByRole("combobox", { name: "City" })).toHaveValue("Lahore");
    await expect(checkoutForm(page).getByRole("textbox", { name: "Shipping Address" })).toHaveValue(
      "House 7, Street 3, Model Town",
    );

    // "Other" city without its name.
    await fillShipping(page, { email: account.email, phone: "0321-7654321", city: "Other", cityOther: "" });
    await placeOrderButton(page).click();
    await expect(alert).toHaveText("Please fill in all required fields");
    await expectFieldError(page, "combobox", "City", "Please enter your city");
    await expect(checkoutForm(page).getByRole("combobox", { name: "City" })).toHaveValue("Other");
    await expect(checkoutForm(page).getByRole("textbox", { name: "Phone" })).toHaveValue("0321-7654321");

    // All good. The order is held on its way so "Processing..." can be seen.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/checkout(\.data)?(\?.*)?$/, async (route) => {
      if (route.request().method() === "POST") await held;
      await route.continue();
    });
    await fillShipping(page, { cityOther: "Chitral" });
    await placeOrderButton(page).click();
    await expect(placeOrderButton(page)).toHaveText("Processing...");
    await expect(placeOrderButton(page)).toBeDisabled();
    release();

    await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}$/);
    await expect(toast(page, "Order placed successfully! 🎉")).toBeVisible();
    const heading = page.getByRole("heading", { level: 1 });
    await expect(heading).toHaveText(/^Order ORD-\d{6}$/);
    const items = page.getByTestId("order-items").getByRole("listitem");
    await expect(items).toHaveCount(2);
    await expect(items.filter({ hasText: HENLEY.name })).toContainText(`1 x ${HENLEY.name}`);
    await expect(items.filter({ hasText: HENLEY.name })).toContainText(rs(HENLEY.price));
    await expect(items.filter({ hasText: FLANNEL.name })).toContainText(`2 x ${FLANNEL.name}`);
    await expect(items.filter({ hasText: FLANNEL.name })).toContainText("Red / L");
    await expect(items.filter({ hasText: FLANNEL.name })).toContainText(rs(2 * FLANNEL.price));
    const main = page.getByRole("main");
    const sums = main.locator("dl").filter({ hasText: "Subtotal" });
    await expect(sums).toHaveText(
      new RegExp(`^\\s*Subtotal\\s*${rs(subtotal)}\\s*Shipping\\s*Rs 200\\s*Total\\s*${rs(subtotal + 200)}\\s*$`),
    );
    await expect(page.getByTestId("order-total")).toHaveText(rs(subtotal + 200));
    await expect(main.getByText("Keep this amount ready in cash")).toBeVisible();
    await expect(page.getByTestId("cod-amount")).toHaveText(rs(subtotal + 200));
    // Chitral is not Karachi: 5-7 working days.
    await expect(page.getByTestId("delivery-estimate")).toHaveText(expectedDeliveryRange(false));
    const shipTo = page.getByTestId("ship-to");
    await expect(shipTo).toContainText("Ayesha Khan");
    await expect(shipTo).toContainText("House 7, Street 3, Model Town");
    await expect(shipTo).toContainText("Chitral, Pakistan");
    await expect(shipTo).toContainText("0321 7654321");
    await expect(page.getByTestId("order-status")).toHaveText("Pending");
    await expect(main.getByText("Payment: Cash on Delivery (Unpaid)")).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // The cart is empty now, and the stock was taken.
    await expectCartCount(page, 0);
    expect(await cartItemsByApi(page)).toEqual([]);
    expect(await variantStock(page, HENLEY.id, "Brown", "M")).toBe(henleyStock - 1);
    await gotoHydrated(page, "/cart");
    await expect(page.getByText("Your cart is empty.")).toBeVisible();
  });

  test("Place Order checks the form in the browser with the action's own schema, before anything is sent", async ({
    page,
  }) => {
    await createAccount(page, newAccount("checkout-browser-check"));
    await addToCartByApi(page, { productId: HENLEY.id, color: "Brown", size: "M", quantity: 1 });
    await gotoHydrated(page, "/checkout");
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(request.url());
    });
    const phone = checkoutForm(page).getByRole("textbox", { name: "Phone" });

    // A phone from abroad: Place Order is refused in the page, with the form's message; nothing is sent.
    await fillShipping(page, {
      fullName: "Ayesha Khan",
      phone: "+44 7700 900123",
      city: "Lahore",
      address: "House 7, Street 3, Model Town",
    });
    await placeOrderButton(page).click();
    await expect(checkoutForm(page).getByRole("alert")).toHaveText("Please correct the highlighted fields");
    await expectFieldError(page, "textbox", "Phone", PHONE_MESSAGE);
    await expect(phone).toBeFocused();
    expect(posts, "a refused form is not sent").toEqual([]);

    // A field is checked again as it is left: a blank Full Name is flagged at once.
    const fullName = checkoutForm(page).getByRole("textbox", { name: "Full Name" });
    await fullName.fill("");
    await fullName.blur();
    await expectFieldError(page, "textbox", "Full Name", "Please enter your full name");
    await fullName.fill("Ayesha Khan");
    expect(posts).toEqual([]);

    // Corrected, the message goes as it is typed, and the order is placed with one POST.
    await phone.fill("0321 7654321");
    await expect(phone).not.toHaveAttribute("aria-invalid");
    await placeOrderButton(page).click();
    await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}$/);
    await expect(toast(page, "Order placed successfully! 🎉")).toBeVisible();
    expect(posts).toHaveLength(1);
  });

  test("an item sold out meanwhile is named; nothing is taken and the cart is kept", async ({
    page,
    playwright,
    baseURL,
  }) => {
    await createAccount(page, newAccount("out-of-stock"));
    await addToCartByApi(page, { productId: PLEATED.id, color: "Navy", size: "S", quantity: 1 });
    await addToCartByApi(page, { productId: POCKET_TEE.id, color: "Red", size: "M", quantity: 1 });
    expect(await variantStock(page, PLEATED.id, "Navy", "S")).toBe(1);
    const teeStock = await variantStock(page, POCKET_TEE.id, "Red", "M");

    // Someone else buys the last pair first.
    const other = await playwright.request.newContext({ baseURL });
    try {
      await createAccount(other, newAccount("last-pair"));
      const theirs = await placeOrderByApi(other, [{ productId: PLEATED.id, color: "Navy", size: "S", quantity: 1 }]);
      expect(await variantStock(page, PLEATED.id, "Navy", "S")).toBe(0);

      await gotoHydrated(page, "/checkout");
      await expect(
        page.getByTestId("checkout-items").getByRole("listitem").filter({ hasText: PLEATED.name }),
      ).toContainText("Out of stock");
      await fillShipping(page, {
        phone: "0300 1234567",
        city: "Karachi",
        address: "Flat 3, Block 13-D, Gulshan-e-Iqbal",
      });
      await placeOrderButton(page).click();
      await expect(checkoutForm(page).getByRole("alert")).toHaveText(`${PLEATED.name} (Navy, S) is out of stock.`);
      await expect(page).toHaveURL(/\/checkout$/);
      await expect(checkoutForm(page).getByRole("textbox", { name: "Shipping Address" })).toHaveValue(
        "Flat 3, Block 13-D, Gulshan-e-Iqbal",
      );

      // Nothing was ordered: the other item's stock is untouched and the cart is as it was.
      expect(await variantStock(page, POCKET_TEE.id, "Red", "M")).toBe(teeStock);
      expect(await cartItemsByApi(page)).toHaveLength(2);
      await expectCartCount(page, 2);

      // The other buyer cancels: the pair is back (and stays so for later runs against this database).
      const cancel = await other.post("/buyer-dashboard", { form: { intent: "cancel", orderId: theirs.orderId } });
      expect(cancel.status()).toBe(200);
      expect(await variantStock(page, PLEATED.id, "Navy", "S")).toBe(1);
    } finally {
      await other.dispose();
    }
  });
});
