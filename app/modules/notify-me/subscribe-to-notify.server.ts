import { createHash, randomBytes } from "node:crypto";
import { and, isNotNull, isNull, lt, not, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { notifySubscriptions } from "~/modules/notify-me/tables";
import { NOTIFY_CONFIRM_HOURS, RATE_RULES } from "~/modules/abuse/abuse-limits";
import { hitRateLimit } from "~/db/rate-limit.server";
import type { QueueMessages } from "~/modules/messages/outbox";
import { outboxMessage } from "~/modules/messages/email-messages";
import { NOTIFY_ME_CONFIRMATION, notifyMeSchema, type NotifyMeResult } from "./notify-me";
import { targetName } from "./target-name.server";

/** Who asks (rate-limited by address), and the outbox port the confirmation e-mail goes through (a flow gives it). */
export type NotifyRequestContext = { address: string; now?: Date; queueMessages: QueueMessages };

export const hashConfirmToken = (token: string) => createHash("sha256").update(token).digest("hex");

export const confirmPath = (token: string) => `/notify/confirm?${new URLSearchParams({ token })}`;

/**
 * A Notify Me request (double opt-in): stores the sign-up as pending and queues an e-mail with a
 * single-use confirmation link, in one transaction. Only a confirmed sign-up is e-mailed about the
 * launch or restock (deliver-notify-me). Asking again before confirming sends a fresh link; asking
 * again after the e-mail went out or after unsubscribing needs a fresh confirmation too. A sign-up
 * already confirmed and waiting is left as it is and nothing is sent; the answer is the same, so it
 * does not tell a stranger which addresses are signed up. Limited per client address.
 */
export async function subscribeToNotify(
  db: Db,
  input: Record<string, unknown>,
  context: NotifyRequestContext,
): Promise<NotifyMeResult> {
  const parsed = notifyMeSchema.safeParse(input);
  const values = { email: typeof input.email === "string" ? input.email : "" };
  if (!parsed.success) {
    const errors: { email?: string; target?: string } = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as "email" | "target";
      errors[field] ??= issue.message;
    }
    return { ok: false, errors, values };
  }
  const now = context.now ?? new Date();
  const limit = await hitRateLimit(db, RATE_RULES.notifyPerAddress, context.address, now);
  if (!limit.allowed)
    return { ok: false, errors: { email: limit.message }, values, retryAfterSeconds: limit.retryAfterSeconds };

  const token = randomBytes(24).toString("base64url");
  await db.transaction(async (tx) => {
    await deleteExpiredNotifyRequests(tx, now);
    const waiting = and(
      isNotNull(notifySubscriptions.confirmedAt),
      isNull(notifySubscriptions.notifiedAt),
      isNull(notifySubscriptions.unsubscribedAt),
    );
    const [pending] = await tx
      .insert(notifySubscriptions)
      .values({ ...parsed.data, confirmTokenHash: hashConfirmToken(token), createdAt: now })
      .onConflictDoUpdate({
        target: [notifySubscriptions.email, notifySubscriptions.target],
        set: {
          notifiedAt: null,
          unsubscribedAt: null,
          confirmedAt: null,
          confirmTokenHash: sql`excluded.confirm_token_hash`,
          createdAt: now,
        },
        setWhere: not(waiting!),
      })
      .returning({ id: notifySubscriptions.id });
    if (!pending) return;
    await context.queueMessages(tx, [
      outboxMessage({
        kind: "notify_me_confirm",
        to: parsed.data.email,
        data: {
          name: await targetName(tx, parsed.data.target),
          confirmPath: confirmPath(token),
          expiresHours: NOTIFY_CONFIRM_HOURS,
        },
      }),
    ]);
  });
  return { ok: true, message: NOTIFY_ME_CONFIRMATION };
}

/** Unconfirmed sign-ups older than NOTIFY_CONFIRM_HOURS are forgotten (their links no longer work anyway). */
export async function deleteExpiredNotifyRequests(db: Pick<Db, "delete">, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - NOTIFY_CONFIRM_HOURS * 3_600_000);
  const gone = await db
    .delete(notifySubscriptions)
    .where(and(isNull(notifySubscriptions.confirmedAt), lt(notifySubscriptions.createdAt, cutoff)))
    .returning({ id: notifySubscriptions.id });
  return gone.length;
}
