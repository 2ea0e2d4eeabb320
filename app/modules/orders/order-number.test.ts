import { describe, expect, it } from "vitest";
import { generateOrderNumber, normalizeOrderNumber, ORDER_NUMBER_PATTERN } from "./order-number";

describe("generateOrderNumber", () => {
  it("asks for a number from 100000 up to but not including 1000000", () => {
    const calls: Array<[number, number]> = [];
    generateOrderNumber((min, max) => {
      calls.push([min, max]);
      return min;
    });
    expect(calls).toEqual([[100000, 1000000]]);
  });
  it("covers both ends of the range", () => {
    expect(generateOrderNumber((min) => min)).toBe("ORD-100000");
    expect(generateOrderNumber((_min, max) => max - 1)).toBe("ORD-999999");
  });
  it("numbers an exchange's replacement EX-", () => {
    expect(generateOrderNumber((min) => min, "EX")).toBe("EX-100000");
  });
  it("uses Web Crypto by default and stays in range", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 500; i++) {
      const number = generateOrderNumber();
      expect(number).toMatch(ORDER_NUMBER_PATTERN);
      const digits = Number(number.slice(4));
      expect(digits).toBeGreaterThanOrEqual(100000);
      expect(digits).toBeLessThanOrEqual(999999);
      seen.add(number);
    }
    // 500 draws from 900,000 values: a repeat-heavy result would mean the randomness is broken.
    expect(seen.size).toBeGreaterThan(490);
  });
});

describe("ORDER_NUMBER_PATTERN", () => {
  it("matches exactly ORD- and six digits", () => {
    expect(ORDER_NUMBER_PATTERN.test("ORD-123456")).toBe(true);
    expect(ORDER_NUMBER_PATTERN.test("ORD-12345")).toBe(false);
    expect(ORDER_NUMBER_PATTERN.test("ORD-1234567")).toBe(false);
    expect(ORDER_NUMBER_PATTERN.test("ord-123456")).toBe(false);
    expect(ORDER_NUMBER_PATTERN.test(" ORD-123456")).toBe(false);
  });
});

describe("normalizeOrderNumber", () => {
  it.each([
    ["ORD-123456", "ORD-123456"],
    ["ord-123456", "ORD-123456"],
    ["  Ord-123456  ", "ORD-123456"],
    ["123456", "ORD-123456"],
    ["ORD123456", "ORD-123456"],
    ["ORD 123456", "ORD-123456"],
    ["EX-123456", "EX-123456"],
    ["ex 123456", "EX-123456"],
    ["ex123456", "EX-123456"],
  ])("reads %j as %j", (input, expected) => {
    expect(normalizeOrderNumber(input)).toBe(expected);
  });
  it.each([
    "",
    "ORD-12345",
    "1234567",
    "ORD-12345A",
    "ORDER-123456",
    "ORD--123456",
    "#ORD-123456",
    "EX-12345",
    "EXC-123456",
  ])("rejects %j", (input) => {
    expect(normalizeOrderNumber(input)).toBeNull();
  });
});
