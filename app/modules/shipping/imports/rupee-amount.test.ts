import { describe, expect, it } from "vitest";
import { parseRupeeAmount } from "./rupee-amount";

describe("parseRupeeAmount", () => {
  it.each([
    ["Rs 1,299", 1299],
    ["Rs. 1,299/-", 1299],
    ["Rs.1299", 1299],
    ["PKR 1299", 1299],
    ["1299 PKR", 1299],
    ["₨ 850", 850],
    ["1,299.00", 1299],
    ["1299.0", 1299],
    ["1299", 1299],
    ["1,00,000", 100000],
    ["100,000", 100000],
    ["0", 0],
    ["-200", -200],
    ["Rs -200", -200],
    ["(200)", -200],
    ["  2500  ", 2500],
  ])("reads %j as %i rupees", (text, rupees) => {
    expect(parseRupeeAmount(text)).toEqual({ value: rupees });
  });

  it("reads a blank cell as no amount", () => {
    expect(parseRupeeAmount("")).toEqual({ value: null });
    expect(parseRupeeAmount("   ")).toEqual({ value: null });
  });

  it("refuses paisa instead of rounding them away", () => {
    expect(parseRupeeAmount("1,299.50")).toEqual({ problem: 'Amount "1,299.50" is not a whole number of rupees' });
    expect(parseRupeeAmount("Rs 99.99")).toEqual({ problem: 'Amount "Rs 99.99" is not a whole number of rupees' });
    expect(parseRupeeAmount("1299.01")).toEqual({ problem: 'Amount "1299.01" is not a whole number of rupees' });
  });

  it.each(["abc", "12 99", "1,2", ",299", "--200", "-(200)", "Rs", "1.2.3", "$100", "99999999999999999999"])("refuses %j as not an amount", (text) => {
    expect(parseRupeeAmount(text)).toEqual({ problem: `Amount "${text}" is not an amount in rupees` });
  });
});
