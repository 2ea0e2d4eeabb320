import type { Db } from "~/db/client.server";
import { releaseCustomerOrders } from "~/modules/orders/release-customer-orders.server";

/**
 * Before an account is deleted: its orders stay for the shop's books, without the person, and
 * none is left stranded (orders/release-customer-orders.server.ts says how).
 */
export async function anonymiseOrdersOf(db: Db, userId: string): Promise<void> {
  await releaseCustomerOrders(db, userId);
}
