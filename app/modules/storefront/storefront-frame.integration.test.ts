import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { categories, heroSlides, menuItems, pages, scheduledSales, shopSettings } from "~/schema";
import { nextScheduleBoundary } from "~/flows/next-schedule-boundary.server";
import { DATABASE_KINDS, useTestDatabase } from "../../../tests/factories/test-database";
import { readAnnouncementInput } from "./announcement";
import { readHeroSlideInput } from "./hero-slides";
import { liveHeroSlides, moveHeroSlide, nextHeroBoundary, saveHeroSlide } from "./hero-slides.server";
import {
  addMenuItem,
  deleteMenuItem,
  listMenuItems,
  moveMenuItem,
  readStorefrontMenus,
  updateMenuItem,
} from "./menus.server";
import { saveAnnouncement, saveBrand } from "~/flows/save-storefront-settings.server";
import { nextAnnouncementBoundary } from "./storefront-settings.server";
import { refusal } from "../../../tests/factories/refusal";

const IMAGE = { width: 1600, height: 900, sources: [{ key: "a".repeat(64), width: 640 }] };

function slide(over: Record<string, string>) {
  const read = readHeroSlideInput({ headline: "Eid Edit", imageAlt: "Three-piece lawn suits", ...over });
  if (!read.ok) throw new Error(JSON.stringify(read.errors));
  return read.input;
}

describe.each(DATABASE_KINDS)("the storefront's frame on %s", (kind) => {
  const database = useTestDatabase(kind);
  const db = () => database.db;
  beforeAll(async () => {
    await db().delete(scheduledSales);
  });

  it("the seeded menus read as the header and footer did in code", async () => {
    const menus = await readStorefrontMenus(db());
    expect(menus.header.map((i) => [i.label, i.href, i.children.length])).toEqual([
      ["Home", "/", 0],
      ["Products", "/products", 0],
      ["About", "/about", 0],
      ["Contact", "/contact", 0],
    ]);
    const [shop, help] = menus.footer;
    expect(shop.label).toBe("Shop");
    expect(shop.children[0]).toMatchObject({ label: "All products", href: "/products" });
    expect(shop.children.slice(1).every((c) => c.href?.startsWith("/category/"))).toBe(true);
    expect(help.children.map((c) => [c.label, c.href])).toEqual([
      ["Contact us", "/contact"],
      ["About us", "/about"],
      ["Privacy Policy", "/privacy"],
      ["Terms of Service", "/terms"],
      ["Returns & Exchanges", "/returns"],
    ]);
  });

  it("edits a menu with one level of nesting: add under a top item, indent, outdent, reorder; a child never holds children", async () => {
    const [cat] = await db().select({ slug: categories.slug, name: categories.name }).from(categories).limit(1);
    const top = await addMenuItem(db(), "header", { label: "Women", link: "none", path: "" });
    const child = await addMenuItem(db(), "header", {
      label: "Lawn",
      link: `category:${cat.slug}`,
      path: "",
      parentId: String(top),
    });
    expect(
      (await refusal(addMenuItem(db(), "header", { label: "Deep", link: "none", path: "", parentId: String(child) })))
        .fields,
    ).toEqual({ parentId: expect.stringMatching(/one level/) });
    let menus = await readStorefrontMenus(db());
    expect(menus.header.at(-1)).toMatchObject({
      label: "Women",
      href: null,
      children: [{ label: "Lawn", href: `/category/${cat.slug}` }],
    });

    // Indenting an item that has children is refused; outdent puts the child right after its parent.
    expect((await refusal(moveMenuItem(db(), top, "indent"))).message).toMatch(/one level/);
    await moveMenuItem(db(), child, "outdent");
    let header = await listMenuItems(db(), "header");
    expect(header.slice(-2).map((i) => [i.label, i.parentId])).toEqual([
      ["Women", null],
      ["Lawn", null],
    ]);
    await moveMenuItem(db(), child, "indent");
    await moveMenuItem(db(), top, "up");
    header = await listMenuItems(db(), "header");
    expect(header.map((i) => i.label)).toEqual(["Home", "Products", "About", "Women", "Lawn", "Contact"]);
    expect(header.find((i) => i.label === "Lawn")!.parentId).toBe(top);

    // Off-site links are refused beside the path field; the label too.
    expect(
      (await refusal(updateMenuItem(db(), child, { label: "Lawn", link: "path", path: "https://evil.example/" })))
        .fields,
    ).toEqual({ path: expect.stringMatching(/stay on the shop/) });
    expect((await refusal(addMenuItem(db(), "footer", { label: " ", link: "none", path: "" }))).fields).toEqual({
      label: expect.any(String),
    });

    // A hidden category leaves the menus (its item stays for the owner); an unpublished page too.
    await db().update(categories).set({ hidden: true }).where(eq(categories.slug, cat.slug));
    menus = await readStorefrontMenus(db());
    expect(menus.header.find((i) => i.label === "Women")!.children).toEqual([]);
    expect(menus.footer[0].children.some((c) => c.href === `/category/${cat.slug}`)).toBe(false);
    expect((await listMenuItems(db(), "header")).find((i) => i.label === "Lawn")).toMatchObject({ hiddenTarget: true });
    await db().update(categories).set({ hidden: false }).where(eq(categories.slug, cat.slug));
    await db().update(pages).set({ published: false }).where(eq(pages.builtin, "about"));
    expect((await readStorefrontMenus(db())).header.map((i) => i.label)).not.toContain("About");
    await db().update(pages).set({ published: true }).where(eq(pages.builtin, "about"));

    await deleteMenuItem(db(), top);
    expect(await db().select().from(menuItems).where(eq(menuItems.id, child))).toEqual([]);
  });

  it("a slide from 20:00 PKT shows at 20:00 PKT (15:00 UTC) and not before, and is gone at its end", async () => {
    const id = await saveHeroSlide(
      db(),
      null,
      slide({
        startsAt: "2031-03-01T20:00",
        endsAt: "2031-03-03T20:00",
        buttonLabel: "Shop lawn",
        link: "path",
        path: "/products",
      }),
      { image: IMAGE },
    );
    const [row] = await db().select().from(heroSlides).where(eq(heroSlides.id, id));
    expect(row.startsAt!.toISOString()).toBe("2031-03-01T15:00:00.000Z");
    expect(await liveHeroSlides(db(), new Date("2031-03-01T14:59:59.999Z"))).toEqual([]);
    expect(await liveHeroSlides(db(), new Date("2031-03-01T15:00:00Z"))).toEqual([
      expect.objectContaining({ headline: "Eid Edit", buttonHref: "/products", image: IMAGE }),
    ]);
    expect(await liveHeroSlides(db(), new Date("2031-03-03T15:00:00Z"))).toEqual([]);
    expect(await nextHeroBoundary(db(), new Date("2031-03-01T00:00:00Z"))).toEqual(new Date("2031-03-01T15:00:00Z"));
    expect(await nextHeroBoundary(db(), new Date("2031-03-01T15:00:00Z"))).toEqual(new Date("2031-03-03T15:00:00Z"));

    // A second slide always live; order follows the owner's moves.
    const always = await saveHeroSlide(db(), null, slide({ headline: "Always on" }), { image: IMAGE });
    expect((await liveHeroSlides(db(), new Date("2031-03-02T00:00:00Z"))).map((s) => s.headline)).toEqual([
      "Eid Edit",
      "Always on",
    ]);
    await moveHeroSlide(db(), always, "up");
    expect((await liveHeroSlides(db(), new Date("2031-03-02T00:00:00Z"))).map((s) => s.headline)).toEqual([
      "Always on",
      "Eid Edit",
    ]);
    // A new slide needs its picture.
    expect((await refusal(saveHeroSlide(db(), null, slide({}), {}))).fields).toEqual({ image: expect.any(String) });
    await db().delete(heroSlides);
  });

  it("the announcement's window and the next boundary of sales, slides and the announcement together", async () => {
    const read = readAnnouncementInput({
      text: "Eid sale: free delivery",
      link: "path",
      path: "/products",
      startsAt: "2031-04-01T09:00",
      endsAt: "2031-04-02T00:00",
    });
    if (!read.ok) throw new Error("refused");
    await saveAnnouncement({ db: db() }, read.input);
    const [row] = await db().select().from(shopSettings);
    expect(row).toMatchObject({ announcementText: "Eid sale: free delivery", announcementHref: "/products" });
    expect(row.announcementStartsAt!.toISOString()).toBe("2031-04-01T04:00:00.000Z");
    expect(await nextAnnouncementBoundary(db(), new Date("2031-04-01T00:00:00Z"))).toEqual(
      new Date("2031-04-01T04:00:00Z"),
    );
    expect(await nextAnnouncementBoundary(db(), new Date("2031-04-01T04:00:00Z"))).toEqual(
      new Date("2031-04-01T19:00:00Z"),
    );

    await saveHeroSlide(db(), null, slide({ startsAt: "2031-04-01T08:00" }), { image: IMAGE });
    await db()
      .insert(scheduledSales)
      .values({
        name: "Flash",
        percent: 10,
        startsAt: new Date("2031-04-01T02:00:00Z"),
        endsAt: new Date("2031-04-05T00:00:00Z"),
        appliesTo: "all",
      });
    const now = new Date("2031-03-31T00:00:00Z");
    expect(await nextScheduleBoundary(db(), now)).toEqual(new Date("2031-04-01T02:00:00Z"));
    expect(await nextScheduleBoundary(db(), new Date("2031-04-01T02:00:00Z"))).toEqual(
      new Date("2031-04-01T03:00:00Z"),
    );
    expect(await nextScheduleBoundary(db(), new Date("2031-04-01T03:00:00Z"))).toEqual(
      new Date("2031-04-01T04:00:00Z"),
    );
    expect(await nextScheduleBoundary(db(), new Date("2031-04-01T04:00:00Z"))).toEqual(
      new Date("2031-04-01T19:00:00Z"),
    );
    await db().delete(scheduledSales);
    await db().delete(heroSlides);
    // Turned off: no boundary from it.
    await saveAnnouncement({ db: db() }, { text: null, link: { kind: "none" }, startsAt: null, endsAt: null });
    expect(await nextAnnouncementBoundary(db(), now)).toBeNull();
  });

  it("saves the brand and keeps a logo when none is sent", async () => {
    await saveBrand(
      { db: db() },
      {
        accentColor: "#7a1f3d",
        footerText: null,
        socialLinks: [{ network: "instagram", url: "https://instagram.com/kapra" }],
        logo: IMAGE,
      },
    );
    await saveBrand({ db: db() }, { accentColor: "#7a1f3d", footerText: "Lawn for every season.", socialLinks: [] });
    const [row] = await db().select().from(shopSettings);
    expect(row).toMatchObject({
      accentColor: "#7a1f3d",
      footerText: "Lawn for every season.",
      socialLinks: [],
      logo: IMAGE,
      favicon: null,
    });
    await saveBrand({ db: db() }, { accentColor: null, footerText: null, socialLinks: [], logo: null });
    expect((await db().select().from(shopSettings))[0]).toMatchObject({ accentColor: null, logo: null });
  });
});
