import { sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { waitingRoom } from "./tables";

export type Line = { lastTicket: number; admittedThrough: number; perSecond: number };

const EMPTY: Line = { lastTicket: 0, admittedThrough: 0, perSecond: 0 };

/** The line as it stands (no row yet: nobody ever waited). */
export async function readLine(db: DbOrTx): Promise<Line> {
  const [row] = await db
    .select({
      lastTicket: waitingRoom.lastTicket,
      admittedThrough: waitingRoom.admittedThrough,
      perSecond: waitingRoom.perSecond,
    })
    .from(waitingRoom);
  return row ?? EMPTY;
}

/**
 * A new shopper's ticket: the next number, in one statement, so two processes never give the same
 * one and numbers follow arrival. Let in at once (`admitted`) only when nobody is waiting and the
 * process that took them is not busy (`free`): then the line does not form at all.
 */
export async function takeTicket(db: DbOrTx, free: boolean): Promise<{ ticket: number; admitted: boolean }> {
  const rows = await db
    .insert(waitingRoom)
    .values({ id: 1, lastTicket: 1, admittedThrough: free ? 1 : 0 })
    .onConflictDoUpdate({
      target: waitingRoom.id,
      set: {
        lastTicket: sql`${waitingRoom.lastTicket} + 1`,
        admittedThrough: free
          ? sql`case when ${waitingRoom.admittedThrough} = ${waitingRoom.lastTicket} then ${waitingRoom.lastTicket} + 1 else ${waitingRoom.admittedThrough} end`
          : sql`${waitingRoom.admittedThrough}`,
      },
    })
    .returning({ lastTicket: waitingRoom.lastTicket, admittedThrough: waitingRoom.admittedThrough });
  const row = rows[0];
  return { ticket: row.lastTicket, admitted: row.admittedThrough >= row.lastTicket };
}

/**
 * Lets up to `step` more in, never past the last ticket given, and keeps how many per second were
 * let in lately (a moving average over the updates of every process).
 */
export async function admitMore(db: DbOrTx, step: number, now: Date): Promise<Line> {
  const elapsed = sql`greatest(extract(epoch from (${now.toISOString()}::timestamptz - ${waitingRoom.updatedAt})), 0.25)`;
  const added = sql`least(${waitingRoom.admittedThrough} + ${step}, ${waitingRoom.lastTicket}) - ${waitingRoom.admittedThrough}`;
  const [row] = await db
    .update(waitingRoom)
    .set({
      admittedThrough: sql`least(${waitingRoom.admittedThrough} + ${step}, ${waitingRoom.lastTicket})`,
      perSecond: sql`case when ${waitingRoom.lastTicket} > ${waitingRoom.admittedThrough}
        then (0.7 * ${waitingRoom.perSecond} + 0.3 * (${added}) / ${elapsed})::real else ${waitingRoom.perSecond} end`,
      updatedAt: now,
    })
    .returning({
      lastTicket: waitingRoom.lastTicket,
      admittedThrough: waitingRoom.admittedThrough,
      perSecond: waitingRoom.perSecond,
    });
  return row ?? EMPTY;
}
