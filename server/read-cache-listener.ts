import { RESYNC_PAYLOAD, type Database } from "~/db/client.server";
import { enableReadCache } from "~/db/read-cache.server";
import { logger } from "~/lib/logger.server";
import { CATALOG_CHANNEL } from "~/modules/catalog/catalog-changed";
import { LIVE_CHANNEL, parseLiveEvent } from "~/db/live-event";
import { nextScheduleBoundary } from "~/flows/next-schedule-boundary.server";
import { SETTINGS_CHANNEL } from "~/db/settings-changed";

/**
 * What the owner edits and guests' pages show: the storefront's words and shape (issue 29) and the
 * products themselves. A change to one of these tables drops the guest page cache too (as for
 * prices), so the next page load shows it. Not product_variants: every order changes stock there,
 * and the page cache's one-second reuse is what carries a busy day's browsing; only a variant
 * selling out or coming back ("stock_availability") drops the pages. Not product_images:
 * an owner's photo change saves its product row too, while the seed's photos, drawn one by one in
 * the background after a first start, would otherwise empty the cache dozens of times.
 */
const GUEST_PAGE_TABLES = new Set([
  "pages",
  "menu_items",
  "hero_slides",
  "collections",
  "collection_products",
  "categories",
  "category_redirects",
  "colors",
  "size_sets",
  "products",
  "launches",
  "launch_products",
  // A variant sold out or back in stock (migration 0029): every page must say so within a second.
  "stock_availability",
]);

/** setTimeout's longest wait is about 24.8 days; a boundary further off is looked up again then. */
const LONGEST_WAIT_MS = 24 * 24 * 60 * 60 * 1000;
/** When the next boundary cannot be read (the database is down), try again after this. */
const RETRY_MS = 30_000;

/**
 * Turns on this process's in-memory storefront reads and drops them whenever any process changes
 * the catalogue, the settings, or a shopper's cart or wishlist (Postgres NOTIFY, so every process
 * sees a change within moments). A scheduled sale, a hero slide or the announcement bar starting or
 * ending changes pages with no write at all, so each process also keeps a timer for the next such
 * boundary (flows/next-schedule-boundary.server.ts), drops its catalogue reads then and tells
 * `onPagesChanged` (the guest page cache), on time in every process.
 */
export function createReadCacheListener(database: Pick<Database, "db" | "listen">, maxBytes?: number) {
  const cache = enableReadCache(database.db, maxBytes);
  const pageListeners = new Set<() => void>();
  let stops: (() => Promise<void>)[] = [];
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  // Only the latest lookup sets the timer: two changes in a row must not leave two timers running.
  let lookups = 0;

  const pagesChanged = () => {
    cache.invalidate("catalog");
    for (const listener of pageListeners) listener();
  };
  const scheduleNextBoundary = async () => {
    clearTimeout(timer);
    if (stopped) return;
    const lookup = ++lookups;
    let wait: number | null;
    try {
      const next = await nextScheduleBoundary(database.db, new Date());
      // One millisecond past the boundary: a timer may fire a millisecond early, and a read just before
      // the sale starts would put the old price back in the caches until the next change.
      wait = next ? Math.max(0, next.getTime() - Date.now()) + 1 : null;
    } catch (error) {
      logger.warn({ err: error }, "could not read the next scheduled sale boundary; trying again shortly");
      wait = RETRY_MS;
    }
    if (wait === null || stopped || lookup !== lookups) return;
    clearTimeout(timer);
    const reached = wait <= LONGEST_WAIT_MS;
    timer = setTimeout(
      () => {
        if (reached) pagesChanged();
        void scheduleNextBoundary();
      },
      Math.min(wait, LONGEST_WAIT_MS),
    );
    timer.unref();
  };

  return {
    async start() {
      stopped = false;
      stops = await Promise.all([
        database.listen(CATALOG_CHANNEL, (payload) => {
          cache.invalidate("catalog");
          if (GUEST_PAGE_TABLES.has(payload)) for (const listener of pageListeners) listener();
          // A sale or a hero slide added, moved or removed: the boundaries are read again.
          if (payload === "scheduled_sales" || payload === "hero_slides" || payload === RESYNC_PAYLOAD)
            void scheduleNextBoundary();
        }),
        database.listen(SETTINGS_CHANNEL, () => {
          cache.invalidate("settings");
          // The announcement bar's window is a setting.
          void scheduleNextBoundary();
        }),
        database.listen(LIVE_CHANNEL, (payload) => {
          const event = parseLiveEvent(payload);
          if (event?.userId) cache.invalidateKey("shopper", event.userId);
          else if (payload === RESYNC_PAYLOAD) cache.invalidate("shopper");
        }),
      ]);
      await scheduleNextBoundary();
    },
    /** Called when a schedule boundary passes (sale, slide, bar) in this process, and when the storefront's content changes in any. */
    onPagesChanged(listener: () => void) {
      pageListeners.add(listener);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await Promise.all(stops.map((stop) => stop()));
      stops = [];
    },
  };
}
