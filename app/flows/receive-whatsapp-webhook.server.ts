import type { SecretBox } from "~/db/secret-box.server";
import { formatShopTime } from "~/lib/shop-time";
import { countWebhookRefusal } from "~/modules/abuse/webhook-refusals.server";
import { verifyWhatsappSubscriptionToken } from "~/modules/messages/verify-whatsapp-subscription.server";
import { claimWhatsappEvent, setWhatsappEventOutcome } from "~/modules/messages/whatsapp-events.server";
import { parseWhatsappButtonPayload, whatsappNumber } from "~/modules/messages/whatsapp-messages";
import { confirmationNonceMatches, recordWhatsappReceipt } from "~/modules/messages/whatsapp-receipts.server";
import { loadWhatsappConfig } from "~/modules/messages/whatsapp-settings.server";
import { whatsappSignatureWellFormed } from "~/modules/messages/whatsapp-signature";
import { isWhatsappStop, type WhatsappWebhookEvent } from "~/modules/messages/whatsapp-webhook-reader";
import { optOutWhatsappMarketingByNumber } from "~/modules/accounts/whatsapp-marketing.server";
import { buyerCanCancel } from "~/modules/orders/order-lifecycle";
import type { OrderActor } from "~/modules/orders/order-actor";
import { lockOrder } from "~/modules/orders/order-row-moves.server";
import {
  findOrderIdByNumber,
  markWhatsappReplied,
  recordWhatsappAnswer,
  recordWhatsappReceiptOnOrder,
} from "~/modules/orders/whatsapp-order-answers.server";
import { providersOf, type FlowContext } from "./flow-context";
import { applyOrderMove } from "./move-order.server";

/**
 * Meta's webhook for the shop's WhatsApp number (issue 32), behind GET and POST /webhooks/whatsapp
 * (app/routes/webhooks/whatsapp.ts): the subscription check, and the events of a signed delivery
 * applied each exactly once (whatsapp_events, keyed by what Meta makes unique), each in its own
 * transaction with the order row locked, so a buyer's tap and the owner's move at the same moment
 * run one after the other and the second sees the first's result. Meta's signature and envelope are
 * read by the WhatsApp webhook reader (app/integrations/messaging/whatsapp-webhook.ts, through
 * context.providers); the event log and message rows are modules/messages', the orders modules/orders'.
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
  return (await verifyWhatsappSubscriptionToken(db, box, query.verifyToken)) ? query.challenge : null;
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
  const reader = providersOf(ctx, "receiveWhatsappWebhook").webhooks.whatsapp;
  const refuse = async (): Promise<WebhookOutcome> => {
    if (from === undefined) return { accepted: false };
    const verdict = await countWebhookRefusal(ctx.db, from);
    return verdict.allowed ? { accepted: false } : { accepted: false, retryAfterSeconds: verdict.retryAfterSeconds };
  };
  if (!box || !whatsappSignatureWellFormed(signature)) return refuse();
  const loaded = await loadWhatsappConfig(ctx.db, box);
  if (!loaded.config) return refuse();
  if (!reader.signatureMatches(rawBody, loaded.config.appSecret, signature)) return refuse();
  const events: { key: string; outcome: string }[] = [];
  for (const event of reader.events(rawBody)) {
    const applied = event.type === "message" ? await applyMessage(ctx, event) : await applyStatus(ctx, event);
    if (applied) events.push(applied);
  }
  return { accepted: true, events };
}

type MessageEvent = Extract<WhatsappWebhookEvent, { type: "message" }>;
type StatusEvent = Extract<WhatsappWebhookEvent, { type: "status" }>;

async function applyMessage(ctx: FlowContext, message: MessageEvent): Promise<{ key: string; outcome: string } | null> {
  const { key, from } = message;
  const now = ctx.now ?? new Date();
  // STOP (typed, or Meta's Stop promotions button on a Marketing template): out of WhatsApp marketing.
  const shopButton = message.buttonPayload !== null && parseWhatsappButtonPayload(message.buttonPayload) !== null;
  if (!shopButton && isWhatsappStop(message.text)) return applyStop(ctx, key, from, now);
  if (message.buttonPayload !== null) return applyTap(ctx, key, from, message.buttonPayload, now);
  return ctx.db.transaction(async (tx) => {
    if (!(await claimWhatsappEvent(tx, { key, kind: "message", fromPhone: from, outcome: "received" }, now)))
      return null;
    const outcome = await markReplied(tx, from, now);
    await setWhatsappEventOutcome(tx, key, outcome, null);
    return { key, outcome };
  });
}

/**
 * A STOP from a number (issue 44): every buyer profile with that phone, in whatever spelling it was
 * saved, is opted out of WhatsApp marketing (the forgotten-cart reminders), once per event: Meta's
 * redelivery finds the event claimed. Nothing is sent back (Meta's own opt-out notice is enough).
 */
async function applyStop(
  ctx: FlowContext,
  key: string,
  from: string | null,
  now: Date,
): Promise<{ key: string; outcome: string } | null> {
  return ctx.db.transaction(async (tx) => {
    if (!(await claimWhatsappEvent(tx, { key, kind: "stop", fromPhone: from, outcome: "received" }, now))) return null;
    const number = from && /^[1-9]\d{7,14}$/.test(from) ? from : null;
    const out = number
      ? await optOutWhatsappMarketingByNumber(tx, number, (phone) => whatsappNumber(phone) === number, now)
      : 0;
    const outcome = number
      ? `stop: opted out of WhatsApp marketing (${out} buyer${out === 1 ? "" : "s"})`
      : "ignored: no sender number";
    await setWhatsappEventOutcome(tx, key, outcome, null);
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
    if (!(await claimWhatsappEvent(tx, { key, kind: "button", fromPhone: from, outcome: "received" }, now)))
      return null;
    const done = async (outcome: string, orderId: string | null = null) => {
      await setWhatsappEventOutcome(tx, key, outcome, orderId);
      return { key, outcome };
    };
    const tap = parseWhatsappButtonPayload(payload);
    if (!tap) return done("ignored: not a button the shop sent");
    const foundId = await findOrderIdByNumber(tx, tap.orderNumber);
    if (!foundId) return done(`ignored: no order ${tap.orderNumber}`);
    const order = await lockOrder(tx, foundId);
    if (!(await confirmationNonceMatches(tx, order.id, tap.nonce)))
      return done("refused: the button does not match this order's confirmation", order.id);
    const time = `${formatShopTime(now)} PKT`;
    if (tap.action === "confirm") {
      if (order.status !== "pending")
        return done(`nothing changed: the order had moved on (${order.status})`, order.id);
      await applyOrderMove(tx, WHATSAPP_BUYER, order, "confirmed", {
        now,
        note: `Confirmed by the buyer on WhatsApp, ${time}`,
      });
      await recordWhatsappAnswer(tx, order.id, "confirmed", now);
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
    await recordWhatsappAnswer(tx, order.id, "cancelled", now);
    return done("cancelled", order.id);
  });
}

/** Any other message from a number: its open orders show "Replied on WhatsApp" so the owner reads it. */
async function markReplied(tx: Parameters<typeof markWhatsappReplied>[0], from: string | null, at: Date) {
  if (!from || !/^[1-9]\d{7,14}$/.test(from)) return "ignored: no sender number";
  const marked = await markWhatsappReplied(tx, `+${from}`, at);
  return marked ? `replied (${marked} open order${marked === 1 ? "" : "s"})` : "replied (no open order)";
}

/** Receipts: sent, delivered, read, failed, onto the log row (by Meta's message id) and its order. */
async function applyStatus(ctx: FlowContext, status: StatusEvent): Promise<{ key: string; outcome: string } | null> {
  const { messageId, receipt, error } = status;
  const key = `${messageId}:${receipt}`;
  const now = ctx.now ?? new Date();
  const at = status.at ?? now;
  return ctx.db.transaction(async (tx) => {
    if (!(await claimWhatsappEvent(tx, { key, kind: "status", fromPhone: status.recipient, outcome: "received" }, now)))
      return null;
    const row = await recordWhatsappReceipt(tx, messageId, receipt, at, error);
    if (!row) {
      await setWhatsappEventOutcome(tx, key, "ignored: no message with that id", null);
      return { key, outcome: "ignored: no message with that id" };
    }
    if (row.kind === "whatsapp_confirmation" && row.orderId)
      await recordWhatsappReceiptOnOrder(tx, row.orderId, receipt, at);
    const outcome = error ? `failed: ${error}` : receipt;
    await setWhatsappEventOutcome(tx, key, outcome, row.orderId);
    return { key, outcome };
  });
}
