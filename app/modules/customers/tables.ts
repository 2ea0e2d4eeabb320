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
import { users } from "../accounts/tables";

// modules/customers's tables: only modules/customers writes them; other modules read them through
// modules/customers/reads.ts. Imports are relative: drizzle-kit reads the schema without the "~/" alias.

/**
 * One row per customer, known by phone number (E.164): buyers with accounts and people whose orders
 * the owner entered are the same customer when the number matches. The figures are kept by the
 * database itself: triggers on orders and refunds call refresh_customer(phone) (migration 0017), so
 * every path that places, moves, refunds or anonymises an order keeps them exact, in any process,
 * and the list sorts and filters 50,000 customers without reading their orders.
 */
export const customers = pgTable(
  "customers",
  {
    id: serial("id").primaryKey(),
    phone: text("phone").notNull().unique(),
    // From the newest order (and its account, if any): what the customer goes by now.
    name: text("name").notNull(),
    email: text("email"),
    city: text("city").notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    // Every order, delivered ones, and ones that came back (status returned: refused at the door or
    // returned after delivery), cancelled ones.
    orders: integer("orders").notNull().default(0),
    delivered: integer("delivered").notNull().default(0),
    returned: integer("returned").notNull().default(0),
    cancelled: integer("cancelled").notNull().default(0),
    // delivered / (delivered + returned) in percent, rounded down; null until a parcel has ended its journey.
    deliveryRate: integer("delivery_rate"),
    // The delivered orders' revenue (modules/orders/order-revenue.ts), and its average per delivered order.
    lifetimeValue: integer("lifetime_value").notNull().default(0),
    averageOrder: integer("average_order").notNull().default(0),
    firstOrderAt: timestamp("first_order_at", { withTimezone: true }).notNull(),
    lastOrderAt: timestamp("last_order_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The list's default order and its sorts: each a top-N read of an index.
    index("customers_last_order_idx").on(t.lastOrderAt, t.id),
    index("customers_lifetime_value_idx").on(t.lifetimeValue, t.id),
    index("customers_orders_idx").on(t.orders, t.id),
    index("customers_city_idx").on(t.city),
    index("customers_user_idx").on(t.userId),
    check(
      "customers_figures_consistent",
      sql`${t.delivered} + ${t.returned} + ${t.cancelled} <= ${t.orders} and ${t.delivered} >= 0 and ${t.returned} >= 0 and ${t.cancelled} >= 0`,
    ),
  ],
);

/** The owner's free-text tags on a customer (VIP, wholesale, risky); unique per customer whatever the case. */
export const customerTags = pgTable(
  "customer_tags",
  {
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    tag: text("tag").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.tag] }),
    uniqueIndex("customer_tags_lower_idx").on(t.customerId, sql`lower(${t.tag})`),
    index("customer_tags_tag_idx").on(sql`lower(${t.tag})`),
  ],
);

/** The owner's notes on a customer, with author and time; one marked show-on-orders appears on their orders. */
export const customerNotes = pgTable(
  "customer_notes",
  {
    id: serial("id").primaryKey(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    body: text("body").notNull(),
    showOnOrders: boolean("show_on_orders").notNull().default(false),
    authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
    // Kept as text so the note still says who wrote it after that account is gone.
    authorName: text("author_name").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("customer_notes_customer_idx").on(t.customerId, t.createdAt),
    index("customer_notes_on_orders_idx")
      .on(t.customerId)
      .where(sql`${t.showOnOrders}`),
  ],
);

/** A saved filter of the Customers list: a name and the list's URL query (?q=...&city=...). */
export const customerSegments = pgTable(
  "customer_segments",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    query: text("query").notNull(),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("customer_segments_name_idx").on(sql`lower(${t.name})`)],
);
