import { FormDataParseError, MaxFilesExceededError, parseFormData, type FileUpload } from "@remix-run/form-data-parser";
import { AppError } from "~/lib/errors";
import type { ImageToken } from "~/modules/catalog/product-input";
import { MAX_IMAGE_BYTES, MAX_PRODUCT_IMAGES } from "~/modules/catalog/product-options";
import { encodeImage, ImageRefused, saveEncodedImage } from "~/modules/media/store-image.server";

/** The database handle (or transaction) the photos are stored through. */
export type PhotoStore = Parameters<typeof saveEncodedImage>[0];

/**
 * Hard ceilings of the multipart parser: a part is read into memory only up to TRANSPORT_MAX_FILE
 * bytes and the whole body up to TRANSPORT_MAX_TOTAL, so no request can make the server buffer
 * more. The shop's own rule (5 MB per photo) is checked below that ceiling, file by file, so the
 * owner is told which file was too big while the rest of the form still arrives.
 */
const TRANSPORT_MAX_FILE = 10 * 1024 * 1024;
const TRANSPORT_MAX_FILES = 8;
const TRANSPORT_MAX_TOTAL = TRANSPORT_MAX_FILES * TRANSPORT_MAX_FILE + 1024 * 1024;

export type ReceivedPhotos = {
  form: FormData;
  /** Photos that decoded, re-encoded to WebP and stored in media_files, in the order sent. */
  photos: ImageToken[];
  /** One sentence per refused file ("photo.jpg is not an image"). */
  rejected: string[];
};

const MB = Math.round(MAX_IMAGE_BYTES / (1024 * 1024));

/** Checks one uploaded file by decoding it (never by its name or Content-Type) and stores it. */
export async function storePhoto(db: PhotoStore, name: string, bytes: Buffer): Promise<ImageToken | string> {
  if (bytes.length > MAX_IMAGE_BYTES) return `${name} is larger than ${MB} MB`;
  let image;
  try {
    image = await encodeImage(bytes);
  } catch (error) {
    return error instanceof ImageRefused && error.reason === "too-many-pixels"
      ? `${name} is too large (over 40 megapixels)`
      : `${name} is not an image`;
  }
  const stored = await saveEncodedImage(db, image);
  return { width: stored.width, height: stored.height, sources: stored.sources };
}

/**
 * Reads a form post (multipart or not), streaming: each file of the `field` input is checked and
 * stored as it arrives. Files beyond what fits are refused by the caller (it knows how many
 * photos the product already has).
 */
export async function receivePhotos(db: PhotoStore, request: Request, field: string): Promise<ReceivedPhotos> {
  const photos: ImageToken[] = [];
  const rejected: string[] = [];
  const form = await readUploads(request, async (file) => {
    if (file.fieldName !== field) return;
    const result = await storeUpload(db, file);
    if (typeof result === "string") rejected.push(result);
    else photos.push(result);
  });
  return { form, photos, rejected };
}

export type ReceivedImageFields<F extends string> = {
  form: FormData;
  /** Each field's new picture, stored (a field left empty is absent). */
  images: Partial<Record<F, ImageToken>>;
  /** Each refused field's reason, for the message beside it. */
  errors: Partial<Record<F, string>>;
};

/**
 * A form with single-picture fields (a category's image, a hero slide's desktop and phone images,
 * the logo): each file is checked and stored like a product photo, by the same rules.
 */
export async function receiveImageFields<F extends string>(
  db: PhotoStore,
  request: Request,
  fields: readonly F[],
): Promise<ReceivedImageFields<F>> {
  const images: Partial<Record<F, ImageToken>> = {};
  const errors: Partial<Record<F, string>> = {};
  const form = await readUploads(request, async (file) => {
    const field = fields.find((f) => f === file.fieldName);
    if (!field) return;
    const result = await storeUpload(db, file);
    if (typeof result === "string") errors[field] = result;
    else images[field] = result;
  });
  return { form, images, errors };
}

/** One uploaded file, checked by its size and by decoding it, then stored; or why it was refused. */
async function storeUpload(db: PhotoStore, file: FileUpload): Promise<ImageToken | string> {
  const name = file.name || "The file";
  if (file.size > MAX_IMAGE_BYTES) return `${name} is larger than ${MB} MB`;
  return storePhoto(db, name, Buffer.from(await file.arrayBuffer()));
}

/** Reads a form post (multipart or not), streaming each non-empty file to `onFile` as it arrives. */
async function readUploads(request: Request, onFile: (file: FileUpload) => Promise<void>): Promise<FormData> {
  try {
    return await parseFormData(
      request,
      { maxFileSize: TRANSPORT_MAX_FILE, maxFiles: TRANSPORT_MAX_FILES, maxTotalSize: TRANSPORT_MAX_TOTAL },
      async (file) => {
        // A file input left empty still sends a part with no name and no bytes.
        if (file.size === 0 && !file.name) return null;
        await onFile(file);
        return null;
      },
    );
  } catch (error) {
    if (error instanceof MaxFilesExceededError)
      throw new AppError("VALIDATION", undefined, { images: `At most ${MAX_PRODUCT_IMAGES} images` });
    if (error instanceof Error && /MaxFileSize|MaxTotalSize/.test(error.name)) {
      throw new AppError("VALIDATION", undefined, { images: `A photo is larger than ${MB} MB` });
    }
    if (
      error instanceof FormDataParseError ||
      (error instanceof Error && /Multipart|MaxParts|MaxHeader/.test(error.name))
    ) {
      throw new AppError("VALIDATION", "The form could not be read. Please try again.");
    }
    throw error;
  }
}

/** Kept photos first, then new ones, up to the limit; anything beyond it is refused by name. */
export function combinePhotos(
  kept: ImageToken[],
  received: ReceivedPhotos,
): { images: ImageToken[]; rejected: string[] } {
  const room = Math.max(0, MAX_PRODUCT_IMAGES - kept.length);
  const rejected = [...received.rejected];
  if (received.photos.length > room) rejected.push(`At most ${MAX_PRODUCT_IMAGES} images`);
  return { images: [...kept, ...received.photos.slice(0, room)], rejected };
}
