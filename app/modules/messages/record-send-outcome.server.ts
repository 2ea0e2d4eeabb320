import type { SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { messageOutbox } from "~/modules/messages/tables";
import type { SendOutcome } from "./message-sender";
import { MAX_SEND_ATTEMPTS, retryDelayMs } from "./retry-policy";

type Status = (typeof messageOutbox.$inferSelect)["status"];

/**
 * Writes what one send of a claimed outbox row came to, under the claim that sent it (`mine`): sent
 * with the service's id, or queued again after the retry policy's wait, or failed for good (a
 * permanent refusal, or every attempt used). `extra` is what the channel keeps with it either way
 * (an e-mail's rendered content and sender). Answers the row's new status.
 */
export async function recordSendOutcome(
  db: Db,
  mine: SQL,
  outcome: SendOutcome,
  {
    attempts,
    now,
    extra = {},
    maxAttempts = MAX_SEND_ATTEMPTS,
    delayMs = retryDelayMs,
  }: {
    attempts: number;
    now: Date;
    extra?: Partial<typeof messageOutbox.$inferInsert>;
    maxAttempts?: number;
    delayMs?: (attempts: number) => number;
  },
): Promise<Status> {
  if (outcome.accepted) {
    await db
      .update(messageOutbox)
      .set({
        ...extra,
        status: "sent",
        attempts,
        sentAt: new Date(),
        messageId: outcome.messageId,
        lastError: null,
        claimedUntil: null,
      })
      .where(mine);
    return "sent";
  }
  const givesUp = outcome.permanent || attempts >= maxAttempts;
  await db
    .update(messageOutbox)
    .set({
      ...extra,
      attempts,
      lastError: outcome.reason,
      claimedUntil: null,
      status: givesUp ? "failed" : "queued",
      nextAttemptAt: new Date(now.getTime() + (givesUp ? 0 : delayMs(attempts))),
    })
    .where(mine);
  return givesUp ? "failed" : "queued";
}
