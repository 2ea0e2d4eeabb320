import { describe, expect, it } from "vitest";
import { countsAsRevenue, orderRevenue } from "./order-revenue";

describe("revenue", () => {
  it("is the cash collected plus the store credit spent, less refunds", () => {
    expect(orderRevenue({ total: 2598, storeCreditUsed: 0, refunded: 0 })).toBe(2598);
    expect(orderRevenue({ total: 1000, storeCreditUsed: 1598, refunded: 0 })).toBe(2598);
    expect(orderRevenue({ total: 2598, storeCreditUsed: 0, refunded: 1299 })).toBe(1299);
  });

  it("is nothing for a delivered order returned and refunded in full", () => {
    expect(orderRevenue({ total: 1499, storeCreditUsed: 0, refunded: 1499 })).toBe(0);
  });

  it("counts delivered orders only", () => {
    expect(countsAsRevenue("delivered")).toBe(true);
    for (const status of ["pending", "confirmed", "processing", "shipped", "cancelled", "returned"] as const)
      expect(countsAsRevenue(status)).toBe(false);
  });
});
