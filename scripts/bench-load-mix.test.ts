import { describe, expect, it } from "vitest";
import {
  applySetCookies,
  browseRequest,
  cartFromAnswer,
  changedQuantity,
  checkRun,
  classify,
  cookieHeader,
  errorBreakdown,
  errorCodeOf,
  formatTable,
  nextBuyerStep,
  orderIdFromAnswer,
  percentile,
  pickActivity,
  PRICE_BANDS,
  summarise,
  variantToAdd,
  type Catalogue,
  type RunFacts,
  type Sample,
} from "./bench-load-mix";
import { seededRandom } from "./seeded-random";

const catalogue: Catalogue = {
  categories: ["men", "women", "kids"],
  searchTerms: ["lawn", "kurta"],
  productIds: ["a-1", "b 2"],
  pages: 25,
};

describe("the mix", () => {
  it("is 70 % browsing, 20 % product pages and 10 % buyers", () => {
    const rand = seededRandom(1);
    const counts = { browse: 0, product: 0, buyer: 0 };
    const n = 100_000;
    for (let i = 0; i < n; i++) counts[pickActivity(rand)] += 1;
    expect(counts.browse / n).toBeCloseTo(0.7, 2);
    expect(counts.product / n).toBeCloseTo(0.2, 2);
    expect(counts.buyer / n).toBeCloseTo(0.1, 2);
  });

  it("browses /products with the listing's own query strings: searches, categories, sorts, price bands inside 0 to 10,000 and pages that exist", () => {
    const rand = seededRandom(2);
    const seen = { search: 0, category: 0, sort: 0, price: 0, page: 0, plain: 0 };
    for (let i = 0; i < 2000; i++) {
      const { kind, path } = browseRequest(rand, catalogue);
      const url = new URL(path, "http://shop.test");
      expect(url.pathname).toBe("/products");
      expect(kind).toBe(url.searchParams.has("q") ? "search" : "listing");
      if (url.searchParams.has("q")) expect(catalogue.searchTerms).toContain(url.searchParams.get("q"));
      if (url.searchParams.has("category")) expect(catalogue.categories).toContain(url.searchParams.get("category"));
      if (url.searchParams.has("sort"))
        expect(["newest", "price-asc", "price-desc", "name", "rating"]).toContain(url.searchParams.get("sort"));
      if (url.searchParams.has("min"))
        expect(PRICE_BANDS).toContainEqual([Number(url.searchParams.get("min")), Number(url.searchParams.get("max"))]);
      const page = Number(url.searchParams.get("page") ?? 1);
      expect(page).toBeGreaterThanOrEqual(1);
      expect(page).toBeLessThanOrEqual(catalogue.pages);
      if (url.searchParams.has("q")) seen.search++;
      if (url.searchParams.has("category")) seen.category++;
      if (url.searchParams.has("sort")) seen.sort++;
      if (url.searchParams.has("min")) seen.price++;
      if (page > 2) seen.page++;
      if (!url.search) seen.plain++;
    }
    for (const [what, n] of Object.entries(seen)) expect(n, what).toBeGreaterThan(40);
    expect(seen.search / 2000).toBeCloseTo(0.25, 1);
  });

  it("sends buyers from an empty cart to adding, and from a refused checkout to emptying the cart", () => {
    const rand = seededRandom(3);
    const line = { id: "l1", productId: "p", color: "Black", size: "M", quantity: 1, stock: 5 };
    for (let i = 0; i < 200; i++) {
      expect(nextBuyerStep(rand, [], false)).toBe("add");
      expect(nextBuyerStep(rand, [line], true)).toBe("clear");
      expect(["checkout", "remove"]).toContain(nextBuyerStep(rand, [line, line, line], false));
    }
    const steps = new Set(Array.from({ length: 500 }, () => nextBuyerStep(rand, [line], false)));
    expect([...steps].sort()).toEqual(["add", "change", "checkout", "remove"]);
  });

  it("adds a scarce variant at the share asked for, and changes a quantity to another from 1 to 3", () => {
    const rand = seededRandom(4);
    const scarce = [{ productId: "s", color: "Red", size: "S" }];
    const others = [{ productId: "o", color: "Blue", size: "L" }];
    let scarceAdds = 0;
    for (let i = 0; i < 4000; i++) {
      const { variant, quantity } = variantToAdd(rand, scarce, others, 0.3);
      if (variant.productId === "s") {
        scarceAdds++;
        expect(quantity).toBe(1);
      } else expect([1, 2]).toContain(quantity);
    }
    expect(scarceAdds / 4000).toBeCloseTo(0.3, 1);
    for (let q = 1; q <= 3; q++)
      for (let i = 0; i < 50; i++) expect([1, 2, 3].filter((x) => x !== q)).toContain(changedQuantity(rand, q));
  });
});

describe("answers", () => {
  it("counts 2xx and 3xx as fine, a sold-out 409 or a 422 on cart and checkout as a refusal, and the rest as errors", () => {
    expect(classify("listing", 200, null)).toBe("ok");
    expect(classify("cart", 201, null)).toBe("ok");
    expect(classify("product", 302, null)).toBe("ok");
    expect(classify("checkout", 409, "OUT_OF_STOCK")).toBe("refused");
    expect(classify("cart", 409, "OUT_OF_STOCK")).toBe("refused");
    expect(classify("checkout", 422, "VALIDATION")).toBe("refused");
    // A 409 that is not about stock (the cart changed, the COD limit) is not what the run expects.
    expect(classify("checkout", 409, "CONFLICT")).toBe("error");
    expect(classify("product", 409, "OUT_OF_STOCK")).toBe("error");
    expect(classify("listing", 404, "NOT_FOUND")).toBe("error");
    expect(classify("cart", 401, "UNAUTHENTICATED")).toBe("error");
    expect(classify("checkout", 500, null)).toBe("error");
    expect(classify("checkout", 0, null)).toBe("error");
  });

  it("reads the error code, the cart lines and the order id from the documented shapes", () => {
    expect(errorCodeOf({ error: { code: "OUT_OF_STOCK", message: "x" } })).toBe("OUT_OF_STOCK");
    expect(errorCodeOf(null)).toBeNull();
    expect(errorCodeOf("<html>")).toBeNull();
    const item = {
      id: "i",
      productId: "p",
      name: "Shirt",
      color: "Black",
      size: "M",
      quantity: 2,
      price: 1500,
      stock: 4,
    };
    expect(cartFromAnswer({ data: { items: [item], total: 3000 } })).toEqual([
      { id: "i", productId: "p", color: "Black", size: "M", quantity: 2, stock: 4 },
    ]);
    expect(cartFromAnswer({ data: { item, cart: { items: [item] } } })).toHaveLength(1);
    expect(cartFromAnswer({ data: { items: [] } })).toEqual([]);
    expect(cartFromAnswer({ error: { code: "OUT_OF_STOCK" } })).toBeNull();
    expect(orderIdFromAnswer({ data: { orderId: "o-1", orderNumber: "ORD-123456" } })).toBe("o-1");
    expect(orderIdFromAnswer({ data: {} })).toBeNull();
  });

  it("keeps a cookie jar as a browser does: new and renewed cookies kept, cleared ones dropped", () => {
    let jar = applySetCookies(new Map(), [
      "better-auth.session_token=abc.sig; Path=/; HttpOnly",
      "better-auth.session_data=cache1; Max-Age=60",
    ]);
    expect(cookieHeader(jar)).toBe("better-auth.session_token=abc.sig; better-auth.session_data=cache1");
    jar = applySetCookies(jar, ["better-auth.session_data=cache2; Max-Age=60; Path=/"]);
    expect(jar.get("better-auth.session_data")).toBe("cache2");
    jar = applySetCookies(jar, ["better-auth.session_data=; Max-Age=0; Path=/"]);
    expect([...jar.keys()]).toEqual(["better-auth.session_token"]);
    jar = applySetCookies(jar, ["better-auth.session_token=gone; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT"]);
    expect(jar.size).toBe(0);
  });
});

describe("figures", () => {
  it("takes nearest-rank percentiles", () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(values, 50)).toBe(50);
    expect(percentile(values, 99)).toBe(99);
    expect(percentile(values, 100)).toBe(100);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([1, 2, 3, 1000], 99)).toBe(1000);
    expect(percentile([1, 2], 50)).toBe(1);
    expect(percentile([], 50)).toBeNaN();
  });

  it("summarises per kind and in all, with refusals apart from errors", () => {
    const samples: Sample[] = [
      ...Array.from({ length: 100 }, (_, i): Sample => ({ kind: "listing", ms: 100 - i, outcome: "ok", status: 200 })),
      { kind: "checkout", ms: 30, outcome: "ok", status: 201 },
      { kind: "checkout", ms: 10, outcome: "refused", status: 409 },
      { kind: "checkout", ms: 2000, outcome: "error", status: 0 },
    ];
    const rows = summarise(samples, 10);
    expect(rows.map((r) => r.kind)).toEqual(["listing", "checkout", "all"]);
    const [listing, checkout, all] = rows;
    expect(listing).toMatchObject({ requests: 100, rps: 10, p50Ms: 50, p99Ms: 99, refusals: 0, errors: 0 });
    expect(checkout).toMatchObject({ requests: 3, p50Ms: 30, p99Ms: 2000, refusals: 1, errors: 1 });
    expect(all).toMatchObject({ requests: 103, refusals: 1, errors: 1, p99Ms: 100 });
    const table = formatTable(rows);
    expect(table.split("\n")).toHaveLength(5);
    expect(table).toContain("| checkout | 3 | 0.3 | 30 ms | 2.00 s | 1 | 1 |");
    expect(
      errorBreakdown([
        ...samples,
        { kind: "product", ms: 5, outcome: "error", status: 503 },
        { kind: "checkout", ms: 5, outcome: "error", status: 503 },
      ]),
    ).toEqual(["product: 503 x 1", "checkout: no answer x 1, 503 x 1"]);
  });
});

describe("the correctness checks", () => {
  const good: RunFacts = {
    errors: 0,
    negativeStock: [],
    scarce: [
      { variantId: 1, startStock: 5, stock: 0, unitsOrdered: 5 },
      { variantId: 2, startStock: 10, stock: 3, unitsOrdered: 7 },
    ],
    variants: [
      { variantId: 1, startStock: 5, stock: 0, unitsOrdered: 5 },
      { variantId: 2, startStock: 10, stock: 3, unitsOrdered: 7 },
      { variantId: 3, startStock: 40, stock: 40, unitsOrdered: 0 },
    ],
    orders: [
      { id: "o1", total: 3250, shippingFee: 250, itemsSum: 3000, items: 2 },
      { id: "o2", total: 6000, shippingFee: 0, itemsSum: 6000, items: 1 },
    ],
    runOrderIds: ["o1", "o2"],
    answeredOrderIds: ["o2", "o1"],
  };
  const failing = (facts: Partial<RunFacts>) =>
    checkRun({ ...good, ...facts })
      .filter((c) => !c.pass)
      .map((c) => c.name);

  it("passes a run that adds up", () => {
    expect(checkRun(good).every((c) => c.pass)).toBe(true);
  });

  it("fails on errors, stock below 0 and an oversold scarce variant", () => {
    expect(failing({ errors: 1 })).toEqual(["0 errors"]);
    expect(failing({ negativeStock: [{ variantId: 9, stock: -1 }] })).toEqual(["no variant's stock below 0"]);
    // Two more units left the shelf than orders hold, or orders hold more than the stock there was.
    expect(failing({ scarce: [{ variantId: 1, startStock: 5, stock: 0, unitsOrdered: 7 }] })).toEqual([
      "0 oversells: each scarce variant's starting stock = stock now + units ordered",
    ]);
    expect(failing({ scarce: [{ variantId: 1, startStock: 5, stock: 2, unitsOrdered: 2 }] })).toHaveLength(1);
    expect(failing({ scarce: [] })).toHaveLength(1);
  });

  it("fails when any variant's stock does not add up with what the run's orders took", () => {
    const name = "stock adds up for every variant: starting stock = stock now + units ordered";
    expect(
      failing({ variants: [...good.variants, { variantId: 4, startStock: 40, stock: 38, unitsOrdered: 1 }] }),
    ).toEqual([name]);
    expect(failing({ variants: [] })).toEqual([name]);
  });

  it("fails an order whose total is not its items plus shipping, or that has no items", () => {
    expect(failing({ orders: [{ id: "o1", total: 3000, shippingFee: 250, itemsSum: 3000, items: 2 }] })).toEqual([
      "every order's total = its items (price x quantity) + shipping",
    ]);
    expect(failing({ orders: [{ id: "o1", total: 250, shippingFee: 250, itemsSum: 0, items: 0 }] })).toHaveLength(1);
  });

  it("fails when orders in the database and successful checkout answers differ", () => {
    const name = "orders placed = successful checkout answers";
    expect(failing({ runOrderIds: ["o1", "o2", "o3"] })).toEqual([name]);
    expect(failing({ answeredOrderIds: ["o1"] })).toEqual([name]);
    expect(failing({ answeredOrderIds: ["o1", "o3"] })).toEqual([name]);
    expect(failing({ answeredOrderIds: ["o1", "o1"] })).toEqual([name]);
  });
});
