import { describe, expect, it } from "vitest";
import { courierStatusKind } from "./courier-status";

describe("courierStatusKind", () => {
  it.each(["Delivered", "DELIVERED TO CONSIGNEE", "Shipment Delivered", "Delivered (COD collected)", "delivered", "Delivered - Received by brother"])("%j is delivered", (text) => {
    expect(courierStatusKind(text)).toBe("delivered");
  });

  it.each(["Returned", "Return to Origin", "RTO", "Returned to Shipper", "Return Delivered to Shipper", "Refused by consignee", "Refused", "RETURNED TO ORIGIN", "Delivered to Shipper"])(
    "%j is returned",
    (text) => {
      expect(courierStatusKind(text)).toBe("returned");
    },
  );

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
