import { and, asc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { cartItems } from "~/modules/cart/tables";
import { products, productVariants } from "~/modules/catalog/reads";
import { AppError } from "~/lib/errors";
import { isUuid } from "~/lib/uuid";
import { firstImageKey } from "~/modules/catalog/card-columns";
import { isPossibleProductId } from "~/modules/catalog/product-id";
import { isShopperVisible, notForSaleMessage } from "~/modules/catalog/product-availability";
import { publishLiveEvent } from "~/db/live-events.server";
import type { CartItemInput } from "./cart-schema";
import { onSaleAt, priceAt } from "~/modules/promotions/reads";

export type ResolvedVariant = {
  productId: string;
  name: string;
  categorySlug: string;
  /** The price at the moment asked (a running sale's included). */
  price: number;
  onSale: boolean;
  status: string;
  variantId: number;
  color: string;
  size: string;
  stock: number;
  /** The product's first photo at its smallest, as order lists and e-mails show it. */
  imageKey: string | null;
};

/**
 * The variant a shopper asked for. Colour or size left out means the first one in stock (SPEC.md's
 * quick add), so an item carried through sign-in still lands in the cart.
 */
export async function resolveVariant(
  db: DbOrTx,
  input: Pick<CartItemInput, "productId" | "color" | "size">,
  now = new Date(),
): Promise<ResolvedVariant> {
  if (!isPossibleProductId(input.productId)) throw new AppError("NOT_FOUND", "Product not found");
  const conditions = [eq(productVariants.productId, products.id)];
  if (input.color) conditions.push(eq(productVariants.color, input.color));
  if (input.size) conditions.push(eq(productVariants.size, input.size));
  // The product and its best matching variant in one statement; no variant leaves the product's row.
  const best = db
    .select({
      id: productVariants.id,
      color: productVariants.color,
      size: productVariants.size,
      stock: productVariants.stock,
    })
    .from(productVariants)
    .where(and(...conditions))
    .orderBy(sql`${productVariants.stock} > 0 desc`, asc(productVariants.position), asc(productVariants.id))
    .limit(1)
    .as("best");
  const [product] = await db
    .select({
      id: products.id,
      name: products.name,
      categorySlug: products.categorySlug,
      price: priceAt(now),
      onSale: onSaleAt(now),
      status: products.status,
      imageKey: firstImageKey,
      variant: { id: best.id, color: best.color, size: best.size, stock: best.stock },
    })
    .from(products)
    .leftJoinLateral(best, sql`true`)
    .where(eq(products.id, input.productId));
  if (!product || !isShopperVisible(product.status)) throw new AppError("NOT_FOUND", "Product not found");
  const notForSale = notForSaleMessage(product.name, product.status);
  if (notForSale) throw new AppError("CONFLICT", notForSale);
  const variant = product.variant;
  if (!variant)
    throw new AppError("NOT_FOUND", `${product.name} is not available in that colour and size`, {
      variant: "Please select color and size",
    });
  return {
    productId: product.id,
    name: product.name,
    categorySlug: product.categorySlug,
    price: product.price,
    onSale: product.onSale,
    status: product.status,
    variantId: variant.id,
    color: variant.color,
    size: variant.size,
    stock: variant.stock,
    imageKey: product.imageKey,
  };
}

export type AddToCartResult = {
  itemId: string;
  name: string;
  color: string;
  size: string;
  quantity: number;
  limitedByStock: boolean;
  alreadyInCart: boolean;
};

/**
 * Adds to the buyer's cart; the same product, colour and size again raises that line's quantity,
 * never past the stock there is. Asking for more than there is fills the line up to the stock
 * (the shop's buttons, which then say so) or, with `beyondStock: "refuse"` (the API), changes nothing.
 */
export async function addToCart(
  db: DbOrTx,
  userId: string,
  input: CartItemInput,
  { beyondStock = "cap" }: { beyondStock?: "cap" | "refuse" } = {},
): Promise<AddToCartResult> {
  const variant = await resolveVariant(db, input);
  if (variant.stock <= 0) throw new AppError("OUT_OF_STOCK", `${variant.name} is out of stock!`);
  const [existing] = await db
    .select({ quantity: cartItems.quantity })
    .from(cartItems)
    .where(and(eq(cartItems.userId, userId), eq(cartItems.variantId, variant.variantId)));
  const inCart = existing?.quantity ?? 0;
  const wanted = inCart + input.quantity;
  if (wanted > variant.stock && beyondStock === "refuse") {
    const message = `Only ${variant.stock} left of ${variant.name} (${variant.color}, ${variant.size})${inCart > 0 ? `, and ${inCart} already in your cart` : ""}`;
    throw new AppError("OUT_OF_STOCK", message, { quantity: message });
  }
  const quantity = Math.min(wanted, variant.stock);
  const [line] = await db
    .insert(cartItems)
    .values({
      userId,
      productId: variant.productId,
      variantId: variant.variantId,
      quantity,
      priceWhenAdded: variant.price,
    })
    .onConflictDoUpdate({
      target: [cartItems.userId, cartItems.variantId],
      set: { quantity: sql`least(${cartItems.quantity} + ${input.quantity}, ${variant.stock})`, updatedAt: new Date() },
    })
    .returning({ id: cartItems.id, quantity: cartItems.quantity });
  await publishLiveEvent(db, { topic: "cart", userId });
  return {
    itemId: line.id,
    name: variant.name,
    color: variant.color,
    size: variant.size,
    quantity: line.quantity,
    limitedByStock: wanted > variant.stock,
    alreadyInCart: Boolean(existing),
  };
}

async function ownLine(db: DbOrTx, userId: string, itemId: string) {
  if (!isUuid(itemId)) throw new AppError("NOT_FOUND", "That item is not in your cart");
  const [line] = await db
    .select({
      id: cartItems.id,
      name: products.name,
      stock: productVariants.stock,
      color: productVariants.color,
      size: productVariants.size,
    })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .innerJoin(productVariants, eq(productVariants.id, cartItems.variantId))
    .where(and(eq(cartItems.id, itemId), eq(cartItems.userId, userId)));
  // Someone else's line is "not found" too: ids of other carts reveal nothing.
  if (!line) throw new AppError("NOT_FOUND", "That item is not in your cart");
  return line;
}

/** Sets a line's quantity: at least 1, at most what is in stock. */
export async function updateCartItem(
  db: DbOrTx,
  userId: string,
  itemId: string,
  quantity: number,
): Promise<{ name: string; quantity: number }> {
  const line = await ownLine(db, userId, itemId);
  if (quantity < 1)
    throw new AppError("VALIDATION", "Quantity must be at least 1", { quantity: "Quantity must be at least 1" });
  if (quantity > line.stock) {
    const message =
      line.stock > 0
        ? `Only ${line.stock} left of ${line.name} (${line.color}, ${line.size})`
        : `${line.name} is out of stock!`;
    throw new AppError("OUT_OF_STOCK", message, { quantity: message });
  }
  await db
    .update(cartItems)
    .set({ quantity, updatedAt: new Date() })
    .where(and(eq(cartItems.id, itemId), eq(cartItems.userId, userId)));
  await publishLiveEvent(db, { topic: "cart", userId });
  return { name: line.name, quantity };
}

export async function removeCartItem(db: DbOrTx, userId: string, itemId: string): Promise<{ name: string }> {
  const line = await ownLine(db, userId, itemId);
  await db.delete(cartItems).where(and(eq(cartItems.id, itemId), eq(cartItems.userId, userId)));
  await publishLiveEvent(db, { topic: "cart", userId });
  return { name: line.name };
}

export async function clearCart(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(cartItems).where(eq(cartItems.userId, userId));
  await publishLiveEvent(db, { topic: "cart", userId });
}
