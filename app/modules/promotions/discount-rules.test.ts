import { describe, expect, it } from "vitest";
import { judgeDiscountCode, normalizeDiscountCode, type DiscountCodeRules, type DiscountLine } from "./discount-rules";

const NOW = new Date("2026-04-05T10:00:00Z");
const code = (over: Partial<DiscountCodeRules> = {}): DiscountCodeRules => ({
  code: "EID20",
  kind: "percent",
  value: 20,
  minOrder: null,
  maxUses: null,
  maxUsesPerCustomer: null,
  startsAt: null,
  endsAt: null,
  appliesTo: "all",
  categorySlugs: [],
  productIds: [],
  combinesWithSale: true,
  paused: false,
  uses: 0,
  ...over,
});
const LAWN: DiscountLine = { productId: "lawn-suit", categorySlug: "lawn", price: 2999, quantity: 1, onSale: false };
const KURTA: DiscountLine = {
  productId: "white-kurta",
  categorySlug: "kurtas",
  price: 1999,
  quantity: 2,
  onSale: true,
};
const judge = (rules: DiscountCodeRules, lines = [LAWN, KURTA], customerUses = 0) =>
  judgeDiscountCode(rules, lines, { now: NOW, customerUses });

describe("a discount code's rules", () => {
  it("takes a percentage so the buyer pays a whole rupee rounded down, and an amount up to what it applies to", () => {
    // 20 % of 6,997 is 1,399.4: the buyer pays 5,597 (5,597.6 rounded down), so 1,400 comes off.
    expect(judge(code())).toEqual({ ok: true, code: "EID20", amount: 1400 });
    expect(judge(code({ kind: "amount", value: 500 }))).toEqual({ ok: true, code: "EID20", amount: 500 });
    expect(judge(code({ kind: "amount", value: 50_000 }))).toEqual({ ok: true, code: "EID20", amount: 6997 });
  });

  it("applies only to its categories or products, and not to sale items unless it combines with a sale", () => {
    expect(judge(code({ appliesTo: "categories", categorySlugs: ["lawn"] }))).toMatchObject({ amount: 600 }); // 20 % of 2,999 = 599.8
    expect(judge(code({ appliesTo: "products", productIds: ["white-kurta"] }))).toMatchObject({ amount: 800 }); // 3,998 -> 3,198
    expect(judge(code({ combinesWithSale: false }))).toMatchObject({ amount: 600 });
    expect(judge(code({ appliesTo: "products", productIds: ["white-kurta"], combinesWithSale: false }))).toEqual({
      ok: false,
      refusal: "not-applicable",
      message: "EID20 does not apply to the items in your order",
    });
  });

  it("says which rule refuses it", () => {
    expect(judge(code({ paused: true }))).toMatchObject({
      refusal: "paused",
      message: "This code is paused at the moment",
    });
    expect(judge(code({ endsAt: NOW }))).toMatchObject({ refusal: "expired", message: "This code has expired" });
    expect(judge(code({ endsAt: new Date(NOW.getTime() + 1) }))).toMatchObject({ ok: true });
    expect(judge(code({ maxUses: 3, uses: 3 }))).toMatchObject({
      refusal: "used-up",
      message: "This code has been used up",
    });
    expect(judge(code({ maxUses: 3, uses: 2 }))).toMatchObject({ ok: true });
    expect(judge(code({ maxUsesPerCustomer: 1 }), undefined, 1)).toMatchObject({
      refusal: "customer-limit",
      message: "You have already used EID20",
    });
    expect(judge(code({ minOrder: 7000 }))).toMatchObject({
      refusal: "minimum",
      message: "Minimum order for EID20 is Rs 7,000",
    });
    expect(judge(code({ minOrder: 6997 }))).toMatchObject({ ok: true });
  });

  it("refuses a code that has not started in the words of an unknown code, whatever else is true of it (decision 0023)", () => {
    const unknown = { ok: false, refusal: "unknown", message: "This code is not valid" };
    const tomorrow = new Date("2026-04-06T00:00:00Z");
    expect(judge(code({ startsAt: tomorrow }))).toEqual(unknown);
    expect(judge(code({ startsAt: tomorrow, paused: true }))).toEqual(unknown);
    expect(judge(code({ startsAt: tomorrow, minOrder: 50_000, maxUses: 1, uses: 1 }))).toEqual(unknown);
    expect(judge(code({ startsAt: NOW }))).toMatchObject({ ok: true });
  });

  it("reads a typed code whatever its case and spaces", () => {
    expect(normalizeDiscountCode("  eid20 ")).toBe("EID20");
    expect(normalizeDiscountCode("   ")).toBeNull();
    expect(normalizeDiscountCode(42)).toBeNull();
  });
});
