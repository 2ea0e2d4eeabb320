import { describe, expect, it } from "vitest";
import { whatsappStateParts, type WhatsappOrderState } from "./whatsapp-order-state";

const none: WhatsappOrderState = {
  status: null,
  sentAt: null,
  readAt: null,
  answeredAt: null,
  repliedAt: null,
  needsCall: false,
};
// 27 Nov 2026, 14:30 PKT (09:30 UTC).
const now = new Date("2026-11-27T09:30:00Z");

describe("whatsappStateParts", () => {
  it("says today's times in PKT, 24-hour", () => {
    const parts = whatsappStateParts(
      {
        ...none,
        status: "confirmed",
        sentAt: new Date("2026-11-27T09:02:00Z"),
        readAt: new Date("2026-11-27T09:05:00Z"),
        answeredAt: new Date("2026-11-27T09:07:00Z"),
      },
      now,
    );
    expect(parts).toEqual(["Sent 14:02", "Read 14:05", "Confirmed 14:07"]);
  });

  it("names the day of a time before today (PKT's day, not UTC's), and says Needs call", () => {
    // 26 Nov 23:50 PKT is still 26 Nov in UTC terms too; 27 Nov 00:10 PKT is 26 Nov 19:10 UTC: today in PKT.
    expect(
      whatsappStateParts({ ...none, status: "sent", sentAt: new Date("2026-11-26T18:50:00Z"), needsCall: true }, now),
    ).toEqual(["Sent 26 Nov 23:50", "Needs call"]);
    expect(whatsappStateParts({ ...none, status: "sent", sentAt: new Date("2026-11-26T19:10:00Z") }, now)).toEqual([
      "Sent 00:10",
    ]);
  });

  it("says nothing for an order never asked on WhatsApp, and Queued / Not delivered before a send", () => {
    expect(whatsappStateParts(none, now)).toEqual([]);
    expect(whatsappStateParts({ ...none, status: "queued" }, now)).toEqual(["Queued"]);
    expect(whatsappStateParts({ ...none, status: "failed", needsCall: true }, now)).toEqual([
      "Not delivered",
      "Needs call",
    ]);
  });
});
