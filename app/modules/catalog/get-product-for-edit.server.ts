import { asc, eq } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { toShopDateTimeLocal } from "~/lib/shop-time";
import { productImages, products, productVariants } from "~/db/schema";
import type { ProductStatus } from "~/db/schema/statuses";
import type { ProductInput } from "./product-input";
import { isPossibleProductId } from "./product-id";

export type ProductForEdit = {
  id: string;
  status: ProductStatus;
  input: ProductInput;
  /** The launch time as a `datetime-local` value in Pakistan time, or "". */
  launchAtLocal: string;
};

/** Any product the owner has (drafts and archived ones included), as the product rule's input. */
export async function getProductForEdit(db: DbOrTx, id: string): Promise<ProductForEdit | null> {
  if (!isPossibleProductId(id)) return null;
  const [product] = await db.select().from(products).where(eq(products.id, id));
  if (!product) return null;
  const [variants, images] = await Promise.all([
    db.select().from(productVariants).where(eq(productVariants.productId, id)).orderBy(asc(productVariants.position), asc(productVariants.id)),
    db.select().from(productImages).where(eq(productImages.productId, id)).orderBy(asc(productImages.position), asc(productImages.id)),
  ]);
  const colors = [...new Set(variants.map((v) => v.color))];
  const sizes = [...new Set(variants.map((v) => v.size))];
  return {
    id: product.id,
    status: product.status,
    launchAtLocal: toShopDateTimeLocal(product.launchAt),
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
      variants: variants.map((v) => ({ color: v.color, size: v.size, stock: v.stock })),
      features: product.features,
      tags: product.tags,
      images: images.map((i) => ({ width: i.width, height: i.height, sources: i.sources, alt: i.alt, color: i.color })),
      launchAt: product.launchAt,
      weightGrams: product.weightGrams,
    },
  };
}
