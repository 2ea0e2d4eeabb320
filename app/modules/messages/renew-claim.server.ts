import { and, eq, isNull, type SQL } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { messageOutbox } from "~/modules/messages/tables";

type OutboxRow = typeof messageOutbox.$inferSelect;

/** How long a claim lasts: a process that dies mid-send gives its messages back after this. */
export const DEFAULT_CLAIM_MS = 2 * 60_000;

/**
 * The longest one send may take: the WhatsApp client's timeout (10 s) and the SMTP sender's
 * connection timeout. A worker claims only as many messages as fit in half the lease at this pace
 * (claimSize), so in a slow stretch the rest stay free for another process instead of lapsing unsent.
 */
export const SEND_TIME_MS = 10_000;
const MAX_CLAIM = 20;

/** How many messages one claim takes: as many as are sent, one after another at SEND_TIME_MS each, within half the lease (at least 1, at most 20). */
export function claimSize(claimMs = DEFAULT_CLAIM_MS): number {
  return Math.max(1, Math.min(MAX_CLAIM, Math.floor(claimMs / (2 * SEND_TIME_MS))));
}

/**
 * The condition of every write the worker makes to a message it claimed: still `sending` and still
 * under this process's claim. The claim's end (`claimed_until`) is its fencing token: another
 * process can take a message only after the lease has lapsed, and taking it sets a later end, so a
 * process whose lease lapsed and was taken over finds its token gone and writes nothing.
 */
export function heldClaim(row: Pick<OutboxRow, "id" | "claimedUntil">): SQL {
  return and(
    eq(messageOutbox.id, row.id),
    eq(messageOutbox.status, "sending"),
    row.claimedUntil ? eq(messageOutbox.claimedUntil, row.claimedUntil) : isNull(messageOutbox.claimedUntil),
  )!;
}

/**
 * Immediately before a send: re-checks that this process still holds the message (heldClaim) and
 * renews its lease for this one send, in one conditional UPDATE. Null when another process took the
 * message after this one's lease lapsed (Meta or the mail server was slow): it must not be sent
 * again here. Otherwise the row with its new lease end, the token for the writes after the send.
 */
export async function renewClaim(
  db: DbOrTx,
  row: OutboxRow,
  claimMs = DEFAULT_CLAIM_MS,
  now = new Date(),
): Promise<OutboxRow | null> {
  // Never shorter than the claim it renews: the token only ever moves later.
  const until = new Date(Math.max(now.getTime() + claimMs, (row.claimedUntil?.getTime() ?? 0) + 1));
  const [renewed] = await db.update(messageOutbox).set({ claimedUntil: until }).where(heldClaim(row)).returning();
  return renewed ?? null;
}
