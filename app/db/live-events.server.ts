import { sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { notify, type Notice } from "~/db/notify.server";
import { LIVE_CHANNEL, type LiveEvent, type LiveTopic } from "./live-event";

/**
 * Tells every server process (Postgres NOTIFY) that something changed. Inside a transaction the
 * notification is sent only if it commits, so nobody is told about a change that never happened.
 */
export async function publishLiveEvent(db: DbOrTx, event: LiveEvent): Promise<void> {
  await notify(db, [liveNotice(event)]);
}

/** The notice of `event`, for a caller that sends it with others in one statement (db/notify.server.ts). */
export function liveNotice(event: LiveEvent): Notice {
  return { channel: LIVE_CHANNEL, payload: JSON.stringify(event) };
}

/** The same event for each of these people, in one statement however many they are. */
export async function publishLiveEvents(db: DbOrTx, topic: LiveTopic, userIds: string[]): Promise<void> {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return;
  await db.execute(sql`select pg_notify(${LIVE_CHANNEL}, json_build_object('topic', ${topic}::text, 'userId', u)::text)
    from json_array_elements_text(${JSON.stringify(unique)}::json) as u`);
}
