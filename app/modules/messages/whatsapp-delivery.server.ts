import { randomBytes, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db, DbOrTx } from "~/db/client.server";
import { wakeMailWorkers } from "./outbox.server";
import { messageOutbox } from "~/modules/messages/tables";
import type { SecretBox } from "~/db/secret-box.server";
import type { MessageStatus, WhatsappKind, WhatsappState } from "~/db/schema/statuses";
import type { OutgoingWhatsapp, SendOutcome, WhatsappSender } from "./message-sender";
import { heldClaim, renewClaim } from "./renew-claim.server";
import { failureReason, retryDelayMs } from "./retry-policy";
import {
  templateNameFor,
  whatsappBodyParameters,
  whatsappButtonPayloads,
  whatsappNumber,
  whatsappSubject,
  whatsappText,
  type WhatsappConfirmationData,
  type WhatsappDataByKind,
} from "./whatsapp-messages";
import type { WhatsappOrderDesk } from "./whatsapp-order-desk";
import { loadWhatsappConfig, type WhatsappConfig } from "./whatsapp-settings.server";

type OutboxRow = typeof messageOutbox.$inferSelect;

/**
 * WhatsApp's half of the outbox (issue 32): queueing a template message in the transaction of the
 * event that causes it, and the worker's sending of one claimed row (mail-worker.server.ts hands
 * `channel = whatsapp` rows here). Same claim, same exactly-once, same backoff as e-mail; a message
 * Meta could not take for a day is given up with Meta's last words.
 */

/** How long WhatsApp messages are retried (5xx, 429, network, timeouts) before they are given up. */
export const WHATSAPP_GIVE_UP_MS = 24 * 60 * 60_000;
export const WHATSAPP_NOT_CONFIGURED_REASON = "not sent: WhatsApp is not set up (Settings -> WhatsApp)";
export const WHATSAPP_UNREADABLE_REASON =
  "not sent: the saved WhatsApp secrets cannot be read (the shop's auth secret changed?): enter them again in Settings -> WhatsApp";

export type WhatsappDeliveryOptions = {
  /** The WhatsApp channel's sender (providers' messaging.whatsapp); absent: its messages are kept, not sent. */
  senders: { whatsapp?: WhatsappSender | null };
  /** Opens the stored secrets (the "whatsapp-settings" secret box); absent: not configured. */
  whatsappBox?: SecretBox | null;
  /** Where links in messages point (PUBLIC_URL). */
  publicUrl: string;
  logger?: { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
  retryDelayMs?: (attempts: number) => number;
  /** Tries before giving up (the test message: 1); otherwise until a day after it was queued. */
  maxAttempts?: number;
  /** How long to keep retrying (WHATSAPP_GIVE_UP_MS); tests shorten it. */
  giveUpAfterMs?: number;
  /** How long a claim lasts, renewed just before each send (renew-claim.server.ts); tests shorten it. */
  claimMs?: number;
  /**
   * What a confirmation's send does to its order (the orders module's, given by the flows:
   * app/flows/whatsapp-order-desk.server.ts). Needed by whatever sends order confirmations (the
   * mail worker of server/app.ts); a send that needs it without it is an error.
   */
  orderDesk?: WhatsappOrderDesk;
};

/** What a caller queues: the kind, the buyer's number as entered (any common spelling), the order, the data, and not before when. */
export type WhatsappQueueRequest<K extends WhatsappKind = WhatsappKind> = {
  kind: K;
  to: string;
  orderId?: string | null;
  orderNumber?: string | null;
  data: WhatsappDataByKind[K];
  /** Not sent before this time (Settings' send delay for a confirmation); absent: at once. */
  notBefore?: Date | null;
  /** When the event happened (a job's `now`); absent: the database's now. */
  at?: Date;
};

/** A fresh nonce for a confirmation's button payloads (whatsapp-messages.ts). */
export function newWhatsappNonce(): string {
  return randomBytes(16).toString("base64url");
}

/**
 * Whether a tapped button's nonce (parseWhatsappButtonPayload) is the one kept in a confirmation's
 * data: compared in constant time, so the answer's timing tells nothing about the right one.
 */
export function whatsappNonceMatches(kept: unknown, given: string): boolean {
  if (typeof kept !== "string" || kept.length === 0) return false;
  const a = Buffer.from(kept);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Writes one WhatsApp message to the outbox inside the caller's transaction (like queueEmails): it
 * exists exactly when the event commits, and the workers are woken then. A confirmation gets its
 * nonce here, and its order's `whatsapp_status` becomes `queued` through `orderDesk` (the orders
 * module's, given by the flow; required for a confirmation of an order). Returns the row's id, or
 * null when the number cannot be written for WhatsApp (nothing queued).
 */
export async function queueWhatsapp<K extends WhatsappKind>(
  tx: DbOrTx,
  request: WhatsappQueueRequest<K>,
  { wake = true, orderDesk }: { wake?: boolean; orderDesk?: WhatsappOrderDesk } = {},
): Promise<number | null> {
  const to = whatsappNumber(request.to);
  if (!to) return null;
  const data: Record<string, unknown> = { ...(request.data as Record<string, unknown>) };
  if (request.kind === "whatsapp_confirmation" || request.kind === "whatsapp_test") data.nonce ??= newWhatsappNonce();
  const [row] = await tx
    .insert(messageOutbox)
    .values({
      channel: "whatsapp",
      kind: request.kind,
      toAddress: to,
      subject: whatsappSubject(request.kind, request.orderNumber ?? null),
      data,
      orderId: request.orderId ?? null,
      orderNumber: request.orderNumber ?? null,
      ...(request.notBefore ? { nextAttemptAt: request.notBefore } : {}),
      ...(request.at ? { createdAt: request.at } : {}),
    })
    .returning({ id: messageOutbox.id });
  if (request.kind === "whatsapp_confirmation" && request.orderId) {
    if (!orderDesk)
      throw new Error("queueWhatsapp: a confirmation of an order needs the orders desk (whatsappOrderDesk)");
    await orderDesk.confirmationQueued(tx, request.orderId);
  }
  if (wake) await wakeMailWorkers(tx);
  return row.id;
}

/** The request to Meta for one outbox row: template, language, parameters and (for a confirmation) the buttons' payloads. */
export function outgoingWhatsapp(
  row: Pick<OutboxRow, "kind" | "toAddress" | "data" | "orderNumber">,
  config: WhatsappConfig,
  publicUrl: string,
): OutgoingWhatsapp {
  const kind = row.kind as WhatsappKind;
  const data = row.data as WhatsappDataByKind[WhatsappKind] & { nonce?: string };
  const withButtons = kind === "whatsapp_confirmation" || kind === "whatsapp_test";
  return {
    account: config.account,
    to: row.toAddress,
    template: templateNameFor(kind, config),
    language: config.language,
    bodyParameters: whatsappBodyParameters(kind, data, publicUrl),
    buttonPayloads: withButtons
      ? whatsappButtonPayloads((data as WhatsappConfirmationData).orderNumber, data.nonce ?? "test")
      : [],
  };
}

/** The orders port of a send that needs it (a confirmation of an order). */
function deskOf(options: WhatsappDeliveryOptions): WhatsappOrderDesk {
  if (!options.orderDesk)
    throw new Error("deliverWhatsapp: a confirmation of an order needs the orders desk (options.orderDesk)");
  return options.orderDesk;
}

/**
 * The order's message state after the worker's send (part 2 reads it for Orders' filters): a
 * confirmation accepted by Meta is `sent` (with the time), one given up `failed`, through the
 * orders port. Only from the states before sending: a receipt or the buyer's answer that came
 * first is never undone.
 */
async function markOrder(
  db: DbOrTx,
  row: OutboxRow,
  state: Extract<WhatsappState, "sent" | "failed">,
  at: Date | null,
  options: WhatsappDeliveryOptions,
): Promise<void> {
  if (row.kind !== "whatsapp_confirmation" || !row.orderId) return;
  await deskOf(options).confirmationSendResult(db, row.orderId, state, at);
}

/** Sends one claimed WhatsApp row through the sender, and records the outcome (on the row and, for a confirmation, its order). */
export async function deliverWhatsapp(
  db: Db,
  claimed: OutboxRow,
  options: WhatsappDeliveryOptions,
  now = new Date(),
): Promise<MessageStatus> {
  let row = claimed;
  let mine = heldClaim(row);
  const sender = options.senders.whatsapp ?? null;
  const loaded =
    sender && options.whatsappBox
      ? await loadWhatsappConfig(db, options.whatsappBox)
      : { config: null, unreadable: false };
  if (!sender || !loaded.config) {
    const reason =
      "unreadable" in loaded && loaded.unreadable ? WHATSAPP_UNREADABLE_REASON : WHATSAPP_NOT_CONFIGURED_REASON;
    await db.transaction(async (tx) => {
      await tx
        .update(messageOutbox)
        .set({ status: "not_configured", lastError: reason, claimedUntil: null })
        .where(mine);
      // The owner confirms this order by call, as without WhatsApp.
      if (row.kind === "whatsapp_confirmation" && row.orderId)
        await deskOf(options).confirmationNotSent(tx, row.orderId);
    });
    return "not_configured";
  }
  let message: OutgoingWhatsapp;
  try {
    message = outgoingWhatsapp(row, loaded.config, options.publicUrl);
  } catch (error) {
    options.logger?.error({ err: error, messageId: row.id }, "a WhatsApp message could not be written");
    await db.transaction(async (tx) => {
      await tx
        .update(messageOutbox)
        .set({ status: "failed", lastError: `could not be written: ${failureReason(error)}`, claimedUntil: null })
        .where(mine);
      await markOrder(tx, row, "failed", null, options);
    });
    return "failed";
  }
  const text = whatsappText(row.kind as WhatsappKind, message.bodyParameters);
  // The claim re-checked and renewed just before the send: when Meta answered slowly (up to the
  // client's 10 s timeout) for the messages before this one, its lease may have lapsed and another
  // process may be sending it already.
  const held = await renewClaim(db, row, options.claimMs);
  if (!held) {
    options.logger?.warn(
      { messageId: row.id },
      "a WhatsApp message's claim lapsed and another process took it; not sent here",
    );
    return row.status;
  }
  row = held;
  mine = heldClaim(row);
  const attempts = row.attempts + 1;
  const outcome: SendOutcome = await sender
    .send(message)
    .catch((error: unknown) => ({ accepted: false as const, reason: failureReason(error), permanent: false }));
  if (outcome.accepted) {
    const sentAt = new Date();
    await db.transaction(async (tx) => {
      await tx
        .update(messageOutbox)
        .set({
          text,
          status: "sent",
          attempts,
          sentAt,
          messageId: outcome.messageId,
          lastError: null,
          claimedUntil: null,
        })
        .where(mine);
      await markOrder(tx, row, "sent", sentAt, options);
    });
    return "sent";
  }
  const age = now.getTime() - row.createdAt.getTime();
  const givesUp =
    outcome.permanent ||
    (options.maxAttempts !== undefined && attempts >= options.maxAttempts) ||
    age >= (options.giveUpAfterMs ?? WHATSAPP_GIVE_UP_MS);
  // Never the token: the sender's reason is Meta's error text, redacted.
  options.logger?.warn(
    { messageId: row.id, attempts, reason: outcome.reason },
    givesUp ? "a WhatsApp message could not be sent; giving up" : "a WhatsApp message could not be sent; will retry",
  );
  await db.transaction(async (tx) => {
    await tx
      .update(messageOutbox)
      .set({
        text,
        attempts,
        lastError: outcome.reason,
        claimedUntil: null,
        status: givesUp ? "failed" : "queued",
        nextAttemptAt: new Date(now.getTime() + (givesUp ? 0 : (options.retryDelayMs ?? retryDelayMs)(attempts))),
      })
      .where(mine);
    if (givesUp) await markOrder(tx, row, "failed", null, options);
  });
  return givesUp ? "failed" : "queued";
}

/** What Settings' Send test message shows: Meta's answer (its message id) or its error. */
export type TestWhatsappResult = { sent: boolean; message: string };

const TEST_CLAIM_MS = 2 * 60_000;

/**
 * Settings' "Send test message": the confirmation template with sample values to the number the
 * owner typed, sent by this request at once (claimed from the start, so the worker leaves it alone)
 * and tried once; it shows in the WhatsApp log like every message.
 */
export async function sendTestWhatsapp(
  db: Db,
  {
    to,
    requestedBy,
    options,
    now = new Date(),
  }: { to: string; requestedBy: string; options: WhatsappDeliveryOptions; now?: Date },
): Promise<TestWhatsappResult> {
  const number = whatsappNumber(to);
  if (!number) return { sent: false, message: "That is not a WhatsApp number we can write to." };
  if (!options.whatsappBox || !options.senders.whatsapp)
    return { sent: false, message: WHATSAPP_NOT_CONFIGURED_REASON };
  const loaded = await loadWhatsappConfig(db, options.whatsappBox);
  if (!loaded.config)
    return {
      sent: false,
      message: loaded.unreadable
        ? WHATSAPP_UNREADABLE_REASON
        : "Save the WhatsApp settings first, then send a test message.",
    };
  const data = {
    customerName: "Ayesha",
    orderNumber: "ORD-123456",
    total: 2499,
    address: "House 12, Street 4, Gulberg III, Lahore",
    requestedBy,
    nonce: newWhatsappNonce(),
  };
  const [row] = await db
    .insert(messageOutbox)
    .values({
      channel: "whatsapp",
      kind: "whatsapp_test",
      toAddress: number,
      subject: whatsappSubject("whatsapp_test", null),
      data,
      status: "sending",
      claimedUntil: new Date(now.getTime() + TEST_CLAIM_MS),
    })
    .returning();
  const status = await deliverWhatsapp(db, row, { ...options, maxAttempts: 1 });
  const [after] = await db
    .select({ messageId: messageOutbox.messageId, lastError: messageOutbox.lastError })
    .from(messageOutbox)
    .where(eq(messageOutbox.id, row.id));
  if (status === "sent") {
    return {
      sent: true,
      message: `Meta accepted the test message to +${number} (template ${loaded.config.confirmationTemplate}, ${loaded.config.language}): message id ${after?.messageId ?? "?"}.`,
    };
  }
  return {
    sent: false,
    message: `Meta did not take the test message to +${number}: ${after?.lastError ?? "not sent"}`,
  };
}
