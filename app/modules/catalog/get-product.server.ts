import type { ProductStatus } from "~/db/schema/statuses";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { readThrough } from "~/db/read-cache.server";
import {
  categories,
  colors,
  productImages,
  products,
  productVariants,
  sizeSets,
  type SizeGuideTable,
} from "~/modules/catalog/tables";
import { swatchesFor, type ColourSwatch } from "./colour-rules";
import { guideForSizes, inOrderOf } from "./size-set-rules";
import { SHOPPER_VISIBLE_STATUSES } from "~/modules/catalog/product-availability";
import type { ProductImageData } from "./product-card";
import { onSaleAt, originalPriceAt, priceAt } from "~/modules/promotions/reads";
import { isPossibleProductId } from "./product-id";

export type ProductVariantData = { color: string; size: string; stock: number; sku: string };

export type ProductDetail = {
  id: string;
  name: string;
  categorySlug: string;
  categoryName: string;
  description: string;
  price: number;
  originalPrice: number | null;
  /** A scheduled sale lowers the price now (the sale badge). */
  onSale: boolean;
  material: string;
  brand: string;
  status: ProductStatus;
  rating: number;
  reviewCount: number;
  features: string[];
  colors: string[];
  /** Each colour with its swatch, in the product's order. */
  swatches: ColourSwatch[];
  sizes: string[];
  /** The product's size set: its name and every size in it (the product's sizes are some of them). */
  sizeSet: { name: string; sizes: string[] };
  /** The set's size guide for the product's sizes; null when the set has none. */
  sizeGuide: SizeGuideTable | null;
  variants: ProductVariantData[];
  images: (ProductImageData & { color: string | null })[];
  updatedAt: Date;
};

/** A product as a shopper sees it, or null when it does not exist or is a draft. */
async function queryProduct(db: DbOrTx, id: string, now = new Date()): Promise<ProductDetail | null> {
  const [row] = await db
    .select({
      product: products,
      categoryName: categories.name,
      price: priceAt(now),
      originalPrice: originalPriceAt(now),
      onSale: onSaleAt(now),
      sizeSet: { name: sizeSets.name, sizes: sizeSets.sizes, guide: sizeSets.guide },
    })
    .from(products)
    .innerJoin(categories, eq(categories.slug, products.categorySlug))
    .innerJoin(sizeSets, eq(sizeSets.id, products.sizeSetId))
    .where(and(eq(products.id, id), inArray(products.status, [...SHOPPER_VISIBLE_STATUSES])));
  if (!row) return null;
  const [variants, images, swatchRows] = await Promise.all([
    db
      .select({
        color: productVariants.color,
        size: productVariants.size,
        stock: productVariants.stock,
        sku: productVariants.sku,
      })
      .from(productVariants)
      .where(eq(productVariants.productId, id))
      .orderBy(asc(productVariants.position), asc(productVariants.id)),
    db
      .select({
        alt: productImages.alt,
        width: productImages.width,
        height: productImages.height,
        sources: productImages.sources,
        color: productImages.color,
      })
      .from(productImages)
      .where(eq(productImages.productId, id))
      .orderBy(asc(productImages.position)),
    db
      .select({ name: colors.name, hex: colors.hex })
      .from(colors)
      .where(
        inArray(
          colors.name,
          db
            .selectDistinct({ color: productVariants.color })
            .from(productVariants)
            .where(eq(productVariants.productId, id)),
        ),
      ),
  ]);
  const colourNames = unique(variants.map((v) => v.color));
  // Sizes in the set's order (a size no longer in the set, kept on an ordered variant, comes last).
  const variantSizes = unique(variants.map((v) => v.size));
  const sizes = [
    ...inOrderOf(row.sizeSet.sizes, variantSizes),
    ...variantSizes.filter((s) => !row.sizeSet.sizes.includes(s)),
  ];
  const p = row.product;
  return {
    id: p.id,
    name: p.name,
    categorySlug: p.categorySlug,
    categoryName: row.categoryName,
    description: p.description,
    price: row.price,
    originalPrice: row.originalPrice,
    onSale: row.onSale,
    material: p.material,
    brand: p.brand,
    status: p.status,
    rating: p.rating,
    reviewCount: p.reviewCount,
    features: p.features,
    colors: colourNames,
    swatches: swatchesFor(colourNames, swatchRows),
    sizes,
    sizeSet: { name: row.sizeSet.name, sizes: row.sizeSet.sizes },
    sizeGuide: guideForSizes(row.sizeSet.guide, sizes),
    variants,
    images,
    updatedAt: p.updatedAt,
  };
}

function unique<T>(values: T[]): T[] {
  return [...new Set(values)];
}

/** The same, kept in memory between catalogue changes (db/read-cache.server.ts). */
export async function getProduct(db: DbOrTx, id: string): Promise<ProductDetail | null> {
  if (!isPossibleProductId(id)) return null;
  return readThrough(db, "catalog", `product:${id}`, () => queryProduct(db, id));
}
