import { eq } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { orders } from "~/db/schema";

/**
 * Before an account is deleted: its orders stay for the shop's books, but without the person.
 * Order number, items, amounts, city and status are kept; name, e-mail, phone and address are not.
 */
export async function anonymiseOrdersOf(db: DbOrTx, userId: string): Promise<void> {
  await db
    .update(orders)
    .set({ userId: null, fullName: "Deleted customer", email: "", phone: "", address: "", postalCode: null, updatedAt: new Date() })
    .where(eq(orders.userId, userId));
}
