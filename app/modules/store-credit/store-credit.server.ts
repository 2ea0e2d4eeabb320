import { sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { storeCreditAccounts, storeCreditEntries } from "~/modules/store-credit/tables";
import type { StoreCreditKind } from "~/db/schema/statuses";

/**
 * A buyer's store credit: a balance per account (store_credit_accounts) and every change to it
 * (store_credit_entries). Credit is given by a return's refund or an exchange's lower price, and
 * spent by an order; the balance and its history always change together, in the caller's transaction.
 */

export type CreditGrant = {
  userId: string;
  /** Whole rupees, more than zero. */
  amount: number;
  kind: Extract<StoreCreditKind, "refund" | "exchange_difference" | "restored">;
  returnId?: string | null;
  orderId?: string | null;
  note?: string | null;
};

/** Adds credit to a buyer's balance and writes the entry saying why; returns the new balance. */
export async function grantStoreCredit(tx: DbOrTx, grant: CreditGrant): Promise<number> {
  if (!Number.isInteger(grant.amount) || grant.amount <= 0)
    throw new Error(`Store credit must be a whole number of rupees above zero, got ${grant.amount}`);
  const [account] = await tx
    .insert(storeCreditAccounts)
    .values({ userId: grant.userId, balance: grant.amount })
    .onConflictDoUpdate({
      target: storeCreditAccounts.userId,
      set: { balance: sql`${storeCreditAccounts.balance} + ${grant.amount}`, updatedAt: sql`now()` },
    })
    .returning({ balance: storeCreditAccounts.balance });
  await tx.insert(storeCreditEntries).values({
    userId: grant.userId,
    amount: grant.amount,
    kind: grant.kind,
    returnId: grant.returnId ?? null,
    orderId: grant.orderId ?? null,
    note: grant.note ?? null,
  });
  return account.balance;
}
