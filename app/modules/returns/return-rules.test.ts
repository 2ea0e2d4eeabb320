import { describe, expect, it } from "vitest";
import { AppError } from "~/lib/errors";
import { parseOrRefuse, returnRequestInput, refundInput, REASON_TEXT_NEEDED } from "./return-input";
import {
  checkExchangeChoice,
  checkRefundAmount,
  checkReturnQuantities,
  discountShares,
  exchangeMoney,
  kindSummary,
  linePaidValues,
  NOT_DELIVERED_MESSAGE,
  NOTHING_PAID_MESSAGE,
  refundNote,
  refundRoom,
  returnIsDone,
  returnItemValues,
  returnWindow,
  unitsPaidValue,
} from "./return-rules";

const DAY = 24 * 60 * 60 * 1000;
const deliveredAt = new Date("2025-06-01T10:00:00Z");
const delivered = { status: "delivered" as const, deliveredAt };

function refusal(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error("expected a refusal");
}

describe("the return window", () => {
  it("is open up to exactly the window's last second and closed one second after", () => {
    expect(returnWindow(delivered, 7, new Date(deliveredAt.getTime() + 7 * DAY))).toEqual({
      open: true,
      closesAt: new Date(deliveredAt.getTime() + 7 * DAY),
      refusal: null,
    });
    expect(returnWindow(delivered, 7, new Date(deliveredAt.getTime() + 7 * DAY + 1000))).toMatchObject({
      open: false,
      refusal: "This order was delivered more than 7 days ago: its return window has closed",
    });
  });
  it("follows the shop's setting", () => {
    expect(returnWindow(delivered, 14, new Date(deliveredAt.getTime() + 10 * DAY)).open).toBe(true);
    expect(returnWindow(delivered, 1, new Date(deliveredAt.getTime() + 2 * DAY)).refusal).toBe(
      "This order was delivered more than 1 day ago: its return window has closed",
    );
    // 0 days: the shop takes no returns; said as such, not "more than 0 days ago".
    expect(returnWindow(delivered, 0, new Date(deliveredAt.getTime() + 1000)).refusal).toBe(
      "This shop does not take returns once an order is delivered: its return window has closed",
    );
  });
  it("refuses an order that is not delivered", () => {
    for (const status of ["pending", "shipped", "cancelled", "returned"] as const) {
      expect(returnWindow({ status, deliveredAt: null }, 7, deliveredAt)).toEqual({
        open: false,
        closesAt: null,
        refusal: NOT_DELIVERED_MESSAGE,
      });
    }
    expect(returnWindow({ status: "delivered", deliveredAt: null }, 7, deliveredAt).refusal).toBe(
      NOT_DELIVERED_MESSAGE,
    );
  });
});

describe("what each item was paid", () => {
  it("splits the discount by line value, the remainder on the largest line, adding up exactly", () => {
    const lines = [
      { id: 1, price: 1000, quantity: 1 },
      { id: 2, price: 2000, quantity: 1 },
      { id: 3, price: 333, quantity: 3 },
    ];
    const shares = discountShares(lines, 500);
    // 500 * 1000/3999 = 125.03, 500 * 2000/3999 = 250.06, 500 * 999/3999 = 124.9: 125 + 250 + 124 = 499, +1 on the largest line.
    expect([...shares]).toEqual([
      [1, 125],
      [2, 251],
      [3, 124],
    ]);
    expect([...shares.values()].reduce((a, b) => a + b, 0)).toBe(500);
    expect([...linePaidValues(lines, 500)]).toEqual([
      [1, 875],
      [2, 1749],
      [3, 875],
    ]);
  });
  it("takes nothing off without a discount", () => {
    expect([...linePaidValues([{ id: 7, price: 1299, quantity: 2 }], 0)]).toEqual([[7, 2598]]);
  });
  it("values parts of a line so that they add up to the whole line", () => {
    // A line of 3 paid Rs 1,000 in all.
    expect(unitsPaidValue(1000, 3, 0, 1)).toBe(333);
    expect(unitsPaidValue(1000, 3, 1, 2)).toBe(667);
    expect(unitsPaidValue(1000, 3, 0, 3)).toBe(1000);
    const values = returnItemValues([{ id: 1, price: 500, quantity: 3 }], 500, [
      { id: 10, orderItemId: 1, quantity: 1 },
      { id: 11, orderItemId: 1, quantity: 1 },
      { id: 12, orderItemId: 1, quantity: 1 },
    ]);
    expect([...values.values()]).toEqual([333, 333, 334]);
  });
});

describe("quantities", () => {
  const lines = [
    { id: 1, price: 1299, quantity: 1, name: "Tee", color: "Black", size: "M" },
    { id: 2, price: 999, quantity: 2, name: "Cap", color: "Red", size: "One" },
  ];
  it("refuses a second request for an item already asked for", () => {
    const error = refusal(() => checkReturnQuantities(lines, new Map([[1, 1]]), [{ orderItemId: 1, quantity: 1 }]));
    expect(error.message).toBe("You have already asked to return 1 of these 1 items");
  });
  it("counts items of the same line together and refuses more than ordered", () => {
    expect(() =>
      checkReturnQuantities(lines, new Map(), [
        { orderItemId: 2, quantity: 1 },
        { orderItemId: 2, quantity: 1 },
      ]),
    ).not.toThrow();
    expect(
      refusal(() =>
        checkReturnQuantities(lines, new Map(), [
          { orderItemId: 2, quantity: 2 },
          { orderItemId: 2, quantity: 1 },
        ]),
      ).message,
    ).toBe("You ordered 2 of Cap (Red, One)");
    expect(
      refusal(() => checkReturnQuantities(lines, new Map([[2, 1]]), [{ orderItemId: 2, quantity: 2 }])).message,
    ).toBe("You have already asked to return 1 of these 2 items");
  });
  it("refuses an item of another order", () => {
    expect(refusal(() => checkReturnQuantities(lines, new Map(), [{ orderItemId: 99, quantity: 1 }])).message).toBe(
      "That item is not part of this order",
    );
  });
});

describe("exchanges", () => {
  const line = { variantId: 5, productId: "tee", name: "Tee" };
  const choice = { variantId: 6, productId: "tee", color: "Black", size: "L", stock: 3, forSale: true };
  it("takes another size or colour of the same product in stock", () => {
    expect(() => checkExchangeChoice(line, choice, 2)).not.toThrow();
  });
  it("refuses the same variant, another product, one not for sale or short of stock", () => {
    expect(refusal(() => checkExchangeChoice(line, { ...choice, variantId: 5 }, 1)).message).toBe(
      "Please choose a different size or colour of Tee than the one you have",
    );
    expect(refusal(() => checkExchangeChoice(line, { ...choice, productId: "cap" }, 1)).message).toBe(
      "Please choose another size or colour of Tee",
    );
    expect(refusal(() => checkExchangeChoice(line, undefined, 1)).message).toBe(
      "Please choose another size or colour of Tee",
    );
    expect(refusal(() => checkExchangeChoice(line, { ...choice, forSale: false }, 1)).message).toBe(
      "Tee is no longer available for exchange",
    );
    expect(refusal(() => checkExchangeChoice(line, { ...choice, stock: 0 }, 1)).message).toBe(
      "Tee (Black, L) is out of stock",
    );
    expect(refusal(() => checkExchangeChoice(line, choice, 4)).message).toBe("Only 3 left of Tee (Black, L)");
  });
  it("collects a higher price's difference, nothing at the same price, and credits a lower price", () => {
    expect(exchangeMoney([{ oldPrice: 1299, newPrice: 1500, quantity: 1, paidValue: 1299 }])).toEqual({
      newTotal: 1500,
      discountCarried: 0,
      exchangeCredit: 1299,
      cashToCollect: 201,
      storeCredit: 0,
      difference: 201,
    });
    expect(exchangeMoney([{ oldPrice: 1299, newPrice: 1299, quantity: 1, paidValue: 1299 }])).toEqual({
      newTotal: 1299,
      discountCarried: 0,
      exchangeCredit: 1299,
      cashToCollect: 0,
      storeCredit: 0,
      difference: 0,
    });
    expect(exchangeMoney([{ oldPrice: 1299, newPrice: 999, quantity: 1, paidValue: 1299 }])).toEqual({
      newTotal: 999,
      discountCarried: 0,
      exchangeCredit: 999,
      cashToCollect: 0,
      storeCredit: 300,
      difference: -300,
    });
  });
  it("carries the order's discount over: the same price with 10 % off collects Rs 0, a higher one only the price rise", () => {
    expect(exchangeMoney([{ oldPrice: 2000, newPrice: 2000, quantity: 1, paidValue: 1800 }])).toEqual({
      newTotal: 2000,
      discountCarried: 200,
      exchangeCredit: 1800,
      cashToCollect: 0,
      storeCredit: 0,
      difference: 0,
    });
    expect(exchangeMoney([{ oldPrice: 2000, newPrice: 2500, quantity: 1, paidValue: 1800 }])).toMatchObject({
      discountCarried: 200,
      exchangeCredit: 1800,
      cashToCollect: 500,
      storeCredit: 0,
    });
    expect(exchangeMoney([{ oldPrice: 2000, newPrice: 1500, quantity: 1, paidValue: 1800 }])).toMatchObject({
      discountCarried: 150,
      exchangeCredit: 1350,
      cashToCollect: 0,
      storeCredit: 450,
    });
    // Two items add up, each judged on its own; the replacement's total is always subtotal - discount - credit.
    const both = exchangeMoney([
      { oldPrice: 2000, newPrice: 2500, quantity: 1, paidValue: 1800 },
      { oldPrice: 1000, newPrice: 999, quantity: 2, paidValue: 1799 },
    ]);
    expect(both.newTotal - both.discountCarried - both.exchangeCredit).toBe(both.cashToCollect);
    expect(both).toMatchObject({ cashToCollect: 500, storeCredit: 1800 + 1799 - both.exchangeCredit });
  });
});

describe("refunds", () => {
  it("never goes past what is left of the ceiling", () => {
    const room = refundRoom(1299, 1000, "collected");
    expect(room).toEqual({ ceiling: 1299, refunded: 1000, left: 299, paid: true });
    expect(() => checkRefundAmount(299, room)).not.toThrow();
    expect(refusal(() => checkRefundAmount(300, room)).message).toBe("At most Rs 299 can be refunded for this return");
    expect(refusal(() => checkRefundAmount(0, room)).fields).toEqual({
      amount: "Please enter a whole number of rupees above 0",
    });
    expect(refusal(() => checkRefundAmount(10.5, room)).code).toBe("VALIDATION");
  });
  it("has nothing to refund on an unpaid order", () => {
    const room = refundRoom(1299, 0, "unpaid");
    expect(room.left).toBe(0);
    expect(refusal(() => checkRefundAmount(1, room)).message).toBe(NOTHING_PAID_MESSAGE);
    expect(refundRoom(1299, 0, "settled").left).toBe(1299);
  });
  it("is done when nothing is left to refund and the replacement is delivered or there is none", () => {
    expect(returnIsDone(0, null)).toBe(true);
    expect(returnIsDone(0, "delivered")).toBe(true);
    expect(returnIsDone(0, "shipped")).toBe(false);
    expect(returnIsDone(1, null)).toBe(false);
  });
});

describe("inputs and words", () => {
  it("needs text for the reason other, at least one item and a variant for an exchange", () => {
    expect(
      refusal(() =>
        parseOrRefuse(returnRequestInput, {
          items: [{ orderItemId: 1, quantity: 1, kind: "return" }],
          reason: "other",
          reasonText: " ",
        }),
      ).fields,
    ).toEqual({ reasonText: REASON_TEXT_NEEDED });
    expect(refusal(() => parseOrRefuse(returnRequestInput, { items: [], reason: "wrong_size" })).fields).toEqual({
      items: "Please choose at least one item",
    });
    expect(
      refusal(() =>
        parseOrRefuse(returnRequestInput, {
          items: [{ orderItemId: 1, quantity: 1, kind: "exchange" }],
          reason: "wrong_size",
        }),
      ).fields,
    ).toEqual({ "items.0.exchangeVariantId": "Please choose the size or colour you want instead" });
    expect(
      refusal(() =>
        parseOrRefuse(returnRequestInput, { items: [{ orderItemId: 1, quantity: 0, kind: "return" }], reason: "nope" }),
      ).fields,
    ).toMatchObject({
      "items.0.quantity": "Please enter a whole quantity of at least 1",
      reason: "Please choose a reason",
    });
    expect(
      refusal(() =>
        parseOrRefuse(returnRequestInput, {
          items: [{ orderItemId: 1, quantity: 1, kind: "return" }],
          reason: "other",
          reasonText: "x".repeat(501),
        }),
      ).fields,
    ).toEqual({ reasonText: "Your note must be 500 characters or fewer" });
  });
  it("reads a refund from form strings", () => {
    expect(parseOrRefuse(refundInput, { method: "jazzcash", amount: "1299", reference: " 0301 " })).toEqual({
      method: "jazzcash",
      amount: 1299,
      reference: "0301",
    });
    expect(parseOrRefuse(refundInput, { method: "cash", amount: 5, reference: "" }).reference).toBeNull();
  });
  it("says what a request holds and how a refund went", () => {
    expect(
      kindSummary([
        { kind: "exchange", quantity: 1 },
        { kind: "return", quantity: 2 },
      ]),
    ).toBe("1 exchange, 2 returns");
    expect(refundNote("jazzcash", 1299, "TX9")).toBe("Rs 1,299 refunded by JazzCash, reference TX9");
    expect(refundNote("store_credit", 300, null)).toBe("Rs 300 added to store credit");
  });
});
