import { index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

// modules/abuse's tables: only modules/abuse writes them; other modules read them through
// modules/abuse/reads.ts. Imports are relative: drizzle-kit reads the schema without the "~/" alias.

/**
 * Fixed-window rate-limit counters shared by every server process (modules/abuse). `subject` is a
 * SHA-256 of what is counted (an address, a phone number), so no phone number sits here in clear.
 * A row whose window has ended counts as zero and is swept later.
 */
export const rateLimitCounters = pgTable(
  "rate_limit_counters",
  {
    rule: text("rule").notNull(),
    subject: text("subject").notNull(),
    hits: integer("hits").notNull(),
    windowEndsAt: timestamp("window_ends_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.rule, t.subject] }),
    index("rate_limit_counters_window_ends_idx").on(t.windowEndsAt),
  ],
);
