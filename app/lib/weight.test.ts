import { describe, expect, it } from "vitest";
import { formatKg } from "./weight";

describe("formatKg", () => {
  it("shows grams as kilograms with two decimals", () => {
    expect(formatKg(1250)).toBe("1.25 kg");
    expect(formatKg(500)).toBe("0.50 kg");
    expect(formatKg(0)).toBe("0.00 kg");
    expect(formatKg(12_345_678)).toBe("12,345.68 kg");
  });
});
