import { date, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

// The database layer's own tables (app/db/*.server.ts: stored secrets, daily jobs), not a module's.

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
