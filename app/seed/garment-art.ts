/**
 * Procedural "flat-lay product photo" art for seeded products.
 *
 * Pure string building: no imports, safe for any runtime. The seed renders the
 * returned SVG with sharp (librsvg), so only plain SVG 1.1 features are used:
 * paths, gradients, patterns and clip paths, the generic "sans-serif" font
 * family and no external resources. Blur filters are deliberately avoided
 * (librsvg blurs are slow); soft shadows and folds are stacked translucent
 * strokes instead, which keeps one render well under 100 ms.
 */

export type GarmentKind = "t-shirt" | "shirt" | "trousers" | "shorts" | "hoodie" | "sweatshirt" | "jacket";
export type GarmentView = "front" | "back" | "detail";

export const GARMENT_ART_SIZE = { width: 800, height: 1000 };

const W = 800;
const H = 1000;
const CX = W / 2;

// ---------------------------------------------------------------------------
// Colours

const COLORS: Record<string, string> = {
  black: "#1f1f21",
  white: "#f6f5f1",
  gray: "#8e9195",
  grey: "#8e9195",
  navy: "#1f2b48",
  red: "#b3272f",
  blue: "#2d5ea8",
  green: "#2f6a46",
  brown: "#6e4a33",
  beige: "#d8c6a6",
  olive: "#66683a",
  maroon: "#6b1f2c",
  khaki: "#bdab7f",
  charcoal: "#3b3e43",
  skyblue: "#8cbde4",
  mustard: "#d0a02c",
  pink: "#e8aab9",
};

const NEUTRAL_GRAY = "#9a9a9a";

/** Hex for a colour name used in the shop: Black, White, Gray, Navy, Red, Blue, Green, Brown, Beige, Olive, Maroon, Khaki, Charcoal, Sky Blue, Mustard, Pink (unknown names get a neutral gray). */
export function colorHex(name: string): string {
  const key = String(name ?? "")
    .toLowerCase()
    .replace(/[\s_-]+/g, "");
  return COLORS[key] ?? NEUTRAL_GRAY;
}

type Rgb = [number, number, number];

function parseHex(hex: string): Rgb {
  const h = hex.replace("#", "");
  return [parseInt(h.slice(0, 2), 16), parseInt(h.slice(2, 4), 16), parseInt(h.slice(4, 6), 16)];
}

function toHex([r, g, b]: Rgb): string {
  const c = (v: number) =>
    Math.max(0, Math.min(255, Math.round(v)))
      .toString(16)
      .padStart(2, "0");
  return `#${c(r)}${c(g)}${c(b)}`;
}

/** Mix `hex` towards `other` by t (0..1). */
function mix(hex: string, other: string, t: number): string {
  const a = parseHex(hex);
  const b = parseHex(other);
  return toHex([a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t]);
}

function luminance(hex: string): number {
  const [r, g, b] = parseHex(hex);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

interface Palette {
  base: string;
  hi: string;
  lo: string;
  edge: string;
  seam: string;
  stitch: string;
  inner: string;
  fold: string;
  shine: string;
  rib: string;
  button: string;
  buttonHole: string;
  dark: boolean;
  light: boolean;
}

function palette(base: string): Palette {
  const l = luminance(base);
  const dark = l < 0.22;
  const light = l > 0.72;
  const BLACK = "#000000";
  const WHITE = "#ffffff";
  return {
    base,
    hi: mix(base, WHITE, dark ? 0.12 : light ? 0.5 : 0.16),
    lo: mix(base, BLACK, light ? 0.09 : dark ? 0.3 : 0.22),
    edge: light ? mix(base, BLACK, 0.26) : dark ? mix(base, BLACK, 0.5) : mix(base, BLACK, 0.4),
    seam: dark ? mix(base, WHITE, 0.13) : light ? mix(base, BLACK, 0.2) : mix(base, BLACK, 0.3),
    stitch: dark ? mix(base, WHITE, 0.3) : light ? mix(base, BLACK, 0.3) : mix(base, BLACK, 0.38),
    inner: light ? mix(base, BLACK, 0.13) : dark ? mix(base, BLACK, 0.55) : mix(base, BLACK, 0.42),
    fold: dark ? "#000000" : light ? mix(base, BLACK, 0.3) : mix(base, BLACK, 0.5),
    shine: dark ? mix(base, WHITE, 0.28) : mix(base, WHITE, 0.5),
    rib: dark ? mix(base, WHITE, 0.16) : light ? mix(base, BLACK, 0.16) : mix(base, BLACK, 0.26),
    button: dark ? mix(base, WHITE, 0.2) : light ? mix(base, BLACK, 0.07) : mix(base, WHITE, 0.22),
    buttonHole: dark ? mix(base, BLACK, 0.6) : mix(base, BLACK, 0.45),
    dark,
    light,
  };
}

// ---------------------------------------------------------------------------
// Path helpers. Garments are symmetric, so the left half is described once
// (absolute M/L/C/Q/H/V commands only) and mirrored about the centre line.

type Seg = { cmd: string; nums: number[] };

function parsePath(d: string): Seg[] {
  const tokens = d.match(/[MLCQHVZ]|-?\d*\.?\d+/g) ?? [];
  const segs: Seg[] = [];
  for (const t of tokens) {
    if (/^[MLCQHVZ]$/.test(t)) segs.push({ cmd: t, nums: [] });
    else if (segs.length > 0) segs[segs.length - 1].nums.push(Number(t));
  }
  return segs;
}

function fmt(n: number): string {
  return String(Math.round(n * 10) / 10);
}

function segsToD(segs: Seg[]): string {
  return segs.map((s) => s.cmd + s.nums.map(fmt).join(" ")).join(" ");
}

/** Mirror a path about the vertical centre line. */
function mirror(d: string): string {
  const segs = parsePath(d).map((s) => {
    if (s.cmd === "H") return { cmd: "H", nums: s.nums.map((x) => 2 * CX - x) };
    if (s.cmd === "V" || s.cmd === "Z") return s;
    return { cmd: s.cmd, nums: s.nums.map((v, i) => (i % 2 === 0 ? 2 * CX - v : v)) };
  });
  return segsToD(segs);
}

/** The path plus its mirror image. */
function both(d: string): string {
  return `${d} ${mirror(d)}`;
}

/**
 * Closed symmetric outline from a left half that starts and ends on the centre
 * line ("M400 y0 ... 400 y1" using only L/C/Q segments).
 */
function sym(leftHalf: string): string {
  const segs = parsePath(leftHalf);
  const start = segs[0].nums;
  const pts: number[][] = [[start[0], start[1]]];
  const body = segs.slice(1);
  for (const s of body) pts.push(s.nums.slice(-2));
  const back: Seg[] = [];
  for (let i = body.length - 1; i >= 0; i--) {
    const s = body[i];
    const to = pts[i];
    const n = s.nums;
    if (s.cmd === "C") back.push({ cmd: "C", nums: [n[2], n[3], n[0], n[1], to[0], to[1]] });
    else if (s.cmd === "Q") back.push({ cmd: "Q", nums: [n[0], n[1], to[0], to[1]] });
    else back.push({ cmd: "L", nums: [to[0], to[1]] });
  }
  return `${leftHalf} ${mirror(segsToD(back))} Z`;
}

type Pt = [number, number];

function quad(a: Pt, b: Pt, c: Pt, d: Pt): string {
  return `M${a[0]} ${a[1]} L${b[0]} ${b[1]} L${c[0]} ${c[1]} L${d[0]} ${d[1]} Z`;
}

function mirrorPt([x, y]: Pt): Pt {
  return [2 * CX - x, y];
}

function lerp(a: Pt, b: Pt, t: number): Pt {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
}

// ---------------------------------------------------------------------------
// Drawing primitives

function escapeXml(s: string): string {
  return s.replace(/[&<>"']/g, (ch) =>
    ch === "&" ? "&amp;" : ch === "<" ? "&lt;" : ch === ">" ? "&gt;" : ch === '"' ? "&quot;" : "&apos;",
  );
}

interface Ctx {
  p: Palette;
  view: GarmentView;
  label: string;
}

/** A piece of fabric: gradient fill, outline and weave texture. */
function fabric(d: string, p: Palette, fill = "url(#fab)"): string {
  return (
    `<path d="${d}" fill="${fill}" stroke="${p.edge}" stroke-width="1.6" stroke-linejoin="round"/>` +
    `<path d="${d}" fill="url(#tex)"/>`
  );
}

function seam(d: string, p: Palette, w = 1.6, opacity = 0.9): string {
  return `<path d="${d}" fill="none" stroke="${p.seam}" stroke-width="${w}" stroke-linecap="round" stroke-linejoin="round" opacity="${opacity}"/>`;
}

function stitch(d: string, p: Palette, w = 1.3): string {
  return `<path d="${d}" fill="none" stroke="${p.stitch}" stroke-width="${w}" stroke-dasharray="5 3.4" stroke-linecap="round" opacity="0.9"/>`;
}

/**
 * Soft stroke without filters (Gaussian blur is slow in librsvg): stacked
 * round-capped strokes of decreasing width fake a blurred line.
 */
function soft(d: string, color: string, w: number, opacity: number): string {
  const o = fmt3(1 - Math.pow(1 - Math.min(0.95, opacity), 1 / 4));
  return (
    `<g fill="none" stroke="${color}" stroke-linecap="round" stroke-linejoin="round" stroke-opacity="${o}">` +
    [1.9, 1.35, 0.85, 0.45].map((k) => `<path d="${d}" stroke-width="${fmt(w * k)}"/>`).join("") +
    `</g>`
  );
}

function fmt3(n: number): string {
  return String(Math.round(n * 1000) / 1000);
}

/** Soft shadow line just beside a seam, adds depth. */
function crease(d: string, p: Palette, w = 5, opacity = 0.22): string {
  return soft(d, p.fold, w, opacity);
}

/** Soft fold shadow (drawn inside the clipped overlay). */
function fold(d: string, p: Palette, w = 14, opacity = 0.28): string {
  return soft(d, p.fold, w, p.light ? opacity * 0.7 : opacity);
}

/** Soft highlight ridge (drawn inside the clipped overlay). */
function shine(d: string, p: Palette, w = 18, opacity = 0.3): string {
  return soft(d, p.shine, w, opacity);
}

/** Ribbed knit band as a quad a-b (top edge) / d-c (bottom edge). */
function ribQuad(a: Pt, b: Pt, c: Pt, d: Pt, p: Palette, spacing = 6): string {
  const topLen = Math.hypot(b[0] - a[0], b[1] - a[1]);
  const n = Math.max(4, Math.round(topLen / spacing));
  let lines = "";
  for (let i = 1; i < n; i++) {
    const t = i / n;
    const s = lerp(a, b, t);
    const e = lerp(d, c, t);
    lines += `M${fmt(s[0])} ${fmt(s[1])}L${fmt(e[0])} ${fmt(e[1])}`;
  }
  const dd = quad(a, b, c, d);
  return (
    fabric(dd, p, "url(#ribfab)") +
    `<path d="${lines}" stroke="${p.rib}" stroke-width="1.5" opacity="0.75"/>` +
    `<path d="${lines}" stroke="${p.shine}" stroke-width="0.8" opacity="0.25" transform="translate(1.6 0)"/>`
  );
}

/** Ribbed band following a curve (dash trick: dashes run across the stroke). */
function ribCurve(d: string, width: number, p: Palette): string {
  // Clipped to the garment so the square band ends never poke out.
  return (
    `<g clip-path="url(#garment)">` +
    `<path d="${d}" fill="none" stroke="${p.edge}" stroke-width="${width + 3}" stroke-linecap="butt"/>` +
    `<path d="${d}" fill="none" stroke="${p.base}" stroke-width="${width}" stroke-linecap="butt"/>` +
    `<path d="${d}" fill="none" stroke="${p.rib}" stroke-width="${width}" stroke-dasharray="1.6 4" opacity="0.8"/>` +
    `</g>`
  );
}

function button(x: number, y: number, r: number, p: Palette): string {
  const h = r * 0.32;
  return (
    `<circle cx="${x + 1}" cy="${y + 1.6}" r="${r}" fill="#000" opacity="0.25"/>` +
    `<circle cx="${x}" cy="${y}" r="${r}" fill="${p.button}" stroke="${mix(p.button, "#000000", 0.3)}" stroke-width="1"/>` +
    `<circle cx="${x}" cy="${y}" r="${r * 0.68}" fill="none" stroke="${mix(p.button, "#000000", 0.15)}" stroke-width="0.8"/>` +
    `<circle cx="${x - h}" cy="${y - h}" r="${r * 0.14}" fill="${p.buttonHole}"/>` +
    `<circle cx="${x + h}" cy="${y - h}" r="${r * 0.14}" fill="${p.buttonHole}"/>` +
    `<circle cx="${x - h}" cy="${y + h}" r="${r * 0.14}" fill="${p.buttonHole}"/>` +
    `<circle cx="${x + h}" cy="${y + h}" r="${r * 0.14}" fill="${p.buttonHole}"/>`
  );
}

function metalButton(x: number, y: number, r: number): string {
  return (
    `<circle cx="${x + 1}" cy="${y + 2}" r="${r}" fill="#000" opacity="0.3"/>` +
    `<circle cx="${x}" cy="${y}" r="${r}" fill="url(#metal)" stroke="#6d6246" stroke-width="1"/>` +
    `<circle cx="${x}" cy="${y}" r="${r * 0.55}" fill="none" stroke="#7d7050" stroke-width="1"/>`
  );
}

function labelText(label: string): string {
  return escapeXml(label.trim().toUpperCase().slice(0, 16));
}

/** Woven brand label sewn inside the neck. */
function neckLabel(x: number, y: number, ctx: Ctx, scale = 1): string {
  if (!ctx.label.trim()) return "";
  const txt = labelText(ctx.label);
  const len = ctx.label.trim().slice(0, 16).length;
  const w = Math.max(40, len * 8.2 + 14) * scale;
  const h = 20 * scale;
  const bg = ctx.p.light ? "#2b2b2d" : "#f3efe6";
  const fg = ctx.p.light ? "#f3efe6" : "#2b2b2d";
  return (
    `<rect x="${fmt(x - w / 2 + 1)}" y="${fmt(y + 2)}" width="${fmt(w)}" height="${fmt(h)}" rx="1.5" fill="#000" opacity="0.25"/>` +
    `<rect x="${fmt(x - w / 2)}" y="${fmt(y)}" width="${fmt(w)}" height="${fmt(h)}" rx="1.5" fill="${bg}"/>` +
    `<rect x="${fmt(x - w / 2 + 2)}" y="${fmt(y + 2)}" width="${fmt(w - 4)}" height="${fmt(h - 4)}" rx="1" fill="none" stroke="${fg}" stroke-width="0.4" opacity="0.35"/>` +
    `<text x="${fmt(x)}" y="${fmt(y + h * 0.68)}" font-family="sans-serif" font-size="${fmt(9.5 * scale)}" font-weight="700" letter-spacing="${fmt(1.1 * scale)}" text-anchor="middle" fill="${fg}">${txt}</text>`
  );
}

/** Small folded flag tag sticking out of a seam (x,y = seam point; dir = -1 sticks left). */
function flagTag(x: number, y: number, dir: 1 | -1, ctx: Ctx): string {
  if (!ctx.label.trim()) return "";
  const txt = labelText(ctx.label);
  const len = ctx.label.trim().slice(0, 16).length;
  const w = Math.max(34, len * 6.6 + 12);
  const h = 16;
  const x0 = dir === 1 ? x - 6 : x - w + 6;
  const bg = ctx.p.light ? "#2b2b2d" : "#f3efe6";
  const fg = ctx.p.light ? "#f3efe6" : "#2b2b2d";
  return (
    `<rect x="${fmt(x0 + 1)}" y="${fmt(y + 2)}" width="${fmt(w)}" height="${h}" rx="1.5" fill="#000" opacity="0.2"/>` +
    `<rect x="${fmt(x0)}" y="${fmt(y)}" width="${fmt(w)}" height="${h}" rx="1.5" fill="${bg}"/>` +
    `<text x="${fmt(x0 + w / 2)}" y="${fmt(y + 11)}" font-family="sans-serif" font-size="7.5" font-weight="700" letter-spacing="0.8" text-anchor="middle" fill="${fg}">${txt}</text>`
  );
}

function escapeAttr(s: string): string {
  return escapeXml(s);
}

// ---------------------------------------------------------------------------
// Garments. Every builder returns the outline pieces (used for the shadow and
// to clip the shading overlay), the fabric layer, fold shading and details.

interface Art {
  sil: string[];
  under: string;
  folds: string;
  over: string;
}

function tshirt(ctx: Ctx): Art {
  const { p, view } = ctx;
  const back = view === "back";
  const body = sym(
    "M400 190 C372 190 344 186 322 176 C288 190 250 202 212 214 C170 240 112 300 62 362 L158 458 C168 434 176 412 182 386 C190 520 182 680 188 806 C262 812 340 814 400 814",
  );
  let under = fabric(body, p);
  let over = "";
  let folds = "";
  // Set-in sleeve seams.
  over += seam(both("M212 214 C202 272 194 330 182 386"), p);
  over += crease(both("M214 222 C206 278 198 332 188 384"), p, 4, 0.25);
  // Sleeve and body hems.
  over += stitch(both("M74 350 L166 442"), p);
  over += stitch(both("M80 344 L170 434"), p, 1.1);
  over += stitch("M192 792 C262 798 340 800 400 800 C460 800 538 798 608 792", p);
  over += stitch("M192 786 C262 792 340 794 400 794 C460 794 538 792 608 786", p, 1.1);

  if (!back) {
    const inside =
      "M322 176 C344 186 372 190 400 190 C428 190 456 186 478 176 C470 222 440 246 400 248 C360 246 330 222 322 176 Z";
    under += `<path d="${inside}" fill="${p.inner}"/>`;
    under += soft("M330 186 C350 192 374 196 400 196 C426 196 450 192 470 186", p.fold, 8, 0.25);
    over += neckLabel(400, 198, ctx);
    over += ribCurve("M314 176 C322 232 358 258 400 258 C442 258 478 232 486 176", 18, p);
    over += stitch("M306 180 C316 244 356 270 400 270 C444 270 484 244 494 180", p);
    over += seam(both("M322 176 C288 190 250 202 212 214"), p, 1.4, 0.6);
    folds += fold(both("M196 430 C250 470 290 520 312 600"), p, 16, 0.22);
    folds += fold("M250 700 C300 680 340 720 400 700 C460 680 500 720 560 700", p, 12, 0.16);
    folds += shine(both("M300 330 C320 440 318 580 296 720"), p, 30, 0.22);
  } else {
    under += `<path d="M322 176 C344 186 372 190 400 190 C428 190 456 186 478 176 C462 194 432 200 400 200 C368 200 338 194 322 176 Z" fill="${p.inner}"/>`;
    over += ribCurve("M318 182 C340 200 370 208 400 208 C430 208 460 200 482 182", 16, p);
    over += stitch("M314 194 C338 214 370 222 400 222 C430 222 462 214 486 194", p);
    over += seam(both("M322 176 C288 190 250 202 212 214"), p, 1.6, 0.8);
    over += flagTag(196, 750, 1, ctx);
    folds += fold(both("M200 440 C260 480 300 540 320 640"), p, 16, 0.18);
    folds += shine("M340 300 C380 420 420 520 440 700", p, 40, 0.18);
  }
  return { sil: [body], under, folds, over };
}

function shirt(ctx: Ctx): Art {
  const { p, view } = ctx;
  const back = view === "back";
  const sleeveL = "M206 214 C152 252 120 470 102 702 L182 708 C190 600 202 500 212 386 C210 322 208 262 206 214 Z";
  const sleeveR = mirror(sleeveL);
  const body = sym(
    "M400 172 L330 166 C290 182 250 198 206 214 C210 270 212 330 212 386 C210 520 206 680 208 806 C250 812 320 860 400 866",
  );
  const cuffL = quad([100, 700], [184, 706], [180, 790], [94, 786]);
  const cuffR = mirror(cuffL);
  let under = fabric(sleeveL, p) + fabric(sleeveR, p) + fabric(cuffL, p) + fabric(cuffR, p) + fabric(body, p);
  let over = "";
  let folds = "";
  over += stitch(both("M104 712 L178 718"), p) + stitch(both("M98 776 L176 780"), p);
  over += both("") + button(118, 746, 6, p) + button(2 * CX - 118, 746, 6, p);
  over += seam(both("M160 706 L166 626"), p, 1.4) + stitch(both("M168 704 L173 632"), p, 1.1);
  over += crease(both("M214 224 C216 280 218 336 218 390"), p, 5, 0.3);
  over += stitch(both("M216 226 C218 282 220 336 220 388"), p, 1.1);
  over += stitch("M212 794 C254 800 322 848 400 854 C478 848 546 800 588 794", p);
  folds += fold(both("M160 300 C146 420 134 540 124 660"), p, 10, 0.2);
  folds += shine(both("M178 290 C168 420 158 540 150 660"), p, 10, 0.25);

  if (!back) {
    // Collar: back stand, inside neck, two collar leaves.
    under += fabric(
      "M324 170 C330 152 364 142 400 142 C436 142 470 152 476 170 C452 164 428 160 400 160 C372 160 348 164 324 170 Z",
      p,
    );
    under += `<path d="M324 170 C348 164 372 160 400 160 C428 160 452 164 476 170 L452 206 L400 220 L348 206 Z" fill="${p.inner}"/>`;
    under += neckLabel(400, 174, ctx, 0.9);
    // Placket.
    under += fabric("M386 208 L414 208 L414 862 C405 864 395 864 386 862 Z", p);
    const leafL = "M400 218 C380 204 348 184 322 168 C312 198 314 240 332 282 C356 262 380 240 400 218 Z";
    under += crease(both("M336 282 C360 264 382 242 402 222"), p, 8, 0.35);
    under += fabric(leafL, p) + fabric(mirror(leafL), p);
    // Chest pocket.
    const pocket = "M440 318 L534 318 L534 424 L487 440 L440 424 Z";
    under += crease("M442 430 L487 446 L534 430", p, 6, 0.35);
    under += fabric(pocket, p);
    over += stitch(both("M329 180 C322 208 324 240 336 270"), p, 1.1);
    over += stitch(both("M340 272 C360 256 378 238 394 222"), p, 1.1);
    over += stitch("M390 224 L390 856 M410 224 L410 856", p, 1.1);
    over += stitch("M446 336 L528 336", p, 1.1);
    over += stitch("M446 324 L446 420 L487 434 L528 420 L528 324", p, 1.1);
    over += seam("M440 330 L534 330", p, 1.2, 0.6);
    for (const y of [250, 330, 410, 490, 570, 650, 730, 810]) over += button(400, y, 7, p);
    over += seam(both("M330 166 C290 182 250 198 206 214"), p, 1.4, 0.6);
    folds += fold("M240 520 C280 600 290 700 270 800", p, 14, 0.18);
    folds += fold("M560 520 C520 600 510 700 530 800", p, 14, 0.18);
    folds += shine("M300 300 C320 430 320 600 300 760", p, 34, 0.22);
  } else {
    over += seam("M212 300 C300 290 500 290 588 300", p, 1.8);
    over += crease("M212 304 C300 296 500 296 588 304", p, 6, 0.3);
    over += stitch("M212 308 C300 300 500 300 588 308", p, 1.1);
    over += seam("M380 300 L384 420 M420 300 L416 420", p, 1.4);
    over += crease("M388 304 L390 430 M412 304 L410 430", p, 8, 0.22);
    over += seam(both("M330 166 C290 182 250 198 206 214"), p, 1.6, 0.8);
    const collar =
      "M318 168 C336 148 368 140 400 140 C432 140 464 148 482 168 L490 214 C458 224 430 228 400 228 C370 228 342 224 310 214 Z";
    under += crease("M312 220 C344 232 370 236 400 236 C430 236 456 232 488 220", p, 8, 0.35);
    under += fabric(collar, p);
    over += stitch("M316 206 C346 216 372 220 400 220 C428 220 454 216 484 206", p, 1.1);
    over += flagTag(216, 764, 1, ctx);
    folds += fold("M260 520 C300 620 300 720 280 820", p, 14, 0.15);
    folds += shine("M420 340 C440 480 440 640 420 800", p, 40, 0.18);
  }
  return { sil: [sleeveL, sleeveR, cuffL, cuffR, body], under, folds, over };
}

function bottoms(ctx: Ctx, short: boolean): Art {
  const { p, view } = ctx;
  const back = view === "back";
  // Waist sits lower for shorts so the garment is centred on the canvas.
  const top = short ? 268 : 112;
  const dy = (y: number) => y + top - 112;
  const outline = short
    ? sym(
        `M400 ${dy(118)} L244 ${dy(114)} C236 ${dy(190)} 220 ${dy(270)} 210 ${dy(350)} L196 ${dy(560)} L384 ${dy(574)} C390 ${dy(520)} 396 ${dy(470)} 400 ${dy(440)}`,
      )
    : sym(`M400 118 L244 114 C236 196 224 266 222 340 C224 560 234 760 240 936 L372 938 C378 760 390 560 400 440`);
  const band = `M244 ${dy(114)} L556 ${dy(114)} L558 ${dy(160)} C450 ${dy(164)} 350 ${dy(164)} 242 ${dy(160)} Z`;
  let under = fabric(outline, p);
  under += crease(`M244 ${dy(166)} C350 ${dy(170)} 450 ${dy(170)} 556 ${dy(166)}`, p, 6, 0.35);
  under += fabric(band, p);
  let over = "";
  let folds = "";
  over += stitch(
    `M246 ${dy(122)} L554 ${dy(122)} M246 ${dy(153)} C350 ${dy(157)} 450 ${dy(157)} 554 ${dy(153)}`,
    p,
    1.1,
  );
  // Hems.
  if (short) {
    const cuff = quad([198, dy(518)], [387, dy(530)], [384, dy(574)], [196, dy(560)]);
    over += crease(`M200 ${dy(522)} L386 ${dy(534)}`, p, 6, 0.3);
    over += fabric(cuff, p) + fabric(mirror(cuff), p);
    over += stitch(both(`M200 ${dy(528)} L384 ${dy(540)}`), p, 1.1);
  } else {
    over += stitch(both("M241 918 L373 920"), p);
    over += seam(both("M318 180 C314 400 310 700 306 934"), p, 1.2, 0.35);
    folds += shine(both("M312 200 C308 420 304 700 300 930"), p, 10, 0.3);
  }
  // Inseam / outseam.
  const legEnd = short ? dy(570) : 936;
  over += seam(both(short ? `M214 ${dy(300)} L202 ${dy(518)}` : "M224 330 C226 560 236 760 242 934"), p, 1.3, 0.5);
  over += seam(`M400 ${dy(164)} L400 ${dy(440)}`, p, 1.6);
  folds += fold(both(`M380 ${dy(470)} C340 ${dy(480)} 300 ${dy(470)} 260 ${dy(450)}`), p, 12, 0.16);
  folds += fold(
    both(short ? `M330 ${dy(500)} C300 ${dy(470)} 280 ${dy(420)} 270 ${dy(380)}` : "M262 640 C290 652 320 652 350 640"),
    p,
    10,
    0.14,
  );
  if (!short) folds += fold(both("M250 860 C280 874 320 874 356 862"), p, 10, 0.14);
  folds += shine(both(`M300 ${dy(200)} C296 ${dy(300)} 296 ${dy(360)} 300 ${legEnd - 80}`), p, 30, 0.18);

  // Belt loops.
  const loops = [262, 338];
  for (const x of loops) {
    const l = quad([x, dy(108)], [x + 12, dy(108)], [x + 12, dy(170)], [x, dy(170)]);
    over += crease(`M${x + 13} ${dy(110)} L${x + 13} ${dy(172)}`, p, 4, 0.4);
    over += fabric(l, p) + fabric(mirror(l), p);
    over += stitch(both(`M${x + 2} ${dy(114)} L${x + 10} ${dy(114)} M${x + 2} ${dy(164)} L${x + 10} ${dy(164)}`), p, 1);
  }
  if (!back) {
    // Fly and button.
    over += stitch(`M372 ${dy(166)} L372 ${dy(350)} C372 ${dy(378)} 388 ${dy(392)} 400 ${dy(396)}`, p, 1.3);
    over += crease(`M402 ${dy(168)} L402 ${dy(420)}`, p, 4, 0.3);
    over += button(400, dy(137), 9, p);
    // Slanted side pockets.
    const pocket = `M300 ${dy(164)} C290 ${dy(230)} 262 ${dy(270)} 226 ${dy(290)}`;
    over += crease(both(`M302 ${dy(166)} C292 ${dy(232)} 264 ${dy(274)} 228 ${dy(294)}`), p, 6, 0.45);
    over += seam(both(pocket), p, 1.8, 1);
    over += stitch(both(`M310 ${dy(164)} C300 ${dy(236)} 270 ${dy(280)} 230 ${dy(302)}`), p, 1.1);
    // Coin pocket.
    over += seam(`M478 ${dy(166)} L478 ${dy(214)} L530 ${dy(214)}`, p, 1.1, 0.6);
  } else {
    // Yoke, centre seam and welt pockets.
    over += seam(
      `M232 ${dy(230)} C300 ${dy(214)} 360 ${dy(200)} 400 ${dy(180)} C440 ${dy(200)} 500 ${dy(214)} 568 ${dy(230)}`,
      p,
      1.6,
    );
    over += stitch(
      `M232 ${dy(238)} C300 ${dy(222)} 360 ${dy(208)} 400 ${dy(188)} C440 ${dy(208)} 500 ${dy(222)} 568 ${dy(238)}`,
      p,
      1.1,
    );
    const welt = `M272 ${dy(262)} L356 ${dy(262)} L356 ${dy(272)} L272 ${dy(272)} Z`;
    over += crease(both(`M274 ${dy(270)} L354 ${dy(270)}`), p, 5, 0.5);
    over += fabric(welt, p) + fabric(mirror(welt), p);
    over += `<path d="${both(`M276 ${dy(268)} L352 ${dy(268)}`)}" stroke="${p.inner}" stroke-width="2.5"/>`;
    over += button(314, dy(286), 5.5, p) + button(2 * CX - 314, dy(286), 5.5, p);
    // Brand patch on the back waistband.
    if (ctx.label.trim()) {
      const txt = labelText(ctx.label);
      const w = Math.max(54, ctx.label.trim().slice(0, 16).length * 8.6 + 18);
      over += `<rect x="${fmt(480 - w / 2 + 1)}" y="${dy(121)}" width="${fmt(w)}" height="32" rx="3" fill="#000" opacity="0.25"/>`;
      over += `<rect x="${fmt(480 - w / 2)}" y="${dy(119)}" width="${fmt(w)}" height="32" rx="3" fill="#8a5a36" stroke="#5e3b22" stroke-width="1"/>`;
      over += `<rect x="${fmt(480 - w / 2 + 3)}" y="${dy(122)}" width="${fmt(w - 6)}" height="26" rx="2" fill="none" stroke="#d9b98f" stroke-width="0.8" stroke-dasharray="3 2"/>`;
      over += `<text x="480" y="${dy(139)}" font-family="sans-serif" font-size="10" font-weight="700" letter-spacing="1" text-anchor="middle" fill="#f1dcc0">${txt}</text>`;
    }
  }
  return { sil: [outline], under, folds, over };
}

function fleece(ctx: Ctx, hood: boolean): Art {
  const { p, view } = ctx;
  const back = view === "back";
  const sleeveL = "M196 234 C136 270 108 500 96 776 L178 782 C186 660 198 540 208 422 C206 352 200 292 196 234 Z";
  const sleeveR = mirror(sleeveL);
  const body = sym(
    "M400 198 C370 198 344 192 324 182 C286 198 240 216 196 234 C204 302 208 372 208 422 C206 560 206 700 210 826 L400 826",
  );
  const cuffA: Pt[] = [
    [98, 770],
    [178, 776],
    [174, 846],
    [102, 844],
  ];
  const hemA: Pt[] = [
    [212, 820],
    [588, 820],
    [584, 880],
    [216, 880],
  ];
  const cuffL = quad(cuffA[0], cuffA[1], cuffA[2], cuffA[3]);
  const cuffR = mirror(cuffL);
  const hem = quad(hemA[0], hemA[1], hemA[2], hemA[3]);
  const sil = [sleeveL, sleeveR, cuffL, cuffR, body, hem];
  let under = "";
  let over = "";
  let folds = "";
  const hoodBack = "M300 250 C276 170 322 100 400 96 C478 100 524 170 500 250 Z";
  if (hood && !back) {
    under += fabric(hoodBack, p);
    sil.push(hoodBack);
  }
  under += fabric(sleeveL, p) + fabric(sleeveR, p) + fabric(body, p);
  under += crease(both("M204 244 C210 310 214 370 214 424"), p, 6, 0.3);
  under += ribQuad(cuffA[0], cuffA[1], cuffA[2], cuffA[3], p);
  under += ribQuad(mirrorPt(cuffA[1]), mirrorPt(cuffA[0]), mirrorPt(cuffA[3]), mirrorPt(cuffA[2]), p);
  under += crease("M214 824 L586 824", p, 6, 0.3);
  under += ribQuad(hemA[0], hemA[1], hemA[2], hemA[3], p);
  over += seam(both("M196 234 C204 302 208 372 208 422"), p, 1.6);
  over += stitch(both("M202 240 C210 306 214 372 214 422"), p, 1.1);
  over += stitch(both("M100 766 L178 772"), p, 1.1);
  over += stitch("M212 815 L588 815", p, 1.1);
  folds += fold(both("M150 330 C138 460 128 580 120 720"), p, 12, 0.22);
  folds += shine(both("M172 320 C162 460 152 600 146 720"), p, 12, 0.25);
  folds += fold(both("M214 470 C260 520 300 560 330 620"), p, 18, 0.14);
  folds += fold("M240 760 C300 740 340 790 400 770 C460 750 500 790 560 770", p, 14, 0.14);

  if (!back) {
    if (hood) {
      const inside =
        "M318 244 C308 182 348 136 400 134 C452 136 492 182 482 244 C460 264 428 286 400 302 C372 286 340 264 318 244 Z";
      under += `<path d="${inside}" fill="${p.inner}"/>`;
      under += soft("M330 236 C326 186 356 150 400 148 C444 150 474 186 470 236", p.fold, 14, 0.3);
      under += seam("M400 136 L400 230", p, 1.4, 0.6);
      over += neckLabel(400, 222, ctx, 0.9);
      // Hood rim with drawstring channel, crossing at the neck.
      const rimL = "M400 306 C370 288 336 266 314 246 C304 184 346 130 400 128";
      over += ribCurve(`${rimL} C454 130 496 184 486 246 C464 266 430 288 400 306`, 14, { ...p, rib: p.base });
      over += stitch(
        `M406 316 C374 298 332 272 304 250 C292 180 340 120 400 118 C460 120 508 180 496 250 C468 272 426 298 394 316`,
        p,
        1.1,
      );
      over += crease("M302 258 C330 284 370 304 400 318 C430 304 470 284 498 258", p, 8, 0.3);
      // Eyelets and drawstrings.
      const cord = p.dark ? "#e9e6df" : p.light ? "#d9d6cf" : mix(p.base, "#ffffff", 0.55);
      const cordEdge = mix(cord, "#000000", 0.3);
      for (const [x, y, x2, y2] of [
        [372, 290, 364, 478],
        [428, 290, 440, 462],
      ]) {
        const d = `M${x} ${y} C${x - 6} ${y + 60} ${x2 + 10} ${y2 - 90} ${x2} ${y2}`;
        over += `<g transform="translate(2 4)">${soft(d, "#000000", 5, 0.2)}</g>`;
        over += `<path d="${d}" fill="none" stroke="${cordEdge}" stroke-width="8" stroke-linecap="round"/>`;
        over += `<path d="${d}" fill="none" stroke="${cord}" stroke-width="6" stroke-linecap="round"/>`;
        over += `<path d="${d}" fill="none" stroke="${cordEdge}" stroke-width="6" stroke-dasharray="1 5" opacity="0.5"/>`;
        over += `<rect x="${x2 - 4.5}" y="${y2 - 4}" width="9" height="26" rx="3" fill="url(#metal)" stroke="#6d6246" stroke-width="1"/>`;
        over += `<circle cx="${x}" cy="${y}" r="7" fill="url(#metal)" stroke="#6d6246" stroke-width="1"/><circle cx="${x}" cy="${y}" r="3.6" fill="${p.inner}"/>`;
      }
      // Kangaroo pocket.
      const pocket = "M304 612 L496 612 L548 714 L552 820 L248 820 L252 714 Z";
      under += crease("M300 616 L500 616", p, 6, 0.3);
      under += fabric(pocket, p);
      under += `<path d="${both("M304 612 L252 714 L266 714 L314 618 Z")}" fill="${p.inner}" opacity="0.55"/>`;
      over += stitch("M306 620 L494 620", p, 1.1);
      over += stitch(both("M312 616 L262 714 L262 816"), p, 1.1);
      over += stitch(both("M320 616 L272 714 L272 816"), p, 1.1);
      over += seam(both("M304 612 L252 714"), p, 2, 1);
      folds += fold("M290 680 C340 700 460 700 510 680", p, 12, 0.15);
    } else {
      const inside =
        "M324 182 C346 192 372 198 400 198 C428 198 454 192 476 182 C468 224 438 246 400 248 C362 246 332 224 324 182 Z";
      under += `<path d="${inside}" fill="${p.inner}"/>`;
      under += soft("M332 192 C352 198 376 204 400 204 C424 204 448 198 468 192", p.fold, 8, 0.25);
      over += neckLabel(400, 206, ctx);
      over += crease("M312 190 C322 254 360 282 400 282 C440 282 478 254 488 190", p, 8, 0.3);
      over += ribCurve("M314 180 C322 242 358 268 400 268 C442 268 478 242 486 180", 26, p);
      // Small V insert under the neck rib.
      over += fabric("M386 280 L414 280 L400 306 Z", p, p.base);
      over += `<path d="M386 280 L400 306 L414 280" fill="none" stroke="${p.rib}" stroke-width="3" stroke-dasharray="1.4 2.6" opacity="0.8"/>`;
      over += seam(both("M324 182 C286 198 240 216 196 234"), p, 1.4, 0.6);
      folds += shine(both("M300 340 C318 460 318 600 300 740"), p, 34, 0.22);
    }
  } else {
    under += `<path d="M324 182 C346 192 372 198 400 198 C428 198 454 192 476 182 C460 200 432 208 400 208 C368 208 340 200 324 182 Z" fill="${p.inner}"/>`;
    over += seam(both("M324 182 C286 198 240 216 196 234"), p, 1.6, 0.8);
    if (hood) {
      // Hood lying down on the back: rounded panels meeting in a centre seam.
      const hoodDown =
        "M400 178 C446 178 488 188 514 204 C536 290 520 400 470 456 C446 480 420 492 400 494 C380 492 354 480 330 456 C280 400 264 290 286 204 C312 188 354 178 400 178 Z";
      over += crease(
        "M292 230 C280 320 300 410 340 462 C362 486 384 500 400 502 C416 500 438 486 460 462 C500 410 520 320 508 230",
        p,
        12,
        0.45,
      );
      over += fabric(hoodDown, p);
      over += soft("M300 214 C340 196 370 192 400 192 C430 192 460 196 500 214", p.fold, 10, 0.35);
      over += seam("M292 206 C330 188 366 184 400 184 C434 184 470 188 508 206", p, 1.4, 0.7);
      over += seam("M400 186 L400 492", p, 1.8);
      over += stitch("M392 190 L392 488 M408 190 L408 488", p, 1.1);
      over += stitch("M296 224 C288 300 300 390 340 446 M504 224 C512 300 500 390 460 446", p, 1.1);
      over += shine(both("M326 250 C318 320 332 390 362 440"), p, 16, 0.28);
      over += fold(both("M372 230 C366 300 372 380 388 460"), p, 10, 0.16);
    } else {
      over += ribCurve("M318 186 C340 206 370 214 400 214 C430 214 460 206 482 186", 22, p);
    }
    over += flagTag(218, 788, 1, ctx);
    folds += shine("M380 500 C400 600 410 700 400 790", p, 50, 0.16);
  }
  return { sil, under, folds, over };
}

function jacket(ctx: Ctx): Art {
  const { p, view } = ctx;
  const back = view === "back";
  const sleeveL = "M196 228 C138 266 104 484 88 734 L180 742 C190 622 200 512 208 400 C206 332 200 272 196 228 Z";
  const sleeveR = mirror(sleeveL);
  const body = sym(
    "M400 176 L324 170 C284 188 242 208 196 228 C204 292 208 352 208 400 C206 560 204 700 208 800 L400 800",
  );
  const cuffL = quad([88, 730], [182, 738], [178, 806], [84, 800]);
  const cuffR = mirror(cuffL);
  const hem = quad([210, 796], [590, 796], [588, 852], [212, 852]);
  const sil = [sleeveL, sleeveR, cuffL, cuffR, body, hem];
  let under = fabric(sleeveL, p) + fabric(sleeveR, p) + fabric(body, p);
  under += crease(both("M204 238 C210 296 214 354 214 402"), p, 6, 0.3);
  under += crease(both("M92 734 L180 742"), p, 6, 0.35) + crease("M212 800 L588 800", p, 6, 0.35);
  under += fabric(cuffL, p) + fabric(cuffR, p) + fabric(hem, p);
  let over = "";
  let folds = "";
  over += seam(both("M196 228 C204 292 208 352 208 400"), p, 1.6);
  over += stitch(both("M202 234 C210 296 214 354 214 400"), p, 1.1);
  over += stitch(both("M92 744 L178 752 M88 790 L176 796"), p, 1.1);
  over += stitch("M214 806 L586 806 M214 842 L586 842", p, 1.1);
  over += stitch(both("M166 260 C140 400 124 560 116 730"), p, 1.1);
  folds += fold(both("M150 320 C136 450 124 580 116 700"), p, 12, 0.22);
  folds += shine(both("M176 310 C164 450 154 590 148 710"), p, 12, 0.25);
  folds += fold(both("M214 460 C250 500 280 540 300 600"), p, 16, 0.14);
  if (!back) {
    // Collar stand, inside neck and turn-down collar leaves.
    under += fabric(
      "M316 174 C322 146 360 132 400 132 C440 132 478 146 484 174 C456 162 428 158 400 158 C372 158 344 162 316 174 Z",
      p,
    );
    under += `<path d="M316 174 C344 162 372 158 400 158 C428 158 456 162 484 174 L400 244 Z" fill="${p.inner}"/>`;
    under += neckLabel(400, 170, ctx, 0.85);
    const leafL = "M400 244 C376 220 344 194 318 170 C300 204 296 250 306 302 C342 282 374 264 400 244 Z";
    under += crease(both("M310 306 C346 286 378 268 404 248"), p, 10, 0.4);
    under += fabric(leafL, p) + fabric(mirror(leafL), p);
    over += stitch(both("M318 182 C306 212 304 252 312 292"), p, 1.1);
    over += stitch(both("M316 294 C346 278 374 262 394 248"), p, 1.1);
    // Zip.
    over += `<path d="M400 240 L400 852" stroke="${p.inner}" stroke-width="12"/>`;
    over += `<path d="M400 240 L400 852" stroke="#b9b29c" stroke-width="7" stroke-dasharray="2.2 2.2"/>`;
    over += `<path d="M400 240 L400 852" stroke="#000" stroke-width="1" opacity="0.35"/>`;
    over += stitch("M390 244 L390 852 M410 244 L410 852", p, 1.1);
    over += `<rect x="393" y="246" width="14" height="18" rx="3" fill="url(#metal)" stroke="#5f5a4a" stroke-width="1"/>`;
    over += `<path d="M396 262 L395 296 C395 302 405 302 405 296 L404 262 Z" fill="url(#metal)" stroke="#5f5a4a" stroke-width="1"/>`;
    over += `<rect x="397.5" y="284" width="5" height="8" rx="2" fill="#5f5a4a"/>`;
    // Chest flap pockets.
    const pocketL = "M252 344 L346 344 L346 456 L252 456 Z";
    const flapL = "M246 330 L352 330 L352 366 L299 380 L246 366 Z";
    under += fabric(pocketL, p) + fabric(mirror(pocketL), p);
    over += stitch(both("M258 350 L258 450 L340 450 L340 350"), p, 1.1);
    over += crease(both("M248 370 L299 384 L350 370"), p, 6, 0.45);
    over += fabric(flapL, p) + fabric(mirror(flapL), p);
    over += stitch(both("M252 338 L346 338 L346 362 L299 374 L252 362 Z"), p, 1.1);
    over += metalButton(299, 362, 6.5) + metalButton(2 * CX - 299, 362, 6.5);
    // Lower welt pockets.
    const welt = "M240 560 L262 552 L286 686 L264 694 Z";
    over += crease(both("M266 696 L288 688"), p, 5, 0.4);
    over += fabric(welt, p) + fabric(mirror(welt), p);
    over += stitch(both("M246 562 L270 690 M256 558 L280 686"), p, 1);
    over += seam(both("M324 170 C284 188 242 208 196 228"), p, 1.4, 0.6);
    folds += shine(both("M300 470 C316 560 318 660 304 760"), p, 30, 0.2);
    folds += fold(both("M360 500 C370 600 372 700 366 790"), p, 10, 0.18);
  } else {
    over += seam("M204 330 C300 312 500 312 596 330", p, 1.8);
    over += crease("M204 336 C300 320 500 320 596 336", p, 6, 0.3);
    over += stitch("M204 338 C300 320 500 320 596 338", p, 1.1);
    over += seam(both("M300 322 C296 500 300 650 302 796"), p, 1.6);
    over += stitch(both("M308 322 C304 500 308 650 310 796"), p, 1.1);
    over += seam(both("M324 170 C284 188 242 208 196 228"), p, 1.6, 0.8);
    const collar =
      "M312 170 C332 148 366 138 400 138 C434 138 468 148 488 170 L498 222 C464 234 432 238 400 238 C368 238 336 234 302 222 Z";
    under += crease("M304 228 C338 242 370 246 400 246 C430 246 462 242 496 228", p, 8, 0.35);
    under += fabric(collar, p);
    over += stitch("M308 214 C340 226 370 230 400 230 C430 230 460 226 492 214", p, 1.1);
    over += flagTag(216, 766, 1, ctx);
    folds += shine("M380 420 C400 540 410 660 400 780", p, 50, 0.16);
  }
  return { sil, under, folds, over };
}

// ---------------------------------------------------------------------------
// Composition

const BACKGROUNDS: Record<GarmentView, [string, string, string]> = {
  front: ["#f6f4f0", "#e7e3dc", "#fbfaf7"],
  back: ["#f1f3f4", "#dfe3e6", "#f9fafb"],
  detail: ["#f4efe8", "#e3dbd0", "#fbf8f3"],
};

// Focus point of the close-up. The zoom stays an integer so the fabric
// pattern tiles map to whole device pixels (librsvg is much faster then).
const DETAIL_FOCUS: Record<GarmentKind, [number, number]> = {
  "t-shirt": [410, 250],
  shirt: [430, 300],
  trousers: [350, 220],
  shorts: [340, 470],
  hoodie: [400, 320],
  sweatshirt: [400, 260],
  jacket: [380, 300],
};

const WOVEN: Record<GarmentKind, "knit" | "oxford" | "twill"> = {
  "t-shirt": "knit",
  shirt: "oxford",
  trousers: "twill",
  shorts: "twill",
  hoodie: "knit",
  sweatshirt: "knit",
  jacket: "twill",
};

function texturePattern(kind: GarmentKind, p: Palette, strong: boolean): string {
  const ink = p.dark ? "#ffffff" : "#000000";
  const a = strong ? (p.dark ? 0.16 : 0.13) : p.dark ? 0.07 : 0.06;
  const b = a * 0.7;
  switch (WOVEN[kind]) {
    case "knit":
      return (
        `<pattern id="tex" patternUnits="userSpaceOnUse" width="5" height="6">` +
        `<path d="M0.6 0 L2.5 5.4 M4.4 0 L2.5 5.4" fill="none" stroke="${ink}" stroke-width="0.7" opacity="${a}"/>` +
        `<path d="M0 5.8 H5" stroke="${p.shine}" stroke-width="0.5" opacity="${b}"/></pattern>`
      );
    case "oxford":
      return (
        `<pattern id="tex" patternUnits="userSpaceOnUse" width="4" height="4">` +
        `<path d="M0 1 H4 M0 3 H2" stroke="${ink}" stroke-width="0.6" opacity="${a}"/>` +
        `<path d="M1 0 V4 M3 0 V2" stroke="${p.shine}" stroke-width="0.6" opacity="${b * 1.4}"/></pattern>`
      );
    case "twill":
      return (
        `<pattern id="tex" patternUnits="userSpaceOnUse" width="6" height="6">` +
        `<path d="M-1 7 L7 -1 M-4 4 L4 -4 M2 10 L10 2" stroke="${ink}" stroke-width="1.1" opacity="${a}"/>` +
        `<path d="M-1 4 L4 -1 M2 7 L7 2" stroke="${p.shine}" stroke-width="0.6" opacity="${b}"/></pattern>`
      );
  }
}

/** A complete standalone SVG document string, 800x1000 viewBox, of the garment in that colour. */
export function garmentSvg(opts: { kind: GarmentKind; color: string; view?: GarmentView; label?: string }): string {
  const view: GarmentView = opts.view ?? "front";
  const hex = colorHex(opts.color);
  const p = palette(hex);
  const ctx: Ctx = { p, view, label: opts.label ?? "" };
  const detail = view === "detail";
  const drawView: GarmentView = detail ? "front" : view;
  const dctx: Ctx = { ...ctx, view: drawView };

  let art: Art;
  switch (opts.kind) {
    case "t-shirt":
      art = tshirt(dctx);
      break;
    case "shirt":
      art = shirt(dctx);
      break;
    case "trousers":
      art = bottoms(dctx, false);
      break;
    case "shorts":
      art = bottoms(dctx, true);
      break;
    case "hoodie":
      art = fleece(dctx, true);
      break;
    case "sweatshirt":
      art = fleece(dctx, false);
      break;
    case "jacket":
      art = jacket(dctx);
      break;
    default:
      art = tshirt(dctx);
  }

  const [bgTop, bgBottom, bgGlow] = BACKGROUNDS[view];
  const silPaths = art.sil.map((d) => `<path d="${d}"/>`).join("");
  const focus = DETAIL_FOCUS[opts.kind] ?? DETAIL_FOCUS["t-shirt"];
  const transform = detail ? `translate(${CX} ${H / 2}) scale(2) translate(${-focus[0]} ${-focus[1]})` : "";

  const defs =
    `<defs>` +
    // One opaque radial gradient: studio light in the upper middle falling off
    // to a slightly darker edge (cheaper than stacked translucent layers).
    `<radialGradient id="bg" cx="0.5" cy="0.42" fx="0.46" fy="0.3" r="0.78"><stop offset="0" stop-color="${bgGlow}"/><stop offset="0.45" stop-color="${bgTop}"/><stop offset="1" stop-color="${bgBottom}"/></radialGradient>` +
    `<linearGradient id="fab" gradientUnits="userSpaceOnUse" x1="180" y1="120" x2="640" y2="940"><stop offset="0" stop-color="${p.hi}"/><stop offset="0.45" stop-color="${hex}"/><stop offset="1" stop-color="${p.lo}"/></linearGradient>` +
    `<linearGradient id="ribfab" gradientUnits="userSpaceOnUse" x1="180" y1="120" x2="640" y2="940"><stop offset="0" stop-color="${hex}"/><stop offset="1" stop-color="${mix(p.lo, "#000000", 0.05)}"/></linearGradient>` +
    `<radialGradient id="sheen" gradientUnits="userSpaceOnUse" cx="330" cy="360" r="520"><stop offset="0" stop-color="#ffffff" stop-opacity="${p.dark ? 0.1 : 0.16}"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>` +
    `<linearGradient id="metal" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#efe6c8"/><stop offset="0.5" stop-color="#b9a875"/><stop offset="1" stop-color="#7d6f49"/></linearGradient>` +
    texturePattern(opts.kind, p, detail) +
    `<clipPath id="garment">${silPaths}</clipPath>` +
    `</defs>`;

  // Layered, widening outlines fake a blurred drop shadow (filters are slow).
  // Each outline is one path element, so overlapping pieces do not double up.
  const silD = art.sil.join(" ");
  const shadow =
    `<g transform="translate(9 16)" fill="none" stroke="#3b2f22" stroke-linejoin="round" stroke-opacity="0.055">` +
    [50, 38, 28, 19, 11, 5].map((w) => `<path d="${silD}" stroke-width="${w}"/>`).join("") +
    `</g>` +
    `<path d="${silD}" transform="translate(2 4)" fill="none" stroke="#2a2018" stroke-opacity="0.16" stroke-width="6" stroke-linejoin="round"/>`;

  const overlay =
    `<g clip-path="url(#garment)">` +
    `<rect x="0" y="0" width="${W}" height="${H}" fill="url(#sheen)"/>` +
    art.folds +
    `</g>`;

  const garment = `${shadow}${art.under}${overlay}${art.over}`;
  const title = escapeAttr(`${opts.kind} ${opts.color} ${view}`);

  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">` +
    `<title>${title}</title>` +
    defs +
    `<rect width="${W}" height="${H}" fill="url(#bg)"/>` +
    (transform ? `<g transform="${transform}">${garment}</g>` : garment) +
    `</svg>`
  );
}
