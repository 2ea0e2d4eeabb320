import { and, eq, gte, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { storeCreditAccounts, storeCreditEntries } from "~/modules/store-credit/tables";
import { AppError } from "~/lib/errors";
import { STORE_CREDIT_CHANGED_MESSAGE } from "./store-credit-rules";

export type CreditSpend = {
  userId: string;
  /** Whole rupees, more than zero. */
  amount: number;
  /** The order the credit pays for. */
  orderId: string;
};

/**
 * Spends a buyer's store credit on an order, in the caller's transaction: ONE guarded update
 * (`balance >= amount`), so two orders placed at once can never spend the same credit. On
 * PostgreSQL the second waits for the first's row lock and then finds the balance too small; the
 * update changes no row and the order is refused (CONFLICT) with everything it did rolled back.
 * Writes the entry (kind spent, negative) beside it. Returns the balance left.
 */
export async function spendStoreCredit(tx: DbOrTx, spend: CreditSpend): Promise<number> {
  if (!Number.isSafeInteger(spend.amount) || spend.amount <= 0)
    throw new Error(`Store credit spent must be a whole number of rupees above zero, got ${spend.amount}`);
  const [account] = await tx
    .update(storeCreditAccounts)
    .set({ balance: sql`${storeCreditAccounts.balance} - ${spend.amount}`, updatedAt: sql`now()` })
    .where(and(eq(storeCreditAccounts.userId, spend.userId), gte(storeCreditAccounts.balance, spend.amount)))
    .returning({ balance: storeCreditAccounts.balance });
  if (!account)
    throw new AppError("CONFLICT", STORE_CREDIT_CHANGED_MESSAGE, { storeCredit: STORE_CREDIT_CHANGED_MESSAGE });
  await tx
    .insert(storeCreditEntries)
    .values({ userId: spend.userId, amount: -spend.amount, kind: "spent", orderId: spend.orderId });
  return account.balance;
}
