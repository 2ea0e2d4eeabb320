import { expect, test } from "@playwright/test";
import {
  addToCart,
  checkoutForm,
  fillShipping,
  gotoHydrated,
  newAccount,
  placedOrderNumber,
  signInAsOwner,
  signUp,
} from "./helpers";

/**
 * Issue 44: every order's source. A buyer arrives from an Instagram link with UTM parameters,
 * browses, signs up, orders cash on delivery; the owner then sees the order's source on its page,
 * finds it under Orders -> Source: Instagram, and Reports -> By channel shows Instagram and the
 * campaign.
 */

// Seeded trousers no other spec counts the stock of in Green (app/seed/seed-data.ts).
const TROUSERS = { id: "cargo-utility-trousers", name: "Cargo Utility Trousers", color: "Green", size: "M" };
const CAMPAIGN = `eid_launch_${Date.now().toString(36)}`;

test("a visit from an Instagram link with UTM parameters reaches the order, Orders' Source filter and Reports -> By channel", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const buyer = await browser.newContext();
  const page = await buyer.newPage();
  // The first visit: the landing page from the bio link sets the source cookie, HttpOnly, for 30 days.
  const landing = await page.goto(`/?utm_source=instagram&utm_medium=social&utm_campaign=${CAMPAIGN}`);
  expect(landing?.headers()["cache-control"]).toMatch(/^private/);
  const kept = (await buyer.cookies()).find((c) => c.name === "shop_source");
  expect(kept).toMatchObject({ httpOnly: true, sameSite: "Lax" });
  expect(kept!.expires * 1000 - Date.now()).toBeGreaterThan(29 * 86400_000);
  // Browsing on: a later link with other parameters does not replace the first visit.
  await page.goto("/products?utm_source=facebook&utm_campaign=retarget");
  expect((await buyer.cookies()).find((c) => c.name === "shop_source")?.value).toBe(kept!.value);

  const account = newAccount("source", "Mahnoor Ali");
  await signUp(page, account);
  await addToCart(page, TROUSERS.id, { color: TROUSERS.color, size: TROUSERS.size, name: TROUSERS.name });
  await gotoHydrated(page, "/checkout");
  await fillShipping(page, { phone: "0321 4445566", city: "Lahore", address: "7 Canal View, Lahore" });
  await checkoutForm(page).getByRole("button", { name: "Place Order" }).click();
  // The order's own page, once drawn (the address changes before the page does).
  const orderNumber = await placedOrderNumber(page);
  const orderId = new URL(page.url()).pathname.split("/").pop()!;
  // The buyer's own page says nothing of where they came from.
  await expect(page.getByTestId("order-source")).toHaveCount(0);
  await buyer.close();

  const ownerContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const owner = await ownerContext.newPage();
  await signInAsOwner(owner);
  try {
    await owner.goto(`/orders/${orderId}`);
    await expect(owner.getByTestId("order-source")).toHaveText(
      `Source: Instagram · campaign ${CAMPAIGN} · utm_medium social`,
    );

    await gotoHydrated(owner, "/seller/orders");
    await owner.getByTestId("source-filter").selectOption({ label: "Instagram" });
    await owner.getByRole("search", { name: "Filter orders" }).getByRole("button", { name: "Search" }).click();
    await expect(owner).toHaveURL(/[?&]source=instagram\b/);
    await expect(owner.getByText(orderNumber, { exact: true }).first()).toBeVisible();
    // Under another source the order is not listed.
    await owner.goto("/seller/orders?source=facebook");
    await expect(owner.getByTestId("source-filter")).toHaveValue("facebook");
    await expect(owner.getByText(orderNumber, { exact: true })).toHaveCount(0);

    await owner.goto("/seller/reports/channels?range=today");
    const sources = owner.getByTestId("sources-table");
    await expect(sources).toContainText("Website orders by source");
    await expect(sources.getByRole("row", { name: /^Instagram\b/ })).toBeVisible();
    const campaign = owner
      .getByTestId("campaigns-table")
      .getByRole("row", { name: new RegExp(`^Instagram ${CAMPAIGN}\\b`) });
    await expect(campaign).toBeVisible();
    // One order, not delivered yet: no delivery rate so far.
    await expect(campaign.getByRole("cell").first()).toHaveText(CAMPAIGN);
    await expect(campaign.getByRole("cell").nth(1)).toHaveText("1");
  } finally {
    await ownerContext.close();
  }
});
