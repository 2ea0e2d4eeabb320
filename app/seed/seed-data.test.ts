import { describe, expect, it } from "vitest";
import { SEED_CATEGORIES, SEED_PRODUCTS, seedSettings } from "./seed-data";

describe("seed data", () => {
  it("takes the brand from SHOP_NAME", () => {
    expect(seedSettings("Lawn House")).toMatchObject({
      brandName: "Lawn House",
      contactEmail: "support@lawnhouse.pk",
      instagram: "@lawnhouse.pk",
      shippingFee: 200,
      freeShippingThreshold: null,
    });
  });
  it("covers every category, with coming-soon previews only in Sweat Shirts and Jackets", () => {
    const used = new Set(SEED_PRODUCTS.map((p) => p.category));
    for (const c of SEED_CATEGORIES) expect(used.has(c.slug)).toBe(true);
    expect(
      SEED_PRODUCTS.filter((p) => p.status === "coming-soon")
        .map((p) => p.category)
        .sort(),
    ).toEqual(["jackets", "sweatshirts"]);
    expect(SEED_PRODUCTS.filter((p) => (p.status ?? "active") === "active").length).toBeGreaterThanOrEqual(22);
  });
  it("has believable PKR prices and real sales", () => {
    for (const p of SEED_PRODUCTS) {
      expect(Number.isInteger(p.price)).toBe(true);
      expect(p.price).toBeGreaterThanOrEqual(1299);
      expect(p.price).toBeLessThanOrEqual(6999);
      if (p.originalPrice !== undefined) expect(p.originalPrice).toBeGreaterThan(p.price);
    }
    expect(SEED_PRODUCTS.filter((p) => p.originalPrice).length).toBeGreaterThanOrEqual(4);
  });
  it("uses the colours and sizes of SPEC.md section 9", () => {
    const colours = ["Black", "White", "Gray", "Navy", "Red", "Blue", "Green", "Brown"];
    const sizes = ["XS", "S", "M", "L", "XL", "XXL"];
    for (const p of SEED_PRODUCTS) {
      for (const c of p.colors) expect(colours).toContain(c);
      for (const s of p.sizes) expect(sizes).toContain(s);
    }
  });
});
