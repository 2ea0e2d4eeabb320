import { describe, expect, it } from "vitest";
import { loggableUrl, withoutQueries } from "./log-redaction";

describe("URLs in logs", () => {
  it("keep the path and the parameters' names, never their values", () => {
    expect(loggableUrl("/track?phone=03001234567&order=KP-123456")).toEqual({
      url: "/track",
      params: ["phone", "order"],
    });
    expect(loggableUrl("/products")).toEqual({ url: "/products" });
    expect(loggableUrl("/x?")).toEqual({ url: "/x" });
    expect(loggableUrl("/x?a%20b=1&<script>=2")).toEqual({ url: "/x", params: ["a_b", "_script_"] });
  });
  it("lose their queries inside any text, JSON-escaped or not", () => {
    expect(withoutQueries("GET http://shop.test/reset?token=abc123 failed")).toBe(
      "GET http://shop.test/reset?[query removed] failed",
    );
    expect(withoutQueries('{"msg":"at /api/auth/verify?token=s3cr3t&callbackURL=%2F","x":1}')).toBe(
      '{"msg":"at /api/auth/verify?[query removed]","x":1}',
    );
    expect(withoutQueries('{"err":"bad /a?q=\\"x\\" y"}')).toBe('{"err":"bad /a?[query removed] y"}');
    expect(withoutQueries("Are you sure? Yes.")).toBe("Are you sure? Yes.");
  });
});
