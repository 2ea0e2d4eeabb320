import { and, eq, sql, type SQL } from "drizzle-orm";
import type { DbOrTx, Tx } from "~/db/client.server";
import { orderItems, orders } from "~/modules/orders/tables";
import type { OrderChannel } from "~/db/schema/statuses";
import { AppError } from "~/lib/errors";
import type { OrderActor } from "./order-actor";
import { generateOrderNumber, type OrderNumberPrefix } from "./order-number";
import { recordStatusChange } from "./record-status-change.server";

/** An order the owner enters for a customer who called, wrote on WhatsApp or messaged on Instagram. */
export type EnteredBy = { actor: OrderActor & { id: string }; channel: Exclude<OrderChannel, "web"> };

export type PlaceOrderResult = {
  orderId: string;
  orderNumber: string;
  created: boolean;
  /** What the buyer's store credit paid (whole rupees; 0 when none): the order's total is the cash left to collect. */
  storeCreditUsed: number;
  /** Placed to be paid online (in whole, or its advance) first: the buyer goes to the gateway next. */
  awaitingPayment: boolean;
};

/** One item as the order keeps it: named and priced when it was placed. */
export type OrderItemRow = {
  productId: string;
  variantId: number;
  name: string;
  color: string;
  size: string;
  price: number;
  quantity: number;
  imageKey: string | null;
};

const CHANNEL_NOTE: Record<EnteredBy["channel"], string> = {
  phone: "Phone order",
  whatsapp: "WhatsApp order",
  instagram: "Instagram order",
};

/**
 * Writes a new pending order, its items and the first row of its history, in the caller's
 * transaction (three statements). The order number is a random one nobody has: a number already
 * taken is skipped by the insert itself (no read first); a number taken by an order committing at
 * the same moment raises the unique index's error, and the caller places the order again.
 * Every item keeps its cost at this moment (`unit_cost`), whoever places the order: the web, the
 * owner entering a phone order, or an exchange's replacement.
 * An exchange's replacement (modules/returns, the approve-return flow) is numbered "EX-" and its
 * first history row says what it replaces (`placedBy.note`).
 */
export async function createOrder(
  tx: Tx,
  values: Omit<typeof orders.$inferInsert, "orderNumber">,
  items: readonly OrderItemRow[],
  placedBy: { actor: OrderActor; enteredBy: EnteredBy | null; at: Date; note?: string | null },
  { numberPrefix = "ORD" }: { numberPrefix?: OrderNumberPrefix } = {},
): Promise<{ id: string; orderNumber: string }> {
  const order = await insertOrder(tx, values, numberPrefix);
  // Each item keeps what a piece cost the shop at this moment (the variant's cost, else its
  // product's, else unknown), read in the same statement: a cost changed later never changes it.
  await tx
    .insert(orderItems)
    .values(items.map((item) => ({ orderId: order.id, ...item, unitCost: unitCostNow(item.variantId) })));
  const { enteredBy } = placedBy;
  await recordStatusChange(tx, {
    orderId: order.id,
    from: null,
    to: values.status ?? "pending",
    at: placedBy.at,
    actor: enteredBy?.actor ?? placedBy.actor,
    note: placedBy.note ?? (enteredBy ? `${CHANNEL_NOTE[enteredBy.channel]} entered by the shop` : null),
  });
  return order;
}

/** The cost of one piece of a variant now: its own cost, else its product's, else null (unknown, never 0). */
function unitCostNow(variantId: number): SQL<number | null> {
  return sql<
    number | null
  >`(select coalesce(pv.cost_price, p.cost_price) from product_variants pv join products p on p.id = pv.product_id where pv.id = ${variantId})`;
}

async function insertOrder(
  tx: Tx,
  values: Omit<typeof orders.$inferInsert, "orderNumber">,
  prefix: OrderNumberPrefix,
): Promise<{ id: string; orderNumber: string }> {
  for (let i = 0; i < 20; i++) {
    const orderNumber = generateOrderNumber(undefined, prefix);
    const [order] = await tx
      .insert(orders)
      .values({ ...values, orderNumber })
      .onConflictDoNothing({ target: orders.orderNumber })
      .returning({ id: orders.id });
    if (order) return { id: order.id, orderNumber };
  }
  throw new Error("Could not find a free order number");
}

export type OrderByKey = {
  orderId: string;
  orderNumber: string;
  fingerprint: string | null;
  storeCreditUsed: number;
  awaitingPayment: boolean;
};

/** The order a key already made: the buyer's own key, or the owner's for an order they entered. */
export async function findOrderByKey(
  db: DbOrTx,
  order: { userId: string | null; enteredBy: EnteredBy | null },
  key: string,
): Promise<OrderByKey | null> {
  const owner: SQL = order.enteredBy
    ? eq(orders.placedBy, order.enteredBy.actor.id)
    : eq(orders.userId, order.userId ?? "");
  const [row] = await db
    .select({
      orderId: orders.id,
      orderNumber: orders.orderNumber,
      fingerprint: orders.idempotencyFingerprint,
      storeCreditUsed: orders.storeCreditUsed,
      awaitingPayment: sql<boolean>`${orders.status} = 'awaiting_payment'`,
    })
    .from(orders)
    .where(and(owner, eq(orders.idempotencyKey, key)))
    .limit(1);
  return row ?? null;
}

/** The first order again for the same request; a different request under the same key is refused. */
export function sameRequestOrRefuse(
  existing: OrderByKey,
  fingerprint: string | null,
  message: string,
): PlaceOrderResult {
  // Orders placed before fingerprints were kept have none: they answer as before.
  if (existing.fingerprint && existing.fingerprint !== fingerprint)
    throw new AppError("IDEMPOTENCY_KEY_REUSED", message);
  return {
    orderId: existing.orderId,
    orderNumber: existing.orderNumber,
    created: false,
    storeCreditUsed: existing.storeCreditUsed,
    awaitingPayment: existing.awaitingPayment,
  };
}
