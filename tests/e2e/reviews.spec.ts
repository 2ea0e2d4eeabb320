import { expect, test, type Browser, type Page } from "@playwright/test";
import {
  createAccount,
  expectNoSeriousA11yViolations,
  gotoHydrated,
  newAccount,
  placeOrderByApi,
  signInAsOwner,
  toast,
  waitForRouterIdle,
  keepShot,
} from "./helpers";

const PRODUCT = "heavyweight-oversized-tee";
const NAME = "Heavyweight Oversized Tee";
const SHOTS = "test-results/reviews-shots";
const COMMENT = "Thick cotton, true to size. Collar kept its shape after washing <3";

async function screenshots(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    // No sideways scrolling of the page on a phone (or anywhere).
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await keepShot(page, { path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
    const section = page.locator("#reviews");
    if (await section.count()) await keepShot(section, { path: `${SHOTS}/${name}-section-${width}.png` });
  }
  await page.setViewportSize({ width: 393, height: 727 });
}

/** The product's figures as a guest's API call reads them. */
async function figures(page: Page) {
  const res = await page.request.get(`/api/products/${PRODUCT}/reviews`);
  expect(res.status()).toBe(200);
  return (await res.json()).data as { rating: number; reviewCount: number; total: number };
}

async function newPage(browser: Browser) {
  return (await browser.newContext()).newPage();
}

test("a delivered buyer rates the product from the order page; the owner hides the review", async ({ browser }) => {
  test.setTimeout(120_000);
  const buyer = await newPage(browser);
  const owner = await newPage(browser);
  const guest = await newPage(browser);
  await createAccount(buyer, newAccount("reviews", "Ayesha Khan"));
  await signInAsOwner(owner);

  const product = (await (await buyer.request.get(`/api/products/${PRODUCT}`)).json()).data;
  const variant = product.variants.find((v: { stock: number }) => v.stock > 0);
  const placed = await placeOrderByApi(buyer, [
    { productId: PRODUCT, color: variant.color, size: variant.size, quantity: 1 },
  ]);
  const before = await figures(guest);

  // Before delivery there is nothing to rate.
  await gotoHydrated(buyer, `/orders/${placed.orderId}`);
  await expect(buyer.getByRole("link", { name: "Rate this product" })).toHaveCount(0);
  for (const status of ["confirmed", "processing", "shipped", "delivered"]) {
    const res = await owner.request.patch(`/api/orders/${placed.orderId}`, { data: { status } });
    expect(res.status(), await res.text()).toBe(200);
  }

  await gotoHydrated(buyer, `/orders/${placed.orderId}`);
  await buyer.getByRole("link", { name: "Rate this product" }).click();
  await expect(buyer).toHaveURL(new RegExp(`/product/${PRODUCT}#review$`));
  const form = buyer.getByRole("form", { name: "Rate this product" });
  await expect(form).toBeVisible();
  await waitForRouterIdle(buyer);

  // No star chosen: refused beside the field, the comment kept.
  await form.getByLabel("Comment (optional)").fill(COMMENT);
  await form.getByRole("button", { name: "Submit review" }).click();
  await expect(form.getByText("Please choose a rating from 1 to 5 stars")).toBeVisible();
  await expect(form.getByLabel("Comment (optional)")).toHaveValue(COMMENT);
  expect((await figures(guest)).reviewCount).toBe(before.reviewCount);

  await form.getByRole("radio", { name: "4 stars" }).check();
  await form.getByRole("button", { name: "Submit review" }).click();
  await expect(toast(buyer, "Thank you! Your review is published.")).toBeVisible();
  const list = buyer.getByTestId("review-list");
  const review = list.getByRole("article", { name: "Review by Ayesha" });
  await expect(review).toContainText("Verified purchase");
  await expect(review).toContainText(COMMENT);
  await expect(review.getByRole("img", { name: "Rated 4 out of 5" })).toBeVisible();
  await expect(list).not.toContainText("Khan");
  await expect(buyer.getByTestId("review-count")).toHaveText(
    `${(before.reviewCount + 1).toLocaleString("en-PK")} reviews`,
  );
  await expect(form).toContainText("Your rating: 4");
  await expect(form.getByRole("radio", { name: "4 stars" })).toBeChecked();
  expect((await figures(guest)).reviewCount).toBe(before.reviewCount + 1);
  await expectNoSeriousA11yViolations(buyer);
  await screenshots(buyer, "product-reviews");

  // The JSON-LD carries the rating and the review, and the "<" in the comment cannot close its script tag.
  const ld = await buyer.locator('script[type="application/ld+json"]').first().textContent();
  expect(ld).not.toContain("<3");
  const data = JSON.parse(ld ?? "{}");
  expect(data.aggregateRating.reviewCount).toBe(before.reviewCount + 1);
  expect(data.review[0]).toMatchObject({
    author: { "@type": "Person", name: "Ayesha" },
    reviewRating: { ratingValue: 4 },
    reviewBody: COMMENT,
  });

  // The order page and My Orders say what they gave.
  await gotoHydrated(buyer, `/orders/${placed.orderId}`);
  await expect(buyer.getByTestId("your-rating")).toHaveText("Your rating: 4");
  await gotoHydrated(buyer, "/buyer-dashboard");
  await expect(buyer.getByTestId("order-card").filter({ hasText: placed.orderNumber })).toContainText("Your rating: 4");

  // A guest (served from the page cache) sees it too.
  await expect
    .poll(async () => {
      await guest.goto(`/product/${PRODUCT}`);
      return guest.getByRole("article", { name: "Review by Ayesha" }).count();
    })
    .toBe(1);

  // The owner hides it in the Reviews tab.
  await gotoHydrated(owner, "/seller/reviews");
  await expect(owner.getByRole("heading", { level: 2, name: "Reviews" })).toBeVisible();
  const card = owner.getByRole("article", { name: NAME }).filter({ hasText: COMMENT });
  await expect(card).toContainText("Ayesha Khan");
  await expectNoSeriousA11yViolations(owner);
  await screenshots(owner, "seller-reviews");
  await card.getByRole("button", { name: "Hide" }).click();
  await expect(toast(owner, `Review of ${NAME} hidden`)).toBeVisible();
  await expect(card.getByRole("button", { name: "Show" })).toBeVisible();
  await expect(card).toContainText("Hidden");

  // Gone from the product page, for the buyer and for guests, and the count is back.
  await gotoHydrated(buyer, `/product/${PRODUCT}`);
  await expect(buyer.getByRole("article", { name: "Review by Ayesha" })).toHaveCount(0);
  await expect(buyer.getByTestId("review-count")).toHaveText(`${before.reviewCount.toLocaleString("en-PK")} reviews`);
  expect(await figures(guest)).toMatchObject({
    reviewCount: before.reviewCount,
    rating: before.rating,
    total: before.total,
  });
  await expect
    .poll(async () => {
      await guest.goto(`/product/${PRODUCT}`);
      return guest.getByRole("article", { name: "Review by Ayesha" }).count();
    })
    .toBe(0);

  // The buyer and a guest cannot reach the Reviews tab.
  await buyer.goto("/seller/reviews");
  await expect(buyer).toHaveURL(/\/buyer-dashboard$/);
  await guest.goto("/seller/reviews");
  await expect(guest).toHaveURL(/\/auth\?/);
});

test("without JavaScript a delivered buyer's review is saved and a bad one keeps what was typed", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const owner = await newPage(browser);
  await signInAsOwner(owner);
  await createAccount(page, newAccount("reviews-nojs", "Bilal Ahmed"));
  const productId = "slim-v-neck-tee";
  const product = (await (await page.request.get(`/api/products/${productId}`)).json()).data;
  const variant = product.variants.find((v: { stock: number }) => v.stock > 0);
  const placed = await placeOrderByApi(page, [{ productId, color: variant.color, size: variant.size, quantity: 1 }]);
  for (const status of ["confirmed", "processing", "shipped", "delivered"]) {
    expect((await owner.request.patch(`/api/orders/${placed.orderId}`, { data: { status } })).status()).toBe(200);
  }
  await page.goto(`/product/${productId}`);
  const form = page.getByRole("form", { name: "Rate this product" });
  await form.getByLabel("Comment (optional)").fill("Nice fit");
  await form.getByRole("button", { name: "Submit review" }).click();
  await expect(form.getByText("Please choose a rating from 1 to 5 stars")).toBeVisible();
  await expect(form.getByLabel("Comment (optional)")).toHaveValue("Nice fit");
  await form.getByRole("radio", { name: "5 stars" }).check();
  await form.getByRole("button", { name: "Submit review" }).click();
  await expect(page.getByText("Thank you! Your review is published.")).toBeVisible();
  await expect(page.getByRole("article", { name: "Review by Bilal" })).toContainText("Nice fit");
});
