import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { orderItems, orders } from "~/schema";
import { placeOrder } from "~/flows/place-order.server";

/**
 * A buyer's own order of the seeded tee (Black M unless said), placed then put straight into
 * delivered (`deliveredAt`, default now) and paid at the door (payment collected) unless `paid` is
 * false: the start of every return. `discount` takes that much off the order (its total follows).
 */
export async function placeDeliveredOrder(
  db: Db,
  userId: string,
  opts: {
    color?: string;
    size?: string;
    quantity?: number;
    deliveredAt?: Date;
    paid?: boolean;
    discount?: number;
    placedAt?: Date;
    phone?: string;
  } = {},
): Promise<{ orderId: string; orderNumber: string; itemId: number }> {
  const placed = await placeOrder(
    { db, now: opts.placedAt },
    {
      userId,
      items: [
        {
          productId: "essential-crew-neck-tee",
          color: opts.color ?? "Black",
          size: opts.size ?? "M",
          quantity: opts.quantity ?? 1,
        },
      ],
      shipping: {
        fullName: "Ayesha Khan",
        email: "ayesha@returns.pk",
        phone: opts.phone ?? "+923001112233",
        city: "Lahore",
        address: "12 Mall Road",
        postalCode: null,
        country: "Pakistan",
      },
    },
  );
  const [order] = await db.select({ total: orders.total }).from(orders).where(eq(orders.id, placed.orderId));
  const discount = opts.discount ?? 0;
  await db
    .update(orders)
    .set({
      status: "delivered",
      paymentStatus: opts.paid === false ? "unpaid" : "collected",
      deliveredAt: opts.deliveredAt ?? new Date(),
      discountTotal: discount,
      total: order.total - discount,
    })
    .where(eq(orders.id, placed.orderId));
  const [line] = await db.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.orderId, placed.orderId));
  return { orderId: placed.orderId, orderNumber: placed.orderNumber, itemId: line.id };
}
