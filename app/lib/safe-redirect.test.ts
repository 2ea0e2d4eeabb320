import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./safe-redirect";

describe("safeRedirectPath", () => {
  it("keeps a path on this site, with its query and fragment", () => {
    expect(safeRedirectPath("/cart")).toBe("/cart");
    expect(safeRedirectPath("/products?category=men&sort=price")).toBe("/products?category=men&sort=price");
    expect(safeRedirectPath("/seller/products#top")).toBe("/seller/products#top");
    expect(safeRedirectPath("/product/abc%20def")).toBe("/product/abc%20def");
  });

  it.each([
    "//evil.example",
    "///evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "/%09/evil.example",
    "/%0a/evil.example",
    "/%0D%0A/evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/%5c/evil.example",
    "/%5Cevil.example",
    "/%2F/evil.example",
    "/%2f%2fevil.example",
    "/%00",
    "/%7F",
    "/%E0%A4%A", // not valid percent-encoding
    "https://evil.example",
    "http:/evil.example",
    "javascript:alert(1)",
    "evil.example",
    "",
    " /cart",
    "/" + "a".repeat(3000),
  ])("refuses %j and gives the default", (hostile) => {
    expect(safeRedirectPath(hostile)).toBe("/");
    expect(safeRedirectPath(hostile, "/buyer-dashboard")).toBe("/buyer-dashboard");
  });

  it("refuses anything that is not text", () => {
    for (const value of [undefined, null, 42, ["/cart"], { path: "/cart" }]) expect(safeRedirectPath(value)).toBe("/");
  });
});
