type MediaFile = { contentType: string; bytes: Uint8Array };

/**
 * The most recently served product photos, kept in memory up to a byte budget. A photo's key is
 * derived from its bytes, so a cached copy can never be out of date; only the budget evicts.
 */
export function createMediaCache(maxBytes = 48 * 1024 * 1024) {
  const files = new Map<string, MediaFile>();
  let bytes = 0;
  return {
    get(key: string): MediaFile | undefined {
      const file = files.get(key);
      if (file) {
        files.delete(key);
        files.set(key, file);
      }
      return file;
    },
    set(key: string, file: MediaFile) {
      if (files.has(key) || file.bytes.length > maxBytes / 8) return;
      files.set(key, file);
      bytes += file.bytes.length;
      for (const [oldest, old] of files) {
        if (bytes <= maxBytes) break;
        files.delete(oldest);
        bytes -= old.bytes.length;
      }
    },
    get size() {
      return files.size;
    },
  };
}
