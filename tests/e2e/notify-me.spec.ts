import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { MAIL_API } from "../../playwright.config";
import { expectNoSeriousA11yViolations, gotoHydrated, signInAsOwner, toast, uniqueEmail } from "./helpers";
import { createProductByApi } from "./products-helpers";

/**
 * Notify Me (issues 8 and 10): a shopper signs up on a sold-out product's page and confirms the
 * address with the single-use link of the e-mail that follows (double opt-in; an address never
 * confirmed hears nothing), the owner restocks it in
 * the dashboard, one e-mail arrives with an unsubscribe link that works without signing in (the
 * page asks first, so a mail scanner opening the link unsubscribes nobody), and mail apps'
 * one-click unsubscribe (RFC 8058) works too.
 */

type Mail = { to: string[]; subject: string; html: string; text: string };

/** The Notify Me e-mails (not the confirmation request) that reached this address. */
async function mailsTo(request: APIRequestContext, address: string): Promise<Mail[]> {
  const all = (await (await request.get(MAIL_API)).json()) as Mail[];
  return all.filter((m) => m.to.includes(address) && !m.subject.startsWith("Please confirm"));
}

/** The confirmation link of the e-mail a Notify Me request sends, as a path on this server. */
async function confirmLink(request: APIRequestContext, address: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const all = (await (await request.get(MAIL_API)).json()) as Mail[];
        const mail = all.find(
          (m) => m.to.includes(address) && m.subject === "Please confirm your Notify Me request at Kapra",
        );
        link = mail && /https?:\/\/[^\s<>]+(\/notify\/confirm\?token=[A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
        return link;
      },
      { timeout: 15_000 },
    )
    .toBeTruthy();
  return link!;
}

/** The unsubscribe link of a Notify Me e-mail's plain-text part, as a path on this server. */
function unsubscribeLink(mail: Mail): string {
  const match = /https?:\/\/[^\s<>]+(\/notify\/unsubscribe\?token=[A-Za-z0-9._-]+)/.exec(mail.text);
  if (!match) throw new Error(`no unsubscribe link in ${mail.text}`);
  return match[1];
}

async function signUpOnProductPage(page: Page, productId: string, email: string) {
  await gotoHydrated(page, `/product/${productId}`);
  await expect(page.getByRole("main").getByText("Out of Stock", { exact: true })).toBeVisible();
  await page.getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: "Notify Me" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Please check your e-mail to confirm" })).toBeVisible();
}

/** Follows the e-mailed link: the page asks (a mail scanner confirms nobody), the button confirms, once. */
async function confirmOnPage(page: Page, link: string, name: string) {
  expect((await page.request.get(link)).status()).toBe(200);
  await gotoHydrated(page, link);
  await page.getByRole("button", { name: "Confirm my e-mail address" }).click();
  await expect(page.getByRole("status")).toContainText(`Confirmed: we will tell you about ${name}.`);
  await expectNoSeriousA11yViolations(page);
}

test("a Notify Me e-mail goes out once on restock to confirmed addresses only, and its unsubscribe link works", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000); // three sign-ups, each confirmed through its e-mail, before the restock
  const name = `Monsoon Tee ${Date.now().toString(36).slice(-5)}`;
  await signInAsOwner(page);
  const id = await createProductByApi(page.request, { name, stock: 0 });

  const shopperContext = await browser.newContext();
  const shopper = await shopperContext.newPage();
  const email = uniqueEmail("notify");
  const oneClick = uniqueEmail("notify-oneclick");
  const unconfirmed = uniqueEmail("notify-unconfirmed");
  await signUpOnProductPage(shopper, id, email);
  await signUpOnProductPage(shopper, id, oneClick);
  await signUpOnProductPage(shopper, id, unconfirmed);
  await confirmOnPage(shopper, await confirmLink(page.request, email), name);
  const oneClickConfirm = await confirmLink(page.request, oneClick);
  await confirmOnPage(shopper, oneClickConfirm, name);
  // The link works once.
  await gotoHydrated(shopper, oneClickConfirm);
  await shopper.getByRole("button", { name: "Confirm my e-mail address" }).click();
  await expect(shopper.getByRole("alert")).toContainText("This confirmation link is not valid");

  // The owner puts stock back in the edit form.
  await gotoHydrated(page, `/seller/products/${id}/edit`);
  await page.getByLabel("Black M stock").fill("5");
  await page.getByRole("button", { name: "Update Product" }).click();
  await expect(toast(page, "Product updated successfully!")).toBeVisible();

  await expect.poll(async () => (await mailsTo(page.request, email)).length, { timeout: 15_000 }).toBe(1);
  await expect.poll(async () => (await mailsTo(page.request, oneClick)).length, { timeout: 15_000 }).toBe(1);
  expect(await mailsTo(page.request, unconfirmed)).toHaveLength(0);
  const [mail] = await mailsTo(page.request, email);
  expect(mail.subject).toBe(`${name} is back in stock at Kapra`);
  expect(mail.text).toContain(`/product/${id}`);
  expect(mail.html).toContain(name);
  const link = unsubscribeLink(mail);
  expect(link).not.toContain(encodeURIComponent(email));
  expect(link).not.toContain("notify-");

  // A mail scanner fetching the link changes nothing: the page only asks.
  expect((await shopper.request.get(link)).status()).toBe(200);

  // The shopper opens the link (not signed in) and confirms.
  await gotoHydrated(shopper, link);
  await expect(shopper.getByRole("heading", { name: `Stop e-mails about ${name}?` })).toBeVisible();
  await expectNoSeriousA11yViolations(shopper);
  const width = await shopper.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(width).toBeLessThanOrEqual(0);
  await shopper.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(shopper.getByRole("status")).toContainText(
    "You will get no more Notify Me e-mails from us at this address.",
  );
  await expectNoSeriousA11yViolations(shopper);
  await gotoHydrated(shopper, link);
  await expect(shopper.getByRole("status")).toContainText(`You are already unsubscribed from e-mails about ${name}.`);

  // A mail app's own Unsubscribe button: one POST to the List-Unsubscribe URL (RFC 8058).
  const oneClickLink = unsubscribeLink((await mailsTo(page.request, oneClick))[0]);
  const posted = await shopperContext.request.post(oneClickLink, { form: { "List-Unsubscribe": "One-Click" } });
  expect(posted.status()).toBe(200);
  await gotoHydrated(shopper, oneClickLink);
  await expect(shopper.getByRole("status")).toContainText("already unsubscribed");

  // A tampered link is refused and unsubscribes nobody.
  const tampered = link.replace(/token=(\d+)\./, (_, n: string) => `token=${Number(n) + 1}.`);
  await gotoHydrated(shopper, tampered);
  await expect(shopper.getByRole("alert")).toContainText("This unsubscribe link is not valid");
  await expect(shopper.getByRole("button", { name: "Unsubscribe" })).toHaveCount(0);
  expect((await shopperContext.request.post(tampered, { form: { "List-Unsubscribe": "One-Click" } })).status()).toBe(
    400,
  );

  // Sold out and restocked again: each sign-up was delivered once, so no second e-mail.
  await gotoHydrated(page, `/seller/products/${id}/edit`);
  await page.getByLabel("Black M stock").fill("0");
  await page.getByRole("button", { name: "Update Product" }).click();
  await expect(toast(page, "Product updated successfully!")).toBeVisible();
  await gotoHydrated(page, `/seller/products/${id}/edit`);
  await page.getByLabel("Black M stock").fill("4");
  await page.getByRole("button", { name: "Update Product" }).click();
  await expect(toast(page, "Product updated successfully!")).toBeVisible();
  await page.waitForTimeout(2_500);
  expect(await mailsTo(page.request, email)).toHaveLength(1);
  await shopperContext.close();
});
