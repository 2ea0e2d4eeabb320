import { describe, expect, it } from "vitest";
import { formatPakistaniMobile, normalizePakistaniMobile, PHONE_MESSAGE } from "./phone";

describe("normalizePakistaniMobile", () => {
  it.each([
    "03001234567",
    "0300 1234567",
    "0300-1234567",
    "+92 300 1234567",
    "+923001234567",
    "923001234567",
    "0092 300 1234567",
    "(0300) 123-4567",
    " +92-300-1234567 ",
    "+92 0300 1234567",
  ])("reads %j as +923001234567", (input) => {
    expect(normalizePakistaniMobile(input)).toBe("+923001234567");
  });

  it("keeps the operator code", () => {
    expect(normalizePakistaniMobile("0345 9876543")).toBe("+923459876543");
  });

  it.each([
    ["a Karachi landline", "021 34567890"],
    ["a landline with country code", "+92 21 3456 7890"],
    ["one digit short", "0300 123456"],
    ["one digit long", "0300 12345678"],
    ["letters", "0300 12345AB"],
    ["another country", "+44 300 1234567"],
    ["no trunk or country code", "3001234567"],
    ["empty", ""],
    ["dots as separators", "0300.1234567"],
  ])("rejects %s", (_label, input) => {
    expect(normalizePakistaniMobile(input)).toBeNull();
  });
});

describe("formatPakistaniMobile", () => {
  it("writes an E.164 mobile number the local way", () => {
    expect(formatPakistaniMobile("+923001234567")).toBe("0300 1234567");
  });
  it("round-trips with normalize", () => {
    expect(normalizePakistaniMobile(formatPakistaniMobile("+923211234567"))).toBe("+923211234567");
  });
  it("leaves anything else unchanged", () => {
    expect(formatPakistaniMobile("+922134567890")).toBe("+922134567890");
    expect(formatPakistaniMobile("+44 20 7946 0000")).toBe("+44 20 7946 0000");
  });
  it("has a message that shows an example", () => {
    expect(PHONE_MESSAGE).toContain("0300 1234567");
  });
});
