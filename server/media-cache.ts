import { LRUCache } from "lru-cache";

type MediaFile = { contentType: string; bytes: Uint8Array };

/**
 * The most recently served product photos, kept in memory up to a byte budget (MEDIA_CACHE_MB).
 * A photo's key is derived from its bytes, so a cached copy can never be out of date; only the
 * budget evicts. Browsers and CDNs keep photos for a year, so the budget only spares the database
 * the popular ones; 0 turns it off and every miss reads the database.
 */
export function createMediaCache(maxBytes = 8 * 1024 * 1024) {
  const files =
    maxBytes > 0
      ? new LRUCache<string, MediaFile>({
          maxSize: maxBytes,
          sizeCalculation: (file) => Math.max(1, file.bytes.length),
          maxEntrySize: Math.max(1, Math.floor(maxBytes / 8)),
        })
      : null;
  return {
    get: (key: string): MediaFile | undefined => files?.get(key),
    set(key: string, file: MediaFile) {
      files?.set(key, file);
    },
    get size() {
      return files?.size ?? 0;
    },
    get bytes() {
      return files?.calculatedSize ?? 0;
    },
  };
}
