import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { readThrough } from "~/db/read-cache.server";
import { launches, launchProducts } from "./tables";

export type SoonestLaunch = { id: number; name: string; opensAt: Date };

/**
 * The launch that opens first among those holding any of `productIds` and not open yet at `now`,
 * or null (for a listing's countdown: the products it shows that wait for a launch). One query,
 * `limit 1` in SQL; kept with the catalogue's reads, whose change notices (a launch saved, its
 * products opened) drop it. A kept answer whose time has come since is no answer: the launcher
 * opens its products within the second, and the next read asks again.
 */
export async function findSoonestLaunch(
  db: DbOrTx,
  productIds: readonly string[],
  now = new Date(),
): Promise<SoonestLaunch | null> {
  const ids = [...new Set(productIds)].sort();
  if (ids.length === 0) return null;
  const soonest = await readThrough(db, "catalog", `soonest-launch:${ids.join(",")}`, () =>
    querySoonestLaunch(db, ids, now),
  );
  return soonest && soonest.opensAt.getTime() > now.getTime() ? soonest : null;
}

async function querySoonestLaunch(db: DbOrTx, ids: string[], now: Date): Promise<SoonestLaunch | null> {
  const [row] = await db
    .select({ id: launches.id, name: launches.name, opensAt: launches.opensAt })
    .from(launchProducts)
    .innerJoin(launches, eq(launches.id, launchProducts.launchId))
    .where(and(inArray(launchProducts.productId, ids), sql`${launches.opensAt} > ${now.toISOString()}::timestamptz`))
    .orderBy(asc(launches.opensAt), asc(launches.id))
    .limit(1);
  return row ?? null;
}
