import { and, eq, inArray, isNotNull, ne, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { orderItems, orders } from "~/modules/orders/reads";
import { products, productVariants } from "~/modules/catalog/reads";
import { returnRequests } from "~/modules/returns/tables";
import type { OrderStatus, PaymentStatus } from "~/db/schema/statuses";
import { AppError } from "~/lib/errors";
import { isUuid } from "~/lib/uuid";
import { priceAt } from "~/modules/promotions/reads";
import { listReturnsForOrder, type OrderReturnView } from "./list-returns-for-order.server";
import { RETURN_NOT_FOUND } from "./return-records.server";
import { exchangeMoney } from "./return-rules";

export type ReturnForOwner = OrderReturnView & {
  order: {
    id: string;
    orderNumber: string;
    status: OrderStatus;
    paymentStatus: PaymentStatus;
    deliveredAt: Date | null;
    total: number;
    customerName: string;
    email: string;
    phone: string;
    city: string;
    address: string;
    userId: string | null;
  };
  /**
   * The exchange's money: what the exchanged items were paid against the new items' price (the
   * replacement's, once approved; today's price before), the cash the replacement collects and the
   * store credit due at receipt. Null for a return only.
   */
  exchange: {
    paidExchanged: number;
    newTotal: number;
    difference: number;
    cashToCollect: number;
    storeCredit: number;
  } | null;
  /** The buyer's record, by the order's phone number (accounts and owner-entered orders alike). */
  buyerHistory: { deliveredOrders: number; returnRequests: number; returnedOrders: number };
};

/**
 * One request as the owner decides on it: photos, items with what they were paid, refunds and
 * what is left of the refund ceiling, history, the exchange's difference, and the buyer's record
 * (orders delivered, return requests, orders returned), counted in SQL by the phone index.
 */
export async function getReturnForOwner(db: DbOrTx, returnId: string): Promise<ReturnForOwner> {
  if (!isUuid(returnId)) throw new AppError("NOT_FOUND", RETURN_NOT_FOUND);
  const [row] = await db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      status: orders.status,
      paymentStatus: orders.paymentStatus,
      deliveredAt: orders.deliveredAt,
      total: orders.total,
      customerName: orders.fullName,
      email: orders.email,
      phone: orders.phone,
      city: orders.city,
      address: orders.address,
      userId: orders.userId,
    })
    .from(returnRequests)
    .innerJoin(orders, eq(orders.id, returnRequests.orderId))
    .where(eq(returnRequests.id, returnId));
  if (!row) throw new AppError("NOT_FOUND", RETURN_NOT_FOUND);
  const [requests, history] = await Promise.all([listReturnsForOrder(db, row.id), buyerHistory(db, row.phone)]);
  const request = requests.find((r) => r.id === returnId);
  if (!request) throw new AppError("NOT_FOUND", RETURN_NOT_FOUND);
  return { ...request, order: row, exchange: await exchangeOf(db, request), buyerHistory: history };
}

async function exchangeOf(db: DbOrTx, request: OrderReturnView): Promise<ReturnForOwner["exchange"]> {
  const exchanged = request.items.filter((i) => i.kind === "exchange");
  if (exchanged.length === 0) return null;
  const paidExchanged = exchanged.reduce((n, i) => n + i.paidValue, 0);
  const oldPrices = await db
    .select({ id: orderItems.id, price: orderItems.price })
    .from(orderItems)
    .where(
      inArray(
        orderItems.id,
        exchanged.map((i) => i.orderItemId),
      ),
    );
  const oldPriceOf = (orderItemId: number) => oldPrices.find((p) => p.id === orderItemId)?.price ?? 0;
  if (request.replacement) {
    // Approved: the replacement's own figures are what was decided.
    const { subtotal, total, exchangeCredit } = request.replacement;
    const oldTotal = exchanged.reduce((n, i) => n + oldPriceOf(i.orderItemId) * i.quantity, 0);
    return {
      paidExchanged,
      newTotal: subtotal,
      difference: subtotal - oldTotal,
      cashToCollect: total,
      storeCredit: Math.max(0, paidExchanged - exchangeCredit),
    };
  }
  const ids = exchanged.flatMap((i) => (i.exchangeVariantId ? [i.exchangeVariantId] : []));
  const prices = ids.length
    ? await db
        .select({ id: productVariants.id, price: priceAt(new Date()) })
        .from(productVariants)
        .innerJoin(products, eq(products.id, productVariants.productId))
        .where(inArray(productVariants.id, ids))
    : [];
  const money = exchangeMoney(
    exchanged.map((i) => ({
      oldPrice: oldPriceOf(i.orderItemId),
      newPrice: prices.find((p) => p.id === i.exchangeVariantId)?.price ?? 0,
      quantity: i.quantity,
      paidValue: i.paidValue,
    })),
  );
  return {
    paidExchanged,
    newTotal: money.newTotal,
    difference: money.difference,
    cashToCollect: money.cashToCollect,
    storeCredit: money.storeCredit,
  };
}

async function buyerHistory(db: DbOrTx, phone: string): Promise<ReturnForOwner["buyerHistory"]> {
  const [counts] = await db
    .select({
      deliveredOrders: sql<number>`count(*) filter (where ${isNotNull(orders.deliveredAt)})::int`,
      returnedOrders: sql<number>`count(*) filter (where ${eq(orders.status, "returned")})::int`,
    })
    .from(orders)
    .where(eq(orders.phone, phone));
  const [requests] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(returnRequests)
    .innerJoin(orders, eq(orders.id, returnRequests.orderId))
    .where(and(eq(orders.phone, phone), ne(returnRequests.status, "rejected")));
  return {
    deliveredOrders: counts?.deliveredOrders ?? 0,
    returnRequests: requests?.count ?? 0,
    returnedOrders: counts?.returnedOrders ?? 0,
  };
}
