import { describe, expect, it } from "vitest";
import { cartTotals, lineTotal } from "./cart-totals";

const flat = { shippingFee: 200, freeShippingThreshold: null };
const threshold = { shippingFee: 200, freeShippingThreshold: 5000 };
const free = { shippingFee: 0, freeShippingThreshold: null };

describe("lineTotal", () => {
  it("multiplies price by quantity", () => {
    expect(lineTotal(2499, 3)).toBe(7497);
    expect(lineTotal(2499, 0)).toBe(0);
  });
  it("refuses fractions and negatives", () => {
    expect(() => lineTotal(24.99, 1)).toThrow(RangeError);
    expect(() => lineTotal(2499, -1)).toThrow(RangeError);
    expect(() => lineTotal(2499, 1.5)).toThrow(RangeError);
    expect(() => lineTotal(Number.NaN, 1)).toThrow(RangeError);
  });
});

describe("cartTotals", () => {
  it("charges nothing for an empty cart, shipping included", () => {
    expect(cartTotals([], flat)).toEqual({ itemCount: 0, subtotal: 0, discountTotal: 0, shippingFee: 0, total: 0 });
  });
  it("adds the flat fee to the subtotal", () => {
    const lines = [
      { price: 2499, quantity: 2 },
      { price: 1299, quantity: 1 },
    ];
    expect(cartTotals(lines, flat)).toEqual({
      itemCount: 3,
      subtotal: 6297,
      discountTotal: 0,
      shippingFee: 200,
      total: 6497,
    });
  });
  it("ships free at the threshold and charges just below it", () => {
    expect(cartTotals([{ price: 4999, quantity: 1 }], threshold)).toEqual({
      itemCount: 1,
      subtotal: 4999,
      discountTotal: 0,
      shippingFee: 200,
      total: 5199,
    });
    expect(cartTotals([{ price: 2500, quantity: 2 }], threshold)).toEqual({
      itemCount: 2,
      subtotal: 5000,
      discountTotal: 0,
      shippingFee: 0,
      total: 5000,
    });
  });
  it("ships free when the shop charges no fee", () => {
    expect(cartTotals([{ price: 999, quantity: 1 }], free).shippingFee).toBe(0);
  });
  it("takes a discount off the subtotal, and free shipping counts what is paid for the items", () => {
    // 5,200 less a 300 discount is 4,900: under the 5,000 threshold, so shipping is charged.
    expect(cartTotals([{ price: 2600, quantity: 2 }], threshold, 300)).toEqual({
      itemCount: 2,
      subtotal: 5200,
      discountTotal: 300,
      shippingFee: 200,
      total: 5100,
    });
    expect(cartTotals([{ price: 2600, quantity: 2 }], threshold, 200)).toEqual({
      itemCount: 2,
      subtotal: 5200,
      discountTotal: 200,
      shippingFee: 0,
      total: 5000,
    });
    expect(() => cartTotals([{ price: 100, quantity: 1 }], flat, 101)).toThrow(RangeError);
  });
  it("charges no shipping when every line has quantity 0", () => {
    expect(cartTotals([{ price: 999, quantity: 0 }], flat)).toEqual({
      itemCount: 0,
      subtotal: 0,
      discountTotal: 0,
      shippingFee: 0,
      total: 0,
    });
  });
});
