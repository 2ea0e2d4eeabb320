import { and, eq, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { customers, customerTags } from "~/modules/customers/reads";
import { orders } from "~/modules/orders/reads";

/**
 * What the advance rules need to know of a COD order's buyer, by phone (E.164): the customer's tags
 * (modules/customers), and whether a parcel to this phone was refused at the door before (an order
 * that came back without ever being delivered).
 */
export async function advanceFacts(
  db: DbOrTx,
  phone: string,
): Promise<{ customerTags: string[]; refusedBefore: boolean }> {
  // One after the other: inside checkout's transaction, on one connection.
  const tags = await db
    .select({ tag: customerTags.tag })
    .from(customerTags)
    .innerJoin(customers, eq(customers.id, customerTags.customerId))
    .where(eq(customers.phone, phone));
  const refused = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(eq(orders.phone, phone), eq(orders.status, "returned"), isNull(orders.deliveredAt)));
  return { customerTags: tags.map((t) => t.tag), refusedBefore: Number(refused[0]?.n ?? 0) > 0 };
}
