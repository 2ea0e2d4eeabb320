import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { MAIL_API } from "../../playwright.config";
import { CONTACT_TOKEN_FIELD } from "../../app/modules/contact/contact-messages";
import { gotoHydrated, signInAsOwner } from "./helpers";

/**
 * Contact-form spam is refused without a captcha (issue 10): a honeypot field and a signed
 * rendered-at time. A person typing normally gets through, with or without JavaScript; a script that
 * fills the hidden field is thanked the same and nothing arrives. A form sent in an instant reaches
 * the owner marked as possible spam (autofill and paste make real customers that fast too).
 */

type Mail = { to: string[]; subject: string; text: string };

async function contactMails(request: APIRequestContext, subject: string): Promise<Mail[]> {
  const all = (await (await request.get(MAIL_API)).json()) as Mail[];
  return all.filter((m) => m.subject === `Contact form: ${subject}`);
}

const unique = (what: string) => `${what} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** Fills the form as a person does: one key at a time. */
async function typeMessage(page: Page, subject: string) {
  const form = page.getByRole("form", { name: "Contact form" });
  const fields: [string, string][] = [
    ["Name", "Ayesha Khan"],
    ["Email", "ayesha@example.com"],
    ["Subject", subject],
    ["Message", "Is the lawn kurta true to size?"],
  ];
  for (const [label, value] of fields)
    await form.getByRole("textbox", { name: label, exact: true }).pressSequentially(value, { delay: 25 });
  return form;
}

test("a person typing normally reaches the shop; the honeypot is out of reach of keyboard and screen reader", async ({
  page,
}) => {
  await gotoHydrated(page, "/contact");
  const honeypot = page.locator('input[name="website"]');
  await expect(honeypot).toHaveAttribute("tabindex", "-1");
  await expect(honeypot).toHaveAttribute("autocomplete", "off");
  await expect(page.getByRole("textbox", { name: "Website" })).toHaveCount(0); // hidden from the accessibility tree
  // Tabbing from Subject to Message to the button never lands on it.
  const form = page.getByRole("form", { name: "Contact form" });
  await form.getByRole("textbox", { name: "Message", exact: true }).focus();
  await page.keyboard.press("Tab");
  await expect(form.getByRole("button", { name: "Send Message" })).toBeFocused();

  const subject = unique("Sizes");
  await typeMessage(page, subject);
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Message sent successfully! We will get back to you within 24 hours.")).toBeVisible({
    timeout: 10_000,
  });
  await expect.poll(async () => (await contactMails(page.request, subject)).length, { timeout: 15_000 }).toBe(1);
});

test("without JavaScript a person still gets through", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  try {
    const page = await context.newPage();
    await page.goto("/contact");
    const subject = unique("No JS");
    const form = await typeMessage(page, subject);
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText("Message sent successfully! We will get back to you within 24 hours.")).toBeVisible();
    await expect.poll(async () => (await contactMails(page.request, subject)).length, { timeout: 15_000 }).toBe(1);
  } finally {
    await context.close();
  }
});

test("a bot that fills the hidden field is thanked the same and nothing arrives", async ({ page }) => {
  const honeypotSubject = unique("Cheap pills");
  await gotoHydrated(page, "/contact");
  await typeMessage(page, honeypotSubject);
  await page.locator('input[name="website"]').fill("https://spam.example", { force: true });
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Message sent successfully!")).toBeVisible({ timeout: 10_000 });

  await page.waitForTimeout(3_000); // the mail worker has had its chance
  expect(await contactMails(page.request, honeypotSubject)).toHaveLength(0);
});

test("a form sent at once reaches the owner marked as possible spam, in the e-mail and the inbox", async ({
  page,
  playwright,
}) => {
  const fastSubject = unique("Instant");
  // Posted the moment the page is read, as a script does (a browser on a busy test machine can take
  // longer than the few seconds a person needs just to load the page).
  const guest = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const html = await (await guest.get("/contact")).text();
  const token = new RegExp(`name="${CONTACT_TOKEN_FIELD}" value="([^"]+)"`).exec(html)?.[1];
  expect(token, "the contact page carries its signed time").toBeTruthy();
  const sent = await guest.post("/contact", {
    form: {
      name: "Quick Sender",
      email: "quick@example.com",
      subject: fastSubject,
      message: "Pasted question",
      website: "",
      [CONTACT_TOKEN_FIELD]: token!,
    },
  });
  expect(sent.status()).toBeLessThan(400);
  expect(await sent.text()).toContain("Message sent successfully!");
  await guest.dispose();

  await expect.poll(async () => (await contactMails(page.request, fastSubject)).length, { timeout: 15_000 }).toBe(1);
  expect((await contactMails(page.request, fastSubject))[0].text).toContain(
    "Possible spam: this form was sent within seconds",
  );

  await signInAsOwner(page);
  await gotoHydrated(page, "/seller/inbox");
  const message = page.getByRole("article", { name: new RegExp(fastSubject) });
  await expect(message).toContainText("Possible spam");
  await expect(message).toContainText("From Quick Sender");
});
