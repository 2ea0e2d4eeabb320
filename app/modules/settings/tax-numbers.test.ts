import { describe, expect, it } from "vitest";
import { normalizeNtn, normalizeStrn } from "./tax-numbers";

describe("the shop's tax numbers (issue 45)", () => {
  it("reads an NTN with or without its dash, or a 13-digit CNIC, into one stored form", () => {
    expect(normalizeNtn("1234567-8")).toBe("1234567-8");
    expect(normalizeNtn("12345678")).toBe("1234567-8");
    expect(normalizeNtn(" 1234567 - 8 ")).toBe("1234567-8");
    expect(normalizeNtn("35202-1234567-1")).toBe("35202-1234567-1");
    expect(normalizeNtn("3520212345671")).toBe("35202-1234567-1");
    for (const bad of ["1234567", "123456789", "1234-5678", "A234567-8", "1234567-8x", "35202-123456-71", "-"])
      expect(normalizeNtn(bad), bad).toBeNull();
  });

  it("reads a STRN's 13 digits, dashes and spaces allowed, stored as the digits", () => {
    expect(normalizeStrn("3277876123456")).toBe("3277876123456");
    expect(normalizeStrn("32-77-8761-234-56")).toBe("3277876123456");
    expect(normalizeStrn("32 77 8761 234 56")).toBe("3277876123456");
    for (const bad of ["327787612345", "32778761234567", "32-77-8761-234-5X", "STRN 3277876123456"])
      expect(normalizeStrn(bad), bad).toBeNull();
  });
});
