import { describe, expect, it } from "vitest";
import type { Catalogue } from "./bench-load-mix";
import {
  addToPool,
  buyerPagePath,
  guestPath,
  imageSources,
  pickSoakActivity,
  sellerPath,
  soakOutcome,
  SOAK_MIX,
  type SellerView,
} from "./bench-memory-mix";
import { seededRandom } from "./seeded-random";

const catalogue: Catalogue = {
  categories: ["men", "women"],
  searchTerms: ["lawn"],
  productIds: ["p-1", "p-2"],
  pages: 25,
};
const view: SellerView = {
  orderIds: ["o-1", "o-2"],
  searches: ["ORD-123456", "0300 1234567", "Khan"],
  orderPages: 250,
  productPages: 16,
  categories: ["men"],
};
const many = <T>(n: number, f: () => T) => Array.from({ length: n }, f);

describe("the soak's mix", () => {
  it("follows SOAK_MIX's weights", () => {
    const rand = seededRandom(1);
    const picks = many(20_000, () => pickSoakActivity(rand));
    const total = SOAK_MIX.reduce((s, [, w]) => s + w, 0);
    for (const [activity, weight] of SOAK_MIX) {
      expect(picks.filter((p) => p === activity).length / picks.length).toBeCloseTo(weight / total, 1);
    }
  });

  it("guests ask for the home page, the listing, categories and products", () => {
    const rand = seededRandom(2);
    const paths = many(2_000, () => guestPath(rand, catalogue));
    expect(paths).toContain("/");
    expect(paths.some((p) => p.startsWith("/products?q="))).toBe(true);
    expect(paths.some((p) => /^\/product\/p-[12]$/.test(p))).toBe(true);
    expect(paths.some((p) => /^\/category\/(men|women)$/.test(p))).toBe(true);
    expect(paths.every((p) => /^\/(products|product\/|category\/|$)/.test(p))).toBe(true);
  });

  it("a buyer's pages are their cart, their orders, their own order pages and the catalogue", () => {
    const rand = seededRandom(3);
    const paths = new Set(many(2_000, () => buyerPagePath(rand, catalogue, ["a-1"])));
    for (const p of ["/cart", "/orders", "/buyer-dashboard", "/orders/a-1"]) expect(paths).toContain(p);
    // With no order of their own yet, the order page is the list.
    const none = new Set(many(500, () => buyerPagePath(rand, catalogue, [])));
    expect([...none].some((p) => /^\/orders\/./.test(p))).toBe(false);
  });

  it("the owner opens the Overview, filters and pages the orders, searches, lists products and opens orders", () => {
    const rand = seededRandom(4);
    const paths = many(4_000, () => sellerPath(rand, view));
    expect(paths).toContain("/seller-dashboard");
    expect(paths).toContain("/seller/orders");
    expect(
      paths.some((p) =>
        /^\/seller\/orders\?status=(pending|confirmed|processing|shipped|delivered|cancelled|returned)/.test(p),
      ),
    ).toBe(true);
    expect(paths.some((p) => /^\/seller\/orders\?page=\d+$/.test(p))).toBe(true);
    expect(paths).toContain("/seller/orders?q=0300+1234567");
    expect(paths.some((p) => p.startsWith("/seller/products?sort="))).toBe(true);
    expect(paths).toContain("/orders/o-1");
    expect(paths).toContain("/seller/orders/o-2/invoice");
    // Never the old /seller-dashboard/... addresses (they redirect), never past the last page.
    expect(paths.some((p) => p.startsWith("/seller-dashboard/"))).toBe(false);
    const pages = paths.map((p) => Number(/[?&]page=(\d+)/.exec(p)?.[1] ?? 1));
    expect(Math.max(...pages)).toBeLessThanOrEqual(250);
    expect(
      paths.filter((p) => p.startsWith("/seller/products")).every((p) => Number(/page=(\d+)/.exec(p)?.[1] ?? 1) <= 16),
    ).toBe(true);
  });
});

describe("the photos a page shows", () => {
  it("are the /media/ URLs of its <img> src and srcset, once each, entities decoded", () => {
    const html = `<img src="/media/a.webp?w=320&amp;q=1" srcset="/media/a.webp?w=320&amp;q=1 320w, /media/a.webp?w=640 640w" alt="">
      <img alt="logo" src="/assets/logo.svg"><IMG SRC="/media/b.jpg"><a href="/media/c.jpg">c</a>`;
    expect(imageSources(html)).toEqual(["/media/a.webp?w=320&q=1", "/media/a.webp?w=640", "/media/b.jpg"]);
    expect(imageSources("<p>no photos</p>")).toEqual([]);
  });

  it("go into a pool of at most `max`, new ones replacing old ones once it is full", () => {
    const pool: string[] = [];
    const known = new Set<string>();
    const rand = seededRandom(5);
    addToPool(pool, known, ["/media/1", "/media/2", "/media/1"], 3, rand);
    expect(pool).toEqual(["/media/1", "/media/2"]);
    addToPool(pool, known, ["/media/3", "/media/4", "/media/5"], 3, rand);
    expect(pool).toHaveLength(3);
    expect(pool).toContain("/media/5");
    expect(new Set(pool).size).toBe(3);
    expect([...known].sort()).toEqual([...pool].sort());
  });
});

describe("how an answer counts", () => {
  it("a 5xx or no answer is an error, whatever the request", () => {
    expect(soakOutcome("guest", 500, null)).toBe("error");
    expect(soakOutcome("media", 503, null)).toBe("error");
    expect(soakOutcome("checkout", 0, null)).toBe("error");
  });
  it("2xx and 3xx are fine; a sold-out refusal of a cart change or checkout is a refusal", () => {
    expect(soakOutcome("seller", 200, null)).toBe("ok");
    expect(soakOutcome("buyer", 302, null)).toBe("ok");
    expect(soakOutcome("checkout", 409, "OUT_OF_STOCK")).toBe("refused");
    expect(soakOutcome("cart", 422, null)).toBe("refused");
  });
  it("any other 4xx is unexpected (reported, not a memory failure)", () => {
    expect(soakOutcome("guest", 404, null)).toBe("unexpected");
    expect(soakOutcome("buyer", 401, null)).toBe("unexpected");
    expect(soakOutcome("guest", 409, "OUT_OF_STOCK")).toBe("unexpected");
    expect(soakOutcome("checkout", 429, null)).toBe("unexpected");
  });
});
