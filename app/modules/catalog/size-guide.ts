/** Body measurements in inches for each size, by the kind of garment. */
export type SizeGuide = { columns: string[]; rows: { size: string; values: string[] }[] };

const TOPS: SizeGuide = {
  columns: ["Chest", "Length", "Shoulder"],
  rows: [
    { size: "XS", values: ["34-36", "26", "16"] },
    { size: "S", values: ["36-38", "27", "17"] },
    { size: "M", values: ["38-40", "28", "18"] },
    { size: "L", values: ["40-42", "29", "19"] },
    { size: "XL", values: ["42-44", "30", "20"] },
    { size: "XXL", values: ["44-46", "31", "21"] },
  ],
};

const BOTTOMS: SizeGuide = {
  columns: ["Waist", "Hip", "Inseam"],
  rows: [
    { size: "XS", values: ["27-28", "35", "30"] },
    { size: "S", values: ["29-30", "37", "31"] },
    { size: "M", values: ["31-32", "39", "31"] },
    { size: "L", values: ["33-34", "41", "32"] },
    { size: "XL", values: ["35-36", "43", "32"] },
    { size: "XXL", values: ["37-38", "45", "33"] },
  ],
};

export function sizeGuideFor(categorySlug: string, sizes: string[]): SizeGuide {
  const guide = categorySlug === "trousers" || categorySlug === "shorts" ? BOTTOMS : TOPS;
  const columns = categorySlug === "shorts" ? ["Waist", "Hip", "Length"] : guide.columns;
  const rows = guide.rows
    .filter((r) => sizes.includes(r.size))
    .map((r) => (categorySlug === "shorts" ? { ...r, values: [r.values[0], r.values[1], "7-9"] } : r));
  return { columns, rows };
}
