import fs from "node:fs";
import { expect, test, type Browser, type Page } from "@playwright/test";
import {
  createAccount,
  expectNoSeriousA11yViolations,
  gotoHydrated,
  newAccount,
  placeOrderByApi,
  signInAsOwner,
  toast,
  type CartItem,
} from "./helpers";
import { expectValidHtml } from "./html-check";

/**
 * Dashboard -> Customers (issue 31) at 390 px (the project's phone) and 1280 px: the owner finds a
 * customer by phone (typed another way than the buyer typed it), tags them (the same tag again is
 * refused beside the field, with what was typed kept) and notes them with "Show on orders", sees the
 * note on that customer's order in Orders and on the order page, saves a filtered list as a segment
 * and downloads its CSV; the JSON API answers the same. html-validate and axe on both pages.
 */

const OXFORD: CartItem = { productId: "oxford-button-down-shirt", color: "White", size: "M", quantity: 1 };

const digits = () => String(Math.floor(1_000_000 + Math.random() * 8_999_999));

async function ownerPage(browser: Browser, width: number): Promise<Page> {
  const size =
    width > 800 ? { viewport: { width, height: 800 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 } : {};
  const context = await browser.newContext(size);
  const page = await context.newPage();
  await signInAsOwner(page);
  return page;
}

async function ownerFlow(browser: Browser, width: number) {
  // A buyer of their own, with a phone number of their own.
  const seven = digits();
  const typed = `0346 ${seven}`;
  const e164 = `+92346${seven}`;
  const name = `Nadia Customer ${seven}`;
  const buyerContext = await browser.newContext();
  const buyer = await buyerContext.newPage();
  await createAccount(buyer, newAccount(`customers-${width}`, name));
  const placed = await placeOrderByApi(buyer, [OXFORD], { fullName: name, phone: typed, city: "Multan" });
  await buyerContext.close();

  const owner = await ownerPage(browser, width);
  await gotoHydrated(owner, "/seller/customers");
  await expect(owner.getByRole("link", { name: "Customers", exact: true })).toHaveAttribute("aria-current", "page");
  // Found by the phone written the international way.
  await owner.getByRole("textbox", { name: "Search" }).fill(`+92 346 ${seven}`);
  await owner.getByRole("button", { name: "Apply" }).click();
  await expect(owner).toHaveURL(/q=%2B92/);
  await expect(owner.getByTestId("customer-count")).toHaveText("Showing 1–1 of 1 customer");
  const list = width > 800 ? owner.getByTestId("customer-table") : owner.getByTestId("customer-cards");
  await expect(list).toBeVisible();
  await expect(width > 800 ? owner.getByTestId("customer-cards") : owner.getByTestId("customer-table")).toBeHidden();
  await expect(list).toContainText(typed);
  await expectNoSeriousA11yViolations(owner);
  await list.getByRole("link", { name }).click();

  await expect(owner.getByRole("heading", { level: 2, name })).toBeVisible();
  await expect(owner.getByTestId("customer-phone")).toHaveText(typed);
  await expect(owner.getByTestId("customer-figures")).toContainText("Orders1");
  await expect(owner.getByTestId("customer-orders")).toContainText(placed.orderNumber);
  const customerUrl = owner.url();

  // A tag, then the same tag in another case: refused beside the field, what was typed kept.
  const tag = `VIP${seven}`;
  await owner.getByRole("textbox", { name: "New tag" }).fill(tag);
  await owner.getByRole("button", { name: "Add tag" }).click();
  await expect(toast(owner, `Tagged ${tag}`)).toBeVisible();
  await expect(owner.getByTestId("customer-tag-list")).toContainText(tag);
  await owner.getByRole("textbox", { name: "New tag" }).fill(tag.toLowerCase());
  await owner.getByRole("button", { name: "Add tag" }).click();
  const tagField = owner.getByRole("textbox", { name: "New tag" });
  await expect(tagField).toHaveAccessibleDescription(new RegExp(`already has the tag "${tag}"`));
  await expect(tagField).toHaveValue(tag.toLowerCase());

  // A note shown on orders (written as text, never as markup).
  const note = `Call before 5 pm <b>${seven}</b>`;
  await owner.getByRole("textbox", { name: "New note" }).fill(note);
  await owner.getByRole("checkbox", { name: /^Show on orders/ }).check();
  await owner.getByRole("button", { name: "Add note" }).click();
  await expect(toast(owner, "Note added")).toBeVisible();
  await expect(owner.getByTestId("customer-note")).toContainText(note);
  await expect(owner.getByTestId("customer-note")).toContainText("Shows on orders");
  await expectNoSeriousA11yViolations(owner);

  // The note on that customer's order, in Orders and on the order page; both link back to the customer.
  await gotoHydrated(owner, `/seller/orders?q=${encodeURIComponent(typed)}`);
  const card = owner
    .getByTestId("seller-order")
    .filter({ has: owner.getByRole("heading", { name: placed.orderNumber, exact: true }) });
  await expect(card.getByTestId("customer-notes-on-order")).toContainText(note);
  await expect(card.getByTestId("order-customer-link")).toHaveAttribute("href", new URL(customerUrl).pathname);
  await gotoHydrated(owner, `/orders/${placed.orderId}`);
  await expect(owner.getByTestId("order-customer").getByTestId("customer-notes-on-order")).toContainText(note);
  await owner.getByRole("link", { name: "View customer" }).click();
  await expect(owner).toHaveURL(customerUrl);

  // The customers with that tag, saved as a segment, then its CSV.
  await gotoHydrated(owner, `/seller/customers?tag=${tag.toLowerCase()}`);
  await expect(owner.getByTestId("customer-count")).toHaveText("Showing 1–1 of 1 customer");
  const segmentName = `Tagged ${seven}`;
  await owner.getByRole("textbox", { name: "Segment name" }).fill(segmentName);
  await owner.getByRole("button", { name: "Save as segment" }).click();
  await expect(toast(owner, `Segment "${segmentName}" saved`)).toBeVisible();
  const chip = owner.getByTestId("segment-chip").filter({ hasText: segmentName });
  await expect(chip.getByRole("link", { name: segmentName, exact: true })).toHaveAttribute("aria-current", "page");
  const [download] = await Promise.all([
    owner.waitForEvent("download"),
    chip.getByRole("link", { name: `CSV of ${segmentName}` }).click(),
  ]);
  const csv = fs.readFileSync((await download.path())!, "utf8");
  expect(csv.charCodeAt(0)).toBe(0xfeff);
  const lines = csv.slice(1).trim().split(/\r?\n/);
  expect(lines[0]).toMatch(/^Name,Phone,Email,City,Tags,Orders,Delivered/);
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(`${name},${typed},`);
  expect(lines[1]).toContain(`,Multan,${tag},1,0,0,0,,0,0,`);

  // The API: the list by phone and the customer's page, for the owner only.
  const api = await owner.request.get(`/api/seller/customers?q=${encodeURIComponent(typed)}`);
  expect(api.status()).toBe(200);
  const { data } = await api.json();
  expect(data.total).toBe(1);
  expect(data.customers[0]).toMatchObject({ phone: e164, name, city: "Multan", orders: 1, tags: [tag] });
  const one = await owner.request.get(`/api/seller/customers/${data.customers[0].id}`);
  expect((await one.json()).data).toMatchObject({ tags: [tag], notes: [{ body: note, showOnOrders: true }] });

  await expectValidHtml(owner.request, `/seller/customers?tag=${tag}`);
  await expectValidHtml(owner.request, new URL(customerUrl).pathname);
  await owner.context().close();
}

test.describe("customers on a phone (390 px)", () => {
  test("find by phone, tag and note, see the note in Orders, save a segment and download it", async ({ browser }) => {
    test.setTimeout(90_000);
    await ownerFlow(browser, 390);
  });
});

test.describe("customers on a laptop (1280 px)", () => {
  test.use({ viewport: { width: 1280, height: 800 } });
  test("find by phone, tag and note, see the note in Orders, save a segment and download it", async ({ browser }) => {
    test.setTimeout(90_000);
    await ownerFlow(browser, 1280);
  });
});

test("without JavaScript: the filter form, a tag and a note all work as plain forms", async ({ browser }) => {
  const seven = digits();
  const name = `Plain Form ${seven}`;
  const buyerContext = await browser.newContext();
  const buyer = await buyerContext.newPage();
  await createAccount(buyer, newAccount("customers-nojs", name));
  await placeOrderByApi(buyer, [OXFORD], { fullName: name, phone: `0347 ${seven}` });
  await buyerContext.close();

  const context = await browser.newContext({ javaScriptEnabled: false });
  const owner = await context.newPage();
  await signInAsOwner(owner);
  await owner.goto("/seller/customers");
  await owner.getByRole("textbox", { name: "Search" }).fill(`0347${seven}`);
  await owner.getByText("Filters", { exact: true }).click();
  await owner.getByRole("textbox", { name: "Orders at least" }).fill("one");
  await owner.getByRole("button", { name: "Apply" }).click();
  // The refused bound is named beside its field, typed value kept; the search still answers.
  await expect(owner.getByRole("textbox", { name: "Orders at least" })).toHaveValue("one");
  await expect(owner.getByRole("textbox", { name: "Orders at least" })).toHaveAccessibleDescription(
    "Enter a whole number of orders, e.g. 2",
  );
  await expect(owner.getByTestId("customer-count")).toHaveText("Showing 1–1 of 1 customer");
  await owner.getByTestId("customer-cards").getByRole("link", { name }).click();
  await owner.getByRole("textbox", { name: "New tag" }).fill("wholesale");
  await owner.getByRole("button", { name: "Add tag" }).click();
  await expect(owner.getByTestId("customer-tag-list")).toContainText("wholesale");
  await owner.getByRole("textbox", { name: "New note" }).fill("Pays by bank transfer");
  await owner.getByRole("button", { name: "Add note" }).click();
  await expect(owner.getByTestId("customer-note")).toContainText("Pays by bank transfer");
  await owner.getByRole("button", { name: "Show on orders" }).click();
  await expect(owner.getByTestId("customer-note")).toContainText("Shows on orders");
  await context.close();
});

test("the customers API and pages are the owner's only", async ({ playwright, baseURL }) => {
  const guest = await playwright.request.newContext({ baseURL });
  expect((await guest.get("/api/seller/customers")).status()).toBe(401);
  expect((await guest.get("/api/seller/customers/1")).status()).toBe(401);
  const page = await guest.get("/seller/customers", { maxRedirects: 0 });
  expect(page.status()).toBe(302);
  await createAccount(guest, newAccount("customers-buyer", "Plain Buyer"));
  expect((await guest.get("/api/seller/customers")).status()).toBe(403);
  expect((await guest.get("/seller/customers.csv", { maxRedirects: 0 })).status()).toBe(302);
  await guest.dispose();
});
