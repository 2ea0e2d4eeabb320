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
