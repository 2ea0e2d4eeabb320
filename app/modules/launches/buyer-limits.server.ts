import { and, eq, inArray, isNotNull, lte, ne, or, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { AppError } from "~/lib/errors";
import { products } from "~/modules/catalog/reads";
import { orderItems, orders } from "~/modules/orders/reads";
import { limitMessage, overLimit, type LimitedLine } from "./launch-rules";
import { launches, launchProducts } from "./tables";

export type BuyerOrder = {
  userId: string | null;
  /** E.164, as orders store it; null before checkout (adding to the cart), when only the account is known. */
  phone: string | null;
  lines: readonly { productId: string; quantity: number }[];
  now: Date;
};

/**
 * The order's products whose open launch limits pieces per buyer, each with what this buyer (the
 * phone number or the account) took in orders placed since that launch opened, cancelled ones left
 * out, and what this order asks. One query for the launches, one for the pieces, and only when the
 * order holds a limited product.
 */
export async function limitedLines(db: DbOrTx, order: BuyerOrder): Promise<LimitedLine[]> {
  const asked = new Map<string, number>();
  for (const line of order.lines) asked.set(line.productId, (asked.get(line.productId) ?? 0) + line.quantity);
  if (asked.size === 0) return [];
  const limited = await db
    .select({
      productId: launchProducts.productId,
      name: products.name,
      limit: launches.perBuyerLimit,
    })
    .from(launchProducts)
    .innerJoin(launches, eq(launches.id, launchProducts.launchId))
    .innerJoin(products, eq(products.id, launchProducts.productId))
    .where(
      and(
        inArray(launchProducts.productId, [...asked.keys()]),
        isNotNull(launches.perBuyerLimit),
        lte(launches.opensAt, order.now),
      ),
    );
  if (limited.length === 0) return [];
  // The buyer's orders (by phone, or by account: orders_phone_idx, orders_user_created_idx), then their items.
  const buyer = or(
    order.phone ? eq(orders.phone, order.phone) : undefined,
    order.userId ? eq(orders.userId, order.userId) : undefined,
  );
  if (!buyer) return [];
  const taken = await db
    .select({
      productId: orderItems.productId,
      quantity: sql<number>`sum(${orderItems.quantity})::int`.mapWith(Number),
    })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .innerJoin(launchProducts, eq(launchProducts.productId, orderItems.productId))
    .innerJoin(launches, eq(launches.id, launchProducts.launchId))
    .where(
      and(
        buyer,
        ne(orders.status, "cancelled"),
        sql`${orders.createdAt} >= ${launches.opensAt}`,
        inArray(
          orderItems.productId,
          limited.map((l) => l.productId),
        ),
      ),
    )
    .groupBy(orderItems.productId);
  return limited.map((l) => ({
    productId: l.productId,
    name: l.name,
    limit: l.limit!,
    asked: asked.get(l.productId) ?? 0,
    taken: taken.find((t) => t.productId === l.productId)?.quantity ?? 0,
  }));
}

/**
 * Refuses an order that would give its buyer more pieces of a launched product than the launch
 * allows (LAUNCH_LIMIT_REACHED, 409, the limit's words beside the items). Inside the order's
 * transaction, after modules/abuse's locks on the account and the phone number, so two orders of
 * one buyer racing (in any process) are counted one after the other.
 */
export async function refuseOverLaunchLimits(
  db: DbOrTx,
  order: BuyerOrder,
  field: "items" | "quantity" = "items",
): Promise<void> {
  refuseOverLimit(await limitedLines(db, order), field);
}

/** Throws LAUNCH_LIMIT_REACHED for the first line past its limit (its words under `field`); nothing when all fit. */
export function refuseOverLimit(lines: readonly LimitedLine[], field: "items" | "quantity"): void {
  const over = overLimit(lines);
  if (!over) return;
  const message = limitMessage(over);
  throw new AppError(
    "LAUNCH_LIMIT_REACHED",
    message,
    { [field]: message },
    { productId: over.productId, limit: over.limit },
  );
}
