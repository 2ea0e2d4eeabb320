import { describe, expect, it } from "vitest";
import { AppError } from "~/lib/errors";
import {
  allowedNextStatuses,
  assertOrderMove,
  buyerCanCancel,
  buyerPaymentStatusLabel,
  canMoveOrder,
  isOrderStatus,
  ORDER_STATUSES,
  type OrderStatus,
  PAYMENT_STATUS_LABELS,
  PAYMENT_STATUSES,
  paymentStatusAfterMove,
  paymentStatusWhenSettled,
  paymentStatusFor,
  restocksWhenMovedTo,
  DEFAULT_RETURN_WINDOW_DAYS,
  STATUS_LABELS,
} from "./order-lifecycle";

const DAY = 24 * 60 * 60 * 1000;
const deliveredAt = new Date("2025-11-20T10:00:00Z");
const inWindow = { deliveredAt, now: new Date(deliveredAt.getTime() + 3 * DAY) };

/** Every allowed move, exactly; any pair not listed must be refused. */
const ALLOWED: Array<[OrderStatus, OrderStatus]> = [
  // Awaiting online payment: only cancelled by hand; confirmed by the gateway's answer alone (below).
  ["awaiting_payment", "cancelled"],
  ["pending", "confirmed"],
  ["confirmed", "processing"],
  ["processing", "shipped"],
  ["shipped", "delivered"],
  ["pending", "cancelled"],
  ["confirmed", "cancelled"],
  ["processing", "cancelled"],
  ["shipped", "returned"],
  ["delivered", "returned"],
];

describe("order moves", () => {
  it("allows exactly the listed moves", () => {
    for (const from of ORDER_STATUSES) {
      for (const to of ORDER_STATUSES) {
        const expected = ALLOWED.some(([f, t]) => f === from && t === to);
        expect(canMoveOrder(from, to, inWindow), `${from} -> ${to}`).toBe(expected);
      }
    }
  });

  it("confirms an order awaiting payment only by the gateway's verified answer", () => {
    expect(allowedNextStatuses("awaiting_payment")).toEqual(["cancelled"]);
    expect(canMoveOrder("awaiting_payment", "confirmed", { byPayment: true })).toBe(true);
    expect(() => assertOrderMove("awaiting_payment", "confirmed")).toThrow(
      /confirmed when the gateway says it is paid/,
    );
  });

  it("lists the next statuses for the owner's menu", () => {
    expect(allowedNextStatuses("pending")).toEqual(["confirmed", "cancelled"]);
    expect(allowedNextStatuses("shipped")).toEqual(["delivered", "returned"]);
    expect(allowedNextStatuses("cancelled")).toEqual([]);
    expect(allowedNextStatuses("returned")).toEqual([]);
  });

  it("never allows skipping ahead or going back", () => {
    expect(canMoveOrder("pending", "shipped")).toBe(false);
    expect(canMoveOrder("delivered", "shipped")).toBe(false);
    expect(canMoveOrder("shipped", "cancelled")).toBe(false);
    expect(canMoveOrder("pending", "pending")).toBe(false);
  });
});

describe("return window", () => {
  const after = (ms: number) => ({ deliveredAt, now: new Date(deliveredAt.getTime() + ms) });

  it("is seven days unless the shop's setting says otherwise", () => {
    expect(DEFAULT_RETURN_WINDOW_DAYS).toBe(7);
    expect(canMoveOrder("delivered", "returned", { ...after(10 * DAY), returnWindowDays: 14 })).toBe(true);
    expect(canMoveOrder("delivered", "returned", { ...after(3 * DAY + 1), returnWindowDays: 3 })).toBe(false);
    expect(canMoveOrder("delivered", "returned", { ...after(0), returnWindowDays: 0 })).toBe(true);
  });
  it("allows a return up to exactly seven days after delivery", () => {
    expect(canMoveOrder("delivered", "returned", after(0))).toBe(true);
    expect(canMoveOrder("delivered", "returned", after(7 * DAY))).toBe(true);
  });
  it("refuses a return after the window", () => {
    expect(canMoveOrder("delivered", "returned", after(7 * DAY + 1))).toBe(false);
    expect(allowedNextStatuses("delivered", after(8 * DAY))).toEqual([]);
  });
  it("refuses a return when the delivery time is unknown", () => {
    expect(canMoveOrder("delivered", "returned")).toBe(false);
    expect(canMoveOrder("delivered", "returned", { deliveredAt: null })).toBe(false);
  });
  it("does not limit a refusal at the door", () => {
    expect(canMoveOrder("shipped", "returned", after(30 * DAY))).toBe(true);
  });
});

describe("assertOrderMove", () => {
  it("passes an allowed move", () => {
    expect(() => assertOrderMove("pending", "confirmed")).not.toThrow();
  });
  it("throws a conflict naming the statuses", () => {
    const error = (() => {
      try {
        assertOrderMove("delivered", "pending");
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe("CONFLICT");
    expect((error as AppError).message).toBe("A delivered order cannot be marked pending");
  });
  it("explains a closed return window", () => {
    expect(() =>
      assertOrderMove("delivered", "returned", { deliveredAt, now: new Date(deliveredAt.getTime() + 10 * DAY) }),
    ).toThrow("the 7-day return window has passed");
    expect(() =>
      assertOrderMove("delivered", "returned", {
        deliveredAt,
        now: new Date(deliveredAt.getTime() + 4 * DAY),
        returnWindowDays: 3,
      }),
    ).toThrow("the 3-day return window has passed");
  });
});

describe("buyer cancellation and stock", () => {
  it("lets a buyer cancel only while pending or confirmed", () => {
    expect(ORDER_STATUSES.filter(buyerCanCancel)).toEqual(["pending", "confirmed"]);
  });
  it("restocks on cancel and return only", () => {
    expect(ORDER_STATUSES.filter(restocksWhenMovedTo)).toEqual(["cancelled", "returned"]);
  });
});

describe("payment status", () => {
  it("is collected only once delivered", () => {
    expect(ORDER_STATUSES.map((s) => paymentStatusFor(s))).toEqual([
      "unpaid",
      "unpaid",
      "unpaid",
      "unpaid",
      "unpaid",
      "collected",
      "unpaid",
      "unpaid",
    ]);
  });
  it("is refunded for a return after delivery", () => {
    expect(paymentStatusFor("returned", { deliveredAt })).toBe("refunded");
    expect(paymentStatusFor("returned", { deliveredAt: null })).toBe("unpaid");
  });
  it("follows each move", () => {
    expect(paymentStatusAfterMove("pending", "confirmed", "unpaid")).toBe("unpaid");
    expect(paymentStatusAfterMove("processing", "cancelled", "unpaid")).toBe("unpaid");
    expect(paymentStatusAfterMove("shipped", "delivered", "unpaid")).toBe("collected");
    expect(paymentStatusAfterMove("shipped", "returned", "unpaid")).toBe("unpaid");
    expect(paymentStatusAfterMove("delivered", "returned", "collected")).toBe("refunded");
    // Paid online in whole: nothing is collected at the door, and only a refund changes it.
    expect(paymentStatusAfterMove("shipped", "delivered", "paid")).toBe("paid");
    expect(paymentStatusAfterMove("confirmed", "cancelled", "paid")).toBe("paid");
  });
  it("is settled when a courier's settlement pays for a delivered order, and only then", () => {
    expect(paymentStatusWhenSettled("delivered", "collected")).toBe("settled");
    expect(paymentStatusWhenSettled("shipped", "unpaid")).toBe("unpaid");
    expect(paymentStatusWhenSettled("returned", "unpaid")).toBe("unpaid");
    expect(paymentStatusWhenSettled("returned", "refunded")).toBe("refunded");
    expect(paymentStatusWhenSettled("delivered", "settled")).toBe("settled");
  });
});

describe("labels", () => {
  it("has a label for every status", () => {
    expect(Object.keys(STATUS_LABELS)).toEqual([...ORDER_STATUSES]);
    expect(STATUS_LABELS.processing).toBe("Processing");
    expect(PAYMENT_STATUS_LABELS.collected).toBe("Collected");
  });

  it("tells a buyer Paid once the cash is taken, whoever holds it (the owner reads Collected or Settled)", () => {
    expect(Object.fromEntries(PAYMENT_STATUSES.map((status) => [status, buyerPaymentStatusLabel(status)]))).toEqual({
      unpaid: "Unpaid",
      collected: "Paid",
      settled: "Paid",
      refunded: "Refunded",
      paid: "Paid online",
      needs_refund: "Paid; refund due",
    });
    expect(PAYMENT_STATUS_LABELS.settled).toBe("Settled");
  });
});

describe("isOrderStatus", () => {
  it("accepts only known statuses", () => {
    expect(isOrderStatus("shipped")).toBe(true);
    expect(isOrderStatus("Shipped")).toBe(false);
    expect(isOrderStatus("refunded")).toBe(false);
    expect(isOrderStatus(undefined)).toBe(false);
  });
});
