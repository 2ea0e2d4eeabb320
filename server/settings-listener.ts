import type { Database } from "~/db/client.server";
import { SETTINGS_CHANNEL } from "~/db/settings-changed";

/**
 * Hears "the shop's settings changed" from any server process (Postgres NOTIFY, sent by
 * updateSettings after its commit) and tells this process's listeners, e.g. the guest page cache.
 */
export function createSettingsListener(database: Pick<Database, "listen">) {
  const listeners = new Set<() => void>();
  let stop: (() => Promise<void>) | null = null;
  return {
    async start() {
      stop = await database.listen(SETTINGS_CHANNEL, () => {
        for (const listener of listeners) listener();
      });
    },
    onChange(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async stop() {
      listeners.clear();
      await stop?.();
    },
  };
}

export type SettingsListener = ReturnType<typeof createSettingsListener>;
