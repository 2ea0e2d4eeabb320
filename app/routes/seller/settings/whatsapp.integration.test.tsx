import { eq } from "drizzle-orm";
import { fieldError, fieldErrors } from "~/lib/form-reply";
import { renderToString } from "react-dom/server";
import { createRoutesStub, type AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messageOutbox, whatsappSettings } from "~/schema";
import { closeProviders, type Providers } from "~/integrations/providers.server";
import { startWhatsappStandIn, type WhatsappStandIn } from "~/integrations/messaging/whatsapp-stand-in";
import type { Auth } from "~/modules/accounts/auth.server";
import {
  callRoute,
  expectRedirect,
  ownerAndBuyerCookies,
  routeContext,
  TEST_ORIGIN,
} from "../../../../tests/factories/route-calls";
import { DATABASE_KINDS, useTestDatabase } from "../../../../tests/factories/test-database";
import { testProviders } from "../../../../tests/factories/test-providers";
import * as page from "./whatsapp";
import * as log from "../messages/whatsapp-logs";

const PATH = "/seller/settings/whatsapp";
const PASSWORD = "long-enough-password";
const VERIFY = "shop-verify-token-9f3c";

/** A page as the server renders it (what a browser without JavaScript gets), with its loader's data and an action's answer. */
function render(
  path: string,
  Component: React.ComponentType<{ loaderData: never; actionData: never; params: never; matches: never }>,
  loaderData: unknown,
  actionData?: unknown,
): string {
  const Stub = createRoutesStub([
    {
      path,
      Component: () => (
        <Component
          loaderData={loaderData as never}
          actionData={actionData as never}
          params={{} as never}
          matches={[] as never}
        />
      ),
    },
  ]);
  return renderToString(<Stub initialEntries={[path]} />).replaceAll("<!-- -->", "");
}

/** Settings -> WhatsApp and the WhatsApp Log: the routes' loaders and actions with real sessions, against the Graph API stand-in. */
describe.each(DATABASE_KINDS)("Settings -> WhatsApp on %s", (kind) => {
  const database = useTestDatabase(kind, { seed: "settings" });
  let auth: Auth;
  let context: AppLoadContext;
  let providers: Providers;
  let meta: WhatsappStandIn;
  const cookies = { owner: "", buyer: "" };
  const form = (more: Record<string, string> = {}) => ({
    intent: "save",
    phoneNumberId: meta.phoneNumberId,
    accessToken: meta.accessToken,
    appSecret: meta.appSecret,
    verifyToken: VERIFY,
    confirmationTemplate: "order_confirmation",
    shippedTemplate: "order_shipped",
    deliveredTemplate: "order_delivered",
    language: "en",
    languageOther: "",
    sendDelayMinutes: "5",
    needsCallHours: "12",
    ...more,
  });
  const request = (who: keyof typeof cookies, body?: Record<string, string>, path = PATH) =>
    new Request(`${TEST_ORIGIN}${path}`, {
      method: body ? "POST" : "GET",
      headers: { cookie: cookies[who] },
      body: body ? new URLSearchParams(body) : undefined,
    });
  const load = () => callRoute(page.loader, { request: request("owner"), context });
  const post = (body: Record<string, string>, who: keyof typeof cookies = "owner") =>
    callRoute(page.action, { request: request(who, body), context });
  const noSecretIn = (value: unknown) => {
    const text = JSON.stringify(value);
    for (const secret of [meta.accessToken, meta.appSecret, VERIFY]) expect(text).not.toContain(secret);
  };

  beforeAll(async () => {
    meta = await startWhatsappStandIn();
    providers = testProviders({ whatsappApiUrl: meta.url });
    ({ auth, context } = await routeContext(database.db, { providers }));
    Object.assign(cookies, await ownerAndBuyerCookies(auth, database.db, PASSWORD));
  }, 120_000);
  afterAll(async () => {
    await closeProviders(providers);
    await meta?.stop();
  });

  it("is the owner's only", async () => {
    const answer = await callRoute(page.loader, { request: request("buyer"), context });
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).status).not.toBe(200);
  });

  it("shows the webhook URL and the template texts, and WhatsApp off, before anything is saved", async () => {
    const data = await load();
    expect(data.saved).toBeNull();
    expect(data.webhookUrl).toBe("http://localhost:3000/webhooks/whatsapp");
    expect(data.templates.confirmation.body).toContain("{{1}}");
    expect(data.templates.confirmation.buttons).toEqual(["Confirm", "Cancel"]);
    expect(data.values).toMatchObject({
      confirmationTemplate: "order_confirmation",
      language: "en",
      sendDelayMinutes: "0",
      needsCallHours: "24",
    });
  });

  it("refuses bad input beside each field, keeps the rest as typed, and never echoes a secret", async () => {
    const answer = await post(
      form({
        phoneNumberId: "+92 300 1234567",
        shippedTemplate: "Order Shipped!",
        needsCallHours: "500",
        verifyToken: "short",
      }),
    );
    expect(answer).toMatchObject({ status: "error", initialValue: { intent: "save" } });
    expect(fieldErrors(answer)).toEqual({
      phoneNumberId: expect.stringContaining("digits only"),
      shippedTemplate: expect.stringContaining("lower-case"),
      needsCallHours: "Enter whole hours from 1 to 168",
      verifyToken: expect.stringContaining("at least 8"),
    });
    expect(answer.initialValue).toMatchObject({
      phoneNumberId: "+92 300 1234567",
      confirmationTemplate: "order_confirmation",
      sendDelayMinutes: "5",
      shippedTemplate: "Order Shipped!",
    });
    noSecretIn(answer);
    expect(await database.db.select().from(whatsappSettings)).toHaveLength(0);
    // Every secret is needed the first time.
    const missing = await post(form({ accessToken: "", appSecret: "", verifyToken: "" }));
    expect(Object.keys(fieldErrors(missing)).sort()).toEqual(["accessToken", "appSecret", "verifyToken"]);
    // Another language needs its code.
    const other = await post(form({ language: "other", languageOther: "english" }));
    expect(fieldErrors(other)).toEqual({ languageOther: expect.stringContaining("language code") });
  });

  it("renders the refused form as plain HTML: each message beside its field, typed values kept, secret inputs empty", async () => {
    const answer = await post(form({ phoneNumberId: "abc", needsCallHours: "0" }));
    const html = render(PATH, page.default, await load(), answer);
    expect(html).toContain("Nothing was saved: please correct the fields marked below.");
    expect(html).toMatch(
      /<input[^>]*name="phoneNumberId"[^>]*value="abc"[^>]*aria-invalid="true"|<input[^>]*aria-invalid="true"[^>]*name="phoneNumberId"/,
    );
    expect(html).toContain("Enter whole hours from 1 to 168");
    expect(html).toMatch(
      /<input[^>]*type="password"[^>]*name="accessToken"|<input[^>]*name="accessToken"[^>]*type="password"/,
    );
    expect(html).not.toMatch(/name="accessToken"[^>]*value=|value="[^"]*"[^>]*name="accessToken"/);
    expect(html).toContain("http://localhost:3000/webhooks/whatsapp");
    expect(html).toContain("Quick reply buttons: 1. Confirm, 2. Cancel");
    expect(html).toContain('action="/seller/settings/whatsapp" method="post"');
    noSecretIn(html);
  });

  it("saves the settings with the secrets sealed, shows them only as their last four characters, and keeps them when left empty", async () => {
    expectRedirect(await post(form()), PATH);
    const [row] = await database.db.select().from(whatsappSettings);
    noSecretIn(row);
    expect(row).toMatchObject({
      phoneNumberId: meta.phoneNumberId,
      language: "en",
      sendDelayMinutes: 5,
      needsCallHours: 12,
    });
    const data = await load();
    noSecretIn(data);
    expect(data.saved).toMatchObject({
      accessToken: meta.accessToken.slice(-4),
      appSecret: meta.appSecret.slice(-4),
      verifyToken: VERIFY.slice(-4),
    });

    expectRedirect(
      await post(form({ accessToken: "", appSecret: "", verifyToken: "", language: "other", languageOther: "ur_PK" })),
      PATH,
    );
    const [kept] = await database.db.select().from(whatsappSettings);
    expect(kept).toMatchObject({
      accessToken: row.accessToken,
      appSecret: row.appSecret,
      verifyToken: row.verifyToken,
      language: "ur_PK",
    });
    expect((await load()).values).toMatchObject({ language: "other", languageOther: "ur_PK" });
    expectRedirect(await post(form({ accessToken: "", appSecret: "", verifyToken: "", language: "en" })), PATH);
  });

  it("saves the cart reminder's template name beside the others, refuses a bad one beside its field, and shows its text as a Marketing template", async () => {
    const refused = await post(
      form({ accessToken: "", appSecret: "", verifyToken: "", cartReminderTemplate: "Cart Reminder" }),
    );
    expect(fieldErrors(refused)).toEqual({ cartReminderTemplate: expect.stringContaining("lower-case") });
    const html = render(PATH, page.default, await load(), refused);
    expect(html).toMatch(/<input[^>]*name="cartReminderTemplate"[^>]*value="Cart Reminder"/);
    expectRedirect(
      await post(form({ accessToken: "", appSecret: "", verifyToken: "", cartReminderTemplate: "cart_reminder_ur" })),
      PATH,
    );
    expect((await database.db.select().from(whatsappSettings))[0].cartReminderTemplate).toBe("cart_reminder_ur");
    const data = await load();
    expect(data.values.cartReminderTemplate).toBe("cart_reminder_ur");
    expect(data.templates.cartReminder).toMatchObject({ category: "Marketing", defaultName: "cart_reminder" });
    const shown = render(PATH, page.default, data);
    expect(shown).toContain("(category Marketing)");
    expect(shown).toContain("you left {{2}} in your cart");
    // A client that does not send the field (form() has none) keeps the stored name.
    expectRedirect(await post(form({ accessToken: "", appSecret: "", verifyToken: "" })), PATH);
    expect((await database.db.select().from(whatsappSettings))[0].cartReminderTemplate).toBe("cart_reminder_ur");
  });

  it("sends a test message at once and shows Meta's answer, or Meta's error; the WhatsApp Log lists both", async () => {
    const sent = await post({ intent: "test", to: "0300 7654321" });
    expect(sent).toMatchObject({ intent: "test", ok: true });
    const [message] = await meta.waitFor((m) => m.to === "923007654321");
    expect(sent.message).toContain(message.wamid);
    expect(message).toMatchObject({
      template: "order_confirmation",
      language: "en",
      bodyParameters: ["Ayesha", "ORD-123456", "Rs 2,499", "House 12, Street 4, Gulberg III, Lahore"],
    });
    expect(message.buttonPayloads).toHaveLength(2);

    meta.failNext({ status: 400, code: 131026, message: "(#131026) Message undeliverable" });
    const refused = await post({ intent: "test", to: "+92 301 0000000" });
    expect(refused).toMatchObject({ intent: "test", ok: false });
    expect(refused.message).toContain("(#131026) Message undeliverable");
    noSecretIn(refused);

    const bad = await post({ intent: "test", to: "hello" });
    expect(bad).toMatchObject({ status: "error", initialValue: { intent: "test", to: "hello" } });
    expect(fieldError(bad, "to")).toContain("WhatsApp number");

    const rows = await database.db.select().from(messageOutbox).where(eq(messageOutbox.channel, "whatsapp"));
    expect(rows.map((r) => r.status).sort()).toEqual(["failed", "sent"]);
    const logData = await callRoute(log.loader, {
      request: request("owner", undefined, "/seller/whatsapp-logs"),
      context,
    });
    expect(logData.total).toBe(2);
    expect(logData.entries[0]).toMatchObject({
      to: "0301 0000000",
      kind: "Test message",
      status: "failed",
      attempts: 1,
      error: expect.stringContaining("131026"),
    });
    expect(logData.entries[1]).toMatchObject({ to: "0300 7654321", status: "sent", messageId: message.wamid });
    noSecretIn(logData);
    const logHtml = render("/seller/whatsapp-logs", log.default, logData);
    expect(logHtml).toContain(message.wamid);
    expect(logHtml).toContain("(#131026) Message undeliverable");
    noSecretIn(logHtml);
    const settingsHtml = render(PATH, page.default, await load(), sent);
    expect(settingsHtml).toContain("•••• " + meta.accessToken.slice(-4));
    expect(settingsHtml).toContain(message.wamid);
    noSecretIn(settingsHtml);
    const failedOnly = await callRoute(log.loader, {
      request: request("owner", undefined, "/seller/whatsapp-logs?status=failed"),
      context,
    });
    expect(failedOnly.entries).toHaveLength(1);
  });

  it("turns WhatsApp off: the row and its secrets are deleted", async () => {
    expectRedirect(await post({ intent: "turn-off" }), PATH);
    expect(await database.db.select().from(whatsappSettings)).toHaveLength(0);
    expect((await load()).saved).toBeNull();
    const test = await post({ intent: "test", to: "0300 7654321" });
    expect(test).toMatchObject({ ok: false, message: expect.stringContaining("Save the WhatsApp settings first") });
  });
});
