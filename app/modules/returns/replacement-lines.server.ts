import { asc, eq, inArray } from "drizzle-orm";
import type { Tx } from "~/db/client.server";
import { orders } from "~/modules/orders/reads";
import { products, productVariants } from "~/modules/catalog/reads";
import { AppError } from "~/lib/errors";
import { firstImageKey } from "~/modules/catalog/card-columns";
import { isForSale } from "~/modules/catalog/product-availability";
import { priceAt } from "~/modules/promotions/reads";
import type { RequestedItem } from "./return-records.server";

/** A line of the replacement order, in the shape the orders module writes an item (its ReplacementLine). */
export type ReplacementLine = {
  productId: string;
  variantId: number;
  name: string;
  color: string;
  size: string;
  price: number;
  quantity: number;
  imageKey: string | null;
};

/**
 * The replacement order's lines for a request's exchanged items: each new variant at its product's
 * price now (a running sale's included), its rows locked in variant id order (the lock order of
 * every order) and checked: still on sale and in stock for the quantity, else the owner is told
 * what ran out since the request. The approve-return flow then takes the stock (the catalogue's
 * guarded takeStock) and writes the order.
 */
export async function lockReplacementLines(
  tx: Tx,
  exchanged: readonly Pick<RequestedItem, "exchangeVariantId" | "exchangeColor" | "exchangeSize" | "quantity">[],
  now: Date,
): Promise<ReplacementLine[]> {
  const quantities = new Map<number, number>();
  for (const item of exchanged) {
    if (!item.exchangeVariantId) {
      const message = `The ${item.exchangeColor}, ${item.exchangeSize} asked for in exchange no longer exists: reject the request with a reason, or ask the customer for another size`;
      throw new AppError("CONFLICT", message);
    }
    quantities.set(item.exchangeVariantId, (quantities.get(item.exchangeVariantId) ?? 0) + item.quantity);
  }
  const rows = await tx
    .select({
      variantId: productVariants.id,
      productId: products.id,
      name: products.name,
      color: productVariants.color,
      size: productVariants.size,
      stock: productVariants.stock,
      status: products.status,
      price: priceAt(now),
      imageKey: firstImageKey,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(inArray(productVariants.id, [...quantities.keys()]))
    .orderBy(asc(productVariants.id))
    .for("update", { of: productVariants });
  const lines: ReplacementLine[] = [];
  for (const [variantId, quantity] of [...quantities].sort(([a], [b]) => a - b)) {
    const row = rows.find((r) => r.variantId === variantId);
    const item = exchanged.find((i) => i.exchangeVariantId === variantId)!;
    const what = row ? `${row.name} (${row.color}, ${row.size})` : `The ${item.exchangeColor}, ${item.exchangeSize}`;
    if (!row || !isForSale(row.status))
      throw new AppError(
        "CONFLICT",
        `${what} is no longer on sale: reject the request with a reason, or ask the customer for another size`,
      );
    if (row.stock < quantity) {
      const left = row.stock > 0 ? `only ${row.stock} left` : "out of stock";
      throw new AppError(
        "OUT_OF_STOCK",
        `${what} is ${left} since the request was made: reject it with a reason, or ask the customer for another size`,
      );
    }
    lines.push({
      productId: row.productId,
      variantId,
      name: row.name,
      color: row.color,
      size: row.size,
      price: row.price,
      quantity,
      imageKey: row.imageKey,
    });
  }
  return lines;
}

/** What the replacement copies from the order it replaces: the same buyer, address, phone, e-mail, channel and WhatsApp opt-out. */
export async function readOrderToReplace(tx: Tx, orderId: string) {
  const [order] = await tx
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      userId: orders.userId,
      channel: orders.channel,
      placedBy: orders.placedBy,
      fullName: orders.fullName,
      email: orders.email,
      phone: orders.phone,
      whatsappOptOut: orders.whatsappOptOut,
      address: orders.address,
      city: orders.city,
      postalCode: orders.postalCode,
      country: orders.country,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order) throw new AppError("NOT_FOUND", "Order not found");
  return order;
}
