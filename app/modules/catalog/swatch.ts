/**
 * What the storefront needs to draw a colour's swatch: no validation library here, so every
 * shopper's page (cards show swatches) stays free of zod in the browser.
 */

/** Whether a swatch is light enough to need a darker ring to be seen on white. */
export function isLightSwatch(hex: string): boolean {
  const n = Number.parseInt(hex.slice(1), 16);
  if (Number.isNaN(n)) return false;
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  return 0.299 * r + 0.587 * g + 0.114 * b > 200;
}
