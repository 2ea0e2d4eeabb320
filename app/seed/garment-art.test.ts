import { describe, it, expect } from "vitest";
import { GARMENT_ART_SIZE, colorHex, garmentSvg, type GarmentKind, type GarmentView } from "./garment-art";

const KINDS: GarmentKind[] = ["t-shirt", "shirt", "trousers", "shorts", "hoodie", "sweatshirt", "jacket"];
const VIEWS: GarmentView[] = ["front", "back", "detail"];
const SHOP_COLORS = [
  "Black",
  "White",
  "Gray",
  "Navy",
  "Red",
  "Blue",
  "Green",
  "Brown",
  "Beige",
  "Olive",
  "Maroon",
  "Khaki",
  "Charcoal",
  "Sky Blue",
  "Mustard",
  "Pink",
];

describe("colorHex", () => {
  it("maps every shop colour to a distinct hex", () => {
    const hexes = SHOP_COLORS.map(colorHex);
    for (const hex of hexes) expect(hex).toMatch(/^#[0-9a-f]{6}$/);
    expect(new Set(hexes).size).toBe(SHOP_COLORS.length);
    expect(hexes).not.toContain(colorHex("no such colour"));
  });

  it("ignores case and spacing", () => {
    expect(colorHex("sky blue")).toBe(colorHex("Sky Blue"));
    expect(colorHex("SKYBLUE")).toBe(colorHex("Sky Blue"));
    expect(colorHex(" navy ")).toBe(colorHex("Navy"));
  });

  it("gives unknown names a neutral gray", () => {
    const hex = colorHex("Unicorn Sparkle");
    expect(hex).toMatch(/^#[0-9a-f]{6}$/);
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
    expect(r).toBe(g);
    expect(g).toBe(b);
    expect(colorHex("")).toBe(hex);
  });
});

describe("garmentSvg", () => {
  it("exports the canvas size", () => {
    expect(GARMENT_ART_SIZE).toEqual({ width: 800, height: 1000 });
  });

  for (const kind of KINDS) {
    for (const view of VIEWS) {
      it(`draws a ${kind} (${view})`, () => {
        const svg = garmentSvg({ kind, color: "Navy", view, label: "Kapra" });
        expect(svg.startsWith("<svg")).toBe(true);
        expect(svg).toContain('viewBox="0 0 800 1000"');
        expect(svg).toContain('xmlns="http://www.w3.org/2000/svg"');
        expect(svg).toContain(colorHex("Navy"));
        expect(svg.trimEnd().endsWith("</svg>")).toBe(true);
        expect(svg).not.toMatch(/NaN|undefined|Infinity/);
        expect(svg).not.toMatch(/<image|href=|@import|url\((?!#)/);
      });
    }
  }

  it("defaults to the front view and uses the colour's hex", () => {
    for (const color of ["White", "Black", "Mustard"]) {
      const svg = garmentSvg({ kind: "t-shirt", color });
      expect(svg).toContain(colorHex(color));
      expect(svg).toBe(garmentSvg({ kind: "t-shirt", color, view: "front" }));
    }
  });

  it("draws different art for each view", () => {
    const front = garmentSvg({ kind: "hoodie", color: "Red", view: "front" });
    const back = garmentSvg({ kind: "hoodie", color: "Red", view: "back" });
    const detail = garmentSvg({ kind: "hoodie", color: "Red", view: "detail" });
    expect(new Set([front, back, detail]).size).toBe(3);
  });

  it("escapes the label text", () => {
    const svg = garmentSvg({ kind: "t-shirt", color: "Black", view: "front", label: `A&B <x> "q" 'y'` });
    expect(svg).toContain("A&amp;B &lt;X&gt;");
    expect(svg).not.toContain("A&B");
    expect(svg).not.toContain("<x>");
    expect(svg).not.toContain("<X>");
    // Still well-formed enough: every < opens a tag or closes one.
    expect(svg).not.toMatch(/<(?![a-zA-Z/])/);
  });

  it("omits the label when none is given", () => {
    const svg = garmentSvg({ kind: "sweatshirt", color: "Gray" });
    expect(svg).not.toContain("<text");
  });

  it("falls back to gray for unknown colours", () => {
    const svg = garmentSvg({ kind: "jacket", color: "Mystery" });
    expect(svg).toContain(colorHex("Mystery"));
  });
});
