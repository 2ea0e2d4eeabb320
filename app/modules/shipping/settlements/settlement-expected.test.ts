import { describe, expect, it } from "vitest";
import { expectedCollection, settlementExpectedTotal } from "./settlement-expected";

describe("a settlement's expected total", () => {
  it("counts the COD of delivered parcels and nothing for returned or undelivered ones", () => {
    expect(expectedCollection({ codAmount: 2499, delivered: true })).toBe(2499);
    expect(expectedCollection({ codAmount: 2499, delivered: false })).toBe(0);
    expect(
      settlementExpectedTotal([
        { codAmount: 2499, delivered: true },
        { codAmount: 1299, delivered: false },
        { codAmount: 0, delivered: true },
        { codAmount: 3100, delivered: true },
      ]),
    ).toBe(5599);
    expect(settlementExpectedTotal([])).toBe(0);
  });
});
