import { describe, expect, it } from "vitest";
import { ORDER_STATUSES } from "~/modules/orders/order-lifecycle";
import { STATUS_BADGE_CLASSES } from "./status-badge";

describe("order status badges", () => {
  it("has a badge for every status", () => {
    expect(Object.keys(STATUS_BADGE_CLASSES)).toEqual([...ORDER_STATUSES]);
  });
  it("uses SPEC.md's colours", () => {
    expect(STATUS_BADGE_CLASSES.pending).toBe("bg-yellow-100 text-yellow-900");
    expect(STATUS_BADGE_CLASSES.confirmed).toContain("blue");
    expect(STATUS_BADGE_CLASSES.processing).toContain("indigo");
    expect(STATUS_BADGE_CLASSES.shipped).toContain("purple");
    expect(STATUS_BADGE_CLASSES.delivered).toContain("green");
    expect(STATUS_BADGE_CLASSES.cancelled).toContain("red");
    expect(STATUS_BADGE_CLASSES.returned).toContain("stone");
  });
});
