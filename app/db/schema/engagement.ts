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
import { users } from "./accounts";
import { products } from "./catalog";

/** "Notify me" sign-ups: target is `category:{slug}` or `product:{id}`. */
export const notifySubscriptions = pgTable(
  "notify_subscriptions",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    target: text("target").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    // Set in the transaction that queues its one e-mail (launch or restock).
    notifiedAt: timestamp("notified_at", { withTimezone: true }),
    // The unsubscribe link was followed: nothing more is sent to it.
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
    // Double opt-in: the address owner followed the confirmation link. Only confirmed sign-ups are e-mailed.
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    // SHA-256 of the single-use confirmation link's token; cleared once used.
    confirmTokenHash: text("confirm_token_hash"),
  },
  (t) => [
    uniqueIndex("notify_subscriptions_email_target_idx").on(t.email, t.target),
    // A launch or restock claims the sign-ups still waiting for one target.
    index("notify_subscriptions_waiting_idx")
      .on(t.target)
      .where(sql`${t.notifiedAt} is null and ${t.unsubscribedAt} is null`),
    uniqueIndex("notify_subscriptions_confirm_token_idx").on(t.confirmTokenHash),
    // Unconfirmed sign-ups expire: the sweep finds them by age.
    index("notify_subscriptions_unconfirmed_idx")
      .on(t.createdAt)
      .where(sql`${t.confirmedAt} is null`),
  ],
);

export const contactMessages = pgTable(
  "contact_messages",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    // Sent faster than a person types: kept (a real customer who pastes must not be lost) but
    // marked in the inbox as possible spam.
    possibleSpam: boolean("possible_spam").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp("read_at", { withTimezone: true }),
  },
  (t) => [index("contact_messages_created_idx").on(t.createdAt)],
);

/**
 * A buyer's rating of a product they received (an order with it was delivered): one per buyer and
 * product, editable. A hidden review (the owner's moderation) counts for nothing and is not shown.
 */
export const reviews = pgTable(
  "reviews",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    rating: integer("rating").notNull(),
    comment: text("comment").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    hiddenBy: text("hidden_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("reviews_product_user_idx").on(t.productId, t.userId),
    index("reviews_product_created_idx").on(t.productId, t.createdAt),
    index("reviews_created_idx").on(t.createdAt),
    check("reviews_rating_range", sql`${t.rating} between 1 and 5`),
  ],
);
