import { eq } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { customerProfiles, users } from "~/modules/accounts/tables";

/** Turns a buyer's marketing e-mails off (the same switch as their Settings tab); false when there is no such user. */
export async function turnOffMarketingEmails(db: DbOrTx, userId: string): Promise<boolean> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!user) return false;
  await db
    .update(customerProfiles)
    .set({ marketingEmails: false, updatedAt: new Date() })
    .where(eq(customerProfiles.userId, userId));
  return true;
}
