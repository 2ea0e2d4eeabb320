import { describe, expect, it } from "vitest";
import { karachiDay, karachiDayRange, lastKarachiDays, startOfKarachiDay } from "./karachi-days";

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

  it("gives the instants a Karachi day runs between, and refuses what is not a real date", () => {
    expect(karachiDayRange("2025-06-02")).toEqual({ start: new Date("2025-06-01T19:00:00Z"), end: new Date("2025-06-02T19:00:00Z") });
    expect(karachiDayRange("2024-02-29")?.start.toISOString()).toBe("2024-02-28T19:00:00.000Z");
    for (const bad of ["2025-02-29", "2025-13-01", "2025-6-2", "", "0099-01-01", "2025-06-02T00:00", "yesterday"]) expect(karachiDayRange(bad)).toBeNull();
  });
});
