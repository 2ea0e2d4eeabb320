import type { DbOrTx } from "~/db/client.server";

/**
 * What WhatsApp's outbox needs done to the order a confirmation is for, which modules/orders owns:
 * its WhatsApp state (`whatsapp_status`) follows the message. Messages declares this port; the flows
 * give it (app/flows/whatsapp-order-desk.server.ts: `whatsappOrderDesk`), so messages never writes
 * the orders table.
 */
export type WhatsappOrderDesk = {
  /** A confirmation was queued for the order, in the caller's transaction: its state becomes `queued`. */
  confirmationQueued(tx: DbOrTx, orderId: string): Promise<void>;
};
