import { sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { LIVE_CHANNEL, type LiveEvent } from "./live-event";

/**
 * Tells every server process (Postgres NOTIFY) that something changed. Inside a transaction the
 * notification is sent only if it commits, so nobody is told about a change that never happened.
 */
export async function publishLiveEvent(db: DbOrTx, event: LiveEvent): Promise<void> {
  await db.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify(event)})`);
}
