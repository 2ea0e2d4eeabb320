import { and, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { notifySubscriptions } from "~/modules/notify-me/tables";
import { NOTIFY_CONFIRM_HOURS } from "~/modules/abuse/abuse-limits";
import { hashConfirmToken } from "./subscribe-to-notify.server";
import { targetName } from "./target-name.server";

/**
 * Follows a Notify Me confirmation link: the pending sign-up it names now counts. Single use (the
 * token's hash is cleared in the same UPDATE) and only within NOTIFY_CONFIRM_HOURS. Returns what it
 * was about, or null for a used, expired or made-up token.
 */
export async function confirmNotifyRequest(db: Db, token: string, now = new Date()): Promise<{ name: string } | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const cutoff = new Date(now.getTime() - NOTIFY_CONFIRM_HOURS * 3_600_000);
  const [confirmed] = await db
    .update(notifySubscriptions)
    .set({ confirmedAt: now, confirmTokenHash: null })
    .where(
      and(
        eq(notifySubscriptions.confirmTokenHash, hashConfirmToken(token)),
        isNull(notifySubscriptions.confirmedAt),
        gt(notifySubscriptions.createdAt, cutoff),
      ),
    )
    .returning({ target: notifySubscriptions.target });
  return confirmed ? { name: await targetName(db, confirmed.target) } : null;
}
