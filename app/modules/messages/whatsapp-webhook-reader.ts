/** The receipts Meta sends for a message the shop sent, in the order they can happen. */
export const WHATSAPP_RECEIPTS = ["sent", "delivered", "read", "failed"] as const;
export type WhatsappReceipt = (typeof WHATSAPP_RECEIPTS)[number];

/**
 * One event of a webhook delivery from Meta, as the reader finds it in the envelope, in the order it
 * came (per change: its messages, then its statuses). A message from a buyer (`buttonPayload` when
 * they tapped a quick-reply button; `text` what they wrote, or the tapped button's words), or a receipt for a message the shop sent (`at` is Meta's time,
 * null when absent or odd; `error` is Meta's reason for a failed one).
 */
export type WhatsappWebhookEvent =
  | { type: "message"; key: string; from: string | null; buttonPayload: string | null; text: string | null }
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

/**
 * Whether a buyer's words ask to stop marketing messages (issue 44): STOP, "stop promotions" (the
 * button Meta adds to Marketing templates), unsubscribe, or the Urdu بند, in any case, trimmed.
 */
export function isWhatsappStop(text: string | null | undefined): boolean {
  if (!text) return false;
  const words = text
    .trim()
    .replace(/[.!]+$/, "")
    .trim()
    .toLowerCase();
  return ["stop", "stop promotions", "unsubscribe", "بند"].includes(words);
}
