import type { DbOrTx } from "~/db/client.server";
import { nextSaleBoundary } from "~/modules/promotions/sale-boundaries.server";
import { nextHeroBoundary } from "~/modules/storefront/hero-slides.server";
import { nextAnnouncementBoundary } from "~/modules/storefront/storefront-settings.server";

/**
 * The next instant after `now` at which what a page shows changes with no write to the database: a
 * scheduled sale starts or ends (prices), a hero slide or the announcement bar appears or goes. The
 * server drops its kept reads and guest pages then, in every process (server/read-cache-listener.ts).
 */
export async function nextScheduleBoundary(db: DbOrTx, now: Date): Promise<Date | null> {
  const edges = await Promise.all([
    nextSaleBoundary(db, now),
    nextHeroBoundary(db, now),
    nextAnnouncementBoundary(db, now),
  ]);
  const times = edges.filter((d): d is Date => d !== null).map((d) => d.getTime());
  return times.length ? new Date(Math.min(...times)) : null;
}
