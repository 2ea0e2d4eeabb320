import { sql } from "drizzle-orm";
import { check, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { orders } from "./commerce";

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
