import type { Database } from "~/db/client.server";
import { enableReadCache } from "~/db/read-cache.server";
import { CATALOG_CHANNEL } from "~/modules/catalog/catalog-changed";
import { SETTINGS_CHANNEL } from "~/modules/settings/settings-changed";

/**
 * Turns on this process's in-memory storefront reads and drops them whenever any process changes
 * the catalogue or the settings (Postgres NOTIFY, so every process sees a change within moments).
 */
export function createReadCacheListener(database: Pick<Database, "db" | "listen">) {
  const cache = enableReadCache(database.db);
  let stops: (() => Promise<void>)[] = [];
  return {
    async start() {
      stops = await Promise.all([
        database.listen(CATALOG_CHANNEL, () => cache.invalidate("catalog")),
        database.listen(SETTINGS_CHANNEL, () => cache.invalidate("settings")),
      ]);
    },
    async stop() {
      await Promise.all(stops.map((stop) => stop()));
      stops = [];
    },
  };
}
