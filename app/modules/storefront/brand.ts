/**
 * The brand's accent colour (buttons and links, with white text on it): read from what the owner
 * typed, checked against WCAG AA (4.5:1 with white text), and the shades the stylesheet uses
 * derived from it (hover darker, focus ring lighter, tinted backgrounds).
 */

export const MIN_CONTRAST = 4.5;
/** The built-in green (app/app.css --color-brand-700), used when the owner chose none. */
export const DEFAULT_ACCENT = "#24493f";

/** "#ABC", "abc", "#aabbcc" -> "#aabbcc"; null for anything that is not a hex colour. */
export function normaliseHex(value: string): string | null {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value.trim());
  if (!match) return null;
  const hex = match[1].toLowerCase();
  return `#${hex.length === 3 ? [...hex].map((c) => c + c).join("") : hex}`;
}

type Rgb = [number, number, number];

function rgb(hex: string): Rgb {
  return [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as Rgb;
}

function toHex([r, g, b]: Rgb): string {
  return `#${[r, g, b]
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;
}

/** WCAG relative luminance of a "#rrggbb" colour. */
export function luminance(hex: string): number {
  const [r, g, b] = rgb(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of two colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/** Rounded down to one decimal, so a colour just under the bar never reads as "4.5:1". */
export function formatRatio(ratio: number): string {
  return `${(Math.floor(ratio * 10) / 10).toFixed(1)}:1`;
}

/** The colour as stored ("#rrggbb"), or why it is refused. Empty: the built-in colour (null). */
export function readAccentColor(value: string): { ok: true; color: string | null } | { ok: false; error: string } {
  if (!value.trim()) return { ok: true, color: null };
  const hex = normaliseHex(value);
  if (!hex) return { ok: false, error: "Write the colour as a hex code, such as #7a1f3d" };
  const ratio = contrastRatio(hex, "#ffffff");
  if (ratio < MIN_CONTRAST)
    return {
      ok: false,
      error: `${hex} is too light for white text: contrast ${formatRatio(ratio)}, needs ${MIN_CONTRAST}:1`,
    };
  return { ok: true, color: hex };
}

/** `amount` 0..1 of the way from `hex` to `to`. */
function mix(hex: string, to: string, amount: number): string {
  const a = rgb(hex);
  const b = rgb(to);
  return toHex([0, 1, 2].map((i) => a[i] + (b[i] - a[i]) * amount) as Rgb);
}

/** The stylesheet's brand shades made from one accent colour (names as in app/app.css). */
export function accentShades(accent: string): Record<"50" | "100" | "600" | "700" | "800", string> {
  return {
    "50": mix(accent, "#ffffff", 0.94),
    "100": mix(accent, "#ffffff", 0.86),
    "600": mix(accent, "#ffffff", 0.12),
    "700": accent,
    "800": mix(accent, "#000000", 0.25),
  };
}

/** The CSS that puts the shades in place of the built-in ones (a `<style>` in the page's head). */
export function accentCss(accent: string): string {
  const shades = accentShades(accent);
  return `:root{${Object.entries(shades)
    .map(([k, v]) => `--color-brand-${k}:${v}`)
    .join(";")}}`;
}
