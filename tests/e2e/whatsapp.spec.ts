import { expect, test, type Browser, type Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { orders, users } from "../../app/schema";
import {
  buttonReplyWebhook,
  startWhatsappStandIn,
  type WhatsappStandIn,
} from "../../app/integrations/messaging/whatsapp-stand-in";
import { hasPostgres } from "../setup/pg-cluster";
import {
  checkoutForm,
  createAccount,
  E2E_PASSWORD,
  expectNoSeriousA11yViolations,
  fillShipping,
  gotoHydrated,
  keepShot,
  newAccount,
  signInByApi,
  placedOrderNumber,
} from "./helpers";
import { expectValidHtml } from "./html-check";
import { startOwnPostgresShop, type OwnShop } from "./own-postgres-shop";

/**
 * WhatsApp confirmations end to end (issue 32): the owner fills Settings -> WhatsApp and sends a test
 * message to the Graph API stand-in this spec starts (the shop's WHATSAPP_API_URL points at it); a
 * buyer orders at checkout (told the order will be confirmed on WhatsApp); the stand-in posts Meta's
 * signed Confirm to the shop's webhook, and the owner's open Orders tab shows the order confirmed,
 * live; an order with no answer shows under Needs call. At 1280 and 390 px. A shop of its own on
 * PostgreSQL: the spec ages an order's message in the database while the shop runs.
 */

test.describe.configure({ mode: "serial", timeout: 120_000 });
test.skip(!hasPostgres(), "needs Debian's postgresql package");

const TEE = { id: "pocket-tee", color: "Gray", size: "M" };
const owner = newAccount("wa-owner", "Shop Owner");

let own: OwnShop | undefined;
let meta: WhatsappStandIn | undefined;

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(300_000);
  meta = await startWhatsappStandIn();
  own = await startOwnPostgresShop("whatsapp", { WHATSAPP_API_URL: meta.url });
  const api = await playwright.request.newContext({ baseURL: own.url, extraHTTPHeaders: { origin: own.url } });
  await createAccount(api, owner);
  await api.dispose();
  await own.database.db.update(users).set({ role: "seller" }).where(eq(users.email, owner.email));
});

test.afterAll(async () => {
  test.setTimeout(60_000);
  await own?.stop();
  await meta?.stop();
});

async function ownerPage(browser: Browser, width: number): Promise<Page> {
  const context = await browser.newContext({ baseURL: own!.url, viewport: { width, height: 900 } });
  const page = await context.newPage();
  await signInByApi(page, owner.email, E2E_PASSWORD);
  return page;
}

test("the owner fills Settings -> WhatsApp and sends a test message through the Cloud API", async ({ browser }) => {
  const page = await ownerPage(browser, 1280);
  try {
    await gotoHydrated(page, "/seller/settings/whatsapp");
    await page.getByRole("textbox", { name: "Phone-number ID" }).fill(meta!.phoneNumberId);
    await page.getByLabel("Permanent access token").fill(meta!.accessToken);
    await page.getByLabel("App secret").fill(meta!.appSecret);
    await page.getByLabel("Verify token").fill("e2e-verify-token");
    await page.getByRole("button", { name: "Save WhatsApp settings" }).click();
    await expect(page.getByTestId("webhook-url")).toContainText("/webhooks/whatsapp");
    await expect(page.getByLabel("Permanent access token")).toHaveValue("");

    await page.getByRole("textbox", { name: "WhatsApp number" }).fill("0300 1234567");
    await page.getByRole("button", { name: "Send test message" }).click();
    await expect(page.getByTestId("test-answer")).toContainText("Meta accepted the test message to +923001234567");
    const [sent] = await meta!.waitFor((m) => m.to === "923001234567");
    expect(sent.template).toBe("order_confirmation");
    await expectValidHtml(page.request, "/seller/settings/whatsapp");
    await expectNoSeriousA11yViolations(page);
    await keepShot(page, { path: "test-results/whatsapp/settings-1280.png", fullPage: true });
    // On the owner's phone: the settings page and the WhatsApp Log fit 390 px, with the test message logged.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await keepShot(page, { path: "test-results/whatsapp/settings-390.png", fullPage: true });
    await gotoHydrated(page, "/seller/whatsapp-logs");
    const logged = page
      .getByTestId("whatsapp-log-entry")
      .filter({ hasText: "Test message" })
      .filter({ hasText: "0300 1234567" });
    await expect(logged.first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectNoSeriousA11yViolations(page);
    await keepShot(page, { path: "test-results/whatsapp/log-390.png", fullPage: true });

    // Meta's subscription check: the challenge back only with the verify token.
    const ok = await page.request.get(
      `/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=e2e-verify-token&hub.challenge=4242`,
    );
    expect(await ok.text()).toBe("4242");
    expect(
      (
        await page.request.get(`/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=nope&hub.challenge=4242`)
      ).status(),
    ).toBe(403);
  } finally {
    await page.context().close();
  }
});

for (const [i, width] of [1280, 390].entries()) {
  test(`at ${width} px: a buyer's tap on Confirm shows live in Orders, and an unanswered order needs a call`, async ({
    browser,
  }) => {
    const phone = `0321 55500${i}1`;
    const to = `92321555${"00"}${i}1`;
    // The owner's Orders tab, open before the buyer orders: it must update by itself.
    const ownerTab = await ownerPage(browser, width);
    const buyerContext = await browser.newContext({ baseURL: own!.url, viewport: { width, height: 900 } });
    const buyer = await buyerContext.newPage();
    try {
      await gotoHydrated(ownerTab, "/seller/orders?whatsapp=awaiting");
      await createAccount(buyer, newAccount(`wa-buyer-${width}`, "Sana Mir"));
      const checkoutUrl = `/checkout?product=${TEE.id}&color=${TEE.color}&size=${TEE.size}&quantity=1`;
      await gotoHydrated(buyer, checkoutUrl);
      const form = checkoutForm(buyer);
      await fillShipping(buyer, { phone, city: "Lahore", address: "House 4, Street 2, Model Town" });
      await expect(form.getByTestId("whatsapp-confirm")).toContainText("We will confirm this order on WhatsApp at");
      await expect(
        form.getByRole("checkbox", { name: "Don't confirm on WhatsApp (the shop will call instead)" }),
      ).not.toBeChecked();
      await expectValidHtml(buyer.request, checkoutUrl);
      await expectNoSeriousA11yViolations(buyer);
      await form.getByRole("button", { name: "Place Order" }).click();
      const orderNumber = await placedOrderNumber(buyer);

      const [message] = await meta!.waitFor((m) => m.to === to && m.template === "order_confirmation");
      const card = ownerTab.getByTestId("seller-order").filter({ hasText: orderNumber });
      await expect(card.getByTestId("whatsapp-state")).toContainText("Sent", { timeout: 15_000 });

      // Meta posts the buyer's tap, signed with the app secret.
      const res = await meta!.postWebhook(
        `${own!.url}/webhooks/whatsapp`,
        buttonReplyWebhook(meta!.phoneNumberId, {
          from: to,
          payload: message.buttonPayloads[0],
          text: "Confirm",
          contextWamid: message.wamid,
        }),
      );
      expect(res.status).toBe(200);
      // Live: the awaiting filter drops it; the unfiltered list shows it confirmed.
      await expect(card).toHaveCount(0, { timeout: 15_000 });
      await gotoHydrated(ownerTab, `/seller/orders?q=${orderNumber}`);
      await expect(card.getByTestId("whatsapp-state")).toContainText(/Confirmed \d\d:\d\d/);
      await expect(card).toContainText("Confirmed");

      // A second order nobody answers, sent a day ago: it needs a call.
      await gotoHydrated(buyer, checkoutUrl);
      await fillShipping(buyer, { phone: `0321 55501${i}1`, city: "Lahore", address: "House 4, Street 2, Model Town" });
      await checkoutForm(buyer).getByRole("button", { name: "Place Order" }).click();
      const silent = await placedOrderNumber(buyer);
      await meta!.waitFor((m) => m.to === `92321555${"01"}${i}1`);
      await expect
        .poll(
          async () =>
            (
              await own!.database.db
                .select({ s: orders.whatsappStatus })
                .from(orders)
                .where(eq(orders.orderNumber, silent))
            )[0]?.s,
        )
        .toBe("sent");
      await own!.database.db
        .update(orders)
        .set({ whatsappSentAt: new Date(Date.now() - 30 * 60 * 60_000) })
        .where(eq(orders.orderNumber, silent));
      await gotoHydrated(ownerTab, "/seller/orders");
      await ownerTab.getByTestId("whatsapp-filter").selectOption("needs-call");
      await ownerTab.getByRole("button", { name: "Search" }).click();
      await expect(ownerTab).toHaveURL(/whatsapp=needs-call/);
      const needing = ownerTab.getByTestId("seller-order").filter({ hasText: silent });
      await expect(needing.getByTestId("needs-call")).toBeVisible();
      // The confirmed order is not listed (its number still shows in the silent order's card, as the customer's earlier order).
      await expect(
        ownerTab.getByTestId("seller-order").getByRole("heading", { name: orderNumber, exact: true }),
      ).toHaveCount(0);
      await keepShot(ownerTab, { path: `test-results/whatsapp/orders-needs-call-${width}.png`, fullPage: true });
      await expectValidHtml(ownerTab.request, "/seller/orders?whatsapp=needs-call");
      await expectNoSeriousA11yViolations(ownerTab);
    } finally {
      await buyerContext.close();
      await ownerTab.context().close();
    }
  });
}
