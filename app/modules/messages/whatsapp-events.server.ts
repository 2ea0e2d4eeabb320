import { eq } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { whatsappEvents } from "~/modules/messages/tables";

/** A webhook event as the log keeps it: Meta's unique key, its kind, the number it came from, and what became of it. */
export type WhatsappEventClaim = {
  key: string;
  kind: string;
  fromPhone: string | null;
  orderId?: string | null;
  outcome: string;
};

/**
 * Claims an event's key inside the transaction that applies it: false when it was applied before
 * (a redelivery). A twin delivery running at the same moment waits on the key until this commits.
 */
export async function claimWhatsappEvent(tx: DbOrTx, event: WhatsappEventClaim, at: Date): Promise<boolean> {
  const claimed = await tx
    .insert(whatsappEvents)
    .values({ ...event, orderId: event.orderId ?? null, receivedAt: at })
    .onConflictDoNothing({ target: whatsappEvents.key })
    .returning({ key: whatsappEvents.key });
  return claimed.length > 0;
}

/** What became of a claimed event (and the order it touched), in the same transaction. */
export async function setWhatsappEventOutcome(
  tx: DbOrTx,
  key: string,
  outcome: string,
  orderId: string | null,
): Promise<void> {
  await tx.update(whatsappEvents).set({ outcome, orderId }).where(eq(whatsappEvents.key, key));
}
