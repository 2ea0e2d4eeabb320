import { describe, expect, it } from "vitest";
import { listingSearch, PRICE_MAX_DEFAULT, PRICE_MIN_DEFAULT, SORT_OPTIONS } from "./listing-options";
import { parseListingQuery, readListingQuery } from "./listing-query";

const parse = (qs: string, category?: string) => parseListingQuery(new URLSearchParams(qs), category);

describe("parseListingQuery", () => {
  it("defaults the price range to 0 and 10000 when blank", () => {
    const q = parse("min=&max=");
    expect(q.min).toBe(0);
    expect(q.max).toBe(10000);
    expect(PRICE_MIN_DEFAULT).toBe(0);
    expect(PRICE_MAX_DEFAULT).toBe(10000);
  });
  it("reads numbers and ignores garbage", () => {
    expect(parse("min=1500&max=3000")).toMatchObject({ min: 1500, max: 3000 });
    expect(parse("min=abc&max=-5")).toMatchObject({ min: 0, max: 10000 });
  });
  it("swaps a reversed price range rather than showing nothing", () => {
    expect(parse("min=5000&max=1000")).toMatchObject({ min: 1000, max: 5000 });
  });
  it("falls back to Newest for an unknown sort and grid for an unknown view", () => {
    expect(parse("sort=cheapest&view=table")).toMatchObject({ sort: "newest", view: "grid" });
    expect(parse("sort=price-desc&view=list")).toMatchObject({ sort: "price-desc", view: "list" });
  });
  it("offers the five sorts of SPEC.md in order", () => {
    expect(SORT_OPTIONS.map((o) => o.label)).toEqual([
      "Newest",
      "Name A-Z",
      "Price: Low to High",
      "Price: High to Low",
      "Rating",
    ]);
  });
  it("lets the category route override the query's category", () => {
    expect(parse("category=shirts", "hoodies").category).toBe("hoodies");
    expect(parse("category=../etc").category).toBe("");
  });
  it("trims search text and bounds the page", () => {
    expect(parse("q=%20%20polo%20").q).toBe("polo");
    expect(parse("page=0").page).toBe(1);
    expect(parse("page=3").page).toBe(3);
    expect(parse("page=9999").page).toBe(50);
  });
});

describe("listingSearch", () => {
  it("leaves out defaults so URLs stay short and shareable", () => {
    expect(listingSearch({ q: "", min: 0, max: 10000, sort: "newest", view: "grid", page: 1 })).toBe("");
    expect(
      listingSearch({
        q: "tee",
        category: "t-shirts",
        min: 1000,
        max: 10000,
        sort: "price-asc",
        view: "list",
        page: 2,
      }),
    ).toBe("?q=tee&category=t-shirts&min=1000&sort=price-asc&view=list&page=2");
  });
  it("round-trips through parseListingQuery", () => {
    const q = parse("q=hoodie&category=hoodies&min=2000&max=8000&sort=rating&view=list&page=2");
    expect(parse(listingSearch(q).slice(1))).toEqual(q);
  });
});

describe("readListingQuery: filters out of range", () => {
  it("refuses prices beyond the database's range, negative, fractional or repeated, naming each", () => {
    for (const qs of [
      "min=99999999999",
      "max=99999999999",
      "min=-1",
      "min=1.5",
      "min=1e400",
      "min=NaN",
      "min=Infinity",
      "min=0x10",
      "min=1&min=2",
    ]) {
      const { errors } = readListingQuery(new URLSearchParams(qs));
      expect(Object.keys(errors), qs).toHaveLength(1);
    }
    expect(readListingQuery(new URLSearchParams("page=0")).errors).toEqual({
      page: "Page must be a whole number from 1 to 50",
    });
    expect(readListingQuery(new URLSearchParams("page=51&max=20000")).errors).toEqual({
      page: "Page must be a whole number from 1 to 50",
    });
    expect(readListingQuery(new URLSearchParams("min=100&max=10000000&page=2")).errors).toEqual({});
  });
  it("gives the page usable filters in their place (the bad one ignored)", () => {
    expect(parse("min=99999999999&max=3000")).toMatchObject({ min: 0, max: 3000 });
    expect(parse("max=99999999999")).toMatchObject({ min: 0, max: 10000 });
    expect(parse("min=1&min=2&page=2&page=3")).toMatchObject({ min: 0, page: 1 });
    expect(parse("q=a%00b")).toMatchObject({ q: "a b" });
  });
});
