import { sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";

/** What a sync needs of the courier it claimed; `since` is when it was last asked (null: never). */
export type ClaimedCourier = {
  id: number;
  name: string;
  provider: string;
  sealedCredentials: string | null;
  since: Date | null;
};

export type SyncWhat = "tracking" | "payments";

/** Payments are asked for less often than tracking: couriers pay once or twice a week. */
export const PAYMENTS_EVERY_MINUTES = 6 * 60;
/** A courier whose API failed waits this long before it is asked again (a retry, not a hammering). */
export const API_ERROR_BACKOFF_MINUTES = 5;

/**
 * Claims one API courier due for a sync of `what`, atomically: its tracked_at (or
 * payments_checked_at) is set to `now` in the same statement that picks it, the row locked with SKIP
 * LOCKED, so however many processes run the job, each courier is claimed by one of them per period.
 * Due: connected (credentials stored), active, never asked or asked longer ago than its period
 * (Settings' sync_every_minutes for tracking, six hours for payments), and not failing in the last
 * few minutes. Answers the courier with when it was asked before (the courier's "since").
 */
export async function claimCourierSync(db: DbOrTx, what: SyncWhat, now: Date): Promise<ClaimedCourier | null> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const column = what === "tracking" ? sql.raw("tracked_at") : sql.raw("payments_checked_at");
  const every = what === "tracking" ? sql`c.sync_every_minutes` : sql`${PAYMENTS_EVERY_MINUTES}`;
  const result = await db.execute(sql`
    with due as (
      select c.id, c.${column} as since from couriers c
      where c.active and c.provider <> 'file' and c.api_credentials is not null
        and (c.${column} is null or c.${column} <= ${at} - make_interval(mins => ${every}))
        and (c.api_error_at is null or c.api_error_at <= ${at} - make_interval(mins => ${API_ERROR_BACKOFF_MINUTES}))
      order by c.${column} nulls first, c.id
      limit 1
      for update skip locked
    )
    update couriers c set ${column} = ${at} from due where c.id = due.id
    returning c.id, c.name, c.provider, c.api_credentials, due.since`);
  const [row] = (
    result as unknown as {
      rows: {
        id: number;
        name: string;
        provider: string;
        api_credentials: string | null;
        since: Date | string | null;
      }[];
    }
  ).rows;
  if (!row) return null;
  return {
    id: Number(row.id),
    name: row.name,
    provider: row.provider,
    sealedCredentials: row.api_credentials,
    since: row.since === null ? null : new Date(row.since),
  };
}

/**
 * After a failed sync: the courier's words kept for the Shipping page, and its time of asking put
 * back, so it is due again once the back-off has passed (nothing it should have brought is lost).
 */
export async function recordSyncFailure(
  db: DbOrTx,
  what: SyncWhat,
  courierId: number,
  since: Date | null,
  message: string,
  now: Date,
): Promise<void> {
  const column = what === "tracking" ? sql.raw("tracked_at") : sql.raw("payments_checked_at");
  await db.execute(sql`update couriers set ${column} = ${since ? sql`${since.toISOString()}::timestamptz` : sql`null`},
    api_error = ${message.slice(0, 500)}, api_error_at = ${now.toISOString()}::timestamptz where id = ${courierId}`);
}

/** After a sync that worked: the courier's last failure cleared. */
export async function clearSyncFailure(db: DbOrTx, courierId: number): Promise<void> {
  await db.execute(
    sql`update couriers set api_error = null, api_error_at = null where id = ${courierId} and api_error is not null`,
  );
}

/** Sync now: the courier marked as asked now (so the job does not ask again at once), answering when it was asked before. */
export async function markCourierSync(
  db: DbOrTx,
  what: SyncWhat,
  courierId: number,
  now: Date,
): Promise<ClaimedCourier | null> {
  const column = what === "tracking" ? sql.raw("tracked_at") : sql.raw("payments_checked_at");
  const result = await db.execute(sql`
    with before as (select id, ${column} as since from couriers where id = ${courierId} for update)
    update couriers c set ${column} = ${now.toISOString()}::timestamptz from before where c.id = before.id
    returning c.id, c.name, c.provider, c.api_credentials, before.since`);
  const [row] = (
    result as unknown as {
      rows: {
        id: number;
        name: string;
        provider: string;
        api_credentials: string | null;
        since: Date | string | null;
      }[];
    }
  ).rows;
  if (!row) return null;
  return {
    id: Number(row.id),
    name: row.name,
    provider: row.provider,
    sealedCredentials: row.api_credentials,
    since: row.since === null ? null : new Date(row.since),
  };
}
