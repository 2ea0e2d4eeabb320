import { expect, test, type APIRequestContext } from "@playwright/test";
import { expectValidHtml, findings } from "./html-check";
import { addToCartByApi, createAccount, newAccount, placeOrderByApi, signInAsOwner } from "./helpers";

/**
 * Every page's HTML as the server sends it (before any JavaScript runs), checked with html-validate and
 * the shop's configuration (.htmlvalidate.mjs at the root: the recommended and document rules, with only
 * spelling-style rules off). A finding fails with the page, the rule, its message and where it is.
 */
test("the configuration catches a defect (the check can fail)", async () => {
  const page = `<!DOCTYPE html><html lang="en"><head><title>x</title></head><body>
    <nav aria-label="Main"><a href="/">Home</a></nav><nav><a href="/about">About</a></nav>
    <main><h1>Shop</h1><h3>Card</h3><details><summary role="button">More</summary>x</details></main></body></html>`;
  const found = await findings("/sample", page);
  for (const rule of ["unique-landmark", "heading-level", "no-redundant-role"])
    expect(found.join("\n")).toContain(`[${rule}]`);
});

const PUBLIC: [string, number?][] = [
  ["/"],
  ["/products"],
  ["/products?view=list"],
  ["/products?q=zzzz"],
  ["/products?category=jackets&q=zzzz"],
  ["/category/t-shirts"],
  ["/product/essential-crew-neck-tee"],
  ["/product/denim-work-shirt"], // sold out
  ["/product/quilted-bomber-jacket"], // coming soon
  ["/coming-soon/jackets"],
  ["/coming-soon/x"],
  ["/about"],
  ["/contact"],
  ["/privacy"],
  ["/terms"],
  ["/returns"],
  ["/track"],
  ["/auth?mode=login"],
  ["/auth?mode=signup"],
  ["/set-password"],
  ["/notify/confirm"],
  ["/notify/unsubscribe", 400],
  ["/email/unsubscribe", 400],
  ["/cart"],
  ["/does-not-exist", 404],
  ["/product/no-such-product", 404],
];

test.describe("public pages", () => {
  for (const [url, status] of PUBLIC) {
    test(`${url} is valid HTML`, async ({ request }) => {
      await expectValidHtml(request, url, status);
    });
  }
});

test.describe("signed in", () => {
  let buyer: APIRequestContext;
  let owner: APIRequestContext;
  let order: { orderId: string; orderNumber: string };

  // A buyer of this file's own, with something in the cart, a saved product and an order; and the owner.
  test.beforeAll(async ({ playwright }, testInfo) => {
    const baseURL = testInfo.project.use.baseURL;
    buyer = await playwright.request.newContext({ baseURL });
    owner = await playwright.request.newContext({ baseURL });
    await createAccount(buyer, newAccount("html-validate", "Nadia Hussain"));
    const item = { productId: "cargo-utility-trousers", color: "Brown", size: "XXL", quantity: 1 };
    await addToCartByApi(buyer, item);
    order = await placeOrderByApi(buyer, [item]);
    expect((await buyer.put(`/api/wishlist/${item.productId}`)).status()).toBe(200);
    await signInAsOwner(owner);
  });

  test.afterAll(async () => {
    await buyer?.dispose();
    await owner?.dispose();
  });

  const BUYER_PAGES = [
    "/cart",
    "/checkout",
    "/buyer-dashboard",
    "/buyer-dashboard/wishlist",
    "/buyer-dashboard/profile",
    "/buyer-dashboard/settings",
    "/orders",
  ];
  for (const url of BUYER_PAGES) {
    test(`the buyer's ${url} is valid HTML`, async () => {
      await expectValidHtml(buyer, url);
    });
  }

  test("the buyer's order page and a tracked order are valid HTML", async () => {
    await expectValidHtml(buyer, `/orders/${order.orderId}`);
    // The tracking page with its result (the order's progress) and with the form's errors.
    const tracked = await buyer.post("/track", { form: { orderNumber: order.orderNumber, phone: "0300 1234567" } });
    expect(tracked.status()).toBe(200);
    const html = await tracked.text();
    expect(html.includes('id="tracked-title"'), "the tracking page shows the order it found").toBe(true);
    expect(await findings("/track (found)", html)).toEqual([]);
    const missing = await buyer.post("/track", { form: { orderNumber: "", phone: "" } });
    expect(missing.status()).toBe(400);
    expect(await findings("/track (errors)", await missing.text())).toEqual([]);
  });

  const OWNER_PAGES = [
    "/seller-dashboard",
    "/seller/orders",
    "/seller/orders?status=pending",
    "/seller/orders/new",
    "/seller/products",
    "/seller/products?view=list",
    "/seller/products/new",
    "/seller/products/essential-crew-neck-tee/edit",
    "/seller/discounts",
    "/seller/email-logs",
    "/seller/settings",
    "/seller/settings/couriers",
    "/seller/settings/couriers?edit=1",
    "/seller/inbox",
    "/seller/reviews",
    "/seller/team",
    "/seller/password",
  ];
  for (const url of OWNER_PAGES) {
    test(`the owner's ${url} is valid HTML`, async () => {
      await expectValidHtml(owner, url);
    });
  }

  test("the owner's invoice for an order is valid HTML", async () => {
    await expectValidHtml(owner, `/seller/orders/${order.orderId}/invoice`);
  });
});
