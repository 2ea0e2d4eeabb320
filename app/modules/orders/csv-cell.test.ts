import { describe, expect, it } from "vitest";
import { neutraliseCsvCell } from "./csv-cell";

describe("CSV cells", () => {
  it("prefixes a quote to anything a spreadsheet would run as a formula", () => {
    for (const bad of ["=1+1", "+92300", "-5", "@SUM(A1)", "\t=1", "\r=1"])
      expect(neutraliseCsvCell(bad)).toBe(`'${bad}`);
    for (const fine of ["Ayesha Khan", "0300 1234567", "", "a=b"]) expect(neutraliseCsvCell(fine)).toBe(fine);
  });
});
