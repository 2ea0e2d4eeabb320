import { describe, expect, it } from "vitest";
import { announcementKey, readAnnouncementInput } from "./announcement";
import { accentCss, accentShades, contrastRatio, readAccentColor } from "./brand";
import { readHeroSlideInput } from "./hero-slides";
import { buildMenuTree } from "./menus";
import { readPerksInput, shownFooterText, shownPerks } from "./perks";
import { fillPlaceholders, placeholderValues } from "./page-placeholders";
import { isLive, nextWindowBoundary, scheduleState } from "./schedule-window";
import { readLinkTarget, shopPathProblem } from "./shop-link";
import { readSocialLinks, socialLinkProblem } from "./social-links";
import { liveAnnouncement } from "./storefront-frame";

const DEMO_FACTS = {
  returnWindowDays: 7,
  localDeliveryMinDays: 3,
  localDeliveryMaxDays: 5,
  nationalDeliveryMinDays: 5,
  nationalDeliveryMaxDays: 7,
  city: "Karachi",
  shippingFee: 200,
  freeShippingThreshold: 3000,
  brandName: "Kapra",
  contactEmail: "hello@kapra.pk",
  phone: "0300 1234567",
  address: "Shop 4, Zamzama",
  instagram: "@kapra.pk",
};

describe("links the owner writes stay on the shop", () => {
  it("accepts paths and refuses other sites, schemes and protocol-relative addresses", () => {
    expect(shopPathProblem("/category/lawn")).toBeNull();
    expect(shopPathProblem("/products?sort=new#top")).toBeNull();
    for (const bad of [
      "https://evil.example/",
      "//evil.example",
      "/\\evil.example",
      "javascript:alert(1)",
      "mailto:a@b.pk",
    ]) {
      expect(shopPathProblem(bad)).toMatch(/stay on the shop/);
    }
    expect(shopPathProblem("products")).toMatch(/starting with \//);
    expect(shopPathProblem("/a b")).toMatch(/no spaces/);
  });
  it("reads a picker's choice with the typed path, and says which field is wrong", () => {
    expect(readLinkTarget("category:lawn", "", { allowNone: false })).toEqual({
      target: { kind: "category", slug: "lawn" },
    });
    expect(readLinkTarget("page:3", "", { allowNone: false })).toEqual({ target: { kind: "page", id: 3 } });
    expect(readLinkTarget("path", " /product/x ", { allowNone: false })).toEqual({
      target: { kind: "path", path: "/product/x" },
    });
    expect(readLinkTarget("path", "https://evil.example", { allowNone: true })).toMatchObject({ field: "path" });
    expect(readLinkTarget("none", "", { allowNone: true })).toEqual({ target: { kind: "none" } });
    expect(readLinkTarget("none", "", { allowNone: false })).toMatchObject({ field: "link" });
  });
});

describe("schedule windows in Pakistan time", () => {
  // 20:00 PKT on 1 March 2026 is 15:00 UTC.
  const window = { startsAt: new Date("2026-03-01T15:00:00Z"), endsAt: new Date("2026-03-02T15:00:00Z") };
  it("starts at its start (inclusive) and ends at its end (exclusive)", () => {
    expect(isLive(window, new Date("2026-03-01T14:59:59.999Z"))).toBe(false);
    expect(isLive(window, new Date("2026-03-01T15:00:00Z"))).toBe(true);
    expect(isLive(window, new Date("2026-03-02T14:59:59.999Z"))).toBe(true);
    expect(isLive(window, new Date("2026-03-02T15:00:00Z"))).toBe(false);
    expect(isLive({ startsAt: null, endsAt: null }, new Date())).toBe(true);
    expect(scheduleState(window, new Date("2026-03-01T00:00:00Z"))).toBe("scheduled");
    expect(scheduleState(window, new Date("2026-03-03T00:00:00Z"))).toBe("ended");
  });
  it("reads the owner's datetime-local as PKT wall-clock", () => {
    const read = readHeroSlideInput({
      headline: "Eid Edit",
      imageAlt: "Models in lawn",
      startsAt: "2026-03-01T20:00",
      endsAt: "",
    });
    expect(read).toMatchObject({ ok: true, input: { startsAt: new Date("2026-03-01T15:00:00Z"), endsAt: null } });
    expect(
      readHeroSlideInput({ headline: "x", imageAlt: "y", startsAt: "2026-03-01T20:00", endsAt: "2026-03-01T19:00" }),
    ).toMatchObject({ ok: false, errors: { endsAt: "The end must be after the start" } });
  });
  it("gives the next start or end after now", () => {
    expect(nextWindowBoundary([window], new Date("2026-03-01T00:00:00Z"))).toEqual(window.startsAt);
    expect(nextWindowBoundary([window], new Date("2026-03-01T15:00:00Z"))).toEqual(window.endsAt);
    expect(nextWindowBoundary([window], new Date("2026-03-05T00:00:00Z"))).toBeNull();
  });
});

describe("hero slide form", () => {
  it("needs a headline and alt text, and a label with a link", () => {
    expect(readHeroSlideInput({})).toMatchObject({
      ok: false,
      errors: { headline: "Write the headline", imageAlt: expect.any(String) },
    });
    expect(readHeroSlideInput({ headline: "h", imageAlt: "a", link: "path", path: "/products" })).toMatchObject({
      ok: false,
      errors: { buttonLabel: expect.any(String) },
    });
    expect(
      readHeroSlideInput({
        headline: "h",
        imageAlt: "a",
        buttonLabel: "Shop",
        link: "path",
        path: "https://evil.example",
      }),
    ).toMatchObject({ ok: false, errors: { path: expect.stringMatching(/stay on the shop/) } });
  });
});

describe("announcement", () => {
  it("empty text turns the bar off; a live window shows it with a key that changes with its words", () => {
    expect(readAnnouncementInput({ text: "  ", link: "path", path: "/x" })).toEqual({
      ok: true,
      input: { text: null, link: { kind: "none" }, startsAt: null, endsAt: null },
    });
    const base = {
      announcementText: "Eid sale",
      announcementHref: "/products",
      announcementStartsAt: new Date("2026-03-01T15:00:00Z"),
      announcementEndsAt: null,
    };
    expect(liveAnnouncement(base as never, new Date("2026-03-01T14:59:00Z"))).toBeNull();
    expect(liveAnnouncement(base as never, new Date("2026-03-01T15:00:00Z"))).toEqual({
      text: "Eid sale",
      href: "/products",
      key: announcementKey("Eid sale", "/products"),
    });
    expect(announcementKey("Eid sale", "/products")).not.toBe(announcementKey("Eid sale!", "/products"));
    expect(announcementKey("Eid sale", null)).toMatch(/^[a-z0-9]+$/);
  });
});

describe("accent colour", () => {
  it("refuses a colour too light for white text, with the reason and the ratio", () => {
    expect(readAccentColor("#f5d0a9")).toEqual({
      ok: false,
      error: "#f5d0a9 is too light for white text: contrast 1.4:1, needs 4.5:1",
    });
    expect(readAccentColor("#7A1F3D")).toEqual({ ok: true, color: "#7a1f3d" });
    expect(readAccentColor("abc")).toMatchObject({ ok: false, error: expect.stringMatching(/too light/) });
    expect(readAccentColor("")).toEqual({ ok: true, color: null });
    expect(readAccentColor("red")).toMatchObject({ ok: false, error: expect.stringMatching(/hex code/) });
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
  });
  it("derives a darker hover shade and light tints, all as custom properties", () => {
    const shades = accentShades("#7a1f3d");
    expect(shades["700"]).toBe("#7a1f3d");
    expect(contrastRatio(shades["800"], "#ffffff")).toBeGreaterThan(contrastRatio("#7a1f3d", "#ffffff"));
    expect(contrastRatio(shades["50"], "#000000")).toBeGreaterThan(15);
    expect(accentCss("#7a1f3d")).toMatch(
      /^:root\{--color-brand-50:#[0-9a-f]{6};.*--color-brand-700:#7a1f3d;--color-brand-800:#[0-9a-f]{6}\}$/,
    );
  });
});

describe("perks and the footer line", () => {
  it("the built-in four read as today for the demo shop, with the figures from Settings", () => {
    expect(shownPerks(null, DEMO_FACTS)).toEqual([
      {
        icon: "truck",
        title: "Fast delivery",
        text: "3-5 working days in Karachi, 5-7 elsewhere. Free shipping on orders of Rs 3,000 or more.",
      },
      { icon: "cash", title: "Cash on delivery", text: "Pay in cash when your parcel arrives. No card needed." },
      { icon: "return", title: "7-day returns", text: "Changed your mind? Return or exchange within 7 days." },
      { icon: "shield", title: "Secure shopping", text: "Your details stay private and are never sold." },
    ]);
    expect(shownFooterText(null, DEMO_FACTS)).toBe(
      "Everyday clothing made for Pakistan. Cash on delivery nationwide, 7-day returns.",
    );
    expect(shownFooterText(null, { ...DEMO_FACTS, returnWindowDays: 14 })).toMatch(/14-day returns/);
    expect(fillPlaceholders("{unknown} {return_window_days}", placeholderValues(DEMO_FACTS))).toBe("{unknown} 7");
  });
  it("checks four perks field by field", () => {
    const form = Object.fromEntries(
      [0, 1, 2, 3].flatMap((i) => [
        [`perk${i}Icon`, "gift"],
        [`perk${i}Title`, "T"],
        [`perk${i}Text`, "x"],
      ]),
    );
    expect(readPerksInput(form)).toMatchObject({ ok: true });
    expect(readPerksInput({ ...form, perk2Title: "", perk1Icon: "rocket" })).toEqual({
      ok: false,
      errors: { perk2Title: "Write the perk's title", perk1Icon: "Choose an icon" },
    });
  });
});

describe("social links", () => {
  it("takes https addresses on the network's own domain only", () => {
    expect(socialLinkProblem("instagram", "https://www.instagram.com/kapra.pk")).toBeNull();
    expect(socialLinkProblem("whatsapp", "https://wa.me/923001234567")).toBeNull();
    expect(socialLinkProblem("instagram", "http://instagram.com/kapra")).toMatch(/https/);
    expect(socialLinkProblem("instagram", "https://instagram.com.evil.example/kapra")).toMatch(/on instagram.com/);
    expect(socialLinkProblem("facebook", "https://evilfacebook.com/kapra")).toMatch(/on facebook.com/);
    expect(socialLinkProblem("tiktok", "javascript:alert(1)")).toMatch(/https/);
    expect(readSocialLinks({ social_youtube: "https://youtube.com/@kapra", social_tiktok: "" })).toEqual({
      ok: true,
      links: [{ network: "youtube", url: "https://youtube.com/@kapra" }],
    });
    expect(readSocialLinks({ social_x: "https://example.com" })).toMatchObject({
      ok: false,
      errors: { social_x: expect.any(String) },
    });
  });
});

describe("menu tree", () => {
  it("nests children under their top-level item by position and leaves out orphans and grandchildren", () => {
    const tree = buildMenuTree([
      { id: 1, parentId: null, position: 1, label: "B", href: "/b" },
      { id: 2, parentId: null, position: 0, label: "A", href: null },
      { id: 3, parentId: 2, position: 1, label: "A2", href: "/a2" },
      { id: 4, parentId: 2, position: 0, label: "A1", href: "/a1" },
      { id: 5, parentId: 4, position: 0, label: "too deep", href: "/x" },
      { id: 6, parentId: 99, position: 0, label: "orphan", href: "/o" },
    ]);
    expect(tree.map((t) => [t.label, t.children.map((c) => c.label)])).toEqual([
      ["A", ["A1", "A2"]],
      ["B", []],
    ]);
  });
});
