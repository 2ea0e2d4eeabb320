import { expect, test, type Browser, type Page } from "@playwright/test";
import { MAIL_API } from "../../playwright.config";
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
import { scrollsSideways } from "./overview-helpers";

/**
 * The Email Logs tab (issue 8): an order's e-mails in the log as they really went out, one opened
 * (SPEC.md's detail), resent to a corrected address and arriving at the mail server, and the log
 * cleared after the confirmation, with and without JavaScript.
 */

const PATH = "/seller/email-logs";
const OXFORD = "oxford-button-down-shirt";

/** One unit of the Oxford shirt in whichever colour and size has the most stock (seller-orders.spec counts White/M). */
async function oxfordItem(page: Page): Promise<CartItem> {
  const product = (await (await page.request.get(`/api/products/${OXFORD}`)).json()).data as {
    variants: { color: string; size: string; stock: number }[];
  };
  const variant = product.variants
    .filter((v) => !(v.color === "White" && v.size === "M"))
    .sort((a, b) => b.stock - a.stock)[0];
  return { productId: OXFORD, color: variant.color, size: variant.size, quantity: 1 };
}

type Mail = { to: string[]; from: string; subject: string; html: string; text: string };

async function ownerPage(
  browser: Browser,
  opts: { javaScriptEnabled?: boolean; laptop?: boolean } = {},
): Promise<Page> {
  // The project's phone by default; a laptop is a plain desktop context.
  const size = opts.laptop
    ? { viewport: { width: 1280, height: 900 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 }
    : {};
  const context = await browser.newContext({ javaScriptEnabled: opts.javaScriptEnabled ?? true, ...size });
  const page = await context.newPage();
  await signInAsOwner(page);
  return page;
}

/** A buyer with an address of their own places an order by the API; returns the order and the address. */
async function placeOrder(browser: Browser, tag: string, email?: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const account = newAccount(tag, "Hira Baig");
  await createAccount(page, account);
  const order = await placeOrderByApi(page, [await oxfordItem(page)], { email: email ?? account.email });
  await context.close();
  return { ...order, email: email ?? account.email };
}

function logEntries(page: Page) {
  return page.getByTestId("email-log-list").getByRole("listitem");
}

/** Presses Refresh until the worker has sent everything listed (it sends within a second or so of the commit). */
async function waitUntilAllSent(page: Page, url?: string) {
  if (url) await page.goto(url);
  await expect(async () => {
    await page.getByRole("link", { name: "Refresh" }).click();
    await expect(page.getByRole("link", { name: /^Queued \(0\)/ })).toBeVisible({ timeout: 500 });
    await expect(page.getByRole("link", { name: /^Sending \(0\)/ })).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 20_000 });
}

async function mailsTo(address: string): Promise<Mail[]> {
  const res = await fetch(MAIL_API);
  return ((await res.json()) as Mail[]).filter((m) => m.to.includes(address));
}

test.describe("the Email Logs tab", () => {
  test("an order's e-mails are listed; one opens with SPEC.md's detail; a bad address is refused; a resend to a corrected address arrives", async ({
    browser,
  }) => {
    test.setTimeout(60_000);
    const order = await placeOrder(browser, "maillog");
    const page = await ownerPage(browser);
    const search = `${PATH}?q=${order.orderNumber}`;
    await waitUntilAllSent(page, search);
    await expect(page.getByTestId("mail-server-line")).toHaveText(/A mail server is configured/);

    const entries = logEntries(page);
    await expect(entries).toHaveCount(2);
    const toBuyer = entries.filter({ hasText: `Your Kapra order ${order.orderNumber} is placed` });
    await expect(toBuyer).toContainText(`To ${order.email}`);
    await expect(toBuyer).toContainText(`Order ID: ${order.orderNumber}`);
    await expect(toBuyer.getByTestId("email-status")).toHaveText("Sent");
    await expect(
      entries.filter({ hasText: new RegExp(`New order ${order.orderNumber}: PKR [\\d,]+ cash on delivery`) }),
    ).toHaveCount(1);

    await toBuyer.getByRole("link").click();
    await expect(page).toHaveURL(/[?&]id=\d+/);
    const detail = page.getByRole("article", { name: `Your Kapra order ${order.orderNumber} is placed` });
    const field = (name: string) =>
      detail
        .getByRole("term")
        .filter({ hasText: new RegExp(`^${name}$`) })
        .locator("xpath=following-sibling::dd[1]");
    await expect(field("To")).toHaveText(order.email);
    await expect(field("From")).toHaveText("Kapra <orders@shop.test>");
    await expect(field("Subject")).toHaveText(`Your Kapra order ${order.orderNumber} is placed`);
    await expect(field("Order ID")).toHaveText(order.orderNumber);
    await expect(field("Sent At")).toHaveText(/\d{4}, \d{1,2}:\d{2} (am|pm)/);
    await expect(field("Status")).toHaveText("Successfully Sent");
    // The body as it went out: the HTML in a sandboxed frame, and the plain-text part.
    const frame = detail.locator("iframe");
    await expect(frame).toHaveAttribute("sandbox", "");
    await expect(
      page
        .frameLocator(`iframe[title="Body of the e-mail: Your Kapra order ${order.orderNumber} is placed"]`)
        .getByText("Oxford Button-Down Shirt")
        .first(),
    ).toBeVisible();
    await detail.getByText("Plain-text part").click();
    await expect(detail.getByTestId("email-text")).toContainText(order.orderNumber);
    // On a phone the entry takes the screen, with a way back to the list.
    await expect(detail.getByRole("link", { name: "Back to all e-mails" })).toBeVisible();
    expect(await scrollsSideways(page)).toBe(false);
    // The e-mail's own markup is the template's, in a frame that runs no script (axe cannot enter it).
    await expectNoSeriousA11yViolations(page, { exclude: ["iframe"] });

    // A mistyped address is refused beside the field; what was typed stays; nothing is queued.
    const sendTo = detail.getByRole("textbox", { name: "Send to" });
    await expect(sendTo).toHaveValue(order.email);
    await sendTo.fill("hira.baig@");
    await detail.getByRole("button", { name: "Resend" }).click();
    await expect(detail.getByText("Please enter a valid e-mail address")).toBeVisible();
    await expect(sendTo).toHaveValue("hira.baig@");
    await expect(sendTo).toHaveAttribute("aria-invalid", "true");

    const corrected = `fixed-${Date.now()}@example.com`;
    await sendTo.fill(corrected);
    await detail.getByRole("button", { name: "Resend" }).click();
    await expect(toast(page, `E-mail queued to be sent again, to ${corrected}`)).toBeVisible();
    const resent = page.getByRole("article", { name: `Your Kapra order ${order.orderNumber} is placed` });
    await expect(field("To")).toHaveText(corrected);
    await expect(resent.getByText(/A resend of e-mail #\d+/)).toBeVisible();
    await expect
      .poll(async () => (await mailsTo(corrected)).map((m) => m.subject), { timeout: 15_000 })
      .toEqual([`Your Kapra order ${order.orderNumber} is placed`]);
    const [arrived] = await mailsTo(corrected);
    expect(arrived.html).toContain("Oxford Button-Down Shirt");
    expect(arrived.text).toContain(order.orderNumber);
    // The log shows it sent.
    await expect(async () => {
      await page.reload();
      await expect(field("Status")).toHaveText("Successfully Sent", { timeout: 500 });
    }).toPass({ timeout: 15_000 });
  });

  test("Refresh shows e-mails written since the page opened; filtering by status and searching by recipient narrow the list", async ({
    browser,
  }) => {
    const email = `maillog-filter-${Date.now()}@example.com`;
    const page = await ownerPage(browser);
    await gotoHydrated(page, `${PATH}?q=${encodeURIComponent(email)}`);
    await expect(
      page.getByText("No e-mails match this filter.").or(page.getByText("No Email Notifications Yet")),
    ).toBeVisible();
    const order = await placeOrder(browser, "maillog-filter", email);
    await expect(async () => {
      await page.getByRole("link", { name: "Refresh" }).click();
      await expect(logEntries(page).getByTestId("email-status")).toHaveText("Sent", { timeout: 500 });
    }).toPass({ timeout: 20_000 });
    await expect(logEntries(page)).toContainText(`Your Kapra order ${order.orderNumber} is placed`);

    await page.getByRole("link", { name: "Clear search" }).click();
    await expect(page).toHaveURL(new RegExp(`${PATH}$`));
    await page.getByRole("searchbox", { name: "Search by recipient or order number" }).fill(email.toUpperCase());
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(email.toUpperCase())}`));
    await expect(logEntries(page)).toHaveCount(1);
    await page.getByRole("link", { name: /^Failed \(\d+\)/ }).click();
    await expect(page.getByText("No e-mails match this filter.")).toBeVisible();
    await page.getByRole("link", { name: /^Sent \(\d+\)/ }).click();
    await expect(logEntries(page)).toHaveCount(1);
    await expect(page.getByRole("link", { name: /^Sent \(\d+\)/ })).toHaveAttribute("aria-current", "page");
  });

  test("on a laptop the list and the open entry sit side by side", async ({ browser }) => {
    const order = await placeOrder(browser, "maillog-laptop");
    const page = await ownerPage(browser, { laptop: true });
    await waitUntilAllSent(page, `${PATH}?q=${order.orderNumber}`);
    await logEntries(page).filter({ hasText: order.email }).getByRole("link").click();
    const detail = page.getByRole("article", { name: `Your Kapra order ${order.orderNumber} is placed` });
    await expect(detail.getByText("Successfully Sent")).toBeVisible();
    await expect(logEntries(page)).toHaveCount(2);
    await expect(logEntries(page).locator("a[aria-current=true]")).toContainText(order.email);
    await expect(detail.getByRole("link", { name: "Back to all e-mails" })).toBeHidden();
    const [list, entry] = await Promise.all([logEntries(page).first().boundingBox(), detail.boundingBox()]);
    expect(entry!.x).toBeGreaterThan(list!.x + list!.width);
    expect(await scrollsSideways(page)).toBe(false);
    await expectNoSeriousA11yViolations(page, { exclude: ["iframe"] });
  });

  test("Clear Logs asks first; Cancel keeps the log; confirming clears it once everything is sent", async ({
    browser,
  }) => {
    await placeOrder(browser, "maillog-clear");
    const page = await ownerPage(browser);
    await waitUntilAllSent(page, PATH);
    await gotoHydrated(page, PATH);
    await expect(logEntries(page).first()).toBeVisible();

    await page.getByRole("link", { name: "Clear Logs" }).click();
    const dialog = page.getByRole("dialog", { name: "Are you sure you want to clear all email logs?" });
    await expect(dialog).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(logEntries(page).first()).toBeVisible();

    await page.getByRole("link", { name: "Clear Logs" }).click();
    await dialog.getByRole("button", { name: "Clear Logs" }).click();
    await expect(toast(page, /Cleared \d+ e-mails?\./)).toBeVisible();
    await expect(page.getByText("No Email Notifications Yet")).toBeVisible();
    await expect(logEntries(page)).toHaveCount(0);
  });

  test("without JavaScript: open an entry at its own URL, and clear after a confirmation step", async ({ browser }) => {
    test.setTimeout(60_000);
    const order = await placeOrder(browser, "maillog-nojs");
    const page = await ownerPage(browser, { javaScriptEnabled: false });
    await waitUntilAllSent(page, `${PATH}?q=${order.orderNumber}`);
    await logEntries(page).filter({ hasText: order.email }).getByRole("link").click();
    const detail = page.getByRole("article", { name: `Your Kapra order ${order.orderNumber} is placed` });
    await expect(detail.getByText("Successfully Sent")).toBeVisible();
    // A refused address comes back beside the field, as typed.
    await detail.getByRole("textbox", { name: "Send to" }).fill("hira@");
    await detail.getByRole("button", { name: "Resend" }).click();
    await expect(detail.getByText("Please enter a valid e-mail address")).toBeVisible();
    await expect(detail.getByRole("textbox", { name: "Send to" })).toHaveValue("hira@");
    // The same recipient again: a new entry, queued, opened at its own URL with the toast.
    await detail.getByRole("textbox", { name: "Send to" }).fill(order.email);
    await detail.getByRole("button", { name: "Resend" }).click();
    await expect(toast(page, `E-mail queued to be sent again, to ${order.email}`)).toBeVisible();
    await expect(detail.getByText(/A resend of e-mail #\d+/)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`\\?q=${order.orderNumber}&id=\\d+$`));
    await page.getByRole("link", { name: "Back to all e-mails" }).click();
    await expect(page).toHaveURL(new RegExp(`${PATH}\\?q=${order.orderNumber}$`));
    await waitUntilAllSent(page);
    await expect(logEntries(page)).toHaveCount(3);

    await page.getByRole("link", { name: "Clear Logs" }).click();
    await expect(page).toHaveURL(/clear=confirm/);
    const confirm = page.getByRole("alertdialog", { name: "Are you sure you want to clear all email logs?" });
    await confirm.getByRole("button", { name: "Clear Logs" }).click();
    await expect(page).toHaveURL(new RegExp(`${PATH}$`));
    await expect(toast(page, /Cleared \d+ e-mails?\./)).toBeVisible();
    await expect(page.getByText("No Email Notifications Yet")).toBeVisible();
  });
});
