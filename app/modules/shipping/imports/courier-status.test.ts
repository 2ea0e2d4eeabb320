import { describe, expect, it } from "vitest";
import { courierStatusKind } from "./courier-status";

describe("courierStatusKind", () => {
  it.each([
    "Delivered",
    "DELIVERED TO CONSIGNEE",
    "Shipment Delivered",
    "Delivered (COD collected)",
    "delivered",
    "Delivered - Received by brother",
  ])("%j is delivered", (text) => {
    expect(courierStatusKind(text)).toBe("delivered");
  });

  it.each([
    "Returned",
    "Return to Origin",
    "RTO",
    "Returned to Shipper",
    "Return Delivered to Shipper",
    "Returned (refused by consignee)",
    "RETURNED TO ORIGIN",
    "Delivered to Shipper",
  ])("%j is returned", (text) => {
    expect(courierStatusKind(text)).toBe("returned");
  });

  it.each([
    "Refused by consignee",
    "Refused",
    "REFUSED - RETURN IN PROCESS",
    "Customer refused to accept",
    "Rejected by customer",
  ])("%j is refused (on its way back, not returned yet)", (text) => {
    expect(courierStatusKind(text)).toBe("refused");
  });

  it.each([
    "In Transit",
    "Out for Delivery",
    "Being Returned",
    "Return in process",
    "Return In Progress",
    "RTO in transit",
    "Not Delivered",
    "Undelivered",
    "Could not be delivered - address not found",
    "Delivery attempted",
    "Booked",
    "Arrived at destination",
    "",
  ])("%j is other", (text) => {
    expect(courierStatusKind(text)).toBe("other");
  });
});
