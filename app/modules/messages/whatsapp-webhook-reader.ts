/** The receipts Meta sends for a message the shop sent, in the order they can happen. */
export const WHATSAPP_RECEIPTS = ["sent", "delivered", "read", "failed"] as const;
export type WhatsappReceipt = (typeof WHATSAPP_RECEIPTS)[number];

/**
 * One event of a webhook delivery from Meta, as the reader finds it in the envelope, in the order it
 * came (per change: its messages, then its statuses). A message from a buyer (`buttonPayload` when
 * they tapped a quick-reply button), or a receipt for a message the shop sent (`at` is Meta's time,
 * null when absent or odd; `error` is Meta's reason for a failed one).
 */
export type WhatsappWebhookEvent =
  | { type: "message"; key: string; from: string | null; buttonPayload: string | null }
  | {
      type: "status";
      messageId: string;
      receipt: WhatsappReceipt;
      recipient: string | null;
      at: Date | null;
      error: string | null;
    };

/**
 * The port through which the shop reads Meta's webhook deliveries (Meta's signature and envelope):
 * implemented in app/integrations/messaging/whatsapp-webhook.ts, made once at start and handed over
 * in context.providers (`webhooks.whatsapp`).
 */
export type WhatsappWebhookReader = {
  /** Whether `signature` (X-Hub-Signature-256, of Meta's form) is Meta's over exactly these bytes with the app secret. */
  signatureMatches(rawBody: Uint8Array, appSecret: string, signature: string): boolean;
  /** The events of a signed delivery; none when the body is not Meta's JSON. */
  events(rawBody: Uint8Array): WhatsappWebhookEvent[];
};
