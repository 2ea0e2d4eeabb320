import { sql } from "drizzle-orm";
import { check, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "../accounts/tables";
import { productVariants, products } from "../catalog/tables";

// modules/cart's tables: only modules/cart writes them; other modules read them through
// modules/cart/reads.ts. Imports are relative: drizzle-kit reads the schema without the "~/" alias.

/** One line per buyer and variant; adding the same variant again raises the quantity. */
export const cartItems = pgTable(
  "cart_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    variantId: integer("variant_id")
      .notNull()
      .references(() => productVariants.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
    // The price when the line was added, so the cart can say the price has changed since.
    priceWhenAdded: integer("price_when_added").notNull(),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("cart_items_user_variant_idx").on(t.userId, t.variantId),
    check("cart_items_quantity_positive", sql`${t.quantity} > 0`),
  ],
);

/**
 * The last forgotten-cart reminder each buyer was sent, with the cart's contents then (variant x
 * quantity, in variant order): a cart is reminded of once, and again only when its contents change.
 */
export const cartReminders = pgTable("cart_reminders", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  contents: text("contents").notNull(),
  sentAt: timestamp("sent_at", { withTimezone: true }).notNull(),
});
