import { sql } from "drizzle-orm";
import { bigserial, bigint, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { orders } from "./commerce";
import {
  MESSAGE_CHANNELS,
  MESSAGE_KINDS,
  MESSAGE_STATUSES,
  oneOfSql,
  type MessageChannel,
  type MessageKind,
  type MessageStatus,
} from "./statuses";

/**
 * The messages outbox and log in one: every message (an e-mail, or a WhatsApp template) is a row
 * written in the transaction of the event that causes it, then sent by the worker
 * (modules/messages/mail-worker.server.ts) through the sender of its `channel`. `data` is what the
 * template needs, frozen at the event; subject, html and text are rendered once, by the worker,
 * and kept so the Email Logs tab (the e-mail channel's rows) shows exactly what went out.
 */
export const messageOutbox = pgTable(
  "message_outbox",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    // Which sender takes it (modules/messages/message-sender.ts); every row before channels was an e-mail.
    channel: text("channel", { enum: MESSAGE_CHANNELS }).$type<MessageChannel>().notNull().default("email"),
    kind: text("kind", { enum: MESSAGE_KINDS }).$type<MessageKind>().notNull(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    html: text("html"),
    text: text("text"),
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    orderNumber: text("order_number"),
    status: text("status", { enum: MESSAGE_STATUSES }).$type<MessageStatus>().notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    // While `sending`: when the claim lapses, so a process that died mid-send does not strand it.
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
    fromAddress: text("from_address"),
    messageId: text("message_id"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    // WhatsApp's receipts (webhook statuses): when the message reached the phone, and when it was read.
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    readAt: timestamp("read_at", { withTimezone: true }),
    // A resend is a new row pointing at the entry it repeats.
    resentFrom: bigint("resent_from", { mode: "number" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The worker's claim: due rows in order.
    index("message_outbox_due_idx").on(t.status, t.nextAttemptAt),
    // The log: newest first.
    index("message_outbox_created_idx").on(t.createdAt),
    index("message_outbox_order_number_idx").on(t.orderNumber),
    // The log's "resent as" links, and failed e-mails not yet resent (the Email Logs tab's count).
    index("message_outbox_resent_from_idx").on(t.resentFrom),
    // A customer's page: the e-mails sent to the addresses on their orders, newest first (migration 0018).
    // A WhatsApp receipt finds its message by the id Meta gave it (wamid...).
    index("message_outbox_message_id_idx").on(t.messageId),
    index("message_outbox_to_address_idx").on(sql`lower(${t.toAddress})`, t.createdAt),
    check("message_outbox_channel_known", sql.raw(`channel in (${oneOfSql(MESSAGE_CHANNELS)})`)),
    check("message_outbox_status_known", sql.raw(`status in (${oneOfSql(MESSAGE_STATUSES)})`)),
    check("message_outbox_kind_known", sql.raw(`kind in (${oneOfSql(MESSAGE_KINDS)})`)),
    check("message_outbox_attempts_non_negative", sql`${t.attempts} >= 0`),
  ],
);
