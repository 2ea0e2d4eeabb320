import type { ProductStatus } from "~/db/schema/statuses";
import { asc, desc, eq } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { cartItems, categories, products, productVariants } from "~/db/schema";
import { firstImage } from "~/modules/catalog/card-columns";
import type { ProductImageData } from "~/modules/catalog/product-card";
import { onSaleAt, priceAt } from "~/modules/promotions/sale-sql";

export type CartLine = {
  id: string;
  productId: string;
  variantId: number;
  name: string;
  categoryName: string;
  color: string;
  size: string;
  quantity: number;
  /** Today's price (a running sale's included); what checkout charges. */
  price: number;
  onSale: boolean;
  categorySlug: string;
  priceWhenAdded: number;
  /** Units of this colour and size in stock now. */
  stock: number;
  status: ProductStatus;
  image: ProductImageData | null;
  addedAt: Date;
};

/** A buyer's cart lines with today's price and stock, newest first (SPEC.md: ordered by addedAt). */
export async function listCartLines(db: DbOrTx, userId: string, now = new Date()): Promise<CartLine[]> {
  const rows = await db
    .select({
      id: cartItems.id,
      productId: cartItems.productId,
      variantId: cartItems.variantId,
      name: products.name,
      categoryName: categories.name,
      color: productVariants.color,
      size: productVariants.size,
      quantity: cartItems.quantity,
      price: priceAt(now),
      onSale: onSaleAt(now),
      categorySlug: products.categorySlug,
      priceWhenAdded: cartItems.priceWhenAdded,
      stock: productVariants.stock,
      status: products.status,
      addedAt: cartItems.addedAt,
      image: firstImage,
    })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .innerJoin(categories, eq(categories.slug, products.categorySlug))
    .innerJoin(productVariants, eq(productVariants.id, cartItems.variantId))
    .where(eq(cartItems.userId, userId))
    .orderBy(desc(cartItems.addedAt), asc(cartItems.id));
  return rows;
}

