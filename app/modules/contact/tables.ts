import { boolean, index, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

// modules/contact's tables: only modules/contact writes them; other modules read them through
// modules/contact/reads.ts. Imports are relative: drizzle-kit reads the schema without the "~/" alias.

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
