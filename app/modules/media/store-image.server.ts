import { createHash } from "node:crypto";
import sharp from "sharp";
import type { DbOrTx } from "~/db/client.server";
import { mediaFiles, type ImageSource } from "~/db/schema";

/** Widths a product image is kept in; `srcset` lets the browser pick one for its screen. */
export const IMAGE_WIDTHS = [320, 640, 960] as const;

export type EncodedFile = { key: string; contentType: string; width: number; height: number; bytes: Buffer };
export type EncodedImage = { width: number; height: number; files: EncodedFile[] };
export type StoredImage = { width: number; height: number; sources: ImageSource[] };

/**
 * Decodes any image sharp reads (or rasterises an SVG) once and re-encodes it as WebP in each
 * width. Each file is named by a hash of its bytes, so its URL never changes meaning.
 */
export async function encodeImage(input: Buffer | string): Promise<EncodedImage> {
  const bytes = typeof input === "string" ? Buffer.from(input) : input;
  const maxWidth = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1];
  const meta = await sharp(bytes).metadata();
  if (!meta.width || !meta.height) throw new Error("Not an image");
  // Vector art is rasterised straight at the largest width instead of being scaled up.
  const density = meta.format === "svg" ? Math.min(600, (72 * maxWidth) / meta.width) : undefined;
  const decoded = await sharp(bytes, density ? { density } : {})
    .rotate()
    .resize({ width: maxWidth, withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width: fullWidth, height: fullHeight, channels } = decoded.info;
  const widths: number[] = [...IMAGE_WIDTHS.filter((w) => w < fullWidth), fullWidth];
  const files = await Promise.all(
    widths.map(async (width) => {
      const { data, info } = await sharp(decoded.data, { raw: { width: fullWidth, height: fullHeight, channels } })
        .resize({ width })
        .webp({ quality: 78, effort: 4 })
        .toBuffer({ resolveWithObject: true });
      const key = createHash("sha256").update(data).digest("hex").slice(0, 32);
      return { key, contentType: "image/webp", width: info.width, height: info.height, bytes: data };
    }),
  );
  return { width: fullWidth, height: fullHeight, files };
}

/** Stores encoded files (an identical file is stored once) and returns what a product image row keeps. */
export async function saveEncodedImage(db: DbOrTx, image: EncodedImage): Promise<StoredImage> {
  await db.insert(mediaFiles).values(image.files).onConflictDoNothing();
  return { width: image.width, height: image.height, sources: image.files.map((f) => ({ key: f.key, width: f.width })) };
}

export async function storeImage(db: DbOrTx, input: Buffer | string): Promise<StoredImage> {
  return saveEncodedImage(db, await encodeImage(input));
}
