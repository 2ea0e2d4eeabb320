import { expect, test, type Browser, type Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { users } from "../../app/schema";
import { grantStoreCredit } from "../../app/modules/store-credit/store-credit.server";
import { hasPostgres } from "../setup/pg-cluster";
import {
  checkoutForm,
  createAccount,
  expectNoSeriousA11yViolations,
  fillShipping,
  gotoHydrated,
  newAccount,
  placedOrderNumber,
} from "./helpers";
import { expectValidHtml } from "./html-check";
import { startOwnPostgresShop, type OwnShop } from "./own-postgres-shop";

/**
 * Store credit at checkout (issue 30): a buyer with credit sees it at checkout with "Use my store
 * credit" ticked, places an order the credit pays part of, reads "Store credit −Rs X" on the order
 * page and finds the balance dropped, with the spend in the account's history, at 390 px and 1280 px.
 *
 * Credit comes from returns; here it is given the way a return gives it (grantStoreCredit) straight
 * in the database, so the spec runs a shop of its own on PostgreSQL, which two processes (the shop
 * and this test) may write at once. The suite's shop is on PGlite and is never written behind its back.
 */

test.describe.configure({ mode: "serial", timeout: 90_000 });
test.skip(!hasPostgres(), "needs Debian's postgresql package");

const POCKET_TEE = { id: "pocket-tee", name: "Everyday Pocket Tee", price: 1399, color: "Gray", size: "M" };
const CREDIT = 1000;
// The tee and Rs 200 shipping, less the credit: the cash to collect.
const CASH = POCKET_TEE.price + 200 - CREDIT;
const rs = (n: number) => `Rs ${n.toLocaleString("en-US")}`;

let own: OwnShop | undefined;

test.beforeAll(async () => {
  // A first start on an empty database migrates and seeds the catalogue (about a minute on two cores).
  test.setTimeout(300_000);
  own = await startOwnPostgresShop("credit");
});

test.afterAll(async () => {
  test.setTimeout(60_000);
  await own?.stop();
});

/** A buyer signed in on a page of the given width, with CREDIT of store credit from a refund. */
async function buyerWithCredit(browser: Browser, width: number): Promise<Page> {
  const context = await browser.newContext({ baseURL: own!.url, viewport: { width, height: 900 } });
  const page = await context.newPage();
  const account = await createAccount(page, newAccount(`credit-${width}`, "Sana Mir"));
  const [user] = await own!.database.db.select({ id: users.id }).from(users).where(eq(users.email, account.email));
  await grantStoreCredit(own!.database.db, { userId: user.id, amount: CREDIT, kind: "refund" });
  return page;
}

for (const width of [390, 1280]) {
  test(`at ${width} px: the credit shows at checkout, pays part of the order, shows on the order page, and the balance drops`, async ({
    browser,
  }) => {
    const page = await buyerWithCredit(browser, width);
    try {
      const checkoutUrl = `/checkout?product=${POCKET_TEE.id}&color=${POCKET_TEE.color}&size=${POCKET_TEE.size}&quantity=1`;
      await expectValidHtml(page.request, checkoutUrl);
      await gotoHydrated(page, checkoutUrl);
      const form = checkoutForm(page);
      await expect(form.getByTestId("store-credit")).toContainText(`Store credit: ${rs(CREDIT)} available`);
      const useCredit = form.getByRole("checkbox", { name: "Use my store credit" });
      await expect(useCredit).toBeChecked();
      await expect(form.getByTestId("store-credit-used")).toHaveText(`−${rs(CREDIT)}`);
      await expect(form.getByTestId("total")).toHaveText(rs(CASH));
      await expect(form.getByText(`Pay ${rs(CASH)} in cash when your parcel arrives.`)).toBeVisible();
      await expectNoSeriousA11yViolations(page);

      // Unticked, the summary asks for all of it in cash; ticked again, the credit is back.
      await useCredit.uncheck();
      await expect(form.getByTestId("store-credit-used")).toHaveCount(0);
      await expect(form.getByTestId("total")).toHaveText(rs(CASH + CREDIT));
      await useCredit.check();
      await expect(form.getByTestId("total")).toHaveText(rs(CASH));

      await fillShipping(page, { phone: "0321 5556677", city: "Lahore", address: "House 4, Street 2, Model Town" });
      await form.getByRole("button", { name: "Place Order" }).click();
      const orderNumber = await placedOrderNumber(page);
      await expect(page.getByTestId("order-store-credit")).toHaveText(`−${rs(CREDIT)}`);
      await expect(page.getByTestId("order-total")).toHaveText(rs(CASH));
      await expect(page.getByTestId("cod-amount")).toHaveText(rs(CASH));
      await expectNoSeriousA11yViolations(page);
      await expectValidHtml(page.request, new URL(page.url()).pathname);

      // The account's Store Credit tab: nothing left, and the history says where it went.
      await gotoHydrated(page, "/buyer-dashboard");
      await page.getByRole("navigation", { name: "My account" }).getByRole("link", { name: "Store Credit" }).click();
      await expect(page).toHaveURL(/\/buyer-dashboard\/store-credit$/);
      await expect(page.getByTestId("store-credit-balance")).toHaveText(rs(0));
      const history = page.getByTestId("store-credit-history").getByRole("listitem");
      await expect(history).toHaveCount(2);
      await expect(history.nth(0)).toContainText(`Spent on ${orderNumber}`);
      await expect(history.nth(0)).toContainText(`−${rs(CREDIT)}`);
      await expect(history.nth(1)).toContainText("Refund");
      await expect(history.nth(1)).toContainText(`+${rs(CREDIT)}`);
      await expectNoSeriousA11yViolations(page);
      await expectValidHtml(page.request, "/buyer-dashboard/store-credit");

      // With no credit left, checkout no longer offers it.
      await gotoHydrated(page, checkoutUrl);
      await expect(checkoutForm(page).getByRole("checkbox", { name: "Use my store credit" })).toHaveCount(0);
      await expect(checkoutForm(page).getByTestId("total")).toHaveText(rs(CASH + CREDIT));
      if (width === 390) {
        // Nothing wider than the phone's screen.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      }
    } finally {
      await page.context().close();
    }
  });
}
