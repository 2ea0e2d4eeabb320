import { eq } from "drizzle-orm";
import { renderToString } from "react-dom/server";
import { createRoutesStub, type AppLoadContext } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { fieldErrors, keptValue } from "~/lib/form-reply";
import type { Auth } from "~/modules/accounts/auth.server";
import { NTN_MESSAGE, STRN_MESSAGE } from "~/modules/settings/tax-numbers";
import { shopSettings, users } from "~/schema";
import {
  callRoute,
  expectRedirect,
  ownerAndBuyerCookies,
  routeContext,
  TEST_ORIGIN,
} from "../../../../tests/factories/route-calls";
import { DATABASE_KINDS, useTestDatabase } from "../../../../tests/factories/test-database";
import { placeTestOrder } from "../../../../tests/factories/test-orders";
import * as invoice from "../orders/invoice";
import * as page from "./settings";

const PATH = "/seller/settings";
const PASSWORD = "long-enough-password";

/** A route's page rendered on the server with the data its loader (and action) gave. */
function render(Component: unknown, path: string, loaderData: unknown, actionData?: unknown): string {
  const Page = Component as React.ComponentType<Record<string, unknown>>;
  const Stub = createRoutesStub([
    {
      path,
      Component: () => <Page loaderData={loaderData} actionData={actionData} params={{}} matches={[]} />,
    },
  ]);
  return renderToString(<Stub initialEntries={[path]} />).replaceAll("<!-- -->", "");
}

/** Settings' NTN and STRN (issue 45): checked beside their fields, stored normalised, printed on the invoice when set. */
describe.each(DATABASE_KINDS)("the shop's tax numbers on %s", (kind) => {
  const database = useTestDatabase(kind);
  let auth: Auth;
  let context: AppLoadContext;
  const cookies = { owner: "", buyer: "" };
  let orderId = "";
  const request = (path: string, who: keyof typeof cookies, body?: Record<string, string>) =>
    new Request(`${TEST_ORIGIN}${path}`, {
      method: body ? "POST" : "GET",
      headers: { cookie: cookies[who] },
      body: body ? new URLSearchParams(body) : undefined,
    });
  // Fields the post leaves out keep their stored values (withStoredSettings): only the tax numbers are sent.
  const save = (body: Record<string, string>, who: keyof typeof cookies = "owner") =>
    callRoute(page.action, { request: request(PATH, who, body), context });
  const stored = async () =>
    (
      await database.db
        .select({ ntn: shopSettings.ntn, strn: shopSettings.strn, brandName: shopSettings.brandName })
        .from(shopSettings)
        .where(eq(shopSettings.id, 1))
    )[0];
  const invoicePage = async () => {
    const path = `/seller/orders/${orderId}/invoice`;
    const data = await callRoute(invoice.loader, { request: request(path, "owner"), context, params: { id: orderId } });
    return { data, html: render(invoice.default, path, data) };
  };

  beforeAll(async () => {
    ({ auth, context } = await routeContext(database.db));
    Object.assign(cookies, await ownerAndBuyerCookies(auth, database.db, PASSWORD));
    await database.db
      .insert(users)
      .values({ id: "tax-owner", name: "Tax Owner", email: "tax-owner@example.pk", role: "seller" });
    ({ id: orderId } = await placeTestOrder(database.db, { id: "tax-owner", name: "Tax Owner" }));
  }, 300_000);

  it("starts with neither set: empty fields on Settings, nothing on the invoice", async () => {
    expect(await stored()).toMatchObject({ ntn: null, strn: null });
    const data = await callRoute(page.loader, { request: request(PATH, "owner"), context });
    expect(data.values).toMatchObject({ ntn: "", strn: "" });
    const html = render(page.default, PATH, data);
    expect(html).toContain("NTN (National Tax Number)");
    expect(html).toContain("STRN (Sales Tax Registration Number)");
    const shown = await invoicePage();
    expect(shown.data.shop).toMatchObject({ ntn: null, strn: null });
    expect(shown.html).not.toContain("NTN:");
    expect(shown.html).not.toContain("STRN:");
    expect(shown.html).not.toContain('data-testid="invoice-tax-numbers"');
  });

  it("refuses a wrong NTN and STRN beside their fields, keeps what was typed, and saves nothing", async () => {
    const refused = await save({ ntn: "12345", strn: "32-77-8761", brandName: "Changed" });
    expect(refused).toMatchObject({ status: "error" });
    expect(fieldErrors(refused)).toEqual({ ntn: NTN_MESSAGE, strn: STRN_MESSAGE });
    expect([keptValue(refused, "ntn"), keptValue(refused, "strn")]).toEqual(["12345", "32-77-8761"]);
    expect(await stored()).toMatchObject({ ntn: null, strn: null, brandName: "Kapra" });
    // The page shows each message by its field, the typed value in it.
    const loaded = await callRoute(page.loader, { request: request(PATH, "owner"), context });
    const html = render(page.default, PATH, loaded, refused);
    expect(html).toContain("Nothing was saved: please correct the fields marked below.");
    expect(html).toContain(NTN_MESSAGE);
    expect(html).toContain(STRN_MESSAGE.replace(/'/g, "&#x27;"));
    expect(html).toMatch(/name="ntn"[^>]*value="12345"|value="12345"[^>]*name="ntn"/);
    expect(html).toMatch(/name="strn"[^>]*value="32-77-8761"|value="32-77-8761"[^>]*name="strn"/);
    // A buyer cannot save them at all.
    const buyer = await save({ ntn: "1234567-8" }, "buyer");
    expect(buyer).toBeInstanceOf(Response);
    expect(await stored()).toMatchObject({ ntn: null });
  });

  it("saves good numbers normalised, shows them on Settings and prints them under the shop's address on the invoice", async () => {
    expectRedirect(await save({ ntn: "12345678", strn: "32 77 8761 234 56" }), PATH);
    expect(await stored()).toMatchObject({ ntn: "1234567-8", strn: "3277876123456", brandName: "Kapra" });
    const data = await callRoute(page.loader, { request: request(PATH, "owner"), context });
    expect(data.values).toMatchObject({ ntn: "1234567-8", strn: "3277876123456" });

    let shown = await invoicePage();
    expect(shown.data.shop).toMatchObject({ ntn: "1234567-8", strn: "3277876123456" });
    expect(shown.html).toContain("NTN: 1234567-8");
    expect(shown.html).toContain("STRN: 3277876123456");

    // An individual's CNIC as NTN, and no STRN: only the NTN is printed.
    expectRedirect(await save({ ntn: "3520212345671", strn: "" }), PATH);
    expect(await stored()).toMatchObject({ ntn: "35202-1234567-1", strn: null });
    shown = await invoicePage();
    expect(shown.html).toContain("NTN: 35202-1234567-1");
    expect(shown.html).not.toContain("STRN:");

    // Emptied: not set, nothing printed.
    expectRedirect(await save({ ntn: "", strn: "" }), PATH);
    expect(await stored()).toMatchObject({ ntn: null, strn: null });
    expect((await invoicePage()).html).not.toContain("NTN:");
  });
});
