import { and, asc, eq, gt, inArray } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { orders } from "~/modules/orders/reads";
import { products, productVariants } from "~/modules/catalog/reads";
import { getSettings } from "~/modules/settings/reads";
import { AppError } from "~/lib/errors";
import { isUuid } from "~/lib/uuid";
import { FOR_SALE_STATUS } from "~/modules/catalog/product-availability";
import { priceAt } from "~/modules/promotions/reads";
import { readOrderLines, readRequestedItems, requestedQuantities } from "./return-records.server";
import { linePaidValues, returnWindow, unitsPaidValue } from "./return-rules";

/** Another size or colour of the product, in stock now, at today's price. */
export type ExchangeOption = { variantId: number; color: string; size: string; price: number; stock: number };

export type ReturnableItem = {
  orderItemId: number;
  productId: string | null;
  variantId: number | null;
  name: string;
  color: string;
  size: string;
  price: number;
  /** Ordered. */
  quantity: number;
  /** Already in open or finished requests (all but rejected). */
  alreadyRequested: number;
  /** What may still be asked for. */
  returnable: number;
  /** What the next returnable unit was paid (its share of the discount off), for showing the refund to expect. */
  unitPaidValue: number;
  imageKey: string | null;
  /** Empty when the product is no longer on sale or nothing else is in stock. */
  exchangeOptions: ExchangeOption[];
};

export type ReturnableOrder = {
  orderId: string;
  orderNumber: string;
  /** Settings' window, in days. */
  windowDays: number;
  /** True while a request may be made: the window is open and something is left to ask for. */
  open: boolean;
  /** The last moment a request may be made; null when the order is not delivered. */
  closesAt: Date | null;
  /** Why a request is refused now, in the buyer's words; null when it may be made. */
  refusal: string | null;
  items: ReturnableItem[];
};

export const NOTHING_LEFT_MESSAGE = "You have already asked to return every item of this order";

/**
 * What the buyer may ask to return or exchange on their order now (the "Return or exchange" form
 * and its API): each item with the quantity still returnable and the other variants of its product
 * in stock (colour, size, price, stock), whether the window is open and until when, and the
 * refusal otherwise. Someone else's order is NOT_FOUND.
 */
export async function returnableItems(
  db: DbOrTx,
  { userId, orderId, now = new Date() }: { userId: string; orderId: string; now?: Date },
): Promise<ReturnableOrder> {
  if (!isUuid(orderId)) throw new AppError("NOT_FOUND", "Order not found");
  const [order] = await db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      userId: orders.userId,
      status: orders.status,
      deliveredAt: orders.deliveredAt,
      discountTotal: orders.discountTotal,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order || order.userId !== userId) throw new AppError("NOT_FOUND", "Order not found");
  const [settings, lines, requested] = await Promise.all([
    getSettings(db),
    readOrderLines(db, orderId),
    readRequestedItems(db, orderId),
  ]);
  const window = returnWindow(order, settings.returnWindowDays, now);
  const held = requestedQuantities(requested);
  const paid = linePaidValues(lines, order.discountTotal);
  const options = await exchangeOptions(
    db,
    lines.flatMap((l) => (l.productId ? [l.productId] : [])),
    now,
  );

  const items = lines.map((line): ReturnableItem => {
    const already = Math.min(held.get(line.id) ?? 0, line.quantity);
    const returnable = line.quantity - already;
    return {
      orderItemId: line.id,
      productId: line.productId,
      variantId: line.variantId,
      name: line.name,
      color: line.color,
      size: line.size,
      price: line.price,
      quantity: line.quantity,
      alreadyRequested: already,
      returnable,
      imageKey: line.imageKey,
      unitPaidValue: returnable > 0 ? unitsPaidValue(paid.get(line.id) ?? 0, line.quantity, already, 1) : 0,
      exchangeOptions: (options.get(line.productId ?? "") ?? []).filter((o) => o.variantId !== line.variantId),
    };
  });
  const nothingLeft = items.every((i) => i.returnable === 0);
  const refusal = window.refusal ?? (nothingLeft ? NOTHING_LEFT_MESSAGE : null);
  return {
    orderId: order.id,
    orderNumber: order.orderNumber,
    windowDays: settings.returnWindowDays,
    open: refusal === null,
    closesAt: window.closesAt,
    refusal,
    items,
  };
}

/** The in-stock variants of these products while they are on sale, at `now`'s price, in the owner's variant order. */
async function exchangeOptions(db: DbOrTx, productIds: string[], now: Date): Promise<Map<string, ExchangeOption[]>> {
  const byProduct = new Map<string, ExchangeOption[]>();
  if (productIds.length === 0) return byProduct;
  const rows = await db
    .select({
      productId: productVariants.productId,
      variantId: productVariants.id,
      color: productVariants.color,
      size: productVariants.size,
      stock: productVariants.stock,
      price: priceAt(now),
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(
      and(
        inArray(productVariants.productId, [...new Set(productIds)]),
        eq(products.status, FOR_SALE_STATUS),
        gt(productVariants.stock, 0),
      ),
    )
    .orderBy(asc(productVariants.position), asc(productVariants.id));
  for (const { productId, ...option } of rows) byProduct.set(productId, [...(byProduct.get(productId) ?? []), option]);
  return byProduct;
}
