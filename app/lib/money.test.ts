import { describe, expect, it } from "vitest";
import { formatPkr, formatPrice, percentOff } from "./money";

describe("money", () => {
  it("formats whole rupees with thousands separators", () => {
    expect(formatPrice(2499)).toBe("Rs 2,499");
    expect(formatPrice(1299)).toBe("Rs 1,299");
    expect(formatPrice(150000)).toBe("Rs 150,000");
    expect(formatPrice(0)).toBe("Rs 0");
    expect(formatPkr(6999)).toBe("PKR 6,999");
  });

  it("rounds stray fractions instead of showing paisa", () => {
    expect(formatPrice(1299.6)).toBe("Rs 1,300");
  });

  it("computes the percentage off only for a real discount", () => {
    expect(percentOff(1899, 2499)).toBe(24);
    expect(percentOff(5499, 6999)).toBe(21);
    expect(percentOff(1000, null)).toBeNull();
    expect(percentOff(1000, 1000)).toBeNull();
    expect(percentOff(1000, 900)).toBeNull();
  });
});
