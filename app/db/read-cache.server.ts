import { LRUCache } from "lru-cache";
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

type Entry = { storedAt: number; value: Promise<unknown>; bytes: number };

export type ReadCache = {
  /** Drops every entry of the scope (its data changed somewhere). */
  invalidate: (scope: ReadCacheScope) => void;
  /** Drops one entry (one shopper's data changed). */
  invalidateKey: (scope: ReadCacheScope, key: string) => void;
  readonly size: number;
  /** What the kept values weigh, about (JSON size), in bytes. */
  readonly bytes: number;
};

/** A safety net: should a change notice ever be lost, nothing stays stale longer than this. */
const MAX_AGE_MS = 60_000;
/** What an entry is counted as while its load is under way (its real weight is known once it resolves). */
const PENDING_BYTES = 1024;
export const DEFAULT_READ_CACHE_BYTES = 8 * 1024 * 1024;

const caches = new WeakMap<object, ReturnType<typeof createReadCache>>();

/**
 * About what a loaded value weighs in memory: its JSON text. Rows of text and numbers, which is
 * what the cache holds, take roughly that much as objects too; the budget needs the order of
 * magnitude, not the byte.
 */
function approximateBytes(value: unknown): number {
  try {
    return 64 + Buffer.byteLength(JSON.stringify(value) ?? "");
  } catch {
    return PENDING_BYTES;
  }
}

function createReadCache(maxBytes: number) {
  // An entry holds its load's promise from the start, so dropping it drops a load still under way
  // too: a read that began before a change is never kept after it.
  const entries = new LRUCache<string, Entry>({
    maxSize: Math.max(1, maxBytes),
    sizeCalculation: (entry) => entry.bytes,
    maxEntrySize: Math.max(1, Math.floor(maxBytes / 4)),
  });
  return {
    invalidate(scope: ReadCacheScope) {
      for (const key of [...entries.keys()]) if (key.startsWith(`${scope}:`)) entries.delete(key);
    },
    invalidateKey(scope: ReadCacheScope, key: string) {
      entries.delete(`${scope}:${key}`);
    },
    get size() {
      return entries.size;
    },
    get bytes() {
      return entries.calculatedSize;
    },
    read<T>(scope: ReadCacheScope, key: string, load: () => Promise<T>): Promise<T> {
      const id = `${scope}:${key}`;
      const hit = maxBytes > 0 ? entries.get(id) : undefined;
      if (hit && Date.now() - hit.storedAt < MAX_AGE_MS) return hit.value as Promise<T>;
      const value = load();
      if (maxBytes <= 0) return value;
      const entry: Entry = { storedAt: Date.now(), value, bytes: PENDING_BYTES };
      entries.set(id, entry);
      value.then(
        (loaded) => {
          // Weighed once loaded; over a quarter of the budget, it is not kept at all.
          if (entries.peek(id) === entry) entries.set(id, { ...entry, bytes: approximateBytes(loaded) });
        },
        () => {
          if (entries.peek(id) === entry) entries.delete(id);
        },
      );
      return value;
    },
  };
}

/** Turns the cache on for this database handle (once per process), holding up to `maxBytes` (READ_CACHE_MB). */
export function enableReadCache(db: DbOrTx, maxBytes = DEFAULT_READ_CACHE_BYTES): ReadCache {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = createReadCache(maxBytes)));
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
