import { sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { scheduledSales } from "~/modules/promotions/tables";

/**
 * The next instant after `now` at which a scheduled sale starts or ends, or null. Prices change at
 * these instants without any write to the database, so whatever keeps prices in memory (pages,
 * listings) is dropped then (server/read-cache-listener.ts).
 */
export async function nextSaleBoundary(db: DbOrTx, now: Date): Promise<Date | null> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const [row] = await db
    .select({
      // least() skips nulls: the earlier of the next start and the next end.
      next: sql<
        string | Date | null
      >`least(min(${scheduledSales.startsAt}) filter (where ${scheduledSales.startsAt} > ${at}), min(${scheduledSales.endsAt}) filter (where ${scheduledSales.endsAt} > ${at}))`,
    })
    .from(scheduledSales);
  return row?.next ? new Date(row.next) : null;
}
