import { date, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

// The database layer's own tables (app/db/*.server.ts: stored secrets, daily jobs, rate limits), not a
// module's: mechanisms any module uses, with no tie to a module's rows.

/**
 * A once-a-day job's claim for a shop day (Pakistan time): the first process to insert the row sends,
 * every other finds it there. The low-stock digest is the first such job.
 */
export const dailyJobRuns = pgTable(
  "daily_job_runs",
  {
    job: text("job").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    ranAt: timestamp("ran_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.job, t.day] })],
);

/** Small key/value facts the server keeps for itself (for example its generated auth secret). */
export const appMeta = pgTable("app_meta", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
});

/**
 * Fixed-window rate-limit counters shared by every server process (app/db/rate-limit.server.ts; the rules are modules/abuse's and their callers'). `subject` is a
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
