import type { DbOrTx } from "~/db/client.server";
import { mediaFiles } from "~/modules/media/tables";
import type { ImageSource } from "~/db/schema/stored-image";
import { encodeInChild, type EncodedImage } from "./image-encoder.server";

export { ImageRefused, type EncodedFile, type EncodedImage } from "./image-encoder.server";

/** Widths a product image is kept in; `srcset` lets the browser pick one for its screen. */
export const IMAGE_WIDTHS = [320, 640, 960] as const;
/** Decompression bombs: a small PNG can claim an enormous canvas. */
export const MAX_PIXELS = 40_000_000;

export type StoredImage = { width: number; height: number; sources: ImageSource[] };

/**
 * Decodes any image libvips reads (or rasterises an SVG) once and re-encodes it as WebP in each
 * width, in the encoder process (image-encoder.server.ts), so its memory never stays with the
 * server. Each file is named by a hash of its bytes, so its URL never changes meaning. Rejects
 * with ImageRefused for what is not an image or is over MAX_PIXELS.
 */
export function encodeImage(input: Buffer | string): Promise<EncodedImage> {
  return encodeInChild(input, IMAGE_WIDTHS, MAX_PIXELS);
}

/** Stores encoded files (an identical file is stored once) and returns what a product image row keeps. */
export async function saveEncodedImage(db: DbOrTx, image: EncodedImage): Promise<StoredImage> {
  await db.insert(mediaFiles).values(image.files).onConflictDoNothing();
  return {
    width: image.width,
    height: image.height,
    sources: image.files.map((f) => ({ key: f.key, width: f.width })),
  };
}

export async function storeImage(db: DbOrTx, input: Buffer | string): Promise<StoredImage> {
  return saveEncodedImage(db, await encodeImage(input));
}
