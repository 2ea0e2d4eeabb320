// The shop's image encoder, a child process of the server (app/modules/media/image-encoder.server.ts).
// libvips (through sharp) keeps the memory it decoded an image into, and the C allocator rarely gives
// it back: after a seed's photos or a few phone photos the server held 250 MB more for good. Here it
// is gone when this process exits, idle, moments later. One image at a time, one libvips thread.
import { createHash } from "node:crypto";
import sharp from "sharp";

sharp.cache(false);
sharp.concurrency(1);

/** Widths a product image is kept in (IMAGE_WIDTHS in store-image.server.ts sends them). */
async function encode({ input, widths, maxPixels }) {
  const bytes =
    typeof input === "string" ? Buffer.from(input) : Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  const maxWidth = widths[widths.length - 1];
  let meta;
  try {
    // The header alone (no pixels decoded), so a canvas over the limit is told as such.
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    return { error: "not-an-image" };
  }
  if (!meta.width || !meta.height) return { error: "not-an-image" };
  if (meta.width * meta.height > maxPixels) return { error: "too-many-pixels" };
  // Vector art is rasterised straight at the largest width instead of being scaled up.
  const density = meta.format === "svg" ? Math.min(600, (72 * maxWidth) / meta.width) : undefined;
  const decoded = await sharp(bytes, { limitInputPixels: maxPixels, ...(density ? { density } : {}) })
    .rotate()
    .resize({ width: maxWidth, withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width: fullWidth, height: fullHeight, channels } = decoded.info;
  const files = [];
  for (const width of [...widths.filter((w) => w < fullWidth), fullWidth]) {
    const { data, info } = await sharp(decoded.data, { raw: { width: fullWidth, height: fullHeight, channels } })
      .resize({ width })
      .webp({ quality: 78, effort: 4 })
      .toBuffer({ resolveWithObject: true });
    const key = createHash("sha256").update(data).digest("hex").slice(0, 32);
    files.push({ key, contentType: "image/webp", width: info.width, height: info.height, bytes: data });
  }
  return { image: { width: fullWidth, height: fullHeight, files } };
}

let queue = Promise.resolve();
process.on("message", (message) => {
  queue = queue.then(async () => {
    let answer;
    try {
      answer = await encode(message);
    } catch (error) {
      answer = { error: "not-an-image", detail: String(error?.message ?? error) };
    }
    process.send?.({ id: message.id, ...answer });
  });
});
// The server going away (or closing the channel when idle) ends this process.
process.on("disconnect", () => process.exit(0));
