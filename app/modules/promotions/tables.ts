import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "../accounts/tables";
import { orders } from "../orders/tables";
import { oneOfSql, DISCOUNT_KINDS, PROMOTION_SCOPES } from "../../db/schema/statuses";

// modules/promotions's tables: only modules/promotions writes them; other modules read them through
// modules/promotions/reads.ts. Imports are relative: drizzle-kit reads the schema without the "~/" alias.

/**
 * Discount codes the owner hands out (Dashboard -> Discounts). `code` is kept upper-case and is
 * unique whatever its case. `uses` counts the orders that hold a use now: it is raised with a
 * guarded update inside the order's transaction (so a limit is exact under concurrency) and lowered
 * when a cancelled or returned order gives its use back.
 */
export const discountCodes = pgTable(
  "discount_codes",
  {
    id: serial("id").primaryKey(),
    code: text("code").notNull(),
    kind: text("kind", { enum: DISCOUNT_KINDS }).notNull(),
    // A whole percent (1-100) or whole rupees, by kind.
    value: integer("value").notNull(),
    minOrder: integer("min_order"),
    maxUses: integer("max_uses"),
    // Per customer: by account and by phone number, each counted on its own.
    maxUsesPerCustomer: integer("max_uses_per_customer"),
    startsAt: timestamp("starts_at", { withTimezone: true }),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    appliesTo: text("applies_to", { enum: PROMOTION_SCOPES }).notNull().default("all"),
    categorySlugs: text("category_slugs")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    productIds: text("product_ids")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    // Off: the code takes nothing off items already on a scheduled sale.
    combinesWithSale: boolean("combines_with_sale").notNull().default(true),
    paused: boolean("paused").notNull().default(false),
    uses: integer("uses").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("discount_codes_code_idx").on(sql`upper(${t.code})`),
    check("discount_codes_kind_known", sql.raw(`kind in (${oneOfSql(DISCOUNT_KINDS)})`)),
    check("discount_codes_scope_known", sql.raw(`applies_to in (${oneOfSql(PROMOTION_SCOPES)})`)),
    check("discount_codes_value_positive", sql`${t.value} > 0 and (${t.kind} <> 'percent' or ${t.value} <= 100)`),
    check(
      "discount_codes_uses_within_limit",
      sql`${t.uses} >= 0 and (${t.maxUses} is null or ${t.uses} <= ${t.maxUses})`,
    ),
  ],
);

/** One use of a code by one order. A cancelled or returned order releases it (the use is given back). */
export const discountRedemptions = pgTable(
  "discount_redemptions",
  {
    id: serial("id").primaryKey(),
    codeId: integer("code_id")
      .notNull()
      .references(() => discountCodes.id, { onDelete: "cascade" }),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    phone: text("phone").notNull(),
    amount: integer("amount").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    releasedAt: timestamp("released_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("discount_redemptions_order_idx").on(t.orderId),
    index("discount_redemptions_code_user_idx").on(t.codeId, t.userId),
    index("discount_redemptions_code_phone_idx").on(t.codeId, t.phone),
    // The Overview's last 30 days of discounts given.
    index("discount_redemptions_created_idx").on(t.createdAt),
  ],
);

/**
 * Scheduled sales: a percentage off some categories or products between two times. Nothing is
 * switched on or off: prices are computed from the sales running at the moment they are read.
 */
export const scheduledSales = pgTable(
  "scheduled_sales",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    percent: integer("percent").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    appliesTo: text("applies_to", { enum: PROMOTION_SCOPES }).notNull(),
    categorySlugs: text("category_slugs")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    productIds: text("product_ids")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("scheduled_sales_ends_idx").on(t.endsAt),
    check("scheduled_sales_scope_known", sql.raw(`applies_to in (${oneOfSql(PROMOTION_SCOPES)})`)),
    check("scheduled_sales_percent_range", sql`${t.percent} between 1 and 90`),
    check("scheduled_sales_window", sql`${t.endsAt} > ${t.startsAt}`),
  ],
);
