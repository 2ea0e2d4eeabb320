import { RESYNC_PAYLOAD, type Database } from "~/db/client.server";
import { enableReadCache } from "~/db/read-cache.server";
import { CATALOG_CHANNEL } from "~/modules/catalog/catalog-changed";
import { LIVE_CHANNEL, parseLiveEvent } from "~/modules/live/live-event";
import { SETTINGS_CHANNEL } from "~/modules/settings/settings-changed";

/**
 * Turns on this process's in-memory storefront reads and drops them whenever any process changes
 * the catalogue, the settings, or a shopper's cart or wishlist (Postgres NOTIFY, so every process
 * sees a change within moments).
 */
export function createReadCacheListener(database: Pick<Database, "db" | "listen">) {
  const cache = enableReadCache(database.db);
  let stops: (() => Promise<void>)[] = [];
  return {
    async start() {
      stops = await Promise.all([
        database.listen(CATALOG_CHANNEL, () => cache.invalidate("catalog")),
        database.listen(SETTINGS_CHANNEL, () => cache.invalidate("settings")),
        database.listen(LIVE_CHANNEL, (payload) => {
          const event = parseLiveEvent(payload);
          if (event?.userId) cache.invalidateKey("shopper", event.userId);
          else if (payload === RESYNC_PAYLOAD) cache.invalidate("shopper");
        }),
      ]);
    },
    async stop() {
      await Promise.all(stops.map((stop) => stop()));
      stops = [];
    },
  };
}
