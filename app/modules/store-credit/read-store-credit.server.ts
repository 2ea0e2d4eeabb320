import { count, desc, eq } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { orders } from "~/modules/orders/reads";
import { returnRequests } from "~/modules/returns/reads";
import { storeCreditAccounts, storeCreditEntries } from "~/modules/store-credit/tables";
import type { StoreCreditKind } from "~/db/schema/statuses";
import { pageWindow } from "~/lib/page-window";
import { STORE_CREDIT_PAGE_SIZE, storeCreditEntryWords } from "./store-credit-rules";

export type StoreCreditEntryView = {
  id: number;
  kind: StoreCreditKind;
  /** What happened, in words: "Refund for RT-123456", "Spent on ORD-123456"... */
  words: string;
  /** Signed: credit given is positive, credit spent negative. Whole rupees. */
  amount: number;
  createdAt: Date;
  orderId: string | null;
  orderNumber: string | null;
  returnId: string | null;
  returnNumber: string | null;
  /** The order the return came from (its page shows the return). */
  returnOrderId: string | null;
  note: string | null;
};

export type StoreCreditView = {
  balance: number;
  entries: StoreCreditEntryView[];
  /** Entries in the whole history. */
  total: number;
  page: number;
  pageCount: number;
};

/** A buyer's store credit balance (0 when they never had any). */
export async function storeCreditBalance(db: DbOrTx, userId: string): Promise<number> {
  const [account] = await db
    .select({ balance: storeCreditAccounts.balance })
    .from(storeCreditAccounts)
    .where(eq(storeCreditAccounts.userId, userId));
  return account?.balance ?? 0;
}

/**
 * A buyer's store credit: the balance and one page of its history, newest first, each change in
 * words with the order or return it belongs to. Paged in SQL on the entries' (user, time) index.
 */
export async function readStoreCredit(
  db: DbOrTx,
  userId: string,
  { page = 1 }: { page?: number } = {},
): Promise<StoreCreditView> {
  const [balance, [{ total }]] = await Promise.all([
    storeCreditBalance(db, userId),
    db.select({ total: count() }).from(storeCreditEntries).where(eq(storeCreditEntries.userId, userId)),
  ]);
  const window = pageWindow(total, page, STORE_CREDIT_PAGE_SIZE);
  const rows =
    total === 0
      ? []
      : await db
          .select({
            id: storeCreditEntries.id,
            kind: storeCreditEntries.kind,
            amount: storeCreditEntries.amount,
            createdAt: storeCreditEntries.createdAt,
            note: storeCreditEntries.note,
            orderId: storeCreditEntries.orderId,
            orderNumber: orders.orderNumber,
            returnId: storeCreditEntries.returnId,
            returnNumber: returnRequests.returnNumber,
            returnOrderId: returnRequests.orderId,
          })
          .from(storeCreditEntries)
          .leftJoin(orders, eq(orders.id, storeCreditEntries.orderId))
          .leftJoin(returnRequests, eq(returnRequests.id, storeCreditEntries.returnId))
          .where(eq(storeCreditEntries.userId, userId))
          .orderBy(desc(storeCreditEntries.createdAt), desc(storeCreditEntries.id))
          .limit(STORE_CREDIT_PAGE_SIZE)
          .offset(window.offset);
  return {
    balance,
    entries: rows.map((row) => ({
      ...row,
      orderNumber: row.orderNumber ?? null,
      returnNumber: row.returnNumber ?? null,
      returnOrderId: row.returnOrderId ?? null,
      words: storeCreditEntryWords(row),
    })),
    total,
    page: window.page,
    pageCount: window.pageCount,
  };
}
