import { describe, expect, it } from "vitest";
import { shippingFeeFor, shippingHeadline, shippingSentence } from "./shipping-rule";

const flat = { shippingFee: 200, freeShippingThreshold: null };
const threshold = { shippingFee: 200, freeShippingThreshold: 5000 };
const free = { shippingFee: 0, freeShippingThreshold: null };

describe("shipping rule", () => {
  it("charges the flat fee with no threshold", () => {
    expect(shippingFeeFor(1299, flat)).toBe(200);
    expect(shippingFeeFor(50000, flat)).toBe(200);
  });
  it("is free at or above the threshold", () => {
    expect(shippingFeeFor(4999, threshold)).toBe(200);
    expect(shippingFeeFor(5000, threshold)).toBe(0);
  });
  it("is free everywhere when the fee is zero", () => {
    expect(shippingFeeFor(100, free)).toBe(0);
  });
});

describe("shipping copy never contradicts checkout", () => {
  it("never claims free shipping under a flat fee", () => {
    expect(shippingHeadline(flat)).toBe("Flat Rs 200 shipping anywhere in Pakistan");
    expect(shippingHeadline(flat)).not.toMatch(/free/i);
    expect(shippingSentence(flat)).not.toMatch(/free/i);
  });
  it("names the threshold when there is one", () => {
    expect(shippingHeadline(threshold)).toBe("Free shipping on orders of Rs 5,000 or more");
    expect(shippingSentence(threshold)).toContain("Rs 200");
    expect(shippingSentence(threshold)).toContain("Rs 5,000");
  });
  it("says free on all orders only when it is", () => {
    expect(shippingHeadline(free)).toBe("Free shipping on all orders");
  });
});
