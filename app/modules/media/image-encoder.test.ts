import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { jpegImage, pngImage, textFile } from "../../../tests/factories/test-images";
import { encodeInChild, ImageRefused, stopEncoder } from "./image-encoder.server";

const WIDTHS = [320, 640, 960];

describe("the image encoder process", () => {
  it("re-encodes a photo as WebP in each width up to its own, each file named by its bytes' hash", async () => {
    const image = await encodeInChild(await jpegImage("#b45309", 800, 1000), WIDTHS, 40_000_000);
    expect(image).toMatchObject({ width: 800, height: 1000 });
    expect(image.files.map((f) => [f.width, f.height])).toEqual([
      [320, 400],
      [640, 800],
      [800, 1000],
    ]);
    for (const file of image.files) {
      expect(Buffer.isBuffer(file.bytes)).toBe(true);
      expect(file.key).toMatch(/^[0-9a-f]{32}$/);
      expect((await sharp(file.bytes).metadata()).format).toBe("webp");
    }
    // Vector art is drawn at the largest width, not scaled up from its own size.
    const art = await encodeInChild(
      '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="150"><rect width="120" height="150" fill="#369"/></svg>',
      WIDTHS,
      40_000_000,
    );
    expect(art.files.map((f) => f.width)).toEqual(WIDTHS);
  });

  it("refuses what is not an image and a canvas over the pixel limit, and goes on encoding", async () => {
    await expect(encodeInChild(textFile, WIDTHS, 40_000_000)).rejects.toMatchObject({
      name: "ImageRefused",
      reason: "not-an-image",
    });
    const refused = await encodeInChild(await pngImage("#123456", 400, 500), WIDTHS, 400 * 500 - 1).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(ImageRefused);
    expect((refused as ImageRefused).reason).toBe("too-many-pixels");
    expect((await encodeInChild(await pngImage(), WIDTHS, 40_000_000)).width).toBe(400);
  });

  it("fails what it was asked when the process stops, and starts a new one for the next image", async () => {
    const asked = encodeInChild(await pngImage("#aa0000", 2000, 2500), WIDTHS, 40_000_000);
    stopEncoder();
    await expect(asked).rejects.toThrow(/image encoder stopped/);
    expect((await encodeInChild(await pngImage("#00aa00"), WIDTHS, 40_000_000)).files).toHaveLength(2);
  });
});
