import { sql } from "drizzle-orm";
import type { DbOrTx } from "./client.server";
import { dailyJobRuns } from "./schema/infrastructure";

/**
 * Claims a once-a-day job for one shop day ("2025-07-10") across every server process: one insert
 * that only the first caller's row survives (a second caller waits on the key, then gets nothing).
 * Called inside the transaction that does the job, so a job that fails leaves the day unclaimed.
 */
export async function claimDailyJob(tx: DbOrTx, job: string, day: string): Promise<boolean> {
  const claimed = await tx
    .insert(dailyJobRuns)
    .values({ job, day, ranAt: sql`now()` })
    .onConflictDoNothing()
    .returning({ job: dailyJobRuns.job });
  return claimed.length > 0;
}
