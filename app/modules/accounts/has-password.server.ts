import { and, eq, isNotNull } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { accounts } from "~/modules/accounts/tables";

/** True when the account signs in with a password (false: Google only). */
export async function hasPassword(db: Db, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential"), isNotNull(accounts.password)))
    .limit(1);
  return rows.length > 0;
}
