import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { publishLiveEvent } from "~/db/live-events.server";
import { messageOutbox, whatsappEvents } from "~/modules/messages/reads";
import { orders } from "~/modules/orders/reads";
import type { SecretBox } from "~/db/secret-box.server";
import type { MessageStatus, WhatsappState } from "~/db/schema/statuses";
import { formatShopTime } from "~/lib/shop-time";
import { countWebhookRefusal } from "~/modules/abuse/webhook-refusals.server";
import { whatsappNonceMatches } from "~/modules/messages/whatsapp-delivery.server";
import { parseWhatsappButtonPayload } from "~/modules/messages/whatsapp-messages";
import { loadWhatsappConfig } from "~/modules/messages/whatsapp-settings.server";
import { whatsappSignatureWellFormed } from "~/modules/messages/whatsapp-signature";
import { buyerCanCancel, type OrderStatus } from "~/modules/orders/order-lifecycle";
import type { OrderActor } from "~/modules/orders/order-actor";
import { lockOrder } from "~/modules/orders/order-row-moves.server";
import type { FlowContext } from "./flow-context";
import { applyOrderMove } from "./move-order.server";

/**
 * Meta's webhook for the shop's WhatsApp number (issue 32), behind GET and POST /webhooks/whatsapp
 * (app/routes/webhooks.whatsapp.ts): the subscription check, and the events of a signed delivery
 * applied each exactly once (whatsapp_events, keyed by what Meta makes unique), each in its own
 * transaction with the order row locked, so a buyer's tap and the owner's move at the same moment
 * run one after the other and the second sees the first's result.
 */

/** The buyer, as an order's history names them for a tap on WhatsApp. */
export const WHATSAPP_BUYER: OrderActor = { id: null, name: "Buyer on WhatsApp" };

/** GET: Meta's subscription check. The challenge to echo, or null (403) when anything does not match or WhatsApp is off. */
export async function verifyWhatsappSubscription(
  { db }: FlowContext,
  box: SecretBox | null,
  query: { mode: string | null; verifyToken: string | null; challenge: string | null },
): Promise<string | null> {
  if (!box || query.mode !== "subscribe" || !query.verifyToken || query.challenge === null) return null;
  const loaded = await loadWhatsappConfig(db, box);
  if (!loaded.config) return null;
  return sameSecret(loaded.config.verifyToken, query.verifyToken) ? query.challenge : null;
}

/** `sha256=` + the hex HMAC-SHA256 of the raw body with the app secret, as Meta signs (X-Hub-Signature-256). */
export function whatsappSignature(rawBody: Uint8Array | string, appSecret: string): string {
  return `sha256=${createHmac("sha256", appSecret).update(rawBody).digest("hex")}`;
}

function sameSecret(kept: string, given: string): boolean {
  const a = Buffer.from(kept);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Refused; `retryAfterSeconds` when the sender's address has been refused too often lately (429). */
export type WebhookOutcome =
  { accepted: false; retryAfterSeconds?: number } | { accepted: true; events: { key: string; outcome: string }[] };

/**
 * POST: a delivery from Meta. Refused (nothing read, nothing changed) unless WhatsApp is set up and
 * the signature over the exact bytes received matches the app secret; a signature not of Meta's form
 * is refused before the settings are read or the app secret opened. Then every event in it is
 * applied once. A signed body that is not Meta's JSON is accepted with no events (Meta would only
 * send it again). Given the sender's address (`from`), each refusal is counted against it
 * (RATE_RULES.webhookRefusedPerAddress).
 */
export async function receiveWhatsappWebhook(
  ctx: FlowContext,
  box: SecretBox | null,
  rawBody: Uint8Array,
  signature: string | null,
  { from }: { from?: string } = {},
): Promise<WebhookOutcome> {
  const refuse = async (): Promise<WebhookOutcome> => {
    if (from === undefined) return { accepted: false };
    const verdict = await countWebhookRefusal(ctx.db, from);
    return verdict.allowed ? { accepted: false } : { accepted: false, retryAfterSeconds: verdict.retryAfterSeconds };
  };
  if (!box || !whatsappSignatureWellFormed(signature)) return refuse();
  const loaded = await loadWhatsappConfig(ctx.db, box);
  if (!loaded.config) return refuse();
  if (!sameSecret(whatsappSignature(rawBody, loaded.config.appSecret), signature.trim())) return refuse();
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(rawBody).toString("utf8"));
  } catch {
    return { accepted: true, events: [] };
  }
  const events: { key: string; outcome: string }[] = [];
  for (const value of changeValues(payload)) {
    for (const message of list(value.messages)) {
      const applied = await applyMessage(ctx, message);
      if (applied) events.push(applied);
    }
    for (const status of list(value.statuses)) {
      const applied = await applyStatus(ctx, status);
      if (applied) events.push(applied);
    }
  }
  return { accepted: true, events };
}

// ---------------------------------------------------------------------------------------------
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

/** Meta's timestamps are unix seconds as text; an absent or odd one is now. */
function eventTime(v: unknown, now: Date): Date {
  const seconds = typeof v === "string" || typeof v === "number" ? Number(v) : NaN;
  return Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000) : now;
}

/** A tapped quick-reply button's payload (a template's button, or an interactive message's reply). */
function buttonPayload(message: Json): string | null {
  if (message.type === "button" && isObject(message.button)) return text(message.button.payload);
  if (message.type === "interactive" && isObject(message.interactive) && isObject(message.interactive.button_reply)) {
    return text(message.interactive.button_reply.id);
  }
  return null;
}

/**
 * Claims an event's key inside the transaction that applies it: false when it was applied before
 * (a redelivery). A twin delivery running at the same moment waits on the key until this commits.
 */
async function claimEvent(
  tx: DbOrTx,
  event: { key: string; kind: string; fromPhone: string | null; orderId?: string | null; outcome: string },
  at: Date,
): Promise<boolean> {
  const claimed = await tx
    .insert(whatsappEvents)
    .values({ ...event, orderId: event.orderId ?? null, receivedAt: at })
    .onConflictDoNothing({ target: whatsappEvents.key })
    .returning({ key: whatsappEvents.key });
  return claimed.length > 0;
}

async function setOutcome(tx: DbOrTx, key: string, outcome: string, orderId: string | null): Promise<void> {
  await tx.update(whatsappEvents).set({ outcome, orderId }).where(eq(whatsappEvents.key, key));
}

async function applyMessage(ctx: FlowContext, message: Json): Promise<{ key: string; outcome: string } | null> {
  const key = text(message.id);
  if (!key) return null;
  const from = text(message.from, 20);
  const now = ctx.now ?? new Date();
  const payload = buttonPayload(message);
  if (payload !== null) return applyTap(ctx, key, from, payload, now);
  return ctx.db.transaction(async (tx) => {
    if (!(await claimEvent(tx, { key, kind: "message", fromPhone: from, outcome: "received" }, now))) return null;
    const outcome = await markReplied(tx, from, now);
    await setOutcome(tx, key, outcome, null);
    return { key, outcome };
  });
}

/** A tap on Confirm or Cancel: the order moves only while it can, and only with the nonce of a confirmation sent for it. */
async function applyTap(
  ctx: FlowContext,
  key: string,
  from: string | null,
  payload: string,
  now: Date,
): Promise<{ key: string; outcome: string } | null> {
  return ctx.db.transaction(async (tx) => {
    if (!(await claimEvent(tx, { key, kind: "button", fromPhone: from, outcome: "received" }, now))) return null;
    const done = async (outcome: string, orderId: string | null = null) => {
      await setOutcome(tx, key, outcome, orderId);
      return { key, outcome };
    };
    const tap = parseWhatsappButtonPayload(payload);
    if (!tap) return done("ignored: not a button the shop sent");
    const [found] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.orderNumber, tap.orderNumber));
    if (!found) return done(`ignored: no order ${tap.orderNumber}`);
    const order = await lockOrder(tx, found.id);
    const confirmations = await tx
      .select({ data: messageOutbox.data })
      .from(messageOutbox)
      .where(and(eq(messageOutbox.orderId, order.id), eq(messageOutbox.kind, "whatsapp_confirmation")));
    if (!confirmations.some((row) => whatsappNonceMatches(row.data.nonce, tap.nonce)))
      return done("refused: the button does not match this order's confirmation", order.id);
    const time = `${formatShopTime(now)} PKT`;
    if (tap.action === "confirm") {
      if (order.status !== "pending")
        return done(`nothing changed: the order had moved on (${order.status})`, order.id);
      await applyOrderMove(tx, WHATSAPP_BUYER, order, "confirmed", {
        now,
        note: `Confirmed by the buyer on WhatsApp, ${time}`,
      });
      await answered(tx, order.id, "confirmed", now);
      return done("confirmed", order.id);
    }
    // Cancel: as the buyer's own cancellation (pending or confirmed; stock back, the shop told).
    if (!buyerCanCancel(order.status))
      return done(`nothing changed: the order had moved on (${order.status})`, order.id);
    await applyOrderMove(tx, WHATSAPP_BUYER, order, "cancelled", {
      now,
      note: `Cancelled by the buyer on WhatsApp, ${time}`,
      emails: { type: "cancelled-by-buyer", from: order.status },
    });
    await answered(tx, order.id, "cancelled", now);
    return done("cancelled", order.id);
  });
}

async function answered(
  tx: DbOrTx,
  orderId: string,
  state: Extract<WhatsappState, "confirmed" | "cancelled">,
  at: Date,
): Promise<void> {
  await tx.update(orders).set({ whatsappStatus: state, whatsappAnsweredAt: at }).where(eq(orders.id, orderId));
}

/** Orders still on their way to the buyer: a message from their number is news for them. */
const OPEN_STATUSES: OrderStatus[] = ["pending", "confirmed", "processing", "shipped"];

/** Any other message from a number: its open orders show "Replied on WhatsApp" so the owner reads it. */
async function markReplied(tx: DbOrTx, from: string | null, at: Date): Promise<string> {
  if (!from || !/^[1-9]\d{7,14}$/.test(from)) return "ignored: no sender number";
  const marked = await tx
    .update(orders)
    .set({ whatsappRepliedAt: at })
    .where(and(eq(orders.phone, `+${from}`), inArray(orders.status, OPEN_STATUSES)))
    .returning({ id: orders.id, userId: orders.userId });
  for (const userId of new Set(marked.map((o) => o.userId))) await publishLiveEvent(tx, { topic: "orders", userId });
  return marked.length
    ? `replied (${marked.length} open order${marked.length === 1 ? "" : "s"})`
    : "replied (no open order)";
}

// ---------------------------------------------------------------------------------------------
// Receipts: sent, delivered, read, failed, onto the log row (by Meta's message id) and its order.

const RECEIPTS = ["sent", "delivered", "read", "failed"] as const;
type Receipt = (typeof RECEIPTS)[number];

/** The log row's states a receipt may move on from: never back (a late "delivered" does not undo "read"). */
const ROW_BEFORE: Record<Receipt, MessageStatus[]> = {
  sent: ["queued", "sending"],
  delivered: ["queued", "sending", "sent"],
  read: ["queued", "sending", "sent", "delivered"],
  failed: ["queued", "sending", "sent"],
};
/** The order's states a receipt may move on from: the buyer's answer is never undone by a receipt. */
const ORDER_BEFORE: Record<Receipt, WhatsappState[]> = {
  sent: ["queued", "failed"],
  delivered: ["queued", "sent", "failed"],
  read: ["queued", "sent", "delivered", "failed"],
  failed: ["queued", "sent"],
};

async function applyStatus(ctx: FlowContext, status: Json): Promise<{ key: string; outcome: string } | null> {
  const messageId = text(status.id);
  const receipt = RECEIPTS.find((r) => r === status.status);
  if (!messageId || !receipt) return null;
  const key = `${messageId}:${receipt}`;
  const now = ctx.now ?? new Date();
  const at = eventTime(status.timestamp, now);
  return ctx.db.transaction(async (tx) => {
    if (
      !(await claimEvent(
        tx,
        { key, kind: "status", fromPhone: text(status.recipient_id, 20), outcome: "received" },
        now,
      ))
    )
      return null;
    const [row] = await tx
      .select({ id: messageOutbox.id, kind: messageOutbox.kind, orderId: messageOutbox.orderId })
      .from(messageOutbox)
      .where(and(eq(messageOutbox.channel, "whatsapp"), eq(messageOutbox.messageId, messageId)));
    if (!row) {
      await setOutcome(tx, key, "ignored: no message with that id", null);
      return { key, outcome: "ignored: no message with that id" };
    }
    const error = receipt === "failed" ? failureText(status.errors) : null;
    await tx
      .update(messageOutbox)
      .set({
        status: receipt,
        ...(receipt === "sent" ? { sentAt: sql`coalesce(${messageOutbox.sentAt}, ${at})` } : {}),
        ...(receipt === "delivered" ? { deliveredAt: at } : {}),
        ...(receipt === "read" ? { readAt: at, deliveredAt: sql`coalesce(${messageOutbox.deliveredAt}, ${at})` } : {}),
        ...(error ? { lastError: error } : {}),
      })
      .where(and(eq(messageOutbox.id, row.id), inArray(messageOutbox.status, ROW_BEFORE[receipt])));
    if (row.kind === "whatsapp_confirmation" && row.orderId) {
      const moved = await tx
        .update(orders)
        .set({
          whatsappStatus: receipt,
          ...(receipt === "sent" ? { whatsappSentAt: sql`coalesce(${orders.whatsappSentAt}, ${at})` } : {}),
          ...(receipt === "read" ? { whatsappReadAt: at } : {}),
        })
        .where(
          and(
            eq(orders.id, row.orderId),
            or(isNull(orders.whatsappStatus), inArray(orders.whatsappStatus, ORDER_BEFORE[receipt])),
          ),
        )
        .returning({ userId: orders.userId });
      // A read receipt after the buyer answered still tells when they read it, without undoing the answer.
      if (receipt === "read" && moved.length === 0) {
        await tx
          .update(orders)
          .set({ whatsappReadAt: at })
          .where(and(eq(orders.id, row.orderId), isNull(orders.whatsappReadAt)));
      }
      if (moved.length) await publishLiveEvent(tx, { topic: "orders", userId: moved[0].userId });
    }
    const outcome = error ? `failed: ${error}` : receipt;
    await setOutcome(tx, key, outcome, row.orderId);
    return { key, outcome };
  });
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
