import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { notifySubscriptions } from "~/modules/notify-me/tables";

/**
 * A category's slug changed (inside the caller's transaction): its Notify Me sign-ups
 * (`category:{slug}`) follow to the new one. A sign-up for both addresses keeps the one already
 * under the new name (the pair is unique).
 */
export async function renameCategoryTarget(tx: DbOrTx, from: string, to: string): Promise<void> {
  const oldTarget = `category:${from}`;
  const newTarget = `category:${to}`;
  await tx
    .delete(notifySubscriptions)
    .where(
      and(
        eq(notifySubscriptions.target, oldTarget),
        sql`${notifySubscriptions.email} in (select email from notify_subscriptions where target = ${newTarget})`,
      ),
    );
  await tx.update(notifySubscriptions).set({ target: newTarget }).where(eq(notifySubscriptions.target, oldTarget));
}
