import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "../accounts/tables";
import { orders } from "../orders/tables";
import { returnRequests } from "../returns/tables";
import { STORE_CREDIT_KINDS, oneOfSql } from "../../db/schema/statuses";

// modules/store-credit's tables: only modules/store-credit writes them; other modules read them through
// modules/store-credit/reads.ts. Imports are relative: drizzle-kit reads the schema without the "~/" alias.

/**
 * A buyer's store credit balance. Spending is one guarded update (`balance >= amount`), so two
 * orders placed at once can never spend the same credit; store_credit_entries is its history.
 */
export const storeCreditAccounts = pgTable(
  "store_credit_accounts",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    balance: integer("balance").notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("store_credit_balance_not_negative", sql`${t.balance} >= 0`)],
);

/** Every change to a buyer's store credit: which return gave it, which order spent it. */
export const storeCreditEntries = pgTable(
  "store_credit_entries",
  {
    id: serial("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    amount: integer("amount").notNull(),
    kind: text("kind", { enum: STORE_CREDIT_KINDS }).notNull(),
    returnId: uuid("return_id").references(() => returnRequests.id, { onDelete: "set null" }),
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    note: text("note"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("store_credit_entries_user_idx").on(t.userId, t.createdAt),
    check("store_credit_entries_amount_not_zero", sql`${t.amount} <> 0`),
    check("store_credit_entries_kind_known", sql.raw(`kind in (${oneOfSql(STORE_CREDIT_KINDS)})`)),
  ],
);
