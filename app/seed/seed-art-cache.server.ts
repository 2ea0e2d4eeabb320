import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { encodeImage, type EncodedImage } from "~/modules/media/store-image.server";

/**
 * Rendering the seeded garment art is the slow part of seeding (sharp rasterising SVG). The
 * result depends only on the SVG, so it is kept on disk and reused by later seeds (tests, a
 * second DATA_DIR). Deleting the folder only costs time.
 */
const CACHE_DIR = path.resolve(process.env.SEED_ART_CACHE ?? "node_modules/.cache/seed-art");

export async function encodeSeedArt(svg: string): Promise<EncodedImage> {
  const id = createHash("sha256").update(svg).digest("hex").slice(0, 40);
  const manifest = path.join(CACHE_DIR, `${id}.json`);
  try {
    const cached = JSON.parse(await fs.readFile(manifest, "utf8")) as Omit<EncodedImage, "files"> & {
      files: Omit<EncodedImage["files"][number], "bytes">[];
    };
    const files = await Promise.all(
      cached.files.map(async (f) => ({ ...f, bytes: await fs.readFile(path.join(CACHE_DIR, `${f.key}.webp`)) })),
    );
    return { ...cached, files };
  } catch {
    const image = await encodeImage(svg);
    try {
      await fs.mkdir(CACHE_DIR, { recursive: true });
      await Promise.all(image.files.map((f) => fs.writeFile(path.join(CACHE_DIR, `${f.key}.webp`), f.bytes)));
      const { files, ...rest } = image;
      await fs.writeFile(manifest, JSON.stringify({ ...rest, files: files.map(({ bytes: _bytes, ...f }) => f) }));
    } catch {
      // A read-only disk just means no cache.
    }
    return image;
  }
}
