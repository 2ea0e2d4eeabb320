import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "../accounts/tables";
import { productVariants } from "../catalog/tables";
import type { StoredImageRef } from "../../db/schema/stored-image";
import { orderItems, orders } from "../orders/tables";
import {
  RETURN_STATUSES,
  RETURN_REASONS,
  RETURN_ITEM_KINDS,
  RETURN_CONDITIONS,
  REFUND_METHODS,
  oneOfSql,
} from "../../db/schema/statuses";

// modules/returns's tables: only modules/returns writes them; other modules read them through
// modules/returns/reads.ts. Imports are relative: drizzle-kit reads the schema without the "~/" alias.

/**
 * A buyer's request to send items of a delivered order back (modules/returns). An approved exchange
 * points at its replacement order; every step is also a row of return_events.
 */
export const returnRequests = pgTable(
  "return_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // "RT-" and six digits, as the buyer and the owner see it.
    returnNumber: text("return_number").notNull().unique(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    status: text("status", { enum: RETURN_STATUSES }).notNull().default("requested"),
    reason: text("reason", { enum: RETURN_REASONS }).notNull(),
    // The buyer's own words ("other" needs them; any reason may have them).
    reasonText: text("reason_text"),
    photos: jsonb("photos")
      .$type<StoredImageRef[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    // Why the owner said no, shown to the buyer.
    rejectionReason: text("rejection_reason"),
    replacementOrderId: uuid("replacement_order_id").references(() => orders.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    receivedAt: timestamp("received_at", { withTimezone: true }),
    closedAt: timestamp("closed_at", { withTimezone: true }),
  },
  (t) => [
    index("return_requests_status_created_idx").on(t.status, t.createdAt),
    index("return_requests_order_idx").on(t.orderId),
    index("return_requests_user_idx").on(t.userId, t.createdAt),
    index("return_requests_created_idx").on(t.createdAt),
    // A replacement order's delivery finds the request it belongs to (closing it when nothing is left to refund).
    index("return_requests_replacement_idx").on(t.replacementOrderId),
    check("return_requests_status_known", sql.raw(`status in (${oneOfSql(RETURN_STATUSES)})`)),
    check("return_requests_reason_known", sql.raw(`reason in (${oneOfSql(RETURN_REASONS)})`)),
  ],
);

/** One order line (or part of its quantity) in a request: sent back for money, or exchanged for another variant. */
export const returnItems = pgTable(
  "return_items",
  {
    id: serial("id").primaryKey(),
    returnId: uuid("return_id")
      .notNull()
      .references(() => returnRequests.id, { onDelete: "cascade" }),
    orderItemId: integer("order_item_id")
      .notNull()
      .references(() => orderItems.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
    kind: text("kind", { enum: RETURN_ITEM_KINDS }).notNull(),
    // The exchange's new variant, with its colour and size kept as text (a variant may be deleted later).
    exchangeVariantId: integer("exchange_variant_id").references(() => productVariants.id, { onDelete: "set null" }),
    exchangeColor: text("exchange_color"),
    exchangeSize: text("exchange_size"),
    // What came back, set when the owner receives it; restocked only once, for resellable items.
    condition: text("condition", { enum: RETURN_CONDITIONS }),
    restockedAt: timestamp("restocked_at", { withTimezone: true }),
  },
  (t) => [
    index("return_items_return_idx").on(t.returnId),
    index("return_items_order_item_idx").on(t.orderItemId),
    check("return_items_quantity_positive", sql`${t.quantity} > 0`),
    check("return_items_kind_known", sql.raw(`kind in (${oneOfSql(RETURN_ITEM_KINDS)})`)),
    check(
      "return_items_condition_known",
      sql.raw(`condition is null or condition in (${oneOfSql(RETURN_CONDITIONS)})`),
    ),
    check(
      "return_items_exchange_has_variant",
      sql`(${t.kind} = 'exchange') = (${t.exchangeColor} is not null and ${t.exchangeSize} is not null)`,
    ),
  ],
);

/** Money given back for a return, as the owner recorded it (the shop never sends money itself). */
export const refunds = pgTable(
  "refunds",
  {
    id: serial("id").primaryKey(),
    returnId: uuid("return_id")
      .notNull()
      .references(() => returnRequests.id, { onDelete: "cascade" }),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    method: text("method", { enum: REFUND_METHODS }).notNull(),
    amount: integer("amount").notNull(),
    // The transaction ID of a JazzCash, Easypaisa or bank transfer; free text.
    reference: text("reference"),
    recordedBy: text("recorded_by").references(() => users.id, { onDelete: "set null" }),
    recordedByName: text("recorded_by_name").notNull(),
    // The owner's refund form and POST /api/seller/returns/{id}/refunds send one per submit: a
    // double submit or a retry with the same key records one refund and answers it again.
    idempotencyKey: text("idempotency_key"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("refunds_return_idempotency_key_idx")
      .on(t.returnId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    index("refunds_order_idx").on(t.orderId),
    index("refunds_return_idx").on(t.returnId),
    index("refunds_created_idx").on(t.createdAt),
    check("refunds_amount_positive", sql`${t.amount} > 0`),
    check("refunds_method_known", sql.raw(`method in (${oneOfSql(REFUND_METHODS)})`)),
  ],
);

/**
 * Each step of a request, for the order's history: requested, approved, rejected, received,
 * refunded, credited, closed (with who did it and a note such as the refund's method and amount).
 */
export const returnEvents = pgTable(
  "return_events",
  {
    id: serial("id").primaryKey(),
    returnId: uuid("return_id")
      .notNull()
      .references(() => returnRequests.id, { onDelete: "cascade" }),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    step: text("step").notNull(),
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    actorName: text("actor_name").notNull(),
    note: text("note"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("return_events_return_idx").on(t.returnId, t.createdAt),
    index("return_events_order_idx").on(t.orderId, t.createdAt),
  ],
);
