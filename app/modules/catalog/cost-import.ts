/**
 * The cost file the owner uploads (CSV or Excel, read by the courier imports' reader into a sheet):
 * a column naming the product (its id or exact name) or a SKU column, and a cost column. Pure and
 * browser-safe: the page names its types. The file is kept on the server between the preview and
 * Apply (keepCostFile); Apply reads it again and checks every row again.
 */
export type CostFileRow = { line: number; product: string; sku: string; cost: string };

/**
 * A spreadsheet read into text (the shape of shipping's CourierSheet, which the file reader gives;
 * named here so the catalogue does not depend on shipping): rows[i] is on line lines[i] of the file.
 */
export type CostSheet = { headers: string[]; rows: string[][]; lines?: number[] };

/** How many rows one file may carry (a shop's whole catalogue, variant by variant, fits). */
export const MAX_COST_ROWS = 5000;

const PRODUCT_HEADERS = ["product", "product id", "product name", "name", "id", "product_id", "productid"];
const SKU_HEADERS = ["sku", "variant sku", "sku code"];
const COST_HEADERS = [
  "cost",
  "cost price",
  "cost (pkr)",
  "cost price (pkr)",
  "unit cost",
  "cost_price",
  "costprice",
  "cost pkr",
];

const norm = (header: string) => header.trim().toLowerCase().replace(/\s+/g, " ");

export const COST_FILE_MESSAGES = {
  noCost: 'The file has no cost column: name one "Cost" (or "Cost price").',
  noTarget: 'The file has no product or SKU column: name one "Product" (an id or the exact name) or "SKU".',
  tooMany: `This file has more than ${MAX_COST_ROWS.toLocaleString("en-US")} rows. Please split it into smaller files.`,
} as const;

/** The sheet's rows as cost rows, or the reason the file cannot be read as a cost file. */
export function readCostSheet(sheet: CostSheet): { rows: CostFileRow[] } | { error: string } {
  const headers = sheet.headers.map(norm);
  const find = (names: string[]) => headers.findIndex((h) => names.includes(h));
  const cost = find(COST_HEADERS);
  const product = find(PRODUCT_HEADERS);
  const sku = find(SKU_HEADERS);
  if (cost < 0) return { error: COST_FILE_MESSAGES.noCost };
  if (product < 0 && sku < 0) return { error: COST_FILE_MESSAGES.noTarget };
  if (sheet.rows.length > MAX_COST_ROWS) return { error: COST_FILE_MESSAGES.tooMany };
  return {
    rows: sheet.rows.map((cells, i) => ({
      line: sheet.lines?.[i] ?? i + 2,
      product: product >= 0 ? (cells[product] ?? "").trim() : "",
      sku: sku >= 0 ? (cells[sku] ?? "").trim() : "",
      cost: (cells[cost] ?? "").trim(),
    })),
  };
}

/** One row of the preview: what Apply will change, or why the row is refused. */
export type CostPreviewRow = {
  line: number;
  /** What the row named, as typed (its SKU, else its product). */
  given: string;
  status: "change" | "same" | "refused";
  /** Why a row is refused. */
  reason: string | null;
  target: {
    kind: "product" | "variant";
    productId: string;
    name: string;
    /** A variant's colour, size and SKU. */
    variant: { id: number; color: string; size: string; sku: string } | null;
    /** The cost now (for a variant: its own; null when it takes the product's). */
    oldCost: number | null;
    newCost: number;
  } | null;
};

export type CostPreview = { rows: CostPreviewRow[]; changes: number; same: number; refused: number };

export function summarise(rows: CostPreviewRow[]): CostPreview {
  return {
    rows,
    changes: rows.filter((r) => r.status === "change").length,
    same: rows.filter((r) => r.status === "same").length,
    refused: rows.filter((r) => r.status === "refused").length,
  };
}
