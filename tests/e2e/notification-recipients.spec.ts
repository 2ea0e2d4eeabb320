import { expect, test, type APIRequestContext } from "@playwright/test";
import { MAIL_API, SELLER } from "../../playwright.config";
import { createAccount, gotoHydrated, newAccount, placeOrderByApi, signInAsOwner, toast } from "./helpers";
import { readSettingsForm, saveSettings, type SettingsForm } from "./overview-helpers";

/**
 * Issue 17: the shop's notices (new orders, cancellations, contact messages) go to the notification
 * recipients in Settings. The e2e server is shared by every spec and its seller comes from
 * create-seller, so the list starts empty (every seller is told): each test puts it back as it was.
 */
type Mail = { to: string[]; subject: string; text: string };

async function mailsTo(request: APIRequestContext, address: string): Promise<Mail[]> {
  return ((await (await request.get(MAIL_API)).json()) as Mail[]).filter((m) => m.to.includes(address));
}

const TEE = { productId: "essential-crew-neck-tee", color: "White", size: "S", quantity: 1 };

let original: SettingsForm | null = null;
test.afterEach(async ({ page, baseURL }) => {
  if (original) await saveSettings(page.request, baseURL!, original);
  original = null;
});

test("the owner lists the recipients, sends a test e-mail and sees whom it went to; a bad address is refused beside the field", async ({
  page,
}) => {
  await signInAsOwner(page);
  original = await readSettingsForm(page);
  const extra = `notices-${Date.now().toString(36)}@shop.test`;

  await gotoHydrated(page, "/seller/settings");
  const form = page.getByRole("form", { name: "Settings" });
  const recipients = form.getByRole("textbox", { name: "Notification recipients" });
  await expect(form.getByRole("group", { name: "Notification recipients" })).toContainText(
    "New orders, cancellations by customers and contact messages are e-mailed to these addresses",
  );
  await recipients.fill(`${SELLER.email}\n  ${extra.toUpperCase()} \n${SELLER.email}`);
  await form.getByRole("button", { name: "Save Settings" }).click();
  await expect(toast(page, "Settings saved. The shop shows them now.")).toBeVisible();
  // Saved lower-cased, without the repeat.
  await expect(recipients).toHaveValue(`${SELLER.email}\n${extra}`);

  const button = form.getByRole("button", { name: "Send test e-mail" });
  await expect(button).toHaveAccessibleDescription(
    /^Sends to the saved recipients: save first if you changed the list\./,
  );
  // Typed but not saved: the test goes to the saved list, and what was typed stays in the field.
  await recipients.fill(`${SELLER.email}\ntyped-not-saved@shop.test`);
  await button.click();
  await expect(
    page.getByRole("status").filter({ hasText: `Test e-mail sent to ${SELLER.email}, ${extra}` }),
  ).toBeVisible({ timeout: 15_000 });
  await expect(recipients).toHaveValue(`${SELLER.email}\ntyped-not-saved@shop.test`);
  await expect
    .poll(async () => (await mailsTo(page.request, extra)).map((m) => m.subject), { timeout: 15_000 })
    .toEqual([expect.stringMatching(/^Test e-mail from .+: order notices reach this address$/)]);
  expect(await mailsTo(page.request, "typed-not-saved@shop.test")).toEqual([]);

  // A bad line is named beside the field; everything typed stays; nothing is saved.
  await gotoHydrated(page, "/seller/settings");
  await form.getByRole("textbox", { name: "Brand name" }).fill("Typed But Not Saved");
  await recipients.fill(`${SELLER.email}\nnot an address`);
  await form.getByRole("button", { name: "Save Settings" }).click();
  await expect(recipients).toHaveAttribute("aria-invalid", "true");
  await expect(recipients).toHaveAccessibleDescription(
    'Line 2 ("not an address") is not an e-mail address, like orders@kapra.pk',
  );
  await expect(recipients).toHaveValue(`${SELLER.email}\nnot an address`);
  await expect(form.getByRole("textbox", { name: "Brand name" })).toHaveValue("Typed But Not Saved");
  expect((await readSettingsForm(page)).notificationEmails).toBe(`${SELLER.email}\n${extra}`);

  // The test e-mail is in Email Logs like every other.
  await page.goto(`/seller/email-logs?q=${encodeURIComponent(extra)}`);
  await expect(page.getByRole("main")).toContainText(/Test e-mail from .+: order notices reach this address/);
});

test('the Team page\'s "Also send order notices" adds the new seller to the recipients; removing the role takes them off', async ({
  page,
  browser,
}) => {
  await signInAsOwner(page);
  original = await readSettingsForm(page);
  await gotoHydrated(page, "/seller/settings");
  const settingsForm = page.getByRole("form", { name: "Settings" });
  await settingsForm.getByRole("textbox", { name: "Notification recipients" }).fill(SELLER.email);
  await settingsForm.getByRole("button", { name: "Save Settings" }).click();
  await expect(toast(page, "Settings saved. The shop shows them now.")).toBeVisible();

  const staffContext = await browser.newContext();
  const staff = await createAccount(staffContext.request, newAccount("notices-staff", "Nadia Staff"));
  await gotoHydrated(page, "/seller/team");
  await expect(
    page.getByText("Removing someone's seller role also takes their e-mail off the order notice recipients"),
  ).toBeVisible();
  const notices = page.getByRole("checkbox", { name: "Also send order notices" });
  await expect(notices).toHaveAccessibleDescription(
    `New orders, cancellations by customers and contact messages are e-mailed to the notification recipients in Settings, now ${SELLER.email}.`,
  );
  await expect(notices).not.toBeChecked();
  await notices.check();
  await page.getByRole("textbox", { name: "Account e-mail" }).fill(staff.email);
  await page.getByRole("button", { name: "Give seller role" }).click();
  await expect(toast(page, `Nadia Staff (${staff.email}) can now run the shop. They get order notices.`)).toBeVisible();
  expect((await readSettingsForm(page)).notificationEmails).toBe(`${SELLER.email}\n${staff.email.toLowerCase()}`);

  // The next order's notice reaches them.
  const buyerContext = await browser.newContext();
  const buyer = await createAccount(buyerContext.request, newAccount("notices-buyer", "Hamza Buyer"));
  const order = await placeOrderByApi(buyerContext.request, [TEE], { fullName: "Hamza Buyer", email: buyer.email });
  await expect
    .poll(
      async () =>
        (await mailsTo(page.request, staff.email.toLowerCase())).filter((m) =>
          m.subject.startsWith(`New order ${order.orderNumber}`),
        ).length,
      { timeout: 15_000 },
    )
    .toBe(1);
  await buyerContext.close();

  await gotoHydrated(page, "/seller/team");
  await page.getByRole("button", { name: `Remove seller role from ${staff.email}` }).click();
  await expect(toast(page, `${staff.email} is no longer a seller and gets no more order notices`)).toBeVisible();
  expect((await readSettingsForm(page)).notificationEmails).toBe(SELLER.email);
  await staffContext.close();
});
