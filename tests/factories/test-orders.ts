import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { orders } from "~/schema";
import type { OrderStatus } from "~/db/schema/statuses";
import { placeOrder } from "~/flows/place-order.server";

/** The seeded tee (Rs 1,299) in Black M. */
export const TEST_ITEM = { productId: "essential-crew-neck-tee", color: "Black", size: "M" } as const;

/**
 * An order entered by `owner` (a seller's user id, which must exist) as a phone order, then put
 * straight into `status`: the quickest way to get orders in any state for a module test.
 */
export async function placeTestOrder(
  db: Db,
  owner: { id: string; name: string },
  opts: {
    status?: OrderStatus;
    quantity?: number;
    phone?: string;
    city?: string;
    name?: string;
    deliveredAt?: Date | null;
  } = {},
): Promise<{ id: string; orderNumber: string; total: number }> {
  const placed = await placeOrder(
    { db },
    {
      userId: null,
      items: [{ ...TEST_ITEM, quantity: opts.quantity ?? 1 }],
      shipping: {
        fullName: opts.name ?? "Ayesha Khan",
        email: "ayesha@example.pk",
        phone: opts.phone ?? "+923001112233",
        city: opts.city ?? "Lahore",
        address: "12 Mall Road",
        postalCode: null,
        country: "Pakistan",
      },
      enteredBy: { actor: owner, channel: "phone" },
    },
  );
  if (opts.status && opts.status !== "pending") {
    await db
      .update(orders)
      .set({ status: opts.status, deliveredAt: opts.deliveredAt ?? (opts.status === "delivered" ? new Date() : null) })
      .where(eq(orders.id, placed.orderId));
  }
  const [row] = await db
    .select({ orderNumber: orders.orderNumber, total: orders.total })
    .from(orders)
    .where(eq(orders.id, placed.orderId));
  return { id: placed.orderId, ...row };
}
