import { describe, expect, it } from "vitest";
import { storeCreditEntryWords, storeCreditToUse } from "./store-credit-rules";

describe("storeCreditToUse", () => {
  it("pays the whole order when the balance covers it, and the balance otherwise", () => {
    expect(storeCreditToUse(5000, 2798)).toBe(2798);
    expect(storeCreditToUse(1000, 2798)).toBe(1000);
    expect(storeCreditToUse(2798, 2798)).toBe(2798);
    expect(storeCreditToUse(0, 2798)).toBe(0);
    expect(storeCreditToUse(500, 0)).toBe(0);
  });

  it("refuses fractions and negatives: money is whole rupees", () => {
    expect(() => storeCreditToUse(10.5, 100)).toThrow(RangeError);
    expect(() => storeCreditToUse(-1, 100)).toThrow(RangeError);
    expect(() => storeCreditToUse(100, -5)).toThrow(RangeError);
  });
});

describe("storeCreditEntryWords", () => {
  const none = { orderNumber: null, returnNumber: null, note: null };
  it("names each change with its return or order", () => {
    expect(storeCreditEntryWords({ ...none, kind: "refund", returnNumber: "RT-123456" })).toBe("Refund for RT-123456");
    expect(storeCreditEntryWords({ ...none, kind: "exchange_difference", returnNumber: "RT-654321" })).toBe(
      "Exchange difference RT-654321",
    );
    expect(storeCreditEntryWords({ ...none, kind: "spent", orderNumber: "ORD-111111" })).toBe("Spent on ORD-111111");
    expect(storeCreditEntryWords({ ...none, kind: "restored", orderNumber: "ORD-111111", note: "cancelled" })).toBe(
      "Given back: ORD-111111 cancelled",
    );
    expect(storeCreditEntryWords({ ...none, kind: "restored", orderNumber: "ORD-111111", note: "returned" })).toBe(
      "Given back: ORD-111111 returned",
    );
  });

  it("still reads when the order or return is gone", () => {
    expect(storeCreditEntryWords({ ...none, kind: "refund" })).toBe("Refund");
    expect(storeCreditEntryWords({ ...none, kind: "spent" })).toBe("Spent on an order");
  });
});
