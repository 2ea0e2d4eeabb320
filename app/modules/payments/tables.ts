import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { ADVANCE_KINDS, oneOfSql, PAYMENT_GATEWAYS, PAYMENT_PURPOSES, PAYMENT_STATES } from "../../db/schema/statuses";
import { orders } from "../orders/tables";

// modules/payments's tables: only modules/payments writes them; other modules read them through
// modules/payments/reads.ts. Imports are relative: drizzle-kit reads the schema without the "~/" alias.

/**
 * A gateway the owner connected in Settings -> Payments: its credentials sealed (secret box
 * `payment-credentials`), what pages may show of them (a secret's last four characters), and
 * whether checkout offers it. A row exists only once the gateway's Test passed.
 */
export const paymentGateways = pgTable(
  "payment_gateways",
  {
    gateway: text("gateway", { enum: PAYMENT_GATEWAYS }).primaryKey(),
    credentials: text("credentials").notNull(),
    credentialHints: jsonb("credential_hints").$type<Record<string, string>>().notNull(),
    offered: boolean("offered").notNull().default(true),
    connectedAt: timestamp("connected_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  () => [check("payment_gateways_known", sql.raw(`gateway in (${oneOfSql(PAYMENT_GATEWAYS)})`))],
);

/**
 * One row (id = 1): how online payment and cash on delivery are asked for. Rupees throughout
 * (whole, as prices are). Absent: the defaults (modules/payments/payment-rules.ts DEFAULT_PAYMENT_RULES).
 */
export const paymentSettings = pgTable(
  "payment_settings",
  {
    id: integer("id").primaryKey().default(1),
    // How long an order awaiting online payment holds its stock before it is cancelled.
    holdMinutes: integer("hold_minutes").notNull().default(30),
    // A fee added to cash-on-delivery orders (0: none), not charged when the order is above `codFeeWaivedAbove`.
    codFee: integer("cod_fee").notNull().default(0),
    codFeeWaivedAbove: integer("cod_fee_waived_above"),
    // The advance asked up front on a risky COD order: none, the delivery fee, a fixed amount or a
    // percentage of the total; when the total is above `advanceAbove`, the city is on `advanceCities`,
    // the customer has one of `advanceTags`, or (with `advanceIfRefusedBefore`) refused a parcel before.
    advanceKind: text("advance_kind", { enum: ADVANCE_KINDS }).notNull().default("none"),
    advanceValue: integer("advance_value").notNull().default(0),
    advanceAbove: integer("advance_above"),
    advanceCities: jsonb("advance_cities").$type<string[]>().notNull().default([]),
    advanceTags: jsonb("advance_tags").$type<string[]>().notNull().default([]),
    advanceIfRefusedBefore: boolean("advance_if_refused_before").notNull().default(false),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("payment_settings_one_row", sql`${t.id} = 1`),
    check("payment_settings_hold", sql`${t.holdMinutes} between 5 and 1440`),
    check(
      "payment_settings_cod_fee",
      sql`${t.codFee} >= 0 and (${t.codFeeWaivedAbove} is null or ${t.codFeeWaivedAbove} >= 0)`,
    ),
    check("payment_settings_advance_kind", sql.raw(`advance_kind in (${oneOfSql(ADVANCE_KINDS)})`)),
    check(
      "payment_settings_advance_value",
      sql`${t.advanceValue} >= 0 and (${t.advanceKind} <> 'percent' or ${t.advanceValue} <= 100)`,
    ),
  ],
);

/**
 * Every attempt to pay online: one per visit to a gateway (a buyer who comes back and tries again
 * starts another). Amounts in paisa, as the gateways count them. `reference` is ours (JazzCash's
 * pp_TxnRefNo, Safepay's order_id); `gateway_reference` the gateway's (Safepay's tracker).
 */
export const payments = pgTable(
  "payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: PAYMENT_PURPOSES }).notNull(),
    gateway: text("gateway", { enum: PAYMENT_GATEWAYS }).notNull(),
    reference: text("reference").notNull().unique(),
    gatewayReference: text("gateway_reference"),
    amountPaisa: integer("amount_paisa").notNull(),
    currency: text("currency").notNull().default("PKR"),
    state: text("state", { enum: PAYMENT_STATES }).notNull().default("started"),
    refundedPaisa: integer("refunded_paisa").notNull().default(0),
    // How the buyer paid, as the gateway named it (MWALLET, MPAY, CYBERSOURCE); the gateway's last words.
    method: text("method"),
    message: text("message"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("payments_order_idx").on(t.orderId, t.createdAt),
    index("payments_created_idx").on(t.createdAt),
    index("payments_state_expires_idx").on(t.state, t.expiresAt),
    uniqueIndex("payments_gateway_reference_idx")
      .on(t.gateway, t.gatewayReference)
      .where(sql`${t.gatewayReference} is not null`),
    check("payments_amount", sql`${t.amountPaisa} > 0 and ${t.refundedPaisa} between 0 and ${t.amountPaisa}`),
    check("payments_purpose_known", sql.raw(`purpose in (${oneOfSql(PAYMENT_PURPOSES)})`)),
    check("payments_gateway_known", sql.raw(`gateway in (${oneOfSql(PAYMENT_GATEWAYS)})`)),
    check("payments_state_known", sql.raw(`state in (${oneOfSql(PAYMENT_STATES)})`)),
  ],
);

/**
 * What every gateway answer said, verified or not: returns, webhooks, status checks and refunds.
 * A forged or tampered answer changes nothing but is kept here (and logged), for the owner.
 */
export const paymentEvents = pgTable(
  "payment_events",
  {
    id: serial("id").primaryKey(),
    paymentId: uuid("payment_id").references(() => payments.id, { onDelete: "cascade" }),
    gateway: text("gateway", { enum: PAYMENT_GATEWAYS }).notNull(),
    source: text("source", { enum: ["return", "notification", "status", "refund"] }).notNull(),
    verified: boolean("verified").notNull(),
    outcome: text("outcome").notNull(),
    amountPaisa: integer("amount_paisa"),
    detail: text("detail").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("payment_events_payment_idx").on(t.paymentId, t.createdAt),
    index("payment_events_created_idx").on(t.createdAt),
  ],
);

/** Money given back through a gateway (or recorded as given by hand), never more than was paid in all. */
export const paymentRefunds = pgTable(
  "payment_refunds",
  {
    id: serial("id").primaryKey(),
    paymentId: uuid("payment_id")
      .notNull()
      .references(() => payments.id, { onDelete: "cascade" }),
    amountPaisa: integer("amount_paisa").notNull(),
    // The gateway's reference for the refund, or the owner's (a bank transfer's) when recorded by hand.
    reference: text("reference").notNull(),
    throughGateway: boolean("through_gateway").notNull(),
    requestedBy: text("requested_by").notNull(),
    // The same key from the same page means the same refund (a double click, a retried request).
    idempotencyKey: text("idempotency_key").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("payment_refunds_payment_idx").on(t.paymentId),
    check("payment_refunds_amount", sql`${t.amountPaisa} > 0`),
  ],
);
