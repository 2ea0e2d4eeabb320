import { describe, expect, it } from "vitest";
import { colourInputSchema, coloursOffered, optionSlug, swatchesFor, UNKNOWN_SWATCH } from "./colour-rules";
import {
  checkProductOptions,
  guideForEditing,
  guideForSizes,
  parseGuideColumns,
  parseSizeList,
} from "./size-set-rules";

const colour = (id: number, name: string, retired = false) => ({ id, name, hex: "#111111", position: id, retired });
const COLOURS = [colour(1, "Black"), colour(2, "Mint"), colour(3, "Maroon"), colour(4, "Gray", true)];
const UNSTITCHED = { name: "Unstitched", sizes: ["Unstitched"] };
const KURTA = { name: "Kurta", sizes: ["6", "8", "10", "12"] };

describe("colours as data", () => {
  it("reads a name and a swatch, refusing what cannot be one", () => {
    expect(colourInputSchema.parse({ name: " Maroon ", hex: "#7B1E3A" })).toEqual({ name: "Maroon", hex: "#7b1e3a" });
    expect(colourInputSchema.parse({ name: "Mint", hex: "98ff98" }).hex).toBe("#98ff98");
    expect(colourInputSchema.safeParse({ name: "", hex: "#000000" }).success).toBe(false);
    expect(colourInputSchema.safeParse({ name: "Black/White", hex: "#000000" }).success).toBe(false);
    expect(colourInputSchema.safeParse({ name: "Red", hex: "red" }).success).toBe(false);
  });

  it("offers colours that are not retired, and retired ones only to products that have them", () => {
    expect(coloursOffered(COLOURS, []).map((c) => c.name)).toEqual(["Black", "Mint", "Maroon"]);
    expect(coloursOffered(COLOURS, ["Gray"]).map((c) => c.name)).toEqual(["Black", "Mint", "Maroon", "Gray"]);
  });

  it("gives each name its swatch, and a grey one to a name the shop no longer has", () => {
    expect(swatchesFor(["Mint", "Teal"], [{ name: "Mint", hex: "#98ff98" }])).toEqual([
      { name: "Mint", hex: "#98ff98" },
      { name: "Teal", hex: UNKNOWN_SWATCH },
    ]);
    expect(optionSlug("Sea Green")).toBe("sea-green");
    expect(optionSlug("XL")).toBe("xl");
  });
});

describe("size sets as data", () => {
  it("reads a typed list of sizes", () => {
    expect(parseSizeList("6, 8,10\n12")).toEqual({ sizes: ["6", "8", "10", "12"] });
    expect(parseSizeList(" , ")).toHaveProperty("error");
    expect(parseSizeList("M, m")).toHaveProperty("error");
    expect(parseSizeList("S/M")).toHaveProperty("error");
    expect(parseGuideColumns("Chest, Length")).toEqual(["Chest", "Length"]);
    expect(parseGuideColumns("a,b,c,d,e,f,g,h,i")).toBeNull();
  });

  it("shows the guide's rows for the product's sizes, in the set's order", () => {
    const guide = {
      columns: ["Chest", "Length"],
      note: "Inches",
      rows: [
        { size: "6", values: ["30", "38"] },
        { size: "8", values: ["32", "39"] },
        { size: "10", values: ["", ""] },
      ],
    };
    expect(guideForSizes(guide, ["8", "10"])).toEqual({
      columns: ["Chest", "Length"],
      note: "Inches",
      rows: [{ size: "8", values: ["32", "39"] }],
    });
    expect(guideForSizes(null, ["8"])).toBeNull();
    expect(guideForEditing({ sizes: KURTA.sizes, guide }).rows.map((r) => r.size)).toEqual(["6", "8", "10", "12"]);
    expect(guideForEditing({ sizes: ["6"], guide: null })).toEqual({
      columns: [],
      note: "",
      rows: [{ size: "6", values: [] }],
    });
  });

  it("checks a product's colours and sizes against the shop's, in the owner's order", () => {
    expect(
      checkProductOptions(
        { colors: ["Maroon", "Mint"], sizes: ["Unstitched"] },
        { colours: COLOURS, set: UNSTITCHED, had: [] },
      ),
    ).toEqual({ ok: true, colors: ["Mint", "Maroon"], sizes: ["Unstitched"] });
    expect(
      checkProductOptions({ colors: ["Purple"], sizes: ["M"] }, { colours: COLOURS, set: KURTA, had: [] }),
    ).toEqual({
      ok: false,
      errors: { colors: "Purple is not one of the shop's colours", sizes: "M is not a size of Kurta" },
    });
    expect(checkProductOptions({ colors: ["Gray"], sizes: ["6"] }, { colours: COLOURS, set: KURTA, had: [] })).toEqual({
      ok: false,
      errors: { colors: "Gray is retired: choose another colour" },
    });
    expect(
      checkProductOptions({ colors: ["Gray"], sizes: ["8", "6"] }, { colours: COLOURS, set: KURTA, had: ["Gray"] }),
    ).toEqual({ ok: true, colors: ["Gray"], sizes: ["6", "8"] });
    expect(checkProductOptions({ colors: ["Black"], sizes: ["6"] }, { colours: COLOURS, set: null, had: [] })).toEqual({
      ok: false,
      errors: { sizeSetId: "Please choose a size set" },
    });
  });
});
