// The node build by name: TypeScript's "bundler" resolution matches none of the package's root conditions.
import { toSVG } from "bwip-js/node";
import { AppError } from "~/lib/errors";

/** Printable ASCII: what every courier's scanner reads back from Code 128 without surprises. */
const PRINTABLE_ASCII = /^[\x20-\x7e]+$/;

const XML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };
const escapeXml = (text: string) => text.replace(/[&<>"]/g, (c) => XML_ESCAPES[c]);

/**
 * An SVG of `text` as a Code 128 barcode with the text printed under it, for parcel labels.
 * The SVG has a viewBox and no width or height, so CSS sizes it to its box (aspect kept).
 * `height` (default 8) is the bars' height in millimetres at natural size: with the SVG scaled, it sets how
 * tall the bars are against the barcode's width.
 */
export function code128Svg(text: string, opts: { height?: number } = {}): string {
  if (!text.trim()) throw new AppError("VALIDATION", "A barcode needs text");
  // Code 128 can carry Latin-1 through FNC4, but many scanners mangle it: refuse rather than misread.
  if (!PRINTABLE_ASCII.test(text))
    throw new AppError("VALIDATION", `A barcode takes plain letters, digits and signs only: ${JSON.stringify(text)}`);
  const svg = toSVG({
    bcid: "code128",
    text,
    includetext: true,
    textxalign: "center",
    height: opts.height ?? 8,
    // The quiet zone Code 128 needs (10 modules each side): without it scanners miss the start.
    paddingwidth: 10,
    paddingheight: 1,
  });
  const label = escapeXml(text);
  // The text under the bars is drawn as outlines: name it for screen readers and for search.
  return svg
    .replace(
      /^<svg\b[^>]*>/,
      (open) =>
        open
          .replace(/\s(?:width|height)="[^"]*"/g, "")
          .replace("<svg", `<svg role="img" aria-label="${label}" preserveAspectRatio="xMidYMid meet"`) +
        `<title>${label}</title>`,
    )
    .trim();
}
