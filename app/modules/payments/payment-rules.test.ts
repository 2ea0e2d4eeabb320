import { describe, expect, it } from "vitest";
import { advanceFor, codFeeFor, DEFAULT_PAYMENT_RULES, type PaymentRules } from "./payment-rules";

const rules = (over: Partial<PaymentRules>): PaymentRules => ({ ...DEFAULT_PAYMENT_RULES, ...over });
const order = { total: 12_000, shippingFee: 250, city: "Quetta", customerTags: [] as string[], refusedBefore: false };

describe("the COD fee", () => {
  it("is added when set, and waived only above the amount", () => {
    expect(codFeeFor(rules({}), 5_000)).toBe(0);
    expect(codFeeFor(rules({ codFee: 150 }), 5_000)).toBe(150);
    expect(codFeeFor(rules({ codFee: 150, codFeeWaivedAbove: 5_000 }), 5_000)).toBe(150);
    expect(codFeeFor(rules({ codFee: 150, codFeeWaivedAbove: 5_000 }), 5_001)).toBe(0);
  });
});

describe("the advance on a risky COD order", () => {
  it("asks nothing when the shop asks no advance, whatever the order", () => {
    expect(advanceFor(rules({ advanceAbove: 1 }), order)).toEqual({ amount: 0, reasons: [] });
  });

  it("asks when the total is above the amount, with the reason the buyer is shown", () => {
    const r = rules({ advanceKind: "percent", advanceValue: 50, advanceAbove: 10_000 });
    expect(advanceFor(r, order)).toEqual({ amount: 6_000, reasons: ["orders above Rs 10,000 pay an advance"] });
    expect(advanceFor(r, { ...order, total: 10_000 }).amount).toBe(0);
  });

  it("rounds a percentage up to a whole rupee and never asks more than the total", () => {
    expect(
      advanceFor(rules({ advanceKind: "percent", advanceValue: 33, advanceAbove: 0 }), { ...order, total: 1_001 })
        .amount,
    ).toBe(331);
    expect(
      advanceFor(rules({ advanceKind: "fixed", advanceValue: 5_000, advanceAbove: 0 }), { ...order, total: 3_000 })
        .amount,
    ).toBe(3_000);
  });

  it("asks the delivery fee for a listed city (any case), a tagged customer, or one who refused before", () => {
    const r = rules({
      advanceKind: "delivery_fee",
      advanceCities: ["quetta"],
      advanceTags: ["Risky"],
      advanceIfRefusedBefore: true,
    });
    expect(advanceFor(r, order)).toEqual({ amount: 250, reasons: ["orders to Quetta pay an advance"] });
    const elsewhere = { ...order, city: "Lahore" };
    expect(advanceFor(r, elsewhere).amount).toBe(0);
    expect(advanceFor(r, { ...elsewhere, customerTags: ["risky"] }).reasons).toEqual([
      "this account's orders pay an advance",
    ]);
    expect(advanceFor(r, { ...elsewhere, refusedBefore: true }).reasons).toEqual([
      "a parcel to this phone number was refused before",
    ]);
    expect(
      advanceFor(rules({ ...r, advanceIfRefusedBefore: false }), { ...elsewhere, refusedBefore: true }).amount,
    ).toBe(0);
  });

  it("a free-delivery order asked for the delivery fee pays no advance", () => {
    const r = rules({ advanceKind: "delivery_fee", advanceAbove: 0 });
    expect(advanceFor(r, { ...order, shippingFee: 0 })).toEqual({ amount: 0, reasons: [] });
  });
});
