import { describe, expect, it } from "vitest";
import { isKarachi, OTHER_CITY, PAKISTANI_CITIES, resolveCity } from "./cities";

describe("city list", () => {
  it("puts Karachi first and the rest in alphabetical order", () => {
    expect(PAKISTANI_CITIES[0]).toBe("Karachi");
    const rest = PAKISTANI_CITIES.slice(1);
    expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b)));
  });
  it("holds the largest cities once each, without Other", () => {
    for (const city of [
      "Lahore",
      "Islamabad",
      "Rawalpindi",
      "Faisalabad",
      "Multan",
      "Peshawar",
      "Quetta",
      "Mirpur (AJK)",
    ]) {
      expect(PAKISTANI_CITIES).toContain(city);
    }
    expect(new Set(PAKISTANI_CITIES).size).toBe(PAKISTANI_CITIES.length);
    expect(PAKISTANI_CITIES).not.toContain(OTHER_CITY);
  });
});

describe("resolveCity", () => {
  it("takes a listed choice", () => {
    expect(resolveCity("Lahore", "")).toBe("Lahore");
    expect(resolveCity("Lahore", "ignored when a city is chosen")).toBe("Lahore");
  });
  it("spells a listed choice the list's way", () => {
    expect(resolveCity(" rahim yar khan ", "")).toBe("Rahim Yar Khan");
  });
  it("takes the typed city under Other, trimmed", () => {
    expect(resolveCity(OTHER_CITY, "  Chitral ")).toBe("Chitral");
  });
  it("maps a typed city that is on the list to the list's spelling", () => {
    expect(resolveCity(OTHER_CITY, "karachi")).toBe("Karachi");
  });
  it("returns null for Other with nothing typed", () => {
    expect(resolveCity(OTHER_CITY, "   ")).toBeNull();
    expect(resolveCity(OTHER_CITY, "")).toBeNull();
  });
  it("returns null for a blank or unknown choice", () => {
    expect(resolveCity("", "Lahore")).toBeNull();
    expect(resolveCity("Dubai", "")).toBeNull();
  });
});

describe("isKarachi", () => {
  it("ignores case and surrounding spaces", () => {
    expect(isKarachi("Karachi")).toBe(true);
    expect(isKarachi("  KARACHI ")).toBe(true);
    expect(isKarachi("Lahore")).toBe(false);
    expect(isKarachi("Karachi Cantt")).toBe(false);
  });
});
