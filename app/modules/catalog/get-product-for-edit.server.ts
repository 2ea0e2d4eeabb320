import { asc, eq } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { toShopDateTimeLocal } from "~/lib/shop-time";
import { colors as colours, productImages, products, productVariants, sizeSets } from "~/modules/catalog/tables";
import { swatchesFor, type ColourSwatch } from "./colour-rules";
import type { ProductStatus } from "~/db/schema/statuses";
import type { ProductInput } from "./product-input";
import { isPossibleProductId } from "./product-id";

export type ProductForEdit = {
  id: string;
  status: ProductStatus;
  input: ProductInput;
  /** The product's colours with their swatches, and its size set (for the owner's API). */
  swatches: ColourSwatch[];
  sizeSet: { id: number; name: string; sizes: string[] } | null;
  /** The launch time as a `datetime-local` value in Pakistan time, or "". */
  launchAtLocal: string;
};

/** Any product the owner has (drafts and archived ones included), as the product rule's input. */
export async function getProductForEdit(db: DbOrTx, id: string): Promise<ProductForEdit | null> {
  if (!isPossibleProductId(id)) return null;
  const [product] = await db.select().from(products).where(eq(products.id, id));
  if (!product) return null;
  const [variants, images, [sizeSet], swatchRows] = await Promise.all([
    db
      .select()
      .from(productVariants)
      .where(eq(productVariants.productId, id))
      .orderBy(asc(productVariants.position), asc(productVariants.id)),
    db
      .select()
      .from(productImages)
      .where(eq(productImages.productId, id))
      .orderBy(asc(productImages.position), asc(productImages.id)),
    db
      .select({ id: sizeSets.id, name: sizeSets.name, sizes: sizeSets.sizes })
      .from(sizeSets)
      .where(eq(sizeSets.id, product.sizeSetId)),
    db.select({ name: colours.name, hex: colours.hex }).from(colours),
  ]);
  const colors = [...new Set(variants.map((v) => v.color))];
  const sizes = [...new Set(variants.map((v) => v.size))];
  return {
    id: product.id,
    status: product.status,
    launchAtLocal: toShopDateTimeLocal(product.launchAt),
    swatches: swatchesFor(colors, swatchRows),
    sizeSet: sizeSet ?? null,
    input: {
      status: product.status === "archived" ? "draft" : product.status,
      name: product.name,
      category: product.categorySlug,
      description: product.description,
      price: product.price,
      originalPrice: product.originalPrice,
      sizeSetId: product.sizeSetId,
      colors,
      sizes,
      variants: variants.map((v) => ({ color: v.color, size: v.size, stock: v.stock, costPrice: v.costPrice })),
      features: product.features,
      tags: product.tags,
      images: images.map((i) => ({ width: i.width, height: i.height, sources: i.sources, alt: i.alt, color: i.color })),
      launchAt: product.launchAt,
      weightGrams: product.weightGrams,
      costPrice: product.costPrice,
      lowStockThreshold: product.lowStockThreshold,
    },
  };
}
