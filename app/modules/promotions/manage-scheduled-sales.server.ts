import { desc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { scheduledSales } from "~/modules/promotions/tables";
import { AppError } from "~/lib/errors";
import type { SaleInput } from "./promotion-forms";

export type SaleState = "running" | "upcoming" | "ended";
export type SaleRow = SaleInput & { id: number; state: SaleState };

/** How many sales the page shows: the running and upcoming ones first, then the latest ended. */
export const SALES_SHOWN = 50;

const stateOf = (sale: { startsAt: Date; endsAt: Date }, now: Date): SaleState =>
  now < sale.startsAt ? "upcoming" : now >= sale.endsAt ? "ended" : "running";

/** Sales that have not ended first (soonest to start), then ended ones (latest first). */
export async function listScheduledSales(db: DbOrTx, now: Date): Promise<{ sales: SaleRow[]; total: number }> {
  const ended = sql`${scheduledSales.endsAt} <= ${now.toISOString()}::timestamptz`;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(scheduledSales)
      .orderBy(
        ended,
        sql`case when ${ended} then null else ${scheduledSales.startsAt} end`,
        desc(scheduledSales.endsAt),
        desc(scheduledSales.id),
      )
      .limit(SALES_SHOWN),
    db.select({ total: sql<number>`count(*)::int` }).from(scheduledSales),
  ]);
  return { sales: rows.map((s) => toRow(s, now)), total };
}

function toRow(sale: typeof scheduledSales.$inferSelect, now: Date): SaleRow {
  return {
    id: sale.id,
    name: sale.name,
    percent: sale.percent,
    startsAt: sale.startsAt,
    endsAt: sale.endsAt,
    appliesTo: sale.appliesTo,
    categorySlugs: sale.categorySlugs,
    productIds: sale.productIds,
    state: stateOf(sale, now),
  };
}

export async function getScheduledSale(db: DbOrTx, id: number, now: Date): Promise<SaleRow | null> {
  const [sale] = await db.select().from(scheduledSales).where(eq(scheduledSales.id, id));
  return sale ? toRow(sale, now) : null;
}

const columns = (input: SaleInput) => ({
  name: input.name,
  percent: input.percent,
  startsAt: input.startsAt,
  endsAt: input.endsAt,
  appliesTo: input.appliesTo,
  categorySlugs: input.categorySlugs,
  productIds: input.productIds,
});

/** A sale added, changed or removed is announced to every process by the table's trigger (prices change). */
export async function createScheduledSale(db: DbOrTx, input: SaleInput): Promise<{ id: number }> {
  const [row] = await db.insert(scheduledSales).values(columns(input)).returning({ id: scheduledSales.id });
  return row;
}

export async function updateScheduledSale(db: DbOrTx, id: number, input: SaleInput): Promise<void> {
  const updated = await db
    .update(scheduledSales)
    .set({ ...columns(input), updatedAt: new Date() })
    .where(eq(scheduledSales.id, id))
    .returning({ id: scheduledSales.id });
  if (!updated.length) throw new AppError("NOT_FOUND", "That sale no longer exists");
}

/** Ends a running sale now (prices go back at once), or removes one that has not started or has ended. */
export async function endOrRemoveScheduledSale(
  db: DbOrTx,
  id: number,
  now: Date,
): Promise<{ name: string; ended: boolean }> {
  const sale = await getScheduledSale(db, id, now);
  if (!sale) throw new AppError("NOT_FOUND", "That sale no longer exists");
  if (sale.state === "running") {
    // Not before its start (a sale must end after it starts), which only matters in its first millisecond.
    await db
      .update(scheduledSales)
      .set({ endsAt: new Date(Math.max(now.getTime(), sale.startsAt.getTime() + 1)), updatedAt: now })
      .where(eq(scheduledSales.id, id));
    return { name: sale.name, ended: true };
  }
  await db.delete(scheduledSales).where(eq(scheduledSales.id, id));
  return { name: sale.name, ended: false };
}
