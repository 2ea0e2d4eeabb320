import { expect, test, type APIRequestContext } from "@playwright/test";
import { MAIL_API } from "../../playwright.config";
import { createAccount, gotoHydrated, newAccount, placeOrderByApi } from "./helpers";

/**
 * Issue 8: the shop really e-mails. The e2e server sends through tests/e2e/mail-sink.ts, a real
 * SMTP server; MAIL_API lists what it received.
 */
type Mail = { to: string[]; from: string; subject: string; html: string; text: string };

async function mailsAbout(request: APIRequestContext, orderNumber: string, count: number): Promise<Mail[]> {
  let found: Mail[] = [];
  await expect
    .poll(
      async () => {
        const all = (await (await request.get(MAIL_API)).json()) as Mail[];
        found = all.filter((m) => m.subject.includes(orderNumber));
        return found.length;
      },
      { timeout: 15_000 },
    )
    .toBeGreaterThanOrEqual(count);
  return found;
}

const TEE = { productId: "essential-crew-neck-tee", color: "White", size: "S", quantity: 1 };

test.describe("order e-mails", () => {
  test("placing an order e-mails the buyer a confirmation and the owner a notice", async ({ page, request }) => {
    const account = newAccount("mail-order", "Sana Mirza");
    await createAccount(page, account);
    const order = await placeOrderByApi(page, [TEE], { fullName: "Sana Mirza", email: account.email });

    const mails = await mailsAbout(request, order.orderNumber, 2);
    const toBuyer = mails.find((m) => m.to.includes(account.email));
    expect(toBuyer?.subject).toBe(`Your Kapra order ${order.orderNumber} is placed`);
    expect(toBuyer?.text).toContain("Thank you for your order, Sana Mirza!");
    expect(toBuyer?.text).toContain("Essential Crew Neck Tee");
    expect(toBuyer?.text).toMatch(/Cash on Delivery: please have PKR [\d,]+ ready for the rider/);
    expect(toBuyer?.html).toContain(`/orders/${order.orderId}`);
    expect(toBuyer?.from).toBe("orders@shop.test");
    const toOwner = mails.find((m) => m.subject.startsWith("New order"));
    expect(toOwner?.subject).toMatch(new RegExp(`^New order ${order.orderNumber}: PKR [\\d,]+ cash on delivery$`));
    expect(toOwner?.to).not.toContain(account.email);
  });

  test("a buyer who turns order e-mails off in Settings gets none; the owner still does", async ({ page, request }) => {
    const account = newAccount("mail-off", "Omar Farooq");
    await createAccount(page, account);
    await gotoHydrated(page, "/buyer-dashboard/settings");
    const box = page.getByRole("checkbox", { name: /Order e-mail notifications/ });
    await expect(box).toBeChecked();
    await box.uncheck();
    await page.getByRole("button", { name: "Save Settings" }).click();
    await expect(page.getByRole("status").filter({ hasText: /saved/i })).toBeVisible();
    await page.reload();
    await expect(page.getByRole("checkbox", { name: /Order e-mail notifications/ })).not.toBeChecked();

    const order = await placeOrderByApi(page, [TEE], { fullName: "Omar Farooq", email: account.email });
    const mails = await mailsAbout(request, order.orderNumber, 1);
    expect(mails.map((m) => m.subject)).toEqual([expect.stringMatching(/^New order /)]);
    // The owner's notice went out, so the worker has handled this order's e-mails: none was the buyer's.
    const all = (await (await request.get(MAIL_API)).json()) as Mail[];
    expect(all.filter((m) => m.to.includes(account.email))).toEqual([]);
  });
});
