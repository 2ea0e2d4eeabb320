import { fork, type ChildProcess } from "node:child_process";
import { appPath } from "~/lib/app-root.server";

export type EncodedFile = { key: string; contentType: string; width: number; height: number; bytes: Buffer };
export type EncodedImage = { width: number; height: number; files: EncodedFile[] };

/** Why an upload could not be encoded: not an image at all, or a canvas over the pixel limit. */
export class ImageRefused extends Error {
  constructor(
    readonly reason: "not-an-image" | "too-many-pixels",
    detail?: string,
  ) {
    super(detail ? `${reason}: ${detail}` : reason);
    this.name = "ImageRefused";
  }
}

/** The encoder's script: plain JavaScript next to server/start.js, so it runs from source and from a build alike. */
const SCRIPT = appPath("server/image-encoder-process.mjs");
/** An idle encoder exits after this, and the memory libvips held goes with it. */
const IDLE_MS = 10_000;

type Answer = { id: number; image?: EncodedImage; error?: "not-an-image" | "too-many-pixels"; detail?: string };
type Waiting = { resolve: (image: EncodedImage) => void; reject: (error: Error) => void };

let child: ChildProcess | null = null;
let nextId = 1;
const waiting = new Map<number, Waiting>();
let idleTimer: NodeJS.Timeout | undefined;

function encoder(): ChildProcess {
  if (child) return child;
  // Structured clone (not JSON) carries the bytes both ways as they are.
  const started = fork(SCRIPT, [], { serialization: "advanced", stdio: ["ignore", "inherit", "inherit", "ipc"] });
  started.on("message", (answer: Answer) => {
    const request = waiting.get(answer.id);
    if (!request) return;
    waiting.delete(answer.id);
    if (answer.image) {
      // The bytes arrive as Uint8Arrays: Buffers again for the rest of the shop.
      const files = answer.image.files.map((f) => ({
        ...f,
        bytes: Buffer.from(f.bytes.buffer, f.bytes.byteOffset, f.bytes.byteLength),
      }));
      request.resolve({ ...answer.image, files });
    } else request.reject(new ImageRefused(answer.error ?? "not-an-image", answer.detail));
    if (waiting.size === 0) idleTimer = setTimeout(stopEncoder, IDLE_MS).unref();
  });
  started.on("exit", (code, signal) => {
    if (child === started) child = null;
    // A crash (out of memory on a huge image) fails what was asked of it; the next request starts a new encoder.
    for (const [id, request] of waiting) {
      waiting.delete(id);
      request.reject(new Error(`The image encoder stopped (${signal ?? `code ${code}`})`));
    }
  });
  started.on("error", () => {});
  // The encoder never keeps the server alive by itself.
  started.unref();
  child = started;
  return started;
}

/** Ends the encoder process now (it starts again when needed). */
export function stopEncoder(): void {
  clearTimeout(idleTimer);
  const current = child;
  child = null;
  if (current?.connected) current.disconnect();
}

/**
 * Decodes any image libvips reads (or rasterises an SVG) once and re-encodes it as WebP in each of
 * `widths`, in a child process (server/image-encoder-process.mjs). Each file is named by a hash of
 * its bytes. Rejects with ImageRefused for a file that is not an image or has over `maxPixels`.
 */
export function encodeInChild(
  input: Buffer | string,
  widths: readonly number[],
  maxPixels: number,
): Promise<EncodedImage> {
  clearTimeout(idleTimer);
  const id = nextId++;
  return new Promise<EncodedImage>((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    const process = encoder();
    (process.channel as { ref?: () => void } | undefined)?.ref?.();
    process.send({ id, input, widths, maxPixels }, (error) => {
      if (!error || !waiting.has(id)) return;
      waiting.delete(id);
      reject(error);
    });
  }).finally(() => {
    // While nothing is asked of it, the channel does not hold the server (or a test run) open.
    if (waiting.size === 0) (child?.channel as { unref?: () => void } | undefined)?.unref?.();
  });
}
