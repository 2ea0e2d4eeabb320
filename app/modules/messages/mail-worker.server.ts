import { and, asc, eq, inArray, lte, or, sql } from "drizzle-orm";
import type { Database, Db } from "~/db/client.server";
import { messageOutbox } from "~/modules/messages/tables";
import type { EmailKind } from "~/db/schema/statuses";
import { getSettings } from "~/modules/settings/reads";
import type { EmailDataByKind } from "./email-messages";
import type { MessageSenders } from "./message-sender";
import { deliverWhatsapp, type WhatsappDeliveryOptions } from "./whatsapp-delivery.server";
import { deliverMetaEvent, type MetaDeliveryOptions } from "./meta-delivery.server";
import { OUTBOX_CHANNEL } from "./outbox.server";
import { renderEmail } from "./render-email.server";
import { claimSize, DEFAULT_CLAIM_MS, heldClaim, renewClaim } from "./renew-claim.server";
import { failureReason, MAX_SEND_ATTEMPTS, NOT_CONFIGURED_REASON } from "./retry-policy";
import { recordSendOutcome } from "./record-send-outcome.server";
import type { EmailShop } from "./templates/email-layout";

export type OutboxRow = typeof messageOutbox.$inferSelect;

export type MailWorkerOptions = Pick<
  WhatsappDeliveryOptions,
  "whatsappBox" | "giveUpAfterMs" | "claimMs" | "orderDesk"
> &
  MetaDeliveryOptions & {
    /** Each channel's sender (the providers' messaging); a null one: its messages are rendered and kept, marked not sent. */
    senders: MessageSenders;
    /** MAIL_FROM; null: the shop's name and contact e-mail from Settings. */
    from: string | null;
    /** Where links in e-mails point (PUBLIC_URL). */
    publicUrl: string;
    logger?: {
      info: (obj: object, msg: string) => void;
      warn: (obj: object, msg: string) => void;
      error: (obj: object, msg: string) => void;
    };
    /** How many messages one claim takes; by default as many as fit in half the lease (claimSize). */
    batchSize?: number;
    /** The wait before a retry (retry-policy.ts); tests shorten it. */
    retryDelayMs?: (attempts: number) => number;
    /** Tries before giving up (MAX_SEND_ATTEMPTS); 1 for an e-mail whose sender waits for the outcome (the Settings page's test). */
    maxAttempts?: number;
  };

/**
 * Claims due messages (of every channel) for this process: one UPDATE over rows picked with FOR
 * UPDATE SKIP LOCKED, so two processes claiming at the same moment each get different rows and
 * every message is claimed by exactly one. A claim that lapsed (its process died, or its sender was
 * slow) is claimable again; the process that held it re-checks its claim before each send
 * (renewClaim), so a message taken over is sent by the new holder only.
 */
export async function claimDueEmails(
  db: Db,
  { limit, claimMs = DEFAULT_CLAIM_MS, now = new Date() }: { limit?: number; claimMs?: number; now?: Date } = {},
): Promise<OutboxRow[]> {
  // A new e-mail is due at the database's now() (microseconds, the database's clock); this
  // process's Date has milliseconds and may run behind the database host. An e-mail written a
  // moment ago is due by either clock, so the worker woken for it does not leave it to the next poll.
  const dueBy = sql`greatest(now(), ${now.toISOString()}::timestamptz)`;
  const due = db
    .select({ id: messageOutbox.id })
    .from(messageOutbox)
    .where(
      or(
        and(eq(messageOutbox.status, "queued"), lte(messageOutbox.nextAttemptAt, dueBy)),
        and(eq(messageOutbox.status, "sending"), lte(messageOutbox.claimedUntil, now)),
      ),
    )
    .orderBy(asc(messageOutbox.nextAttemptAt), asc(messageOutbox.id))
    .limit(limit ?? claimSize(claimMs))
    .for("update", { skipLocked: true });
  const claimed = await db
    .update(messageOutbox)
    .set({ status: "sending", claimedUntil: new Date(now.getTime() + claimMs) })
    .where(inArray(messageOutbox.id, due))
    .returning();
  // RETURNING comes in no particular order: send in the order the e-mails were written.
  return claimed.sort((a, b) => a.id - b.id);
}

/** Hands one claimed message to the sender of its channel, and records the outcome. */
export async function deliverMessage(
  db: Db,
  row: OutboxRow,
  shop: EmailShop,
  options: MailWorkerOptions,
  now = new Date(),
): Promise<OutboxRow["status"]> {
  switch (row.channel) {
    case "email":
      return deliverEmail(db, row, shop, options, now);
    case "whatsapp":
      return deliverWhatsapp(db, row, options, now);
    case "meta":
      return deliverMetaEvent(db, row, options, now);
  }
}

/** Renders (once: a retry sends the very same e-mail) and sends one claimed e-mail, then records the outcome. */
async function deliverEmail(
  db: Db,
  claimed: OutboxRow,
  shop: EmailShop,
  options: MailWorkerOptions,
  now = new Date(),
): Promise<OutboxRow["status"]> {
  let row = claimed;
  let mine = heldClaim(row);
  let content: { html: string; text: string };
  try {
    content =
      row.html && row.text !== null
        ? { html: row.html, text: row.text }
        : await renderEmail(row.kind as EmailKind, row.data as EmailDataByKind[EmailKind], shop);
  } catch (error) {
    options.logger?.error({ err: error, emailId: row.id }, "an e-mail could not be rendered");
    await db
      .update(messageOutbox)
      .set({ status: "failed", lastError: `could not be written: ${failureReason(error)}`, claimedUntil: null })
      .where(mine);
    return "failed";
  }
  const from = senderAddress(options.from, shop);
  const sender = options.senders.email;
  if (!sender) {
    await db
      .update(messageOutbox)
      .set({
        ...content,
        fromAddress: from,
        status: "not_configured",
        lastError: NOT_CONFIGURED_REASON,
        claimedUntil: null,
      })
      .where(mine);
    return "not_configured";
  }
  // The claim re-checked and renewed just before the send: rendering took time, and a slow mail
  // server may have held the messages before this one past their lease.
  const held = await renewClaim(db, row, options.claimMs);
  if (!held) {
    options.logger?.warn({ emailId: row.id }, "an e-mail's claim lapsed and another process took it; not sent here");
    return row.status;
  }
  row = held;
  mine = heldClaim(row);
  const attempts = row.attempts + 1;
  const outcome = await sender
    .send({
      from,
      to: row.toAddress,
      subject: row.subject,
      ...content,
      headers: { "X-Shop-Email-Id": String(row.id), ...unsubscribeHeaders(row, options.publicUrl) },
    })
    .catch((error: unknown) => ({ accepted: false as const, reason: failureReason(error), permanent: false })); // a sender answers, but a bug in one must not strand the claim
  if (!outcome.accepted) {
    const givesUp = outcome.permanent || attempts >= (options.maxAttempts ?? MAX_SEND_ATTEMPTS);
    options.logger?.warn(
      { emailId: row.id, attempts, reason: outcome.reason },
      givesUp ? "an e-mail could not be sent; giving up" : "an e-mail could not be sent; will retry",
    );
  }
  return recordSendOutcome(db, mine, outcome, {
    attempts,
    now,
    extra: { ...content, fromAddress: from },
    maxAttempts: options.maxAttempts,
    delayMs: options.retryDelayMs,
  });
}

/** RFC 2369 / RFC 8058: mail apps show their own Unsubscribe button, which POSTs to the link (Notify Me e-mails). */
function unsubscribeHeaders(row: OutboxRow, publicUrl: string): Record<string, string> {
  const path = (row.data as { unsubscribePath?: unknown } | null)?.unsubscribePath;
  if (typeof path !== "string" || !path.startsWith("/")) return {};
  return {
    "List-Unsubscribe": `<${new URL(path, publicUrl).toString()}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}

/** The sender: MAIL_FROM, or else the shop's name and contact e-mail from Settings. */
export function senderAddress(mailFrom: string | null, shop: EmailShop): string {
  return mailFrom ?? `"${shop.name.replace(/"/g, "")}" <${shop.contactEmail}>`;
}

/** The shop's facts as e-mails show them, read once per batch so a Settings change shows in the next e-mail. */
export async function loadEmailShop(db: Db, publicUrl: string): Promise<EmailShop> {
  const s = await getSettings(db);
  return {
    name: s.brandName,
    contactEmail: s.contactEmail,
    phone: s.phone,
    address: s.address,
    city: s.city,
    publicUrl,
  };
}

/** Claims and sends until nothing is due. Returns how many e-mails it handled. */
export async function drainOutbox(db: Db, options: MailWorkerOptions): Promise<number> {
  let handled = 0;
  for (;;) {
    const claimed = await claimDueEmails(db, { limit: options.batchSize, claimMs: options.claimMs });
    if (claimed.length === 0) return handled;
    const shop = await loadEmailShop(db, options.publicUrl);
    for (const row of claimed) await deliverMessage(db, row, shop, options);
    handled += claimed.length;
  }
}

export const OUTBOX_POLL_MS = 5_000;

/**
 * The mail worker of one server process: wakes when a message is queued in any process (NOTIFY)
 * and every few seconds for retries that fall due, and hands what it claims to the sender of each
 * message's channel. Several processes may run it on one database; the claim keeps each message to
 * one of them. The senders are the process's (made once at start, shared with requests): stopping
 * the worker leaves them open for start-up's shutdown to close.
 */
export async function startMailWorker(
  database: Pick<Database, "db" | "listen">,
  options: MailWorkerOptions,
  pollMs = OUTBOX_POLL_MS,
): Promise<{ stop: () => Promise<void>; wake: () => void; idle: () => Promise<void> }> {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const wake = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await drainOutbox(database.db, options);
        } catch (error) {
          options.logger?.error({ err: error }, "the mail worker could not reach the outbox; trying again shortly");
        }
      } while (again && !stopped);
      running = null;
    })();
  };
  const unlisten = await database.listen(OUTBOX_CHANNEL, wake);
  const timer = setInterval(wake, pollMs);
  timer.unref();
  wake();
  return {
    wake,
    idle: async () => {
      while (running) await running;
    },
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await unlisten();
      while (running) await running;
    },
  };
}

/** How many e-mails wait to be sent (queued or being sent): for the Email Logs tab and for tests. */
export async function countWaitingEmails(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(messageOutbox)
    .where(and(eq(messageOutbox.channel, "email"), inArray(messageOutbox.status, ["queued", "sending"])));
  return row.n;
}
