import { expect, test, type Browser, type Page } from "@playwright/test";
import {
  checkoutForm,
  createAccount,
  fillShipping,
  gotoHydrated,
  newAccount,
  signInAsOwner,
  variantStock,
} from "./helpers";
import { createProductByApi } from "./products-helpers";

/**
 * Issue 40: the total the buyer saw is checked again at Place Order. The owner changes the price
 * while the checkout page is open; Place Order is refused with "Prices changed since you opened
 * checkout", the page shows the new price and total with every field as typed, and Place Order
 * again places the order at the total shown.
 */

const rs = (n: number) => `Rs ${n.toLocaleString("en-US")}`;
const SHIPPING = 200;

async function ownerPage(browser: Browser): Promise<Page> {
  const owner = await (await browser.newContext()).newPage();
  await signInAsOwner(owner);
  return owner;
}

test.describe("prices changed since checkout opened", () => {
  for (const javaScriptEnabled of [true, false]) {
    test(`Place Order shows the new total and keeps the form, then places the order at it (${javaScriptEnabled ? "with" : "without"} JavaScript)`, async ({
      browser,
    }) => {
      const owner = await ownerPage(browser);
      const id = await createProductByApi(owner.request, {
        name: `Price Check Tee ${javaScriptEnabled ? "js" : "html"} ${Date.now().toString(36).slice(-5)}`,
        price: 1999,
        stock: 6,
      });
      const page = await (await browser.newContext({ javaScriptEnabled })).newPage();
      await createAccount(page, newAccount("prices-changed", "Sana Mirza"));

      const url = `/checkout?product=${id}&color=Black&size=M&quantity=2`;
      if (javaScriptEnabled) await gotoHydrated(page, url);
      else await page.goto(url);
      await expect(page.getByTestId("total")).toHaveText(rs(2 * 1999 + SHIPPING));
      await fillShipping(page, { phone: "0345 1234567", city: "Lahore", address: "House 9, Street 2, Johar Town" });

      // The owner lowers the price (Products -> Edit, or the API) while the buyer is on the page.
      const patched = await owner.request.patch(`/api/products/${id}`, { data: { price: 1799 } });
      expect(patched.status(), await patched.text()).toBe(200);

      const form = checkoutForm(page);
      await form.getByRole("button", { name: "Place Order" }).click();
      await expect(form.getByRole("alert")).toHaveText("Prices changed since you opened checkout");
      await expect(page).toHaveURL(new RegExp(`/checkout\\?product=${id}`));
      await expect(page.getByTestId("checkout-items")).toContainText(`${rs(1799)} each`);
      await expect(page.getByTestId("subtotal")).toHaveText(rs(2 * 1799));
      await expect(page.getByTestId("total")).toHaveText(rs(2 * 1799 + SHIPPING));
      // Every field as the buyer left it; nothing ordered, no stock taken.
      await expect(form.getByRole("textbox", { name: "Full Name" })).toHaveValue("Sana Mirza");
      await expect(form.getByRole("textbox", { name: "Phone" })).toHaveValue("0345 1234567");
      await expect(form.getByRole("combobox", { name: "City" })).toHaveValue("Lahore");
      await expect(form.getByRole("textbox", { name: "Shipping Address" })).toHaveValue(
        "House 9, Street 2, Johar Town",
      );
      expect(await variantStock(owner, id, "Black", "M")).toBe(6);

      await form.getByRole("button", { name: "Place Order" }).click();
      await expect(page).toHaveURL(/\/orders\/[\w-]+$/);
      await expect(page.getByTestId("order-total")).toHaveText(rs(2 * 1799 + SHIPPING));
      expect(await variantStock(owner, id, "Black", "M")).toBe(4);
      await page.context().close();
      await owner.context().close();
    });
  }
});
