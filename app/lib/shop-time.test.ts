import { describe, expect, it } from "vitest";
import {
  addWorkingDays,
  formatShopDate,
  formatShopDateLong,
  formatShopDateTime,
  formatShopDateTimeAmPm,
  formatShopDateTimeHour12,
  formatShopDateTimePk,
  formatShopDateTimeSortable,
  formatShopDayMonth,
  formatShopWeekdayDayMonth,
  formatShopWeekdayDayMonthPk,
  fromShopDateTimeLocal,
  isWorkingDay,
  lastShopDays,
  SHOP_TIME_ZONE,
  SHOP_UTC_OFFSET_MS,
  SHOP_UTC_OFFSET_SECONDS,
  shopDay,
  shopDayNoon,
  shopDayRange,
  startOfShopDay,
  toShopDateTimeLocal,
} from "./shop-time";

const NOT_DAYS = [
  "2025-02-29",
  "2025-13-01",
  "2025-00-10",
  "2025-04-31",
  "2025-6-2",
  "",
  " 2025-06-02",
  "0099-01-01",
  "2025-06-02T00:00",
  "yesterday",
];

describe("the shop's zone", () => {
  it("is Pakistan time, UTC+5 with no daylight saving", () => {
    expect(SHOP_TIME_ZONE).toBe("Asia/Karachi");
    expect(SHOP_UTC_OFFSET_MS).toBe(18_000_000);
    expect(SHOP_UTC_OFFSET_SECONDS).toBe(18_000);
    // The fixed offset agrees with the zone's rules in winter and in summer.
    for (const at of ["2026-01-15T10:00:00Z", "2026-07-15T10:00:00Z"]) {
      const hour = new Intl.DateTimeFormat("en-GB", {
        timeZone: SHOP_TIME_ZONE,
        hour: "2-digit",
        hourCycle: "h23",
      }).format(new Date(at));
      expect(hour).toBe("15");
    }
  });
});

describe("shop days", () => {
  it("puts an instant on its Pakistan calendar day: the day turns at 19:00 UTC", () => {
    expect(shopDay(new Date("2025-06-01T18:59:59.999Z"))).toBe("2025-06-01");
    expect(shopDay(new Date("2025-06-01T19:00:00Z"))).toBe("2025-06-02");
    expect(shopDay(new Date("2025-06-02T18:59:59Z"))).toBe("2025-06-02");
  });

  it("rolls over months, leap days and years at 19:00 UTC", () => {
    expect(shopDay(new Date("2025-06-30T19:00:00Z"))).toBe("2025-07-01");
    expect(shopDay(new Date("2024-02-28T19:00:00Z"))).toBe("2024-02-29");
    expect(shopDay(new Date("2025-02-28T19:00:00Z"))).toBe("2025-03-01");
    expect(shopDay(new Date("2025-12-31T18:59:59Z"))).toBe("2025-12-31");
    expect(shopDay(new Date("2025-12-31T19:00:00Z"))).toBe("2026-01-01");
  });

  it("refuses an invalid date", () => {
    expect(() => shopDay(new Date("not a date"))).toThrow(RangeError);
  });

  it("finds when a shop day began", () => {
    expect(startOfShopDay(new Date("2025-06-02T03:00:00Z")).toISOString()).toBe("2025-06-01T19:00:00.000Z");
    expect(startOfShopDay(new Date("2025-06-01T19:00:00Z")).toISOString()).toBe("2025-06-01T19:00:00.000Z");
    expect(startOfShopDay(new Date("2025-06-01T18:59:59Z")).toISOString()).toBe("2025-05-31T19:00:00.000Z");
    expect(startOfShopDay(new Date("2025-06-02T03:00:00Z"), 29).toISOString()).toBe("2025-05-03T19:00:00.000Z");
    // 1 January in Pakistan began on 31 December in UTC; 30 days back is in the year before.
    expect(startOfShopDay(new Date("2025-12-31T20:00:00Z")).toISOString()).toBe("2025-12-31T19:00:00.000Z");
    expect(startOfShopDay(new Date("2026-01-10T05:00:00Z"), 10).toISOString()).toBe("2025-12-30T19:00:00.000Z");
    expect(Number.isNaN(startOfShopDay(new Date(Number.NaN)).getTime())).toBe(true);
  });

  it("lists the last N days oldest first, across a month end and a year end", () => {
    expect(lastShopDays(new Date("2025-03-02T20:00:00Z"), 5)).toEqual([
      "2025-02-27",
      "2025-02-28",
      "2025-03-01",
      "2025-03-02",
      "2025-03-03",
    ]);
    expect(lastShopDays(new Date("2025-12-31T19:00:00Z"), 3)).toEqual(["2025-12-30", "2025-12-31", "2026-01-01"]);
    expect(lastShopDays(new Date("2025-06-10T10:00:00Z"), 1)).toEqual(["2025-06-10"]);
    expect(lastShopDays(new Date("2025-06-10T10:00:00Z"), 30)).toHaveLength(30);
  });

  it("gives the instants a shop day runs between, and refuses what is not a real date", () => {
    expect(shopDayRange("2025-06-02")).toEqual({
      start: new Date("2025-06-01T19:00:00Z"),
      end: new Date("2025-06-02T19:00:00Z"),
    });
    expect(shopDayRange("2024-02-29")?.start.toISOString()).toBe("2024-02-28T19:00:00.000Z");
    expect(shopDayRange("2026-01-01")).toEqual({
      start: new Date("2025-12-31T19:00:00Z"),
      end: new Date("2026-01-01T19:00:00Z"),
    });
    for (const bad of NOT_DAYS) expect(shopDayRange(bad)).toBeNull();
  });

  it("gives noon in Pakistan on a day, and an Invalid Date for what is not a real date", () => {
    expect(shopDayNoon("2025-11-26").toISOString()).toBe("2025-11-26T07:00:00.000Z");
    expect(shopDayNoon("2026-01-01").toISOString()).toBe("2026-01-01T07:00:00.000Z");
    for (const bad of NOT_DAYS) expect(Number.isNaN(shopDayNoon(bad).getTime())).toBe(true);
  });
});

// November 2025: Sat 22, Sun 23, Mon 24 ... Sat 29, Sun 30; Mon 1 Dec.
describe("working days", () => {
  it("are every day but Sunday", () => {
    expect(isWorkingDay("2025-11-22")).toBe(true); // Saturday
    expect(isWorkingDay("2025-11-23")).toBe(false); // Sunday
    expect(isWorkingDay("2025-11-24")).toBe(true); // Monday
    expect(isWorkingDay("2026-01-04")).toBe(false); // Sunday
    expect(() => isWorkingDay("2025-02-29")).toThrow(RangeError);
  });

  it("are counted from the next day, skipping Sundays", () => {
    expect(addWorkingDays("2025-11-24", 0)).toBe("2025-11-24");
    expect(addWorkingDays("2025-11-24", 1)).toBe("2025-11-25"); // Monday -> Tuesday
    expect(addWorkingDays("2025-11-22", 1)).toBe("2025-11-24"); // Saturday -> Monday (Sunday skipped)
    expect(addWorkingDays("2025-11-23", 1)).toBe("2025-11-24"); // Sunday -> Monday
    expect(addWorkingDays("2025-11-22", 3)).toBe("2025-11-26");
    expect(addWorkingDays("2025-11-29", 1)).toBe("2025-12-01"); // over a Sunday and a month end
    expect(addWorkingDays("2025-11-24", 6)).toBe("2025-12-01"); // a whole week is six working days
  });

  it("cross a year end", () => {
    // Sat 27 Dec 2025: Mon 29, Tue 30, Wed 31, Thu 1, Fri 2, Sat 3, (Sun 4), Mon 5.
    expect(addWorkingDays("2025-12-27", 5)).toBe("2026-01-02");
    expect(addWorkingDays("2025-12-27", 7)).toBe("2026-01-05");
  });

  it("refuses a day that is not real", () => {
    for (const bad of NOT_DAYS) expect(() => addWorkingDays(bad, 1)).toThrow(RangeError);
  });
});

describe("typed times (datetime-local)", () => {
  it("shows an instant in Pakistan time", () => {
    expect(toShopDateTimeLocal(new Date("2025-10-12T16:00:00Z"))).toBe("2025-10-12T21:00");
    expect(toShopDateTimeLocal("2025-12-31T19:30:00Z")).toBe("2026-01-01T00:30");
    expect(toShopDateTimeLocal(null)).toBe("");
    expect(toShopDateTimeLocal("")).toBe("");
  });

  it("reads a typed time as Pakistan time, or an ISO time with its own zone", () => {
    expect(fromShopDateTimeLocal("2025-10-12T21:00")?.toISOString()).toBe("2025-10-12T16:00:00.000Z");
    expect(fromShopDateTimeLocal(" 2026-01-01T00:30 ")?.toISOString()).toBe("2025-12-31T19:30:00.000Z");
    expect(fromShopDateTimeLocal("2025-10-12T21:00:30")?.toISOString()).toBe("2025-10-12T16:00:30.000Z");
    expect(fromShopDateTimeLocal("2025-10-12T21:00:00Z")?.toISOString()).toBe("2025-10-12T21:00:00.000Z");
    expect(fromShopDateTimeLocal("2025-10-12T21:00:00+01:00")?.toISOString()).toBe("2025-10-12T20:00:00.000Z");
    for (const bad of ["", "  ", "tomorrow", "2025-13-01T10:00", "2025-10-12T25:00"])
      expect(fromShopDateTimeLocal(bad)).toBeNull();
  });

  it("reads back what it shows", () => {
    const at = new Date("2026-03-01T04:15:00Z");
    expect(fromShopDateTimeLocal(toShopDateTimeLocal(at))).toEqual(at);
  });
});

describe("formatting in Pakistan time", () => {
  // 17:10 on Thursday 26 November 2026 in Pakistan; 00:00 and 12:05 the same day; 23:30 UTC on the
  // 25th, already 04:30 on the 26th in Pakistan.
  const afternoon = new Date("2026-11-26T12:10:00Z");
  const midnight = new Date("2026-11-25T19:00:00Z");
  const noonish = new Date("2026-11-26T07:05:00Z");
  const lateUtc = new Date("2026-11-25T23:30:00Z");

  it("formats dates", () => {
    expect(formatShopDate(afternoon)).toBe("26 Nov 2026");
    expect(formatShopDate(lateUtc)).toBe("26 Nov 2026");
    expect(formatShopDate(new Date("2026-11-26T18:59:59Z"))).toBe("26 Nov 2026");
    expect(formatShopDate(new Date("2026-11-26T19:00:00Z"))).toBe("27 Nov 2026");
    expect(formatShopDate("2026-12-31T19:00:00.000Z")).toBe("1 Jan 2027");
    expect(formatShopDateLong(afternoon)).toBe("26 November 2026");
    expect(formatShopDateLong("2026-12-31T19:00:00Z")).toBe("1 January 2027");
    expect(formatShopDayMonth(lateUtc)).toBe("26 Nov");
    expect(formatShopDayMonth("2026-11-30T19:00:00Z")).toBe("1 Dec");
  });

  it("formats weekdays", () => {
    expect(formatShopWeekdayDayMonth(afternoon)).toBe("Thu 26 Nov");
    expect(formatShopWeekdayDayMonth(lateUtc)).toBe("Thu 26 Nov");
    expect(formatShopWeekdayDayMonth(shopDayNoon("2025-12-01"))).toBe("Mon 1 Dec");
    expect(formatShopWeekdayDayMonthPk(afternoon)).toBe("Thu, 26 Nov");
    expect(formatShopWeekdayDayMonthPk("2026-11-25T19:00:00Z")).toBe("Thu, 26 Nov");
  });

  it("formats dates with times", () => {
    expect(formatShopDateTime(afternoon)).toBe("26 Nov 2026, 17:10");
    expect(formatShopDateTime(midnight)).toBe("26 Nov 2026, 00:00");
    expect(formatShopDateTime(lateUtc.toISOString())).toBe("26 Nov 2026, 04:30");
    expect(formatShopDateTimeAmPm(afternoon)).toBe("26 Nov 2026, 5:10 pm");
    expect(formatShopDateTimeAmPm(midnight)).toBe("26 Nov 2026, 12:00 am");
    expect(formatShopDateTimeAmPm(noonish)).toBe("26 Nov 2026, 12:05 pm");
    expect(formatShopDateTimeAmPm("2025-10-12T16:00:00Z")).toBe("12 Oct 2025, 9:00 pm");
    expect(formatShopDateTimeHour12(afternoon)).toBe("26 Nov 2026, 5:10 pm");
    expect(formatShopDateTimeHour12(lateUtc)).toBe("26 Nov 2026, 4:30 am");
    expect(formatShopDateTimeHour12(noonish)).toBe("26 Nov 2026, 0:05 pm");
    expect(formatShopDateTimePk(afternoon)).toBe("26-Nov-2026, 5:10 pm");
    expect(formatShopDateTimePk(lateUtc)).toBe("26-Nov-2026, 4:30 am");
  });

  it("formats sortable times for files", () => {
    expect(formatShopDateTimeSortable(afternoon)).toBe("2026-11-26 17:10");
    expect(formatShopDateTimeSortable(lateUtc)).toBe("2026-11-26 04:30");
    expect(formatShopDateTimeSortable("2025-11-21T09:03:00Z")).toBe("2025-11-21 14:03");
  });

  it("refuses an invalid date as Intl does", () => {
    expect(() => formatShopDate("not a date")).toThrow(RangeError);
    expect(() => formatShopDateTime(new Date(Number.NaN))).toThrow(RangeError);
  });
});
