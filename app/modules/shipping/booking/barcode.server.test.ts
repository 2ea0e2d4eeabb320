import { describe, expect, it } from "vitest";
import { code128Svg } from "./barcode.server";

/** The bars' strokes, which encode the text (the glyphs under them are filled paths). */
const bars = (svg: string) =>
  [...svg.matchAll(/<path stroke="#000000" stroke-width="\d+" d="([^"]+)"/g)].map((m) => m[1]).join("|");

describe("code128Svg", () => {
  it("draws a whole SVG with a viewBox and no fixed size, so CSS can scale it", () => {
    const svg = code128Svg("KS-10042");
    expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 \d+ \d+"[^>]*>/);
    expect(svg).toMatch(/<\/svg>$/);
    expect(svg.match(/^<svg[^>]*>/)![0]).not.toMatch(/\s(width|height)=/);
    expect(bars(svg).length).toBeGreaterThan(50);
  });

  it("names its text for readers and draws it under the bars", () => {
    const svg = code128Svg("KS-10042");
    expect(svg).toContain('aria-label="KS-10042"');
    expect(svg).toContain("<title>KS-10042</title>");
    // includetext adds glyph outlines (filled paths) below the bars.
    expect(svg).toMatch(/<path d="[^"]+" fill="#000000"/);
  });

  it("is the same for the same text and different for different text", () => {
    expect(code128Svg("KS-10042")).toBe(code128Svg("KS-10042"));
    expect(bars(code128Svg("KS-10042"))).not.toBe(bars(code128Svg("KS-10043")));
  });

  it("takes a long tracking number, wider than a short one", () => {
    const width = (svg: string) => Number(/viewBox="0 0 (\d+) /.exec(svg)![1]);
    const long = code128Svg("LPX-KHI-2026112500012345678");
    expect(long).toContain('aria-label="LPX-KHI-2026112500012345678"');
    expect(width(long)).toBeGreaterThan(2 * width(code128Svg("KS-1")));
  });

  it("makes taller bars when asked", () => {
    const height = (svg: string) => Number(/viewBox="0 0 \d+ (\d+)"/.exec(svg)![1]);
    expect(height(code128Svg("KS-10042", { height: 20 }))).toBeGreaterThan(
      height(code128Svg("KS-10042", { height: 10 })),
    );
  });

  it("escapes the signs XML reserves", () => {
    expect(code128Svg('A<B&"C"')).toContain('aria-label="A&lt;B&amp;&quot;C&quot;"');
  });

  it("refuses empty text and characters scanners misread", () => {
    expect(() => code128Svg("")).toThrow(/needs text/);
    expect(() => code128Svg("   ")).toThrow(/needs text/);
    expect(() => code128Svg("KS-1\n")).toThrow(/plain letters/);
    expect(() => code128Svg("کراچی")).toThrow(/plain letters/);
  });
});
