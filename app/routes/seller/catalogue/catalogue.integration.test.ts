import { asc, eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { categories, colors, sizeSets } from "~/schema";
import { takeFlash } from "~/http/flash.server";
import type { Auth } from "~/modules/accounts/auth.server";
import { CATEGORY_MESSAGES } from "~/modules/catalog/category-input";
import {
  callRoute,
  expectRedirect,
  ownerAndBuyerCookies,
  routeContext,
  TEST_ORIGIN,
} from "../../../../tests/factories/route-calls";
import { DATABASE_KINDS, useTestDatabase } from "../../../../tests/factories/test-database";
import { multipartRequest, pngImage } from "../../../../tests/factories/test-images";
import * as apiCategories from "../../api/categories";
import * as comingSoon from "../../storefront/coming-soon";
import * as products from "../../storefront/products";
import * as categoryPage from "./category";
import * as coloursPage from "./colours";
import * as sizesPage from "./sizes";
import * as listPage from "./catalogue";

const PASSWORD = "long-enough-password";

/** Dashboard -> Catalogue -> Categories and what a shopper then sees: loaders and actions with real sessions. */
describe.each(DATABASE_KINDS)("categories through the routes on %s", (kind) => {
  const database = useTestDatabase(kind);
  let auth: Auth;
  let context: AppLoadContext;
  const cookies = { owner: "", buyer: "" };

  const get = (path: string, who?: keyof typeof cookies) =>
    new Request(`${TEST_ORIGIN}${path}`, { headers: who ? { cookie: cookies[who] } : {} });
  const post = (path: string, form: Record<string, string>, who: keyof typeof cookies = "owner") =>
    new Request(`${TEST_ORIGIN}${path}`, {
      method: "POST",
      headers: { cookie: cookies[who] },
      body: new URLSearchParams(form),
    });
  const flashOf = async (response: Response) => {
    const cookie = (response.headers.get("set-cookie") ?? "").split(";")[0];
    return (await takeFlash(new Request(TEST_ORIGIN, { headers: { cookie } }))).flash?.message;
  };
  /** The category listing's loader; a thrown `data(null, { status: 404 })` comes back as its status. */
  const listing = (slug: string, search = "") =>
    callRoute(products.loader, { request: get(`/category/${slug}${search}`), context, params: { slug } }).catch(
      (thrown: { init?: { status?: number } }) => ({ status: thrown.init?.status ?? thrown }),
    );
  const NEW = "/seller/catalogue/categories/new";
  const edit = (slug: string) => `/seller/catalogue/categories/${slug}`;

  beforeAll(async () => {
    ({ auth, context } = await routeContext(database.db));
    Object.assign(cookies, await ownerAndBuyerCookies(auth, database.db, PASSWORD));
  }, 120_000);

  it("is the owner's: a buyer is sent to their own dashboard, a guest to sign in", async () => {
    expectRedirect(
      await callRoute(listPage.loader, { request: get("/seller/catalogue", "buyer"), context }),
      /buyer-dashboard|orders/,
    );
    expectRedirect(
      await callRoute(categoryPage.action, { request: post(NEW, { intent: "save", name: "X" }, "buyer"), context }),
      /buyer-dashboard|orders/,
    );
    expectRedirect(await callRoute(listPage.loader, { request: get("/seller/catalogue"), context }), /^\/auth\?/);
  });

  it("Colours and Size sets are the owner's too: loader and action refused for a buyer and a guest, nothing changed", async () => {
    const tables = async () => ({
      colours: await database.db.select().from(colors).orderBy(asc(colors.id)),
      sizeSets: await database.db.select().from(sizeSets).orderBy(asc(sizeSets.id)),
    });
    const before = await tables();
    expect(before.colours.length).toBeGreaterThan(0);
    expect(before.sizeSets.length).toBeGreaterThan(0);
    const colourId = String(before.colours[0].id);
    const setId = String(before.sizeSets[0].id);
    const pages = [
      [
        "/seller/catalogue/colours",
        coloursPage,
        [
          { intent: "add", name: "Ink Teal", hex: "#008080" },
          { intent: "edit", id: colourId, name: "Renamed", hex: "#123456" },
          { intent: "retire", id: colourId },
        ],
      ],
      [
        "/seller/catalogue/sizes",
        sizesPage,
        [
          { intent: "add", name: "Not Theirs", sizes: "S, M" },
          { intent: "rename", id: setId, name: "Renamed" },
          { intent: "add-size", id: setId, newSize: "XXXXL" },
        ],
      ],
    ] as const;
    for (const [path, page, forms] of pages) {
      expectRedirect(await callRoute(page.loader, { request: get(path, "buyer"), context }), "/buyer-dashboard");
      expectRedirect(
        await callRoute(page.loader, { request: get(path), context }),
        `/auth?mode=login&redirectTo=${encodeURIComponent(path)}`,
      );
      for (const form of forms) {
        expectRedirect(
          await callRoute(page.action, { request: post(path, form, "buyer"), context }),
          "/buyer-dashboard",
        );
        const guest = new Request(`${TEST_ORIGIN}${path}`, { method: "POST", body: new URLSearchParams(form) });
        expectRedirect(
          await callRoute(page.action, { request: guest, context }),
          `/auth?mode=login&redirectTo=${encodeURIComponent(path)}`,
        );
      }
    }
    expect(await tables()).toEqual(before);
    // The same forms are good ones: the owner's first of each is taken.
    expectRedirect(
      await callRoute(coloursPage.action, { request: post("/seller/catalogue/colours", pages[0][2][0]), context }),
      "/seller/catalogue/colours",
    );
    expectRedirect(
      await callRoute(sizesPage.action, { request: post("/seller/catalogue/sizes", pages[1][2][0]), context }),
      "/seller/catalogue/sizes",
    );
    const after = await tables();
    expect(after.colours.map((c) => c.name)).toContain("Ink Teal");
    expect(after.sizeSets.map((s) => s.name)).toContain("Not Theirs");
  });

  it("adds Lawn with a picture; a clash is refused beside the slug with what was typed kept", async () => {
    const request = multipartRequest(
      `${TEST_ORIGIN}${NEW}`,
      [
        ["intent", "save"],
        ["name", "Lawn"],
        ["slug", ""],
        ["description", "Unstitched lawn."],
        ["image", { name: "lawn.png", bytes: await pngImage(), type: "image/png" }],
      ],
      { cookie: cookies.owner },
    );
    const added = await callRoute(categoryPage.action, { request, context });
    expectRedirect(added, "/seller/catalogue");
    expect(await flashOf(added)).toBe("Lawn added");
    const [row] = await database.db.select().from(categories).where(eq(categories.slug, "lawn"));
    expect(row.image?.sources.length).toBeGreaterThan(0);

    const clash = await callRoute(categoryPage.action, {
      request: post(NEW, { intent: "save", name: "Shirts Too", slug: "shirts", description: "typed" }),
      context,
    });
    expect(clash).toMatchObject({
      status: "error",
      error: { slug: [CATEGORY_MESSAGES.slugTaken] },
      initialValue: { intent: "save", name: "Shirts Too", slug: "shirts", description: "typed" },
    });

    const list = await callRoute(listPage.loader, { request: get("/seller/catalogue", "owner"), context });
    expect(list.categories.at(-1)).toMatchObject({ slug: "lawn", name: "Lawn", hidden: false, products: 0 });
  });

  it("a changed slug answers 301 from the old address (query kept), and the API lists it", async () => {
    expectRedirect(
      await callRoute(categoryPage.action, {
        request: post(edit("lawn"), { intent: "save", name: "Lawn", slug: "eid-lawn" }),
        context,
        params: { slug: "lawn" },
      }),
      "/seller/catalogue",
    );
    const old = await listing("lawn", "?sort=price-asc");
    expect(old.status).toBe(301);
    expect(old.headers.get("location")).toBe("/category/eid-lawn?sort=price-asc");
    const now = await listing("eid-lawn");
    expect(now.category).toMatchObject({ slug: "eid-lawn", name: "Lawn" });
    const missing = await listing("nothing");
    expect(missing.status).toBe(404);
    // The listing's category filter kept in an old link follows the slug too.
    const filtered = await callRoute(products.loader, {
      request: get("/products?category=lawn&sort=price-asc"),
      context,
      params: {},
    }).catch((thrown: { init?: { status?: number } }) => ({ status: thrown.init?.status ?? thrown }));
    expect(filtered.status).toBe(301);
    expect(filtered.headers.get("location")).toBe("/products?category=eid-lawn&sort=price-asc");

    const api = await (await callRoute(apiCategories.loader, { request: get("/api/categories"), context })).json();
    const lawn = api.data.categories.find((c: { slug: string }) => c.slug === "eid-lawn");
    expect(lawn).toMatchObject({
      name: "Lawn",
      productCount: 0,
      comingSoon: false,
      launchLabel: null,
      launchAt: null,
      image: expect.stringMatching(/^\/media\/[0-9a-f]+\.webp$/),
    });
    expect(api.data.categories.find((c: { slug: string }) => c.slug === "jackets")).toMatchObject({
      comingSoon: true,
      launchLabel: "October 2025",
      image: null,
    });
    expect(api.data.categories[0]).toMatchObject({ slug: "t-shirts", productCount: expect.any(Number) });
  });

  it("a hidden category is a 404 for shoppers and gone from the API; Show brings it back", async () => {
    expectRedirect(
      await callRoute(listPage.action, {
        request: post("/seller/catalogue", { intent: "hide", slug: "eid-lawn" }),
        context,
      }),
      "/seller/catalogue",
    );
    expect((await listing("eid-lawn")).status).toBe(404);
    expect((await listing("lawn")).status).toBe(404);
    const api = await (await callRoute(apiCategories.loader, { request: get("/api/categories"), context })).json();
    expect(api.data.categories.map((c: { slug: string }) => c.slug)).not.toContain("eid-lawn");
    expectRedirect(
      await callRoute(listPage.action, {
        request: post("/seller/catalogue", { intent: "show", slug: "eid-lawn" }),
        context,
      }),
      "/seller/catalogue",
    );
    expect((await listing("eid-lawn")).category.slug).toBe("eid-lawn");
  });

  it("refuses to delete a category with products, saying how many; move-all then delete works", async () => {
    const refused = await callRoute(categoryPage.action, {
      request: post(edit("shorts"), { intent: "delete" }),
      context,
      params: { slug: "shorts" },
    });
    expect(refused).toMatchObject({
      status: "error",
      error: { "": [expect.stringMatching(/^3 products are in this category/)] },
      initialValue: { intent: "delete" },
    });
    const moved = await callRoute(categoryPage.action, {
      request: post(edit("shorts"), { intent: "move-products", moveTo: "trousers" }),
      context,
      params: { slug: "shorts" },
    });
    expectRedirect(moved, edit("shorts"));
    expect(await flashOf(moved)).toBe("3 products moved to Trousers");
    const deleted = await callRoute(categoryPage.action, {
      request: post(edit("shorts"), { intent: "delete" }),
      context,
      params: { slug: "shorts" },
    });
    expectRedirect(deleted, "/seller/catalogue");
    expect(await flashOf(deleted)).toBe("Shorts deleted");
  });

  it("the coming-soon page reads the category's data; an open category sends the shopper to its listing", async () => {
    const jackets = await callRoute(comingSoon.loader, {
      request: get("/coming-soon/jackets"),
      context,
      params: { category: "jackets" },
    });
    expect(jackets).toMatchObject({
      page: { title: "Jackets", launch: "October 2025", categorySlug: "jackets" },
      target: "category:jackets",
    });
    const spelled = await callRoute(comingSoon.loader, {
      request: get("/coming-soon/sweatshirt"),
      context,
      params: { category: "sweatshirt" },
    });
    expect(spelled.page).toMatchObject({ title: "Sweat Shirts", categorySlug: "sweatshirts" });
    const open = await callRoute(comingSoon.loader, {
      request: get("/coming-soon/hoodies"),
      context,
      params: { category: "hoodies" },
    });
    expectRedirect(open, "/category/hoodies");
    const unknown = await callRoute(comingSoon.loader, {
      request: get("/coming-soon/anything"),
      context,
      params: { category: "anything" },
    });
    expect(unknown.page).toMatchObject({ title: "New Collection", launch: "Soon" });

    // The owner marks Lawn coming soon: its page, Notify Me included, works like the demo's.
    expectRedirect(
      await callRoute(categoryPage.action, {
        request: post(edit("eid-lawn"), {
          intent: "save",
          name: "Lawn",
          slug: "eid-lawn",
          comingSoon: "on",
          launchLabel: "Eid 2026",
        }),
        context,
        params: { slug: "eid-lawn" },
      }),
      "/seller/catalogue",
    );
    const lawn = await callRoute(comingSoon.loader, {
      request: get("/coming-soon/eid-lawn"),
      context,
      params: { category: "eid-lawn" },
    });
    expect(lawn).toMatchObject({ page: { title: "Lawn", launch: "Eid 2026" }, target: "category:eid-lawn" });
    const lawnListing = await listing("eid-lawn");
    expect(lawnListing.category).toMatchObject({ comingSoon: true });
  });
});
