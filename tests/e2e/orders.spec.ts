import { expect, test } from "@playwright/test";
import {
  addToCartByApi,
  cartLine,
  checkoutForm,
  createAccount,
  expectCartCount,
  expectedDeliveryRange,
  expectNoSeriousA11yViolations,
  fillShipping,
  gotoHydrated,
  newAccount,
  placeOrderByApi,
  TEST_SHIPPING,
  variantStock,
} from "./helpers";

/**
 * After the order (issue 3): ordering from the cart page, the order in My Orders with its status,
 * View Details, cancelling a pending order (the stock comes back), and tracking by order number and
 * phone without signing in.
 */

// Seeded products (app/seed/seed-data.ts) that no other spec counts the stock of.
const CARGO_SHORTS = { id: "cargo-shorts", name: "Cargo Shorts", price: 2299 };
const JOGGERS = { id: "jogger-trousers", name: "Tech Jogger Trousers", price: 2799 };

test.describe("my orders", () => {
  test("an order placed from the cart shows in My Orders; View Details; Cancel Order puts the stock back", async ({
    page,
  }) => {
    await createAccount(page, newAccount("my-orders", "Fatima Noor"));
    await addToCartByApi(page, { productId: CARGO_SHORTS.id, color: "Brown", size: "XL", quantity: 3 });
    const before = await variantStock(page, CARGO_SHORTS.id, "Brown", "XL");

    // Checkout on the cart page itself.
    await gotoHydrated(page, "/cart");
    await expect(cartLine(page, CARGO_SHORTS.name)).toContainText("Brown / XL");
    await expectNoSeriousA11yViolations(page);
    await fillShipping(page, { ...TEST_SHIPPING, fullName: "Fatima Noor" });
    await checkoutForm(page).getByRole("button", { name: "Place Order" }).click();
    await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}$/);
    const confirmation = page.url();
    // The address bar can change a moment before the new page is drawn: wait for its heading.
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Order ORD-\d{6}$/);
    const orderNumber = (await page.getByRole("heading", { level: 1 }).innerText()).replace(/^Order /, "");
    await expect(page.getByTestId("order-total")).toHaveText("Rs 7,097");
    await expect(page.getByTestId("ship-to")).toContainText("Karachi 75500, Pakistan");
    // Karachi: 3-5 working days.
    await expect(page.getByTestId("delivery-estimate")).toHaveText(expectedDeliveryRange(true));
    await expectCartCount(page, 0);
    expect(await variantStock(page, CARGO_SHORTS.id, "Brown", "XL")).toBe(before - 3);

    // To My Orders from the confirmation.
    await page.getByRole("main").getByRole("link", { name: "My Orders" }).click();
    await expect(page).toHaveURL(/\/buyer-dashboard$/);
    const card = page.getByTestId("order-card").filter({ has: page.getByText(orderNumber, { exact: true }) });
    await expect(card).toHaveCount(1);
    await expect(card.getByTestId("order-status")).toHaveText("Pending");
    await expect(card).toContainText(`3 x ${CARGO_SHORTS.name}`);
    await expect(card.getByTestId("order-total")).toHaveText("Rs 7,097");
    await expectNoSeriousA11yViolations(page);

    await card.getByRole("button", { name: "View Details" }).click();
    const details = page.getByRole("dialog", { name: "Order Details" });
    await expect(details).toBeVisible();
    await expect(details).toContainText(orderNumber);
    await expect(details).toContainText(CARGO_SHORTS.name);
    await expect(details.getByTestId("order-status")).toHaveText("Pending");
    await details.getByRole("button", { name: "Close" }).click();
    await expect(details).toBeHidden();

    let asked = "";
    page.once("dialog", (dialog) => {
      asked = dialog.message();
      void dialog.accept();
    });
    await card.getByRole("button", { name: "Cancel Order" }).click();
    await expect(card.getByTestId("order-status")).toHaveText("Cancelled");
    expect(asked).toContain(orderNumber);
    await expect(card.getByRole("button", { name: "Cancel Order" })).toHaveCount(0);

    // The three pairs are back on the shelf, and the confirmation page says Cancelled too.
    expect(await variantStock(page, CARGO_SHORTS.id, "Brown", "XL")).toBe(before);
    await page.goto(confirmation);
    await expect(page.getByTestId("order-status")).toHaveText("Cancelled");
  });

  test("the cancel confirmation stays on screen", async ({ page }) => {
    await createAccount(page, newAccount("cancel-message"));
    const { orderNumber } = await placeOrderByApi(page, [
      { productId: JOGGERS.id, color: "Black", size: "S", quantity: 1 },
    ]);
    await gotoHydrated(page, "/buyer-dashboard");
    const card = page.getByTestId("order-card").filter({ has: page.getByText(orderNumber, { exact: true }) });
    page.once("dialog", (dialog) => void dialog.accept());
    await card.getByRole("button", { name: "Cancel Order" }).click();
    await expect(card.getByTestId("order-status")).toHaveText("Cancelled");
    // Long enough to be read: the live refresh that the cancel itself sets off must not wipe it.
    await page.waitForTimeout(1_500);
    await expect(card.getByRole("status")).toHaveText(`Order ${orderNumber} cancelled`);
  });

  test("a buyer with no orders sees the empty state", async ({ page }) => {
    await createAccount(page, newAccount("no-orders"));
    await gotoHydrated(page, "/orders");
    await expect(page.getByRole("heading", { name: "My Orders" })).toBeVisible();
    await expect(page.getByText("No orders found.")).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "Continue Shopping" })).toHaveAttribute(
      "href",
      "/products",
    );
  });
});

test.describe("track an order", () => {
  test("order number and the phone used show the status to anyone; anything else finds nothing", async ({
    page,
    playwright,
    baseURL,
  }) => {
    // The order is placed by a buyer elsewhere; this page stays signed out.
    const buyer = await playwright.request.newContext({ baseURL });
    let order: { orderId: string; orderNumber: string };
    try {
      await createAccount(buyer, newAccount("track"));
      order = await placeOrderByApi(buyer, [{ productId: JOGGERS.id, color: "Gray", size: "L", quantity: 1 }], {
        phone: "0312 3456789",
        city: "Multan",
      });
    } finally {
      await buyer.dispose();
    }

    await gotoHydrated(page, "/track");
    await expect(page.getByRole("heading", { level: 1, name: "Track Your Order" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    const form = page.getByRole("form", { name: "Track order" });
    const result = page.getByRole("region", { name: `Order ${order.orderNumber}` });

    // The phone as written on the order, or in another common way.
    for (const phone of ["0312 3456789", "+92 312 3456789"]) {
      await form.getByRole("textbox", { name: "Order Number" }).fill(order.orderNumber);
      await form.getByRole("textbox", { name: "Phone" }).fill(phone);
      await form.getByRole("button", { name: "Track" }).click();
      await expect(result).toBeVisible();
      await expect(result.getByTestId("order-status")).toHaveText("Pending");
      await expect(result).toContainText("Multan");
      await expect(result).toContainText(`1 x ${JOGGERS.name} (Gray, L)`);
    }
    await expectNoSeriousA11yViolations(page);

    // The right number with someone else's phone.
    await form.getByRole("textbox", { name: "Phone" }).fill("0300 0000000");
    await form.getByRole("button", { name: "Track" }).click();
    await expect(page.getByRole("main").getByRole("alert")).toHaveText(
      "No order found with that order number and phone number.",
    );
    await expect(result).toHaveCount(0);
    // What was typed stays.
    await expect(form.getByRole("textbox", { name: "Order Number" })).toHaveValue(order.orderNumber);
  });
});
