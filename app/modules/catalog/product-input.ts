import { z } from "~/lib/zod";
import { fromShopDateTimeLocal } from "~/lib/shop-time";
import { PRODUCT_STATUSES } from "~/db/schema/statuses";
import { distinct, MAX_PRICE, MAX_PRODUCT_IMAGES, MAX_VARIANT_STOCK, variantKey } from "./product-options";

/**
 * The one rule for a product the owner saves, used by the Add/Edit Product form and the JSON API.
 * Publishing (active or coming soon) needs everything SPEC.md asks for; a draft needs only a name
 * and a price (the price column is required), so the owner can save half-finished work.
 * Prices are whole rupees: 1299.50 is refused with a message rather than silently rounded.
 * Whether each colour and size is one the shop offers is the shop's data: saveProduct checks it
 * (size-set-rules.ts checkProductOptions) and puts them in the owner's order.
 */

export const SAVED_PRODUCT_STATUSES = PRODUCT_STATUSES.filter((s) => s !== "archived") as [
  "active",
  "draft",
  "coming-soon",
];
export type SavedProductStatus = (typeof SAVED_PRODUCT_STATUSES)[number];

export const PRODUCT_MESSAGES = {
  name: "Product name is required",
  description: "Description is required",
  price: "Valid price is required",
  wholeRupees: "Price must be in whole rupees (no paisa)",
  originalPrice: "Original price must be a whole number of rupees",
  originalAbovePrice: "Original price must be more than the price",
  stock: "Valid stock quantity is required",
  images: "At least one image is required",
  tooManyImages: `At most ${MAX_PRODUCT_IMAGES} images`,
  colors: "At least one color is required",
  sizes: "At least one size is required",
  sizeSetId: "Please choose a size set",
  category: "Please choose a category",
  launchAt: "Choose a valid launch date and time",
  weightGrams: "Weight must be a whole number of grams from 1 to 50,000, or empty",
  costPrice: "Cost price must be a whole number of rupees, 0 or more, or empty",
  lowStockThreshold: "Low-stock alert must be a whole number of units, 0 or more, or empty",
} as const;

/** The heaviest piece a product may say it weighs (a courier's parcel limit is far below it). */
export const MAX_WEIGHT_GRAMS = 50_000;

/** A stored picture as the form and the API carry it: the WebP renditions already in media_files. */
export const imageTokenSchema = z.object({
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  sources: z
    .array(z.object({ key: z.string().regex(/^[0-9a-f]{16,64}$/), width: z.number().int().positive() }))
    .min(1)
    .max(6),
  alt: z.string().max(200).optional(),
  color: z.string().max(30).nullable().optional(),
});
export type ImageToken = z.infer<typeof imageTokenSchema>;

const numberish = z.union([z.number(), z.string()]);

const rawProductSchema = z.object({
  status: z.enum(SAVED_PRODUCT_STATUSES).optional(),
  name: z.string().optional(),
  category: z.string().optional(),
  description: z.string().optional(),
  price: numberish.nullable().optional(),
  originalPrice: numberish.nullable().optional(),
  stock: numberish.nullable().optional(),
  sizeSetId: numberish.nullable().optional(),
  colors: z.array(z.string().max(60)).max(100).optional(),
  sizes: z.array(z.string().max(60)).max(100).optional(),
  variants: z
    .array(
      z.object({ color: z.string(), size: z.string(), stock: numberish, costPrice: numberish.nullable().optional() }),
    )
    .optional(),
  features: z.array(z.string()).optional(),
  tags: z.union([z.string(), z.array(z.string())]).optional(),
  images: z.array(imageTokenSchema).optional(),
  launchAt: z.union([z.string(), z.null()]).optional(),
  weightGrams: numberish.nullable().optional(),
  /** What one piece costs the shop (whole rupees); owner-only, never shown to buyers. */
  costPrice: numberish.nullable().optional(),
  /** Units at or under which a variant counts as low in stock; empty: the shop's default (Settings). */
  lowStockThreshold: numberish.nullable().optional(),
});
export type RawProductInput = z.input<typeof rawProductSchema>;

export type ProductInput = {
  status: SavedProductStatus;
  name: string;
  category: string;
  description: string;
  price: number;
  originalPrice: number | null;
  /** The product's size set; null: the product's own (on edit), else the first set holding every size. */
  sizeSetId: number | null;
  colors: string[];
  sizes: string[];
  /**
   * Every colour x size combination with its stock and its own cost (null: the product's cost);
   * saveProduct puts them in the shop's colour and size order.
   */
  variants: { color: string; size: string; stock: number; costPrice: number | null }[];
  features: string[];
  tags: string[];
  images: ImageToken[];
  launchAt: Date | null;
  /** Grams per piece, for parcels and courier charges; null when not given (booking assumes a default). */
  weightGrams: number | null;
  /** The product's cost per piece in whole rupees; null: not known (reports count it apart, never as 0). */
  costPrice: number | null;
  /** The low-stock alert level in units; null: the shop's default. */
  lowStockThreshold: number | null;
};

/** "1,299" and 1299 are 1299; blank is null; anything else is NaN (refused by the caller). */
function toNumber(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "number") return value;
  const trimmed = value.trim().replace(/,/g, "");
  if (trimmed === "") return null;
  return /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

const isStock = (n: number | null): n is number =>
  n !== null && Number.isInteger(n) && n >= 0 && n <= MAX_VARIANT_STOCK;
const isCost = (n: number | null): n is number => n !== null && Number.isInteger(n) && n >= 0 && n <= MAX_PRICE;

/** An optional cost in whole rupees ("Rs 1,200" and "PKR 1200" read as 1200): null when empty, NaN when not a cost. */
export function parseCost(value: string | number | null | undefined): number | null {
  const cleaned = typeof value === "string" ? value.trim().replace(/^(rs\.?|pkr)\s*/i, "") : value;
  const n = toNumber(cleaned);
  return n === null ? null : isCost(n) ? n : Number.NaN;
}

/** Comma-separated tags (or a list) as trimmed, distinct, non-empty words. */
export function splitTags(tags: string | string[] | undefined): string[] {
  const parts = (Array.isArray(tags) ? tags : (tags ?? "").split(",")).map((t) => t.trim()).filter(Boolean);
  return [...new Set(parts)].slice(0, 20).map((t) => t.slice(0, 40));
}

/** A launch time: ISO with a zone, or a `datetime-local` value read as Pakistan time (lib/shop-time). */
export function parseLaunchAt(value: string): Date | null {
  return fromShopDateTimeLocal(value);
}

export const productInputSchema = rawProductSchema.transform((raw, ctx): ProductInput => {
  const fail = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
  const status = raw.status ?? "active";
  const publishing = status !== "draft";

  const name = (raw.name ?? "").trim();
  if (!name) fail("name", PRODUCT_MESSAGES.name);
  else if (name.length > 120) fail("name", "Product name must be 120 characters or fewer");

  const category = (raw.category ?? "").trim();
  if (!category) fail("category", PRODUCT_MESSAGES.category);

  const description = (raw.description ?? "").trim();
  if (publishing && !description) fail("description", PRODUCT_MESSAGES.description);
  else if (description.length > 5000) fail("description", "Description must be 5,000 characters or fewer");

  const price = toNumber(raw.price);
  if (price === null || Number.isNaN(price) || price <= 0 || price > MAX_PRICE) fail("price", PRODUCT_MESSAGES.price);
  else if (!Number.isInteger(price)) fail("price", PRODUCT_MESSAGES.wholeRupees);

  const originalPrice = toNumber(raw.originalPrice);
  if (originalPrice !== null) {
    if (
      Number.isNaN(originalPrice) ||
      !Number.isInteger(originalPrice) ||
      originalPrice <= 0 ||
      originalPrice > MAX_PRICE
    )
      fail("originalPrice", PRODUCT_MESSAGES.originalPrice);
    else if (price !== null && originalPrice <= price) fail("originalPrice", PRODUCT_MESSAGES.originalAbovePrice);
  }

  // The stock quantity fills every combination that has no stock of its own (checked below, once
  // the combinations are known).
  const stock = toNumber(raw.stock);
  const stockGiven = stock !== null;

  const colors = distinct((raw.colors ?? []).map((c) => c.trim()).filter(Boolean));
  const sizes = distinct((raw.sizes ?? []).map((c) => c.trim()).filter(Boolean));
  if (publishing && colors.length === 0) fail("colors", PRODUCT_MESSAGES.colors);
  if (publishing && sizes.length === 0) fail("sizes", PRODUCT_MESSAGES.sizes);
  const sizeSetNumber = toNumber(raw.sizeSetId);
  const sizeSetId =
    sizeSetNumber !== null && Number.isSafeInteger(sizeSetNumber) && sizeSetNumber > 0 ? sizeSetNumber : null;
  if (sizeSetNumber !== null && sizeSetId === null) fail("sizeSetId", PRODUCT_MESSAGES.sizeSetId);

  const given = new Map((raw.variants ?? []).map((v) => [variantKey(v.color, v.size), v]));
  const variants = colors.flatMap((color) =>
    sizes.map((size) => {
      const key = variantKey(color, size);
      const cell = given.get(key);
      const own = cell ? toNumber(cell.stock) : null;
      if (own !== null && !isStock(own)) fail(`variants.${key}`, `${color} ${size}: ${PRODUCT_MESSAGES.stock}`);
      const cost = parseCost(cell?.costPrice);
      if (Number.isNaN(cost)) fail(`variantCosts.${key}`, `${color} ${size}: ${PRODUCT_MESSAGES.costPrice}`);
      return {
        color,
        size,
        stock: own ?? (isStock(stock) ? stock : 0),
        costPrice: Number.isNaN(cost) ? null : cost,
        ownStock: own !== null,
      };
    }),
  );
  // Publishing needs a stock for every combination: the stock quantity is required only when some
  // colour and size has none of its own (an owner who filled every cell has given the total).
  const everyCellFilled = variants.length > 0 && variants.every((v) => v.ownStock);
  if (((publishing && !everyCellFilled) || stockGiven) && !isStock(stock)) fail("stock", PRODUCT_MESSAGES.stock);

  const costPrice = parseCost(raw.costPrice);
  if (Number.isNaN(costPrice)) fail("costPrice", PRODUCT_MESSAGES.costPrice);
  const threshold = toNumber(raw.lowStockThreshold);
  const thresholdValid = threshold === null || isStock(threshold);
  if (!thresholdValid) fail("lowStockThreshold", PRODUCT_MESSAGES.lowStockThreshold);

  const features = (raw.features ?? []).map((f) => f.trim()).filter(Boolean);
  if (features.length > 20) fail("features", "At most 20 features");
  if (features.some((f) => f.length > 200)) fail("features", "Each feature must be 200 characters or fewer");

  const images = raw.images ?? [];
  if (images.length > MAX_PRODUCT_IMAGES) fail("images", PRODUCT_MESSAGES.tooManyImages);
  else if (publishing && images.length === 0) fail("images", PRODUCT_MESSAGES.images);

  // A launch time that is not a date is refused whatever the status; it is kept only for coming-soon.
  const parsedLaunch = raw.launchAt?.trim() ? parseLaunchAt(raw.launchAt) : null;
  if (raw.launchAt?.trim() && !parsedLaunch) fail("launchAt", PRODUCT_MESSAGES.launchAt);
  const launchAt = status === "coming-soon" ? parsedLaunch : null;

  // Optional: "350", "350 g" and "350 grams" are 350; empty is none.
  const weight = toNumber(
    typeof raw.weightGrams === "string" ? raw.weightGrams.trim().replace(/\s*(g|grams?)$/i, "") : raw.weightGrams,
  );
  const weightValid = weight === null || (Number.isInteger(weight) && weight >= 1 && weight <= MAX_WEIGHT_GRAMS);
  if (!weightValid) fail("weightGrams", PRODUCT_MESSAGES.weightGrams);

  return {
    status,
    name,
    category,
    description,
    price: price ?? 0,
    originalPrice,
    sizeSetId,
    colors,
    sizes,
    variants: variants.map(({ ownStock: _own, ...v }) => v),
    features,
    tags: splitTags(raw.tags),
    images,
    launchAt,
    weightGrams: weightValid ? weight : null,
    costPrice: Number.isNaN(costPrice) ? null : costPrice,
    lowStockThreshold: thresholdValid ? threshold : null,
  };
});

/** The issues of a failed parse as one message per field (the first one wins). */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "form";
    fields[key] ??= issue.message;
  }
  return fields;
}
