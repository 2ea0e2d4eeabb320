import { sql } from "drizzle-orm";
import type { DbOrTx } from "./database";

/** A Postgres NOTIFY: in a transaction it is delivered only if the transaction commits. */
export type Notice = { channel: string; payload: string };

/** Sends several notices in one statement (one round trip), in the order given. */
export async function notify(db: DbOrTx, notices: Notice[]): Promise<void> {
  if (notices.length === 0) return;
  await db.execute(
    sql`select ${sql.join(
      notices.map((n) => sql`pg_notify(${n.channel}, ${n.payload})`),
      sql`, `,
    )}`,
  );
}
