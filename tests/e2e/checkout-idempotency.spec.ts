import { expect, test, type Page } from "@playwright/test";
import {
  checkoutForm,
  createAccount,
  fillShipping,
  gotoHydrated,
  newAccount,
  TEST_SHIPPING,
  addToCartByApi,
} from "./helpers";

/** The buyer's orders, asked from the page itself (its own connection and cookies). */
function myOrders(page: Page): Promise<{ id: string }[]> {
  return page.evaluate(async () => (await (await fetch("/api/orders")).json()).data.orders);
}

/**
 * Issue 10: the checkout form's idempotency key survives a live refresh of the page. A Place Order
 * whose answer never arrived (the order was made) followed by a live update and a second press must
 * give the buyer the same order, not a second one.
 */
test("Place Order pressed again after a live refresh makes one order", async ({ page }) => {
  await createAccount(page, newAccount("idem", "Zara Hussain"));
  const events = page.waitForResponse((res) => new URL(res.url()).pathname === "/api/events" && res.status() === 200);
  await gotoHydrated(page, "/checkout?product=pocket-tee&color=Gray&size=M&quantity=1");
  await events;
  await fillShipping(page, { ...TEST_SHIPPING, fullName: "Zara Hussain" });
  const keyInput = checkoutForm(page).locator('input[name="idempotencyKey"]');
  const key = await keyInput.inputValue();

  // The first press: the same form post the browser sends, whose answer is lost on the way back.
  const firstStatus = await page.evaluate(async () => {
    const form = document.querySelector<HTMLFormElement>('form[aria-label="Checkout"]')!;
    const res = await fetch(window.location.href, {
      method: "POST",
      body: new URLSearchParams(new FormData(form) as unknown as Record<string, string>),
      redirect: "manual",
    });
    return res.type === "opaqueredirect" ? 302 : res.status;
  });
  expect(firstStatus).toBe(302);
  const [first] = await myOrders(page);
  expect(first).toBeDefined();

  // Live updates arrive (the new order, a cart change on another device): the page reloads its data.
  const revalidated = page.waitForResponse(
    (res) => new URL(res.url()).pathname === "/checkout.data" && res.request().method() === "GET",
  );
  await addToCartByApi(page, { productId: "chino-shorts", color: "Green", size: "S", quantity: 1 });
  await revalidated;
  await expect(keyInput).toHaveValue(key);

  // The buyer presses Place Order again: the first order is the answer.
  await checkoutForm(page).getByRole("button", { name: "Place Order" }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/${first.id}$`));
  const orders = await myOrders(page);
  expect(orders.map((o) => o.id)).toEqual([first.id]);
});
