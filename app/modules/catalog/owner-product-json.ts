import { mediaUrl } from "~/modules/media/image-url";
import type { ProductForEdit } from "./get-product-for-edit.server";
import type { RawProductInput } from "./product-input";

/** A product as the owner's API answers it (drafts and all), with its stock grid and photo URLs. */
export function ownerProductJson(product: ProductForEdit) {
  const p = product.input;
  return {
    id: product.id,
    status: product.status,
    name: p.name,
    category: p.category,
    description: p.description,
    price: p.price,
    originalPrice: p.originalPrice,
    sizeSetId: p.sizeSetId,
    colors: p.colors,
    sizes: p.sizes,
    // The colours with their swatches, and the size set the sizes come from.
    swatches: product.swatches,
    sizeSet: product.sizeSet && { name: product.sizeSet.name, sizes: product.sizeSet.sizes },
    variants: p.variants,
    features: p.features,
    tags: p.tags,
    // Sources are stored smallest first: the largest rendition is the one a client scales down.
    images: p.images.map((i) => mediaUrl(i.sources[i.sources.length - 1].key)),
    launchAt: p.launchAt ? p.launchAt.toISOString() : null,
    weightGrams: p.weightGrams,
    // Owner-only: what a piece costs the shop (the public product JSON never carries it).
    costPrice: p.costPrice,
    lowStockThreshold: p.lowStockThreshold,
  };
}

/** The stored product as input to the product rule, so a PATCH changes only the fields it names. */
export function rawInputOf(product: ProductForEdit): RawProductInput {
  const p = product.input;
  return {
    ...p,
    sizeSetId: p.sizeSetId,
    // Colour/size combinations added by the PATCH start at 0 unless it gives a stock quantity.
    stock: 0,
    launchAt: p.launchAt ? p.launchAt.toISOString() : null,
  };
}

/**
 * A PATCH body over the stored product: the fields it names replace the stored ones. Variants it
 * lists without a `costPrice` keep the cost they have (a client written before costs existed must
 * not wipe them).
 */
export function patchedInput(product: ProductForEdit, body: Record<string, unknown>): RawProductInput {
  const stored = rawInputOf(product);
  if (!Array.isArray(body.variants)) return { ...stored, ...body };
  const costs = new Map(product.input.variants.map((v) => [`${v.color}/${v.size}`, v.costPrice]));
  const variants = body.variants.map((v: unknown) => {
    if (!v || typeof v !== "object" || "costPrice" in v) return v;
    const cell = v as { color?: unknown; size?: unknown };
    return { ...cell, costPrice: costs.get(`${String(cell.color)}/${String(cell.size)}`) ?? null };
  });
  return { ...stored, ...body, variants } as RawProductInput;
}
