import { describe, expect, it } from "vitest";
import { codAmountFor } from "./parcel";

describe("the cash a courier collects", () => {
  it("is the order's total on a cash-on-delivery order", () => {
    expect(codAmountFor({ total: 2_499, amountPaid: 0, paymentStatus: "unpaid" })).toBe(2_499);
  });

  it("is only the rest when an advance was paid online (issue 42)", () => {
    expect(codAmountFor({ total: 12_000, amountPaid: 6_000, paymentStatus: "unpaid" })).toBe(6_000);
  });

  it("is nothing when the order was paid online in whole, or the cash is already taken", () => {
    expect(codAmountFor({ total: 2_499, amountPaid: 2_499, paymentStatus: "paid" })).toBe(0);
    expect(codAmountFor({ total: 2_499, amountPaid: 0, paymentStatus: "collected" })).toBe(0);
  });
});
