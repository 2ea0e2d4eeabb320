import { describe, expect, it } from "vitest";
import { excelDateText, excelNumberText } from "./read-xlsx-rows.server";

describe("Excel cells as text", () => {
  it.each([
    ["1299", "1299"],
    ["1299.0", "1299"],
    ["1299.5", "1299.5"],
    ["1299.4999999999998", "1299.5"],
    ["771234567890123456", "771234567890123456"],
    ["1.5E+20", "150000000000000000000"],
    ["7.71234567890123E+17", "771234567890123000"],
    ["1E-3", "0.001"],
    ["-200", "-200"],
    ["-2.5E2", "-250"],
  ])("number %s reads %s", (raw, text) => {
    expect(excelNumberText(raw)).toBe(text);
  });

  it("prints dates as YYYY-MM-DD, with HH:mm when the cell has a time, rounding the reader's lost millisecond", () => {
    expect(excelDateText(new Date(Date.UTC(2025, 11, 31)))).toBe("2025-12-31");
    expect(excelDateText(new Date(Date.UTC(2025, 11, 31, 10, 30) - 1))).toBe("2025-12-31 10:30");
    expect(excelDateText(new Date(Date.UTC(2025, 0, 1, 23, 5, 10)))).toBe("2025-01-01 23:05");
  });
});
