import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { orders } from "../orders/tables";
import {
  oneOfSql,
  MESSAGE_CHANNELS,
  type MessageChannel,
  MESSAGE_STATUSES,
  type MessageStatus,
  MESSAGE_KINDS,
  type MessageKind,
} from "../../db/schema/statuses";

// modules/messages's tables: only modules/messages writes them; other modules read them through
// modules/messages/reads.ts. Imports are relative: drizzle-kit reads the schema without the "~/" alias.

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
    // One Purchase per order for Meta (issue 44), however many processes confirm or deliver it at once.
    uniqueIndex("message_outbox_meta_purchase_idx")
      .on(t.orderId)
      .where(sql`${t.kind} = 'meta_purchase' and ${t.resentFrom} is null`),
    check("message_outbox_channel_known", sql.raw(`channel in (${oneOfSql(MESSAGE_CHANNELS)})`)),
    check("message_outbox_status_known", sql.raw(`status in (${oneOfSql(MESSAGE_STATUSES)})`)),
    check("message_outbox_kind_known", sql.raw(`kind in (${oneOfSql(MESSAGE_KINDS)})`)),
    check("message_outbox_attempts_non_negative", sql`${t.attempts} >= 0`),
  ],
);

/**
 * One row (id = 1): the shop's WhatsApp Business Cloud API settings (issue 32). The access token,
 * the app secret and the verify token are stored encrypted (AES-256-GCM, key derived from the auth
 * secret) and shown again only as their last four characters. No row, or no phone-number ID: the
 * shop confirms COD orders by wa.me links as before.
 */
export const whatsappSettings = pgTable(
  "whatsapp_settings",
  {
    id: integer("id").primaryKey().default(1),
    phoneNumberId: text("phone_number_id").notNull(),
    accessToken: text("access_token").notNull(),
    accessTokenLast4: text("access_token_last4").notNull(),
    appSecret: text("app_secret").notNull(),
    appSecretLast4: text("app_secret_last4").notNull(),
    verifyToken: text("verify_token").notNull(),
    verifyTokenLast4: text("verify_token_last4").notNull(),
    // Template names as approved in Meta's WhatsApp Manager, and their language code (en, ur, ...).
    confirmationTemplate: text("confirmation_template").notNull().default("order_confirmation"),
    shippedTemplate: text("shipped_template").notNull().default("order_shipped"),
    deliveredTemplate: text("delivered_template").notNull().default("order_delivered"),
    language: text("language").notNull().default("en"),
    // The marketing template a forgotten cart's opted-in buyer gets (issue 44): {{1}} name, {{2}} items, {{3}} the cart's link.
    cartReminderTemplate: text("cart_reminder_template").notNull().default("cart_reminder"),
    // The confirmation goes this many minutes after the order (0: at once); an order with no answer
    // this many hours after it was sent needs a call.
    sendDelayMinutes: integer("send_delay_minutes").notNull().default(0),
    needsCallHours: integer("needs_call_hours").notNull().default(24),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("whatsapp_settings_single_row", sql`${t.id} = 1`),
    check("whatsapp_settings_delay", sql`${t.sendDelayMinutes} between 0 and 1440`),
    check("whatsapp_settings_needs_call", sql`${t.needsCallHours} between 1 and 168`),
  ],
);

/**
 * Every webhook event the shop acted on, by a key Meta makes unique (an incoming message's wamid, or
 * a status's message id and status): the same delivery twice finds its key and changes nothing.
 * `outcome` says what it did ("confirmed", "order had moved on: shipped", "replied") for the log.
 */
export const whatsappEvents = pgTable("whatsapp_events", {
  key: text("key").primaryKey(),
  kind: text("kind").notNull(),
  fromPhone: text("from_phone"),
  orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
  outcome: text("outcome").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});
