import { beforeAll, describe, expect, it } from "vitest";
import type { AppLoadContext } from "react-router";
import { fieldErrors, formError } from "~/lib/form-reply";
import type { Auth } from "~/modules/accounts/auth.server";
import { readFeedSettings } from "~/modules/marketing/feed-settings.server";
import { metaSettings } from "~/schema";
import {
  callRoute,
  expectRedirect,
  ownerAndBuyerCookies,
  routeContext,
  TEST_ORIGIN,
} from "../../../../tests/factories/route-calls";
import { DATABASE_KINDS, useTestDatabase } from "../../../../tests/factories/test-database";
import * as page from "./marketing";

const PATH = "/seller/settings/marketing";
const PASSWORD = "long-enough-password";
const TOKEN = "EAAG-marketing-route-token-0123456789";

/** Settings -> Marketing: the route's loader and action with real sessions (issue 44). */
describe.each(DATABASE_KINDS)("Settings -> Marketing on %s", (kind) => {
  const database = useTestDatabase(kind, { seed: "settings" });
  let auth: Auth;
  let context: AppLoadContext;
  const cookies = { owner: "", buyer: "" };
  const request = (who: keyof typeof cookies, body?: Record<string, string>) =>
    new Request(`${TEST_ORIGIN}${PATH}`, {
      method: body ? "POST" : "GET",
      headers: { cookie: cookies[who] },
      body: body ? new URLSearchParams(body) : undefined,
    });
  const load = () => callRoute(page.loader, { request: request("owner"), context });
  const post = async (body: Record<string, string>, who: keyof typeof cookies = "owner") => {
    const answer = await callRoute(page.action, { request: request(who, body), context });
    return answer && typeof answer === "object" && "data" in answer && "init" in answer ? answer.data : answer;
  };
  const pixel = (over: Record<string, string> = {}) => ({
    intent: "save-pixel",
    pixelId: "123456789012345",
    accessToken: TOKEN,
    testEventCode: "",
    purchaseOn: "confirmed",
    ...over,
  });

  beforeAll(async () => {
    ({ auth, context } = await routeContext(database.db));
    Object.assign(cookies, await ownerAndBuyerCookies(auth, database.db, PASSWORD));
  }, 120_000);

  it("is the owner's only", async () => {
    for (const call of [callRoute(page.loader, { request: request("buyer"), context }), post(pixel(), "buyer")]) {
      const answer = await call;
      expect(answer).toBeInstanceOf(Response);
      expect((answer as Response).status).not.toBe(200);
    }
    expect(await database.db.select().from(metaSettings)).toHaveLength(0);
  });

  it("refuses a bad Pixel ID, a missing first token and an unknown moment beside their fields, saving nothing", async () => {
    const bad = await post(
      pixel({ pixelId: "my-pixel", accessToken: "", testEventCode: "has space", purchaseOn: "at checkout" }),
    );
    expect(formError(bad)).toBe("Nothing was saved: please correct the fields marked below.");
    expect(fieldErrors(bad)).toMatchObject({
      pixelId: "The Pixel ID is a number of 10 to 20 digits (Events Manager -> Data sources)",
      testEventCode: "Enter the code as Test events shows it, like TEST12345",
      purchaseOn: "Choose when a purchase counts",
    });
    const noToken = await post(pixel({ accessToken: "" }));
    expect(fieldErrors(noToken)).toEqual({
      accessToken: "Paste the Conversions API access token from Events Manager -> Settings",
    });
    expect(await database.db.select().from(metaSettings)).toHaveLength(0);
  });

  it("seals the token, shows only its last four, keeps it when left empty, and Remove Pixel takes it all off", async () => {
    expectRedirect(await post(pixel({ testEventCode: "TEST4242" })), PATH);
    const [row] = await database.db.select().from(metaSettings);
    expect(row.accessToken).not.toContain(TOKEN);
    expect(context.secretBoxes["marketing-settings"].open(row.accessToken!)).toBe(TOKEN);
    let data = await load();
    expect(JSON.stringify(data)).not.toContain(TOKEN);
    expect(data.pixel).toMatchObject({
      pixelId: "123456789012345",
      hasAccessToken: true,
      accessTokenLast4: TOKEN.slice(-4),
      testEventCode: "TEST4242",
      purchaseOn: "confirmed",
    });

    // Saved again without a token, counting on delivery: the stored token stays.
    expectRedirect(await post(pixel({ accessToken: "", purchaseOn: "delivered" })), PATH);
    const [kept] = await database.db.select().from(metaSettings);
    expect(context.secretBoxes["marketing-settings"].open(kept.accessToken!)).toBe(TOKEN);
    expect((await load()).pixel).toMatchObject({ purchaseOn: "delivered", testEventCode: null });

    expectRedirect(await post({ intent: "remove-pixel" }), PATH);
    data = await load();
    expect(data.pixel).toMatchObject({ pixelId: null, hasAccessToken: false, accessTokenLast4: null });
  });

  it("turns the feed's token on, shows the feed URL with it, and makes a new one that replaces it", async () => {
    expect((await load()).feed.url).toMatch(/\/feeds\/meta\.csv$/);
    expectRedirect(await post({ intent: "save-feed", feedTokenOn: "on", includeComingSoon: "on" }), PATH);
    const first = await readFeedSettings(database.db);
    expect(first).toMatchObject({ tokenOn: true, includeHidden: false, includeDrafts: false, includeComingSoon: true });
    expect((await load()).feed.url).toContain(`/feeds/meta.csv?token=${first.token}`);
    expectRedirect(await post({ intent: "regenerate-feed-token" }), PATH);
    const second = await readFeedSettings(database.db);
    expect(second.token).not.toBe(first.token);
    expect((await load()).feed.url).toContain(`?token=${second.token}`);
    // An action the page does not know changes nothing.
    const unknown = await post({ intent: "sell-everything" });
    expect(formError(unknown)).toBe("That action is not known here. Reload the page and try again.");
  });
});
