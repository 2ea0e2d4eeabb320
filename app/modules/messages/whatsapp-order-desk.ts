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
  /** WhatsApp is not set up, so the confirmation is not sent: an order still `queued` goes back to none (the owner calls). */
  confirmationNotSent(tx: DbOrTx, orderId: string): Promise<void>;
  /**
   * After the worker's send: `sent` (with the time) or `failed`, only from the states before sending
   * (a receipt or the buyer's answer that came first is never undone); the owner's Orders tab hears.
   */
  confirmationSendResult(tx: DbOrTx, orderId: string, state: "sent" | "failed", at: Date | null): Promise<void>;
};
