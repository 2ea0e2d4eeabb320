import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { menuItems, pages } from "~/schema";
import { AppError } from "~/lib/errors";
import { postSettings } from "../../../tests/factories/settings-form";
import { DATABASE_KINDS, useTestDatabase } from "../../../tests/factories/test-database";
import { DEFAULT_PAGES } from "./default-pages";
import { getFaqEntries, getPageView } from "./get-page.server";
import { listPageSitemapEntries } from "./list-page-sitemap-entries.server";
import {
  deletePage,
  getPageForEdit,
  listPages,
  restoreDefaultPage,
  savePage,
  setPagePublished,
} from "./manage-pages.server";
import { SLUG_TAKEN } from "./page-form";

const SETTINGS = {
  brandName: "Kapra",
  contactEmail: "support@kapra.pk",
  phone: "+92 321 2345678",
  address: "Shop 14, Zamzama",
  city: "Karachi",
  instagram: "@kapra.pk",
  happyCustomers: "10000",
  yearsInBusiness: "5",
  productsSold: "50000",
  averageRating: "4.8",
  shippingFee: "200",
  freeShippingThreshold: "",
  maxCodOrderValue: "",
  blockedPhones: "",
  notificationEmails: "",
};

const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
};

describe.each(DATABASE_KINDS)("the shop's pages on %s", (kind) => {
  const database = useTestDatabase(kind, { seed: "settings" });
  const db = () => database.db;
  const builtinId = async (key: string) =>
    (await db().select({ id: pages.id }).from(pages).where(eq(pages.builtin, key)))[0].id;

  it("starts with the six built-in pages showing today's texts, filled from the settings", async () => {
    const list = await listPages(db());
    expect(list.slice(0, 6).map((p) => [p.slug, p.path, p.usesDefault, p.published])).toEqual([
      ["about", "/about", true, true],
      ["returns", "/returns", true, true],
      ["shipping", "/pages/shipping", true, true],
      ["privacy", "/privacy", true, true],
      ["terms", "/terms", true, true],
      ["faq", "/pages/faq", true, true],
    ]);
    const returns = await getPageView(db(), { builtin: "returns" });
    expect(returns).toMatchObject({
      title: "Returns & Exchanges",
      heading: "Returns & Exchanges",
      updated: "November 2026",
      description: "Return or exchange unworn items within 7 days of delivery.",
    });
    expect(returns?.html).toContain("<h2>7-day returns and exchanges</h2>");
    const about = await getPageView(db(), { builtin: "about" });
    expect(about).toMatchObject({ heading: "About Kapra", updated: null });
    expect((await getFaqEntries(db()))[0]).toEqual({
      question: "How long does delivery take?",
      answerHtml:
        "<p>Orders reach Karachi in 3-5 working days and the rest of Pakistan in 5-7 working days. Sunday is not a working day.</p>\n",
    });
  });

  it("follows a settings change: a return window of 14 days makes the Returns page say 14 days", async () => {
    expect(
      await postSettings(db(), {
        ...SETTINGS,
        returnWindowDays: "14",
        localDeliveryMinDays: "2",
        localDeliveryMaxDays: "4",
      }),
    ).toEqual({ ok: true });
    const returns = await getPageView(db(), { slug: "returns" });
    expect(returns?.html).toContain("<h2>14-day returns and exchanges</h2>");
    expect(returns?.html).toContain("within 14 days of the day it was delivered");
    expect(returns?.html).toContain("Orders reach Karachi in 2-4 working days");
    expect(returns?.description).toBe("Return or exchange unworn items within 14 days of delivery.");
    // An owner's own text with the placeholder follows it too.
    await savePage(db(), await builtinId("returns"), {
      title: "Returns & Exchanges",
      slug: "ignored",
      body: "You have {return_window_days} days. {retrun_window_days}",
      published: true,
    });
    const edited = await getPageView(db(), { builtin: "returns" });
    expect(edited?.html).toBe("<p>You have 14 days. {retrun_window_days}</p>\n");
    expect(edited?.description).toBe("You have 14 days. {retrun_window_days}");
    expect(
      await postSettings(db(), {
        ...SETTINGS,
        returnWindowDays: "7",
        localDeliveryMinDays: "3",
        localDeliveryMaxDays: "5",
      }),
    ).toEqual({ ok: true });
    expect((await getPageView(db(), { builtin: "returns" }))?.html).toBe(
      "<p>You have 7 days. {retrun_window_days}</p>\n",
    );
  });

  it("restores a built-in page's default text and title; keeps its slug; never deletes it", async () => {
    const id = await builtinId("returns");
    await savePage(db(), id, { title: "Our returns", slug: "elsewhere", body: "Short text", published: true });
    expect(await getPageForEdit(db(), id)).toMatchObject({ slug: "returns", title: "Our returns", body: "Short text" });
    const restored = await restoreDefaultPage(db(), id);
    expect(restored).toMatchObject({ slug: "returns", title: "Returns & Exchanges", body: null });
    // Saving exactly the default text keeps following the default.
    await savePage(db(), id, {
      title: "Returns & Exchanges",
      slug: "returns",
      body: DEFAULT_PAGES.returns.body.replace(/\n/g, "\r\n"),
      published: true,
    });
    expect((await getPageForEdit(db(), id))?.body).toBeNull();
    expect((await refusal(deletePage(db(), id))).code).toBe("FORBIDDEN");
  });

  it("adds a page at /pages/{slug}, refuses a slug another page has (beside the field), publishes and unpublishes it, and deletes it with its menu links", async () => {
    const { id, slug } = await savePage(db(), null, {
      title: "Size help",
      slug: "size-help",
      body: "## Kurta sizes\n\n| Size | Chest |\n|--|--|\n| 8 | 34 |",
      published: true,
    });
    expect(slug).toBe("size-help");
    const view = await getPageView(db(), { slug: "size-help" });
    expect(view).toMatchObject({ path: "/pages/size-help", heading: "Size help", builtin: null });
    expect(view?.html).toContain("<h2>Kurta sizes</h2>");
    expect(await listPageSitemapEntries(db())).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: "/pages/size-help" }),
        expect.objectContaining({ path: "/pages/faq" }),
      ]),
    );

    const clash = await refusal(
      savePage(db(), null, { title: "Another", slug: "size-help", body: "", published: true }),
    );
    expect(clash).toMatchObject({ code: "VALIDATION", fields: { slug: SLUG_TAKEN } });
    expect(
      (await refusal(savePage(db(), null, { title: "Shipping", slug: "shipping", body: "", published: true }))).fields,
    ).toEqual({ slug: SLUG_TAKEN });

    await setPagePublished(db(), id, false);
    expect(await getPageView(db(), { slug: "size-help" })).toBeNull();
    expect((await listPageSitemapEntries(db())).map((e) => e.path)).not.toContain("/pages/size-help");
    await setPagePublished(db(), id, true);
    expect(await getPageView(db(), { slug: "size-help" })).not.toBeNull();

    await db().insert(menuItems).values({ menu: "footer", label: "Size help", pageId: id });
    expect(await deletePage(db(), id)).toEqual({ title: "Size help" });
    expect(await getPageView(db(), { slug: "size-help" })).toBeNull();
    expect(await db().select().from(menuItems).where(eq(menuItems.pageId, id))).toEqual([]);
    expect(await getPageView(db(), { slug: "no-such-page" })).toBeNull();
  });
});
