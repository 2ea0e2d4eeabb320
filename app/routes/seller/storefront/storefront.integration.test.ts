import { asc } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { heroSlides, menuItems, shopSettings } from "~/schema";
import type { Auth } from "~/modules/accounts/auth.server";
import {
  callRoute,
  expectRedirect,
  ownerAndBuyerCookies,
  routeContext,
  TEST_ORIGIN,
} from "../../../../tests/factories/route-calls";
import { DATABASE_KINDS, useTestDatabase } from "../../../../tests/factories/test-database";
import * as brandPage from "./brand";
import * as homePage from "./storefront";
import * as menusPage from "./menus";

const PASSWORD = "long-enough-password";

/** Dashboard -> Storefront (Home page, Menus, Brand): loaders and actions with real sessions. */
describe.each(DATABASE_KINDS)("storefront owner pages through the routes on %s", (kind) => {
  const database = useTestDatabase(kind);
  let auth: Auth;
  let context: AppLoadContext;
  const cookies = { owner: "", buyer: "" };

  const get = (path: string, who?: keyof typeof cookies) =>
    new Request(`${TEST_ORIGIN}${path}`, { headers: who ? { cookie: cookies[who] } : {} });
  const post = (path: string, form: Record<string, string>, who?: keyof typeof cookies) =>
    new Request(`${TEST_ORIGIN}${path}`, {
      method: "POST",
      headers: who ? { cookie: cookies[who] } : {},
      body: new URLSearchParams(form),
    });
  const signIn = (path: string) => `/auth?mode=login&redirectTo=${encodeURIComponent(path)}`;
  /** Everything these pages write: the settings row (announcement, perks, brand), the hero slides and the menus. */
  const storefront = async () => ({
    settings: await database.db.select().from(shopSettings),
    slides: await database.db.select().from(heroSlides).orderBy(asc(heroSlides.id)),
    menus: await database.db.select().from(menuItems).orderBy(asc(menuItems.id)),
  });

  beforeAll(async () => {
    ({ auth, context } = await routeContext(database.db));
    Object.assign(cookies, await ownerAndBuyerCookies(auth, database.db, PASSWORD));
    await database.db.insert(heroSlides).values([
      { position: 0, headline: "Eid edit" },
      { position: 1, headline: "Lawn is here" },
    ]);
  }, 120_000);

  it("is the owner's: a buyer is sent to their own dashboard, a guest to sign in, from loader and action; nothing changes", async () => {
    const before = await storefront();
    expect(before.settings).toHaveLength(1);
    expect(before.menus.length).toBeGreaterThan(0);
    const slideId = String(before.slides[1].id);
    const menuItemId = String(before.menus[0].id);
    const pages = [
      [
        "/seller/storefront",
        homePage,
        [
          { intent: "announcement", text: "Everything free today", link: "none" },
          { intent: "slide-up", id: slideId },
          { intent: "slide-delete", id: slideId },
          { intent: "perks-reset" },
        ],
      ],
      [
        "/seller/storefront/menus",
        menusPage,
        [
          { intent: "add", menu: "header", label: "Not theirs", link: "path", path: "/products" },
          { intent: "update", id: menuItemId, label: "Renamed", link: "none" },
          { intent: "delete", id: menuItemId },
        ],
      ],
      ["/seller/storefront/brand", brandPage, [{ accentColor: "#8b0000", footerText: "Not theirs" }]],
    ] as const;
    for (const [path, page, forms] of pages) {
      expectRedirect(await callRoute(page.loader, { request: get(path, "buyer"), context }), "/buyer-dashboard");
      expectRedirect(await callRoute(page.loader, { request: get(path), context }), signIn(path));
      for (const form of forms) {
        expectRedirect(
          await callRoute(page.action, { request: post(path, form, "buyer"), context }),
          "/buyer-dashboard",
        );
        expectRedirect(await callRoute(page.action, { request: post(path, form), context }), signIn(path));
      }
    }
    expect(await storefront()).toEqual(before);

    // The refused forms are good ones: from the owner, the first of each page's is saved.
    for (const [path, page, [form]] of pages) {
      expectRedirect(await callRoute(page.action, { request: post(path, form, "owner"), context }), path);
    }
    const after = await storefront();
    expect(after.settings[0]).toMatchObject({
      announcementText: "Everything free today",
      accentColor: "#8b0000",
      footerText: "Not theirs",
    });
    expect(after.menus.map((m) => m.label)).toContain("Not theirs");
  });
});
