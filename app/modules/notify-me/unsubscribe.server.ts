import { and, eq, isNull, or, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "~/db/client.server";
import { notifySubscriptions } from "~/modules/notify-me/tables";
import { targetName } from "./target-name.server";
import { loadUnsubscribeSecret, verifyUnsubscribeToken } from "./unsubscribe-token.server";

export type UnsubscribeLink =
  { valid: false } | { valid: true; subscriptionId: number; name: string; email: string; unsubscribed: boolean };

/** What an unsubscribe link is about, for the page that asks to confirm. Changes nothing. */
export async function readUnsubscribeLink(db: DbOrTx, token: string): Promise<UnsubscribeLink> {
  const id = verifyUnsubscribeToken(await loadUnsubscribeSecret(db), token);
  if (id === null) return { valid: false };
  const [sub] = await db
    .select({
      id: notifySubscriptions.id,
      email: notifySubscriptions.email,
      target: notifySubscriptions.target,
      unsubscribedAt: notifySubscriptions.unsubscribedAt,
    })
    .from(notifySubscriptions)
    .where(eq(notifySubscriptions.id, id));
  if (!sub) return { valid: false };
  return {
    valid: true,
    subscriptionId: sub.id,
    name: await targetName(db, sub.target),
    email: maskEmail(sub.email),
    unsubscribed: sub.unsubscribedAt !== null,
  };
}

/**
 * Follows an unsubscribe link: stops that sign-up and every other sign-up of the same address that
 * is still waiting, in one UPDATE. Saying it twice is harmless. Returns null for a bad token.
 */
export async function unsubscribeByToken(db: Db, token: string): Promise<{ name: string; stopped: number } | null> {
  const link = await readUnsubscribeLink(db, token);
  if (!link.valid) return null;
  const sameAddress = sql`(select ${notifySubscriptions.email} from ${notifySubscriptions} where ${notifySubscriptions.id} = ${link.subscriptionId})`;
  const stopped = await db
    .update(notifySubscriptions)
    .set({ unsubscribedAt: new Date() })
    .where(
      and(
        isNull(notifySubscriptions.unsubscribedAt),
        or(
          eq(notifySubscriptions.id, link.subscriptionId),
          and(eq(notifySubscriptions.email, sameAddress), isNull(notifySubscriptions.notifiedAt)),
        ),
      ),
    )
    .returning({ id: notifySubscriptions.id });
  return { name: link.name, stopped: stopped.length };
}

/** "ayesha@example.pk" -> "a•••••@example.pk": enough to recognise, not to harvest. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at <= 0) return email;
  return `${email[0]}${"•".repeat(Math.min(Math.max(at - 1, 1), 6))}${email.slice(at)}`;
}
