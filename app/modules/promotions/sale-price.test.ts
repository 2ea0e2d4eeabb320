import { describe, expect, it } from "vitest";
import { applySale, percentOffPrice } from "./sale-price";

describe("a scheduled sale's price", () => {
  it("takes the percentage off the price, rounded down to the rupee, and shows the price struck through", () => {
    expect(applySale({ price: 2999, originalPrice: null }, 30)).toEqual({
      price: 2099,
      originalPrice: 2999,
      onSale: true,
    });
    expect(percentOffPrice(1299, 15)).toBe(1104); // 1104.15
    expect(percentOffPrice(999, 50)).toBe(499); // 499.5, in the buyer's favour
  });

  it("takes it off the Original Price when the product has one, and keeps the lower of the two", () => {
    // 30 % off 4,999 is 3,499: lower than the product's own 3,999.
    expect(applySale({ price: 3999, originalPrice: 4999 }, 30)).toEqual({
      price: 3499,
      originalPrice: 4999,
      onSale: true,
    });
    // 10 % off 4,999 is 4,499: the product's own 3,999 stays, and it is not a sale price.
    expect(applySale({ price: 3999, originalPrice: 4999 }, 10)).toEqual({
      price: 3999,
      originalPrice: 4999,
      onSale: false,
    });
  });

  it("changes nothing without a running sale", () => {
    expect(applySale({ price: 1299, originalPrice: null }, null)).toEqual({
      price: 1299,
      originalPrice: null,
      onSale: false,
    });
    expect(applySale({ price: 1299, originalPrice: 1000 }, null)).toEqual({
      price: 1299,
      originalPrice: 1000,
      onSale: false,
    });
  });
});
