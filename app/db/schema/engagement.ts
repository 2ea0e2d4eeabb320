import { index, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/** "Notify me" sign-ups: target is `category:{slug}` or `product:{id}`. */
export const notifySubscriptions = pgTable(
  "notify_subscriptions",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    target: text("target").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    notifiedAt: timestamp("notified_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("notify_subscriptions_email_target_idx").on(t.email, t.target)],
);

export const contactMessages = pgTable(
  "contact_messages",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp("read_at", { withTimezone: true }),
  },
  (t) => [index("contact_messages_created_idx").on(t.createdAt)],
);
