import { randomBytes } from "node:crypto";
import sharp from "sharp";

/** Real image files for upload tests, made with sharp. */
export function pngImage(color = "#1f6f5c", width = 400, height = 500): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
}

export function jpegImage(color = "#b45309", width = 500, height = 400): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
}

/** Not an image at all, whatever its name says. */
export const textFile = Buffer.from("This is a shopping list, not a photo.\n".repeat(20));

/** About 6.3 MB: random pixels barely compress, so the PNG stays bigger than the 5 MB limit. */
export function bigPng(): Promise<Buffer> {
  const width = 1500;
  const height = 1400;
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

/** A multipart request as a browser sends it. */
export function multipartRequest(
  url: string,
  fields: [string, string | { name: string; bytes: Buffer; type: string }][],
  headers: Record<string, string> = {},
  method = "POST",
): Request {
  const form = new FormData();
  for (const [name, value] of fields) {
    if (typeof value === "string") form.append(name, value);
    else form.append(name, new File([new Uint8Array(value.bytes)], value.name, { type: value.type }));
  }
  return new Request(url, { method, body: form, headers });
}
