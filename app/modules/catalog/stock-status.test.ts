import { describe, expect, it } from "vitest";
import { isBuyable, stockStatus } from "./stock-status";

describe("stockStatus (SPEC.md section 4)", () => {
  it("says Coming Soon for coming-soon products whatever the stock", () => {
    expect(stockStatus({ status: "coming-soon", stock: 40 }).label).toBe("Coming Soon");
    expect(stockStatus({ status: "coming-soon", stock: 0 }).kind).toBe("coming-soon");
  });
  it("says Out of Stock at zero or below", () => {
    expect(stockStatus({ status: "active", stock: 0 }).label).toBe("Out of Stock");
    expect(stockStatus({ status: "active", stock: -2 }).label).toBe("Out of Stock");
  });
  it("says Only N left at 5 or fewer", () => {
    expect(stockStatus({ status: "active", stock: 5 }).label).toBe("Only 5 left");
    expect(stockStatus({ status: "active", stock: 1 }).label).toBe("Only 1 left");
  });
  it("says In Stock above 5", () => {
    expect(stockStatus({ status: "active", stock: 6 }).label).toBe("In Stock");
  });
  it("lets only in-stock and low-stock items be bought", () => {
    expect(isBuyable(stockStatus({ status: "active", stock: 3 }))).toBe(true);
    expect(isBuyable(stockStatus({ status: "active", stock: 30 }))).toBe(true);
    expect(isBuyable(stockStatus({ status: "active", stock: 0 }))).toBe(false);
    expect(isBuyable(stockStatus({ status: "coming-soon", stock: 30 }))).toBe(false);
  });
});
