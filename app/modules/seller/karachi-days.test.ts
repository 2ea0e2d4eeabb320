import { describe, expect, it } from "vitest";
import { karachiDay, lastKarachiDays, startOfKarachiDay } from "./karachi-days";

describe("Karachi days", () => {
  it("puts an instant on its Pakistan calendar day (UTC+5)", () => {
    expect(karachiDay(new Date("2025-06-01T18:59:59Z"))).toBe("2025-06-01");
    expect(karachiDay(new Date("2025-06-01T19:00:00Z"))).toBe("2025-06-02");
  });

  it("finds when a Karachi day began", () => {
    expect(startOfKarachiDay(new Date("2025-06-02T03:00:00Z")).toISOString()).toBe("2025-06-01T19:00:00.000Z");
    expect(startOfKarachiDay(new Date("2025-06-02T03:00:00Z"), 29).toISOString()).toBe("2025-05-03T19:00:00.000Z");
  });

  it("lists the last N days oldest first, across a month end", () => {
    const days = lastKarachiDays(new Date("2025-03-02T20:00:00Z"), 5);
    expect(days).toEqual(["2025-02-27", "2025-02-28", "2025-03-01", "2025-03-02", "2025-03-03"]);
  });
});
