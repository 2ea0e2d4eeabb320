import { describe, expect, it } from "vitest";
import {
  classifyOrderSource,
  describeOrderSource,
  ORDER_SOURCE_COOKIE,
  orderSourceColumns,
  readSourceCookie,
  sourceCookieValue,
  sourceSetCookie,
  visitSource,
  type OrderSourceDetails,
} from "./order-source";

const NOW = new Date("2026-11-20T10:00:00.000Z");
const SHOP = ["kapra.pk", "localhost:3000"];
const visit = (path: string, referer?: string) => visitSource(new URL(path, "https://kapra.pk"), referer, SHOP, NOW);
const details = (d: Partial<OrderSourceDetails>): OrderSourceDetails => ({
  utmSource: null,
  utmMedium: null,
  utmCampaign: null,
  fbclid: null,
  referrer: null,
  firstSeenAt: NOW.toISOString(),
  ...d,
});

describe("visitSource: what a page visit says of where it came from", () => {
  it("reads utm_source, utm_medium, utm_campaign and fbclid", () => {
    expect(visit("/?utm_source=instagram&utm_medium=social&utm_campaign=eid_launch&fbclid=IwAR1x")).toEqual({
      utmSource: "instagram",
      utmMedium: "social",
      utmCampaign: "eid_launch",
      fbclid: "IwAR1x",
      referrer: null,
      firstSeenAt: NOW.toISOString(),
    });
  });
  it("keeps another site's referrer without its query, and ignores the shop's own (www. or not)", () => {
    expect(visit("/products", "https://l.instagram.com/?u=https%3A%2F%2Fkapra.pk&e=token")?.referrer).toBe(
      "https://l.instagram.com/",
    );
    expect(visit("/products", "https://kapra.pk/product/lawn")).toBeNull();
    expect(visit("/products", "https://www.kapra.pk/")).toBeNull();
    expect(visit("/products", "http://localhost:3000/cart")).toBeNull();
  });
  it("says nothing for a plain visit, a blank parameter or a referrer that is not an address", () => {
    expect(visit("/")).toBeNull();
    expect(visit("/?utm_source=%20%20&q=lawn")).toBeNull();
    expect(visit("/", "javascript:alert(1)")).toBeNull();
    expect(visit("/", "not a url")).toBeNull();
  });
  it("trims, drops control characters and caps every value", () => {
    const long = visit(`/?utm_campaign=${"x".repeat(500)}&utm_source=%20ig%0A%00&fbclid=${"f".repeat(900)}`)!;
    expect(long.utmCampaign).toHaveLength(100);
    expect(long.utmSource).toBe("ig");
    expect(long.fbclid).toHaveLength(255);
    expect(visit("/", `https://example.com/${"p".repeat(1000)}`)!.referrer!.length).toBe(300);
  });
});

describe("the source cookie: written once, read as untrusted input", () => {
  const kept = details({ utmSource: "instagram", utmMedium: "social", utmCampaign: "eid launch;=,", referrer: null });
  const header = (value: string) => `better-auth.session_token=abc; ${ORDER_SOURCE_COOKIE}=${value}; other=1`;

  it("round-trips a visit, with characters a cookie may not hold encoded", () => {
    const value = sourceCookieValue(kept);
    expect(value).not.toMatch(/[;, "\\]/);
    expect(readSourceCookie(header(value), NOW)).toEqual(kept);
  });
  it("is HttpOnly, SameSite=Lax, 30 days, Secure on an https shop only", () => {
    const cookie = sourceSetCookie(kept, { secure: true });
    expect(cookie).toMatch(/^shop_source=[^;]+; Path=\/; Max-Age=2592000; HttpOnly; SameSite=Lax; Secure$/);
    expect(sourceSetCookie(kept, { secure: false })).not.toContain("Secure");
  });
  it("is ignored when missing, older than 30 days, dated in the future, undated or empty of signals", () => {
    expect(readSourceCookie("other=1", NOW)).toBeNull();
    expect(readSourceCookie(null, NOW)).toBeNull();
    const at = (iso: string) => header(sourceCookieValue({ ...kept, firstSeenAt: iso }));
    expect(readSourceCookie(at("2026-10-20T09:00:00.000Z"), NOW)).toBeNull();
    expect(readSourceCookie(at("2026-10-22T10:00:00.000Z"), NOW)).not.toBeNull();
    expect(readSourceCookie(at("2026-11-21T10:00:00.000Z"), NOW)).toBeNull();
    expect(readSourceCookie(header("s=instagram"), NOW)).toBeNull();
    expect(readSourceCookie(header("s=instagram&t=yesterday"), NOW)).toBeNull();
    expect(readSourceCookie(header(`t=${NOW.toISOString()}`), NOW)).toBeNull();
  });
  it("cleans what a hand-made cookie holds: values capped, a referrer re-read as an address", () => {
    const forged = new URLSearchParams({
      s: `${"i".repeat(400)}`,
      c: " eid\u0000 ",
      r: "javascript:alert(1)",
      t: NOW.toISOString(),
    }).toString();
    const read = readSourceCookie(header(forged), NOW)!;
    expect(read.utmSource).toHaveLength(100);
    expect(read.utmCampaign).toBe("eid");
    expect(read.referrer).toBeNull();
    expect(readSourceCookie(header("%%%"), NOW)).toBeNull();
  });
});

describe("classifyOrderSource", () => {
  const cases: [Partial<OrderSourceDetails>, string][] = [
    [{ utmSource: "ig" }, "instagram"],
    [{ utmSource: "Instagram" }, "instagram"],
    [{ utmSource: "instagram_bio" }, "instagram"],
    [{ utmSource: "fb" }, "facebook"],
    [{ utmSource: "facebook" }, "facebook"],
    [{ utmSource: "meta" }, "facebook"],
    [{ fbclid: "IwAR1" }, "facebook"],
    [{ referrer: "https://m.facebook.com/" }, "facebook"],
    [{ referrer: "https://l.facebook.com/" }, "facebook"],
    [{ referrer: "https://lm.facebook.com/" }, "facebook"],
    [{ referrer: "https://www.facebook.com/" }, "facebook"],
    [{ referrer: "https://l.instagram.com/" }, "instagram"],
    [{ referrer: "https://www.instagram.com/" }, "instagram"],
    [{ referrer: "https://l.instagram.com/", fbclid: "PAZXh0" }, "instagram"],
    [{ utmSource: "wa" }, "whatsapp"],
    [{ utmSource: "whatsapp" }, "whatsapp"],
    [{ referrer: "https://wa.me/" }, "whatsapp"],
    [{ referrer: "https://web.whatsapp.com/" }, "whatsapp"],
    [{ referrer: "android-app://com.whatsapp" }, "whatsapp"],
    [{ utmSource: "google" }, "google"],
    [{ referrer: "https://www.google.com/" }, "google"],
    [{ referrer: "https://www.google.com.pk/" }, "google"],
    [{ utmSource: "tiktok" }, "tiktok"],
    [{ referrer: "https://www.tiktok.com/" }, "tiktok"],
    [{ utmSource: "youtube" }, "youtube"],
    [{ referrer: "https://m.youtube.com/" }, "youtube"],
    [{ utmSource: "newsletter" }, "email"],
    [{ utmSource: "nov_list", utmMedium: "email" }, "email"],
    [{ referrer: "https://mail.google.com/" }, "email"],
    [{ utmSource: "influencer_sana" }, "other"],
    [{ utmCampaign: "eid" }, "other"],
    [{ referrer: "https://blog.example.com/best-lawn" }, "other"],
    // The owner's own tag wins over where the click happened.
    [{ utmSource: "whatsapp", referrer: "https://l.instagram.com/" }, "whatsapp"],
  ];
  it.each(cases)("%o is %s", (given, expected) => {
    expect(classifyOrderSource(details(given))).toBe(expected);
  });
  it("no visit at all is direct", () => {
    expect(classifyOrderSource(null)).toBe("direct");
    expect(classifyOrderSource(details({}))).toBe("direct");
  });
});

describe("orderSourceColumns and describeOrderSource", () => {
  it("stores the source, the campaign and the record; direct without a record", () => {
    const d = details({ utmSource: "ig", utmMedium: "social", utmCampaign: "eid_sale" });
    expect(orderSourceColumns(d)).toEqual({ source: "instagram", sourceCampaign: "eid_sale", sourceDetails: d });
    expect(orderSourceColumns(null)).toEqual({ source: "direct", sourceCampaign: null, sourceDetails: null });
  });
  it("reads as one line for the owner", () => {
    const d = details({
      utmSource: "ig",
      utmMedium: "social",
      utmCampaign: "eid_sale",
      referrer: "https://l.instagram.com/",
    });
    expect(describeOrderSource({ source: "instagram", sourceCampaign: "eid_sale", sourceDetails: d })).toBe(
      "Instagram · campaign eid_sale · utm_source ig · utm_medium social · referrer https://l.instagram.com/",
    );
    expect(describeOrderSource({ source: null, sourceCampaign: null, sourceDetails: null })).toBe("Not recorded");
  });
});
