import type { DbOrTx } from "./client.server";

/**
 * What rarely changes and every storefront page reads (shop settings, categories, product cards
 * and pages) kept in this process's memory, so a page costs no database round trip for it.
 *
 * A cache belongs to one database handle and exists only once `enableReadCache` was called for
 * it (the server does, and wires the invalidations to Postgres NOTIFY: see server/read-cache-
 * listener.ts). Reads through a transaction are never cached, so an order, a stock check or an
 * owner's edit always reads the database itself.
 */
export type ReadCacheScope = "catalog" | "settings" | "shopper";

type Entry = { storedAt: number; value: Promise<unknown> };

export type ReadCache = {
  /** Drops every entry of the scope (its data changed somewhere). */
  invalidate: (scope: ReadCacheScope) => void;
  /** Drops one entry (one shopper's data changed). */
  invalidateKey: (scope: ReadCacheScope, key: string) => void;
  readonly size: number;
};

const MAX_ENTRIES = 1000;
/** A safety net: should a change notice ever be lost, nothing stays stale longer than this. */
const MAX_AGE_MS = 60_000;

const caches = new WeakMap<object, ReturnType<typeof createReadCache>>();

function createReadCache() {
  // An entry holds its load's promise from the start, so dropping it drops a load still under way
  // too: a read that began before a change is never kept after it.
  const entries = new Map<string, Entry>();
  return {
    invalidate(scope: ReadCacheScope) {
      for (const key of entries.keys()) if (key.startsWith(`${scope}:`)) entries.delete(key);
    },
    invalidateKey(scope: ReadCacheScope, key: string) {
      entries.delete(`${scope}:${key}`);
    },
    get size() {
      return entries.size;
    },
    read<T>(scope: ReadCacheScope, key: string, load: () => Promise<T>): Promise<T> {
      const id = `${scope}:${key}`;
      const hit = entries.get(id);
      if (hit && Date.now() - hit.storedAt < MAX_AGE_MS) {
        // Most recently used last: the oldest entry is the first to go.
        entries.delete(id);
        entries.set(id, hit);
        return hit.value as Promise<T>;
      }
      const value = load();
      entries.set(id, { storedAt: Date.now(), value });
      value.catch(() => {
        if (entries.get(id)?.value === value) entries.delete(id);
      });
      if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      return value;
    },
  };
}

/** Turns the cache on for this database handle (once per process). */
export function enableReadCache(db: DbOrTx): ReadCache {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = createReadCache()));
  return cache;
}

/**
 * `load()`'s result, from memory when this handle has a cache and the scope has not changed since.
 * Callers must treat the result as read-only: it is shared by every request.
 */
export function readThrough<T>(db: DbOrTx, scope: ReadCacheScope, key: string, load: () => Promise<T>): Promise<T> {
  const cache = caches.get(db);
  return cache ? cache.read(scope, key, load) : load();
}
