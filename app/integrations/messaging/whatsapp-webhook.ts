import { createHmac, timingSafeEqual } from "node:crypto";
import {
  WHATSAPP_RECEIPTS,
  type WhatsappWebhookEvent,
  type WhatsappWebhookReader,
} from "~/modules/messages/whatsapp-webhook-reader";

/**
 * Meta's side of the WhatsApp webhook (issue 32): the signature over the raw bytes
 * (X-Hub-Signature-256) and the envelope's events, as plain data for the receive-whatsapp-webhook
 * flow. Nothing here reads or writes the database.
 */

/** `sha256=` + the hex HMAC-SHA256 of the raw body with the app secret, as Meta signs (X-Hub-Signature-256). */
export function whatsappSignature(rawBody: Uint8Array | string, appSecret: string): string {
  return `sha256=${createHmac("sha256", appSecret).update(rawBody).digest("hex")}`;
}

function sameSecret(kept: string, given: string): boolean {
  const a = Buffer.from(kept);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

// Meta's envelope: { object, entry: [{ changes: [{ field: "messages", value: { messages?, statuses? } }] }] }

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);
const list = (v: unknown): Json[] => (Array.isArray(v) ? v.filter(isObject) : []);
const text = (v: unknown, max = 200): string | null =>
  typeof v === "string" && v.length > 0 && v.length <= max ? v : null;

function changeValues(payload: unknown): Json[] {
  if (!isObject(payload)) return [];
  return list(payload.entry)
    .flatMap((entry) => list(entry.changes))
    .map((change) => change.value)
    .filter(isObject);
}

/** Meta's timestamps are unix seconds as text; an absent or odd one is null (the flow takes now). */
function eventTime(v: unknown): Date | null {
  const seconds = typeof v === "string" || typeof v === "number" ? Number(v) : NaN;
  return Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000) : null;
}

/** A tapped quick-reply button's payload (a template's button, or an interactive message's reply). */
function buttonPayload(message: Json): string | null {
  if (message.type === "button" && isObject(message.button)) return text(message.button.payload);
  if (message.type === "interactive" && isObject(message.interactive) && isObject(message.interactive.button_reply)) {
    return text(message.interactive.button_reply.id);
  }
  return null;
}

/** Meta's reason for a failed message (errors[].title / message / error_data.details), kept short. */
function failureText(errors: unknown): string {
  const first = list(errors)[0];
  if (!first) return "failed (Meta gave no reason)";
  const details = isObject(first.error_data) ? text(first.error_data.details, 500) : null;
  const parts = [text(first.title, 300), text(first.message, 300), details].filter((p): p is string => Boolean(p));
  const code = typeof first.code === "number" ? ` (${first.code})` : "";
  return ([...new Set(parts)].join(": ") || "failed") + code;
}

/** What the buyer wrote (a text message's body), or the words of the button they tapped. */
function messageText(message: Json): string | null {
  if (message.type === "text" && isObject(message.text)) return text(message.text.body, 4096);
  if (message.type === "button" && isObject(message.button)) return text(message.button.text);
  return null;
}

function messageEvent(message: Json): WhatsappWebhookEvent | null {
  const key = text(message.id);
  if (!key) return null;
  return {
    type: "message",
    key,
    from: text(message.from, 20),
    buttonPayload: buttonPayload(message),
    text: messageText(message),
  };
}

function statusEvent(status: Json): WhatsappWebhookEvent | null {
  const messageId = text(status.id);
  const receipt = WHATSAPP_RECEIPTS.find((r) => r === status.status);
  if (!messageId || !receipt) return null;
  return {
    type: "status",
    messageId,
    receipt,
    recipient: text(status.recipient_id, 20),
    at: eventTime(status.timestamp),
    error: receipt === "failed" ? failureText(status.errors) : null,
  };
}

/** The events of a delivery, per change its messages then its statuses; none when the body is not JSON. */
export function whatsappWebhookEvents(rawBody: Uint8Array): WhatsappWebhookEvent[] {
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(rawBody).toString("utf8"));
  } catch {
    return [];
  }
  const events: WhatsappWebhookEvent[] = [];
  for (const value of changeValues(payload)) {
    for (const message of list(value.messages)) {
      const event = messageEvent(message);
      if (event) events.push(event);
    }
    for (const status of list(value.statuses)) {
      const event = statusEvent(status);
      if (event) events.push(event);
    }
  }
  return events;
}

/** Meta's webhook read as the shop's port (modules/messages/whatsapp-webhook-reader.ts) describes it. */
export const whatsappWebhookReader: WhatsappWebhookReader = {
  signatureMatches: (rawBody, appSecret, signature) =>
    sameSecret(whatsappSignature(rawBody, appSecret), signature.trim()),
  events: whatsappWebhookEvents,
};
