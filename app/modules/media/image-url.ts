import type { ImageSource } from "~/db/schema/stored-image";

/** A stored photo and its widths, owned by this module: components name these types from here, never db/. */
export type { ImageSource, StoredImageRef } from "~/db/schema/stored-image";

/** Public URL of a stored file; the key is a content hash, so it can be cached forever. */
export function mediaUrl(key: string): string {
  return `/media/${key}.webp`;
}

export function srcSet(sources: ImageSource[]): string {
  return sources.map((s) => `${mediaUrl(s.key)} ${s.width}w`).join(", ");
}

/** The rendition closest to `width` from above, for places that need one URL (Open Graph, JSON-LD). */
export function pickSource(sources: ImageSource[], width: number): ImageSource {
  return sources.find((s) => s.width >= width) ?? sources[sources.length - 1];
}
