import { renderToString } from "react-dom/server";
import { createRoutesStub, type AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fieldErrors, formError } from "~/lib/form-reply";
import { startJazzcashStandIn, type JazzcashStandIn } from "~/integrations/payments/jazzcash/jazzcash-stand-in";
import { startSafepayStandIn, type SafepayStandIn } from "~/integrations/payments/safepay/safepay-stand-in";
import type { Auth } from "~/modules/accounts/auth.server";
import { offeredGateways, readPaymentRules } from "~/modules/payments/payment-settings.server";
import { paymentGateways, paymentSettings } from "~/schema";
import {
  callRoute,
  expectRedirect,
  ownerAndBuyerCookies,
  routeContext,
  TEST_ORIGIN,
} from "../../../../tests/factories/route-calls";
import { DATABASE_KINDS, useTestDatabase } from "../../../../tests/factories/test-database";
import { testProviders } from "../../../../tests/factories/test-providers";
import * as page from "./payments";

const PATH = "/seller/settings/payments";
const PASSWORD = "long-enough-password";

function render(loaderData: unknown, actionData?: unknown): string {
  const Page = page.default as unknown as React.ComponentType<Record<string, unknown>>;
  const Stub = createRoutesStub([
    {
      path: PATH,
      Component: () => <Page loaderData={loaderData} actionData={actionData} params={{}} matches={[]} />,
    },
  ]);
  return renderToString(<Stub initialEntries={[PATH]} />).replaceAll("<!-- -->", "");
}

/** Settings -> Payments: the route's loader and action with real sessions, against the gateways' stand-ins. */
describe.each(DATABASE_KINDS)("Settings -> Payments on %s", (kind) => {
  const database = useTestDatabase(kind, { seed: "settings" });
  let auth: Auth;
  let context: AppLoadContext;
  let safepay: SafepayStandIn;
  let jazzcash: JazzcashStandIn;
  const cookies = { owner: "", buyer: "" };
  const request = (who: keyof typeof cookies, body?: Record<string, string>) =>
    new Request(`${TEST_ORIGIN}${PATH}`, {
      method: body ? "POST" : "GET",
      headers: { cookie: cookies[who] },
      body: body ? new URLSearchParams(body) : undefined,
    });
  const load = () => callRoute(page.loader, { request: request("owner"), context });
  // A refusal answers 400 with the form's reply (data()); a success redirects.
  const post = async (body: Record<string, string>, who: keyof typeof cookies = "owner") => {
    const answer = await callRoute(page.action, { request: request(who, body), context });
    return answer && typeof answer === "object" && "data" in answer && "init" in answer ? answer.data : answer;
  };
  const secrets = () => [
    safepay.credentials.apiKey,
    safepay.credentials.secretKey,
    safepay.credentials.webhookSecret,
    jazzcash.credentials.password,
    jazzcash.credentials.integritySalt,
  ];
  const noSecretIn = (value: unknown) => {
    const text = typeof value === "string" ? value : JSON.stringify(value);
    for (const secret of secrets()) expect(text).not.toContain(secret);
  };
  const connectSafepay = (over: Record<string, string> = {}) =>
    post({
      intent: "connect",
      gateway: "safepay",
      "key-apiKey": safepay.credentials.apiKey,
      "key-secretKey": safepay.credentials.secretKey,
      "key-webhookSecret": safepay.credentials.webhookSecret,
      ...over,
    });
  const rules = (over: Record<string, string> = {}) => ({
    intent: "rules",
    holdMinutes: "45",
    codFee: "150",
    codFeeWaivedAbove: "10,000",
    advanceKind: "percent",
    advanceValue: "50",
    advanceAbove: "",
    advanceCities: "Quetta\nquetta\n Gwadar ",
    advanceTags: "risky, Blocked",
    advanceIfRefusedBefore: "on",
    ...over,
  });

  beforeAll(async () => {
    [safepay, jazzcash] = await Promise.all([startSafepayStandIn(), startJazzcashStandIn()]);
    const providers = testProviders({ safepayApiUrl: safepay.url, jazzcashApiUrl: jazzcash.url });
    ({ auth, context } = await routeContext(database.db, { providers }));
    Object.assign(cookies, await ownerAndBuyerCookies(auth, database.db, PASSWORD));
  }, 120_000);
  afterAll(async () => {
    await Promise.all([safepay?.stop(), jazzcash?.stop()]);
  });

  it("is the owner's only", async () => {
    for (const call of [
      callRoute(page.loader, { request: request("buyer"), context }),
      post({ intent: "disconnect", gateway: "safepay" }, "buyer"),
    ]) {
      const answer = await call;
      expect(answer).toBeInstanceOf(Response);
      expect((answer as Response).status).not.toBe(200);
    }
  });

  it("starts with cash on delivery only, both gateways unconnected, and the default rules", async () => {
    const data = await load();
    expect(data.gateways.map((g: { gateway: string; connected: boolean }) => [g.gateway, g.connected])).toEqual([
      ["safepay", false],
      ["jazzcash", false],
    ]);
    expect(data.rules).toMatchObject({ holdMinutes: "30", codFee: "0", advanceKind: "none" });
    const html = render(data);
    expect(html).toContain("Checkout offers: Cash on delivery.");
    expect(html).toContain("Test and save Safepay (card or wallet)");
  });

  it("a refused key is not saved: the gateway's words come back, beside nothing typed", async () => {
    const answer = await connectSafepay({ "key-secretKey": "not-the-secret-key" });
    expect(answer).toMatchObject({ status: "error" });
    expect(formError(answer)).toMatch(/^Safepay \(card or wallet\) did not connect: Safepay refused the keys/);
    expect(formError(answer)).toContain("Nothing was saved");
    noSecretIn(answer);
    expect(JSON.stringify(answer)).not.toContain("not-the-secret-key");
    expect(await database.db.select().from(paymentGateways)).toHaveLength(0);
    // Missing keys are named beside their fields.
    const missing = await post({ intent: "connect", gateway: "jazzcash", "key-merchantId": "MC1" });
    expect(fieldErrors(missing)).toEqual({
      "key-password": "Enter the Password",
      "key-integritySalt": "Enter the Integrity salt",
    });
  });

  it("Test and save seals the keys, shows only their last four, offers the gateway, and keeps a key left empty", async () => {
    expectRedirect(await connectSafepay(), PATH);
    const [row] = await database.db.select().from(paymentGateways);
    noSecretIn(row);
    expect(row).toMatchObject({ gateway: "safepay", offered: true });
    const data = await load();
    noSecretIn(data);
    expect(data.gateways[0]).toMatchObject({
      connected: true,
      offered: true,
      hints: { secretKey: safepay.credentials.secretKey.slice(-4) },
    });
    const html = render(data);
    expect(html).toContain("Checkout offers: Cash on delivery, Safepay (card or wallet).");
    expect(html).toContain(`Saved: •••• ${safepay.credentials.secretKey.slice(-4)}. Leave empty to keep it.`);
    noSecretIn(html);

    // Saved again with every field empty: the stored keys are tested again and kept.
    expectRedirect(await post({ intent: "connect", gateway: "safepay" }), PATH);
    const offered = await offeredGateways(database.db, context.secretBoxes["payment-credentials"]);
    expect(offered).toEqual([
      { gateway: "safepay", credentials: expect.objectContaining({ secretKey: safepay.credentials.secretKey }) },
    ]);
  });

  it("JazzCash connects with its MPIN left out; offering can be stopped and resumed; Disconnect forgets the keys", async () => {
    expectRedirect(
      await post({
        intent: "connect",
        gateway: "jazzcash",
        "key-merchantId": jazzcash.credentials.merchantId,
        "key-password": jazzcash.credentials.password,
        "key-integritySalt": jazzcash.credentials.integritySalt,
      }),
      PATH,
    );
    expectRedirect(await post({ intent: "offer", gateway: "jazzcash", offered: "no" }), PATH);
    const box = context.secretBoxes["payment-credentials"];
    expect((await offeredGateways(database.db, box)).map((g) => g.gateway)).toEqual(["safepay"]);
    expectRedirect(await post({ intent: "offer", gateway: "jazzcash", offered: "yes" }), PATH);
    expect((await offeredGateways(database.db, box)).map((g) => g.gateway)).toEqual(["safepay", "jazzcash"]);
    expectRedirect(await post({ intent: "disconnect", gateway: "jazzcash" }), PATH);
    expect((await database.db.select().from(paymentGateways)).map((r) => r.gateway)).toEqual(["safepay"]);
    const notConnected = await post({ intent: "offer", gateway: "jazzcash", offered: "yes" });
    expect(formError(notConnected)).toBe("JazzCash is not connected: connect it first.");
  });

  it("saves the rules: lists trimmed and once each, the percentage checked; bad input is named and changes nothing", async () => {
    const refused = await post(rules({ holdMinutes: "2", codFee: "Rs 100", advanceValue: "150" }));
    // Every mistake at once, each beside its field.
    expect(fieldErrors(refused)).toEqual({
      holdMinutes: "Enter whole minutes from 5 to 1440",
      codFee: "Enter the COD fee in whole rupees (0 for none)",
      advanceValue: "Enter a percentage from 1 to 100",
    });
    const percent = await post(rules({ advanceValue: "150" }));
    expect(fieldErrors(percent)).toEqual({ advanceValue: "Enter a percentage from 1 to 100" });
    const noCondition = await post(
      rules({ advanceCities: "", advanceTags: "", advanceIfRefusedBefore: "", advanceAbove: "" }),
    );
    expect(fieldErrors(noCondition)).toEqual({
      advanceAbove: "Say when the advance is asked: an amount, cities, tags or refused before",
    });
    expect(await database.db.select().from(paymentSettings)).toHaveLength(0);
    const html = render(await load(), refused);
    expect(html).toContain("Enter whole minutes from 5 to 1440");
    expect(html).toMatch(/name="codFee"[^>]*value="Rs 100"|value="Rs 100"[^>]*name="codFee"/);

    expectRedirect(await post(rules()), PATH);
    expect(await readPaymentRules(database.db)).toEqual({
      holdMinutes: 45,
      codFee: 150,
      codFeeWaivedAbove: 10_000,
      advanceKind: "percent",
      advanceValue: 50,
      advanceAbove: null,
      advanceCities: ["Quetta", "Gwadar"],
      advanceTags: ["risky", "Blocked"],
      advanceIfRefusedBefore: true,
    });
    expect((await load()).rules).toMatchObject({ advanceCities: "Quetta\nGwadar", advanceIfRefusedBefore: "on" });
  });
});
