import type { DbOrTx } from "~/db/client.server";
import { formatPrice } from "~/lib/money";
import { messageOutbox } from "~/modules/messages/tables";
import type { MetaServerEvent } from "./message-sender";
import { wakeMailWorkers } from "./outbox.server";

/** One order's Purchase for the outbox: the event as Meta takes it, and the order it reports. */
export type MetaPurchaseRequest = { orderId: string; orderNumber: string; event: MetaServerEvent };

/**
 * Queues orders' Purchases for the Conversions API on the outbox's Meta channel (sent, retried and
 * logged like e-mails; to_address is the Pixel). The outbox keeps one Purchase per order (a unique
 * index): a second queue of the same order, from another process at the same moment, adds nothing.
 * Answers how many were new.
 */
export async function queueMetaPurchases(
  db: DbOrTx,
  pixelId: string,
  requests: MetaPurchaseRequest[],
): Promise<number> {
  if (requests.length === 0) return 0;
  const inserted = await db
    .insert(messageOutbox)
    .values(
      requests.map((r) => ({
        channel: "meta" as const,
        kind: "meta_purchase" as const,
        toAddress: pixelId,
        subject: `Purchase ${r.orderNumber} (${formatPrice(Number(r.event.custom_data?.value ?? 0))})`,
        data: { event: r.event },
        orderId: r.orderId,
        orderNumber: r.orderNumber,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: messageOutbox.id });
  if (inserted.length > 0) await wakeMailWorkers(db);
  return inserted.length;
}
