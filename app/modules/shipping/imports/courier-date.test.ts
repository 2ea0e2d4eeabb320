import { describe, expect, it } from "vitest";
import { parseCourierDate } from "./courier-date";
import { guessMapping, readRows } from "./column-mapping";

describe("parseCourierDate: dates as couriers write them, Pakistan time, day first", () => {
  it.each([
    ["24/11/2026", "2026-11-24"],
    ["24-11-2026", "2026-11-24"],
    ["24.11.2026", "2026-11-24"],
    ["5/11/2026", "2026-11-05"], // day first: 5 November, never May 11
    ["24-Nov-2026", "2026-11-24"],
    ["24 Nov 2026", "2026-11-24"],
    ["24 November 2026", "2026-11-24"],
    ["24-Nov-26", "2026-11-24"],
    ["Nov 24, 2026", "2026-11-24"],
    ["2026-11-24", "2026-11-24"],
    ["2026/11/24", "2026-11-24"],
    ["2026-11-24 14:05", "2026-11-24 14:05"],
    ["2026-11-24 14:05:33", "2026-11-24 14:05"],
    ["2026-11-24T14:05:00", "2026-11-24 14:05"],
    ["24/11/2026 2:05 PM", "2026-11-24 14:05"],
    ["24/11/2026 12:30 am", "2026-11-24 00:30"],
    ["24/11/2026 12:30 PM", "2026-11-24 12:30"],
    ["24-Nov-2026 09:15", "2026-11-24 09:15"],
    ["24/11/2026 00:00:00", "2026-11-24"],
    ["2026-11-24T09:05:00Z", "2026-11-24 14:05"], // an instant with its zone, to Pakistan time
    ["45985", "2025-11-24"], // Excel serial: days since 30 Dec 1899
    ["45985.59", "2025-11-24 14:10"], // and the time of day, to the minute
    ["46350", "2026-11-24"],
  ])("%j reads %j", (text, value) => {
    expect(parseCourierDate(text)).toEqual({ value });
  });

  it.each([
    "31/02/2026",
    "24/13/2026",
    "yesterday",
    "24/11",
    "2026-11-24 25:00",
    "13:00 PM 24/11/2026",
    "99999",
    "N/A",
  ])("%j is not a date", (text) => {
    expect(parseCourierDate(text)).toEqual({ problem: `Date "${text}" is not a date` });
  });

  it("makes a row with an unreadable date a problem, never dated now (delivery and COD files)", () => {
    const delivery = {
      headers: ["CN", "Status", "Delivery Date"],
      rows: [
        ["X1", "Delivered", "24-Nov-2026 2:05 PM"],
        ["X2", "Delivered", "last Tuesday"],
      ],
    };
    const rows = readRows("delivery", delivery, guessMapping("delivery", delivery.headers)).rows;
    expect(rows.map(({ line, date, problems }) => ({ line, date, problems }))).toEqual([
      { line: 2, date: "2026-11-24 14:05", problems: [] },
      { line: 3, date: null, problems: ['Date "last Tuesday" is not a date'] },
    ]);
    const cod = {
      headers: ["CN", "COD Amount", "Payment Date"],
      rows: [
        ["X1", "3450", "45985"],
        ["X2", "3450", "31/11/2026"],
      ],
    };
    const paid = readRows("cod", cod, guessMapping("cod", cod.headers)).rows;
    expect(paid.map(({ settlementDate, problems }) => ({ settlementDate, problems }))).toEqual([
      { settlementDate: "2025-11-24", problems: [] },
      { settlementDate: null, problems: ['Date "31/11/2026" is not a date'] },
    ]);
  });
});
