import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { customerProfiles, users } from "~/schema";
import { CLIENT_IP_HEADER } from "~/modules/abuse/client-address";
import type { Auth } from "~/modules/accounts/auth.server";
import { updateCustomerProfile } from "~/modules/accounts/customer-profile.server";
import {
  callRoute,
  expectRedirect,
  routeContext,
  signInCookie,
  TEST_ORIGIN,
} from "../../../tests/factories/route-calls";
import { DATABASE_KINDS, useTestDatabase } from "../../../tests/factories/test-database";
import * as authPage from "./auth";
import * as settingsTab from "./settings";

const PASSWORD = "chai-at-dawn-2026";

/**
 * Issue 44's WhatsApp offers box through the real routes: off unless ticked at sign-up or on the
 * Settings tab, the date of the opt-in kept while it stays ticked, and unticking it records the
 * opt-out; the tab says so when the profile has no phone for WhatsApp to reach.
 */
describe.each(DATABASE_KINDS)("the WhatsApp offers box, on %s", (kind) => {
  const database = useTestDatabase(kind, { seed: "settings" });
  const db = () => database.db;
  let auth: Auth;
  let context: AppLoadContext;
  let ip = 0;

  beforeAll(async () => {
    ({ auth, context } = await routeContext(database.db));
  }, 120_000);

  const post = (path: string, fields: Record<string, string>, cookie?: string) =>
    new Request(`${TEST_ORIGIN}${path}`, {
      method: "POST",
      headers: { origin: TEST_ORIGIN, [CLIENT_IP_HEADER]: `10.44.0.${++ip}`, ...(cookie ? { cookie } : {}) },
      body: new URLSearchParams(fields),
    });
  const get = (path: string, cookie: string) => new Request(`${TEST_ORIGIN}${path}`, { headers: { cookie } });
  async function signUp(email: string, box: boolean) {
    const result = await callRoute(authPage.action, {
      request: post("/auth", {
        mode: "signup",
        redirectTo: "/",
        name: "Sana Malik",
        email,
        password: PASSWORD,
        confirmPassword: PASSWORD,
        ...(box ? { whatsappMarketing: "on" } : {}),
      }),
      context,
    });
    expectRedirect(result, "/");
    const [user] = await db().select({ id: users.id }).from(users).where(eq(users.email, email));
    return user.id;
  }
  const profileOf = async (userId: string) =>
    (await db().select().from(customerProfiles).where(eq(customerProfiles.userId, userId)))[0];
  const saveSettings = (cookie: string, whatsapp: boolean) =>
    callRoute(settingsTab.action, {
      request: post(
        "/buyer-dashboard/settings",
        { intent: "settings", orderEmails: "on", ...(whatsapp ? { whatsappMarketing: "on" } : {}) },
        cookie,
      ),
      context,
    });
  const tab = (cookie: string) =>
    callRoute(settingsTab.loader, { request: get("/buyer-dashboard/settings", cookie), context });

  it("is off unless ticked at sign-up; ticked, the opt-in's date is kept", async () => {
    const plain = await signUp(`plain-${kind}@example.pk`, false);
    expect((await profileOf(plain))?.whatsappMarketingAt ?? null).toBeNull();

    const before = Date.now();
    const ticked = await signUp(`ticked-${kind}@example.pk`, true);
    const profile = await profileOf(ticked);
    expect(profile.whatsappMarketingAt).toBeInstanceOf(Date);
    expect(profile.whatsappMarketingAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(profile.whatsappMarketingOffAt).toBeNull();
  });

  it("on the Settings tab: ticking again keeps the first date, unticking clears it and records the opt-out, and the tab asks for a phone", async () => {
    const email = `tab-${kind}@example.pk`;
    const userId = await signUp(email, true);
    const cookie = await signInCookie(auth, email, PASSWORD, `10.45.0.${++ip}`);
    const optedIn = (await profileOf(userId)).whatsappMarketingAt;
    expect(await tab(cookie)).toMatchObject({ profile: { whatsappMarketing: true, hasPhone: false } });

    expect((await saveSettings(cookie, true)).data).toMatchObject({ ok: true });
    expect(await profileOf(userId)).toMatchObject({ whatsappMarketingAt: optedIn, whatsappMarketingOffAt: null });

    expect((await saveSettings(cookie, false)).data).toMatchObject({ ok: true });
    const out = await profileOf(userId);
    expect(out.whatsappMarketingAt).toBeNull();
    expect(out.whatsappMarketingOffAt).toBeInstanceOf(Date);
    expect(await tab(cookie)).toMatchObject({ profile: { whatsappMarketing: false } });
    // Saving again with the box off does not move the opt-out's date.
    await saveSettings(cookie, false);
    expect((await profileOf(userId)).whatsappMarketingOffAt).toEqual(out.whatsappMarketingOffAt);

    // Ticked again: a new opt-in date; with a phone on the profile, the tab has nothing to ask.
    await saveSettings(cookie, true);
    const back = await profileOf(userId);
    expect(back.whatsappMarketingAt!.getTime()).toBeGreaterThan(optedIn!.getTime());
    await updateCustomerProfile(db(), userId, {
      name: "Sana Malik",
      phone: "+923001112233",
      address: null,
      city: null,
      postalCode: null,
    });
    expect(await tab(cookie)).toMatchObject({ profile: { whatsappMarketing: true, hasPhone: true } });
    expect((await profileOf(userId)).whatsappMarketingAt).toEqual(back.whatsappMarketingAt);
  });
});
