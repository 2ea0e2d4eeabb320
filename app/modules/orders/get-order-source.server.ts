import { eq } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { orders } from "./tables";
import type { OrderSource, OrderSourceDetails } from "./order-source";

export type OrderSourceView = {
  source: OrderSource | null;
  sourceCampaign: string | null;
  sourceDetails: OrderSourceDetails | null;
};

/** Where an order's buyer first came from (issue 44), for the owner's order page; null for no such order. */
export async function getOrderSource(db: DbOrTx, orderId: string): Promise<OrderSourceView | null> {
  const [row] = await db
    .select({ source: orders.source, sourceCampaign: orders.sourceCampaign, sourceDetails: orders.sourceDetails })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row ?? null;
}
