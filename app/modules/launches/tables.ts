import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { products } from "../catalog/tables";

// modules/launches's tables: only modules/launches writes them. Imports are relative: drizzle-kit
// reads the schema without the "~/" alias.

/**
 * A launch (Products -> Launch, issue 43): products that go on sale together at one moment
 * (Pakistan time, stored as an instant), with an optional limit of pieces of each product a buyer
 * may take (per phone number and per account, across orders placed since it opened), and whether
 * its pages, the cart and checkout admit shoppers through the waiting room when the shop is busy.
 */
export const launches = pgTable(
  "launches",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    opensAt: timestamp("opens_at", { withTimezone: true }).notNull(),
    perBuyerLimit: integer("per_buyer_limit"),
    waitingRoom: boolean("waiting_room").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("launches_opens_idx").on(t.opensAt),
    check("launches_name_length", sql`char_length(${t.name}) between 1 and 80`),
    check("launches_limit_range", sql`${t.perBuyerLimit} is null or ${t.perBuyerLimit} between 1 and 50`),
  ],
);

/** The products of a launch: a product is in one launch at a time (its limit and its opening are that launch's). */
export const launchProducts = pgTable(
  "launch_products",
  {
    launchId: integer("launch_id")
      .notNull()
      .references(() => launches.id, { onDelete: "cascade" }),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.launchId, t.productId] }),
    uniqueIndex("launch_products_product_idx").on(t.productId),
  ],
);
