import { eq } from "drizzle-orm";
import type { Db, DbOrTx } from "~/db/client.server";
import type { SecretBox } from "~/db/secret-box.server";
import { metaSettings } from "~/modules/marketing/reads";
import { messageOutbox } from "~/modules/messages/tables";
import type { MessageSenders, MetaServerEvent } from "./message-sender";
import { heldClaim, renewClaim } from "./renew-claim.server";
import { recordSendOutcome } from "./record-send-outcome.server";
import { failureReason } from "./retry-policy";

type OutboxRow = typeof messageOutbox.$inferSelect;

export type MetaDeliveryOptions = {
  /** Opens Settings -> Marketing's Conversions API token; absent: Meta's events are kept, not sent. */
  marketingBox?: SecretBox | null;
};

export const META_NOT_CONFIGURED_REASON = "not sent: no Pixel ID and Conversions API token in Settings -> Marketing";

/** What a Meta outbox row keeps: the event as Meta takes it, built (and its user data hashed) when it was queued. */
export type MetaEventData = { event: MetaServerEvent };

/** The Pixel and its token, opened; null without both, or when the token cannot be opened (the auth secret changed). */
export async function loadMetaAccount(
  db: DbOrTx,
  box: SecretBox | null | undefined,
): Promise<{ pixelId: string; accessToken: string; testEventCode: string | null } | null> {
  if (!box) return null;
  const [row] = await db.select().from(metaSettings).where(eq(metaSettings.id, 1));
  if (!row?.pixelId || !row.accessToken) return null;
  try {
    return { pixelId: row.pixelId, accessToken: box.open(row.accessToken), testEventCode: row.testEventCode };
  } catch {
    return null;
  }
}

/**
 * Sends one claimed Meta event (a Purchase) through the Conversions API and records the outcome as
 * the e-mail channel does: sent with Meta's trace id, retried with the same back-off, given up with
 * Meta's own words. The event itself was frozen when it was queued, so a retry repeats it exactly
 * and Meta de-duplicates it by its event_id (the order number).
 */
export async function deliverMetaEvent(
  db: Db,
  claimed: OutboxRow,
  options: {
    senders: MessageSenders;
    claimMs?: number;
    maxAttempts?: number;
    retryDelayMs?: (n: number) => number;
  } & MetaDeliveryOptions,
  now = new Date(),
): Promise<OutboxRow["status"]> {
  const sender = options.senders.meta ?? null;
  const account = sender ? await loadMetaAccount(db, options.marketingBox) : null;
  if (!sender || !account) {
    await db
      .update(messageOutbox)
      .set({ status: "not_configured", lastError: META_NOT_CONFIGURED_REASON, claimedUntil: null })
      .where(heldClaim(claimed));
    return "not_configured";
  }
  const row = await renewClaim(db, claimed, options.claimMs);
  if (!row) return claimed.status;
  const { event } = row.data as MetaEventData;
  const outcome = await sender
    .send({ ...account, events: [event] })
    .catch((error: unknown) => ({ accepted: false as const, reason: failureReason(error), permanent: false }));
  return recordSendOutcome(db, heldClaim(row), outcome, {
    attempts: row.attempts + 1,
    now,
    maxAttempts: options.maxAttempts,
    delayMs: options.retryDelayMs,
  });
}
