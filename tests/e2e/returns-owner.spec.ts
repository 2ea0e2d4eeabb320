import { expect, test, type Browser, type Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { productVariants, users } from "../../app/schema";
import { requestReturn } from "../../app/flows/request-return.server";
import { placeDeliveredOrder } from "../factories/test-returns";
import { hasPostgres } from "../setup/pg-cluster";
import {
  createAccount,
  E2E_PASSWORD,
  expectNoSeriousA11yViolations,
  gotoHydrated,
  newAccount,
  signInByApi,
  toast,
  variantStock,
} from "./helpers";
import { expectValidHtml } from "./html-check";
import { startOwnPostgresShop, type OwnShop } from "./own-postgres-shop";

/**
 * The owner's side of returns (issue 30) at 390 px and 1280 px: the Returns queue, then on a
 * request's page Approve an exchange (its EX- replacement appears in Orders), Reject another with
 * a reason (refused without one), and Received (resellable: stock back) then Record refund (refused
 * above what was paid, with the amount kept) on a third. html-validate and axe on each page.
 *
 * The buyers' requests are made the way the buyer's page makes them (the requestReturn flow) on a
 * delivered order written straight in the database, so the spec runs a shop of its own on
 * PostgreSQL, which two processes (the shop and this test) may write at once. The suite's shop is
 * on PGlite and is never written behind its back.
 */

test.describe.configure({ mode: "serial", timeout: 120_000 });
test.skip(!hasPostgres(), "needs Debian's postgresql package");

const TEE = { id: "essential-crew-neck-tee", name: "Essential Crew Neck Tee", price: 1299 };
const rs = (n: number) => `Rs ${n.toLocaleString("en-US")}`;

let own: OwnShop | undefined;
const owner = newAccount("returns-owner", "Shop Owner");
let buyerId = "";
let blackL = 0;

test.beforeAll(async ({ playwright }) => {
  // A first start on an empty database migrates and seeds the catalogue (about a minute on two cores).
  test.setTimeout(300_000);
  own = await startOwnPostgresShop("returns");

  // The owner signs up like anyone, then is made the shop's seller; the buyer just signs up.
  const api = await playwright.request.newContext({ baseURL: own.url, extraHTTPHeaders: { origin: own.url } });
  await createAccount(api, owner);
  const buyer = await createAccount(api, newAccount("returns-buyer", "Ayesha Khan"));
  await api.dispose();
  await own.database.db.update(users).set({ role: "seller" }).where(eq(users.email, owner.email));
  buyerId = (await own.database.db.select({ id: users.id }).from(users).where(eq(users.email, buyer.email)))[0].id;
  await own.database.db.update(productVariants).set({ stock: 20 }).where(eq(productVariants.productId, TEE.id));
  blackL = (
    await own.database.db
      .select({ id: productVariants.id, color: productVariants.color, size: productVariants.size })
      .from(productVariants)
      .where(eq(productVariants.productId, TEE.id))
  ).find((v) => v.color === "Black" && v.size === "L")!.id;
});

test.afterAll(async () => {
  test.setTimeout(60_000);
  await own?.stop();
});

/** A delivered, paid order of the tee (Black M) and the buyer's request on it: an exchange for the L, or a return. */
async function buyerAsks(kind: "exchange" | "return", reasonText: string) {
  const order = await placeDeliveredOrder(own!.database.db, buyerId);
  const made = await requestReturn(
    { db: own!.database.db },
    {
      userId: buyerId,
      orderId: order.orderId,
      reason: kind === "exchange" ? "wrong_size" : "defective",
      reasonText,
      items: [
        kind === "exchange"
          ? { orderItemId: order.itemId, quantity: 1, kind, exchangeVariantId: blackL }
          : { orderItemId: order.itemId, quantity: 1, kind },
      ],
    },
  );
  return { ...order, ...made };
}

async function ownerPage(browser: Browser, width: number): Promise<Page> {
  const context = await browser.newContext({ baseURL: own!.url, viewport: { width, height: 900 } });
  const page = await context.newPage();
  await signInByApi(page, owner.email, E2E_PASSWORD);
  return page;
}

/** Opens a request from the queue by its RT- number (the table's link at 1280 px, the card's at 390 px). */
async function openRequest(page: Page, returnNumber: string) {
  await gotoHydrated(page, "/seller/returns?status=all");
  await page.getByRole("link", { name: returnNumber, exact: true }).click();
  await expect(page.getByRole("heading", { level: 2, name: new RegExp(`Return ${returnNumber}`) })).toBeVisible();
}

for (const width of [390, 1280]) {
  test(`at ${width} px: the owner approves an exchange, rejects a request with a reason, receives a return and refunds it`, async ({
    browser,
  }) => {
    const exchange = await buyerAsks("exchange", "The M is too tight");
    const rejected = await buyerAsks("return", "Worn once, changed my mind");
    const refunded = await buyerAsks("return", "A seam came open");
    const page = await ownerPage(browser, width);
    try {
      // The queue: the new requests, the tab's count, a table at 1280 px and cards at 390 px.
      await gotoHydrated(page, "/seller/returns");
      await expect(page.getByRole("heading", { level: 2, name: "Returns & exchanges" })).toBeVisible();
      const tab = page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Returns" });
      await expect(tab).toHaveAttribute("aria-current", "page");
      await expect(tab).toHaveAccessibleDescription(/new requests?$/);
      const filters = page.getByRole("navigation", { name: "Return requests by state" });
      await expect(filters.getByRole("link", { name: /^New/ })).toHaveAttribute("aria-current", "page");
      const rows = page.getByTestId(width >= 1024 ? "return-row" : "return-card");
      for (const made of [exchange, rejected, refunded])
        await expect(rows.filter({ hasText: made.returnNumber })).toBeVisible();
      await expect(rows.filter({ hasText: exchange.returnNumber })).toContainText("1 exchange");
      await expect(rows.filter({ hasText: exchange.returnNumber })).toContainText("Wrong size");
      await expect(rows.filter({ hasText: refunded.returnNumber })).toContainText("Defective");
      await expectNoSeriousA11yViolations(page);
      await expectValidHtml(page.request, "/seller/returns");
      if (width === 390)
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

      // 1. Approve the exchange: the L is taken from stock, and the EX- replacement shows in Orders.
      const stockL = await variantStock(page, TEE.id, "Black", "L");
      await openRequest(page, exchange.returnNumber);
      await expect(page.getByTestId("return-reason")).toHaveText("Wrong size");
      await expect(page.getByText("The M is too tight", { exact: true })).toBeVisible();
      await expect(page.getByTestId("return-item")).toContainText("Black / M → Black / L (exchange)");
      await expect(page.getByTestId("return-item")).toContainText(rs(TEE.price));
      await expect(page.getByTestId("buyer-history")).toContainText("delivered orders");
      await expectNoSeriousA11yViolations(page);
      await expectValidHtml(page.request, new URL(page.url()).pathname);
      await page.getByRole("button", { name: "Approve" }).click();
      await expect(
        toast(page, new RegExp(`${exchange.returnNumber} approved: replacement EX-\\d{6} created, no cash to collect`)),
      ).toBeVisible();
      await expect(page.getByTestId("return-status")).toHaveText("Approved");
      const replacement = (await page.getByTestId("replacement").getByRole("link").innerText()).trim();
      expect(replacement).toMatch(/^EX-\d{6}$/);
      await expect(page.getByTestId("cash-to-collect")).toHaveText(rs(0));
      expect(await variantStock(page, TEE.id, "Black", "L")).toBe(stockL - 1);
      await gotoHydrated(page, `/seller/orders?q=${replacement}`);
      const card = page.getByTestId("seller-order").filter({ hasText: replacement });
      await expect(card).toContainText(`Exchange for ${exchange.orderNumber}`);
      await gotoHydrated(page, "/seller/orders?returns=1");
      await expect(page.getByRole("checkbox", { name: "With a return" })).toBeChecked();
      await expect(
        page
          .getByTestId("seller-order")
          .filter({ hasText: exchange.orderNumber })
          .getByRole("link", { name: `Return ${exchange.returnNumber}` }),
      ).toBeVisible();

      // 2. Reject another: a reason is needed (the buyer reads it), then it is rejected.
      await openRequest(page, rejected.returnNumber);
      await page.getByRole("button", { name: "Reject" }).click();
      const reason = page.getByRole("textbox", { name: "Reason (the buyer reads it)" });
      await expect(reason).toHaveAccessibleDescription("Please say why, the customer will read it");
      await reason.fill("The photos show it was worn");
      await page.getByRole("button", { name: "Reject" }).click();
      await expect(toast(page, `${rejected.returnNumber} rejected`)).toBeVisible();
      await expect(page.getByTestId("return-status")).toHaveText("Rejected");
      await expect(page.getByTestId("rejection-reason")).toHaveText("Rejected: The photos show it was worn");
      await expect(page.getByTestId("return-actions")).toHaveCount(0);

      // 3. A return: approve, receive it resellable (the M back in stock), refund it.
      await openRequest(page, refunded.returnNumber);
      await page.getByRole("button", { name: "Approve" }).click();
      await expect(toast(page, `${refunded.returnNumber} approved`)).toBeVisible();
      const stockM = await variantStock(page, TEE.id, "Black", "M");
      const condition = page.getByRole("group", { name: `1 x ${TEE.name} (Black / M)` });
      await condition.getByRole("radio", { name: "Resellable" }).check();
      await page.getByRole("button", { name: "Mark as received" }).click();
      await expect(toast(page, `${refunded.returnNumber} received: 1 resellable (back in stock)`)).toBeVisible();
      await expect(page.getByTestId("item-condition")).toHaveText("Came back resellable, back in stock");
      expect(await variantStock(page, TEE.id, "Black", "M")).toBe(stockM + 1);

      const amount = page.getByRole("spinbutton", { name: "Amount (Rs)" });
      await expect(amount).toHaveValue(String(TEE.price));
      await expect(amount).toHaveAccessibleDescription(`At most ${rs(TEE.price)}`);
      await page.getByRole("combobox", { name: "Method" }).selectOption({ label: "JazzCash" });
      await amount.fill("1300");
      await page.getByRole("textbox", { name: "Reference (transaction ID)" }).fill("JC-4455");
      await page.getByRole("button", { name: "Record refund" }).click();
      await expect(amount).toHaveAccessibleDescription(
        new RegExp(`^At most ${rs(TEE.price)} can be refunded for this return`),
      );
      await expect(amount).toHaveValue("1300");
      await expect(page.getByRole("textbox", { name: "Reference (transaction ID)" })).toHaveValue("JC-4455");
      await expectNoSeriousA11yViolations(page);
      await amount.fill(String(TEE.price));
      await page.getByRole("button", { name: "Record refund" }).click();
      await expect(toast(page, `${rs(TEE.price)} refunded by JazzCash, reference JC-4455`)).toBeVisible();
      await expect(page.getByTestId("return-status")).toHaveText("Done");
      await expect(page.getByTestId("refunds")).toContainText("JazzCash · JC-4455");
      await expect(page.getByTestId("refund-left")).toHaveText(rs(0));
      await expect(page.getByTestId("return-timeline")).toContainText("Refunded");
      await expectNoSeriousA11yViolations(page);
      await expectValidHtml(page.request, new URL(page.url()).pathname);
      if (width === 390)
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

      // The queue says where each one is now.
      await gotoHydrated(page, "/seller/returns?status=done");
      await expect(rows.filter({ hasText: refunded.returnNumber })).toContainText("Done");
      await gotoHydrated(page, "/seller/returns?status=rejected");
      await expect(rows.filter({ hasText: rejected.returnNumber })).toContainText("Rejected");
    } finally {
      await page.context().close();
    }
  });
}
