import { sql } from "drizzle-orm";
import { index, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

// modules/notify-me's tables: only modules/notify-me writes them; other modules read them through
// modules/notify-me/reads.ts. Imports are relative: drizzle-kit reads the schema without the "~/" alias.

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
