import { FormDataParseError, parseFormData, type FileUpload } from "@remix-run/form-data-parser";
import { AppError } from "~/lib/errors";
import { MAX_FILE_BYTES } from "~/modules/shipping/imports/courier-sheet";

/** The parser reads a file into memory up to this (a little over the 5 MB rule, so the rule's own words are shown). */
const TRANSPORT_MAX_FILE = MAX_FILE_BYTES + 1024 * 1024;
export const FILE_TOO_LARGE = "This file is larger than 5 MB. Please split it into smaller files.";
export const CHOOSE_FILE = "Choose the file your courier's portal gave you (CSV or Excel)";

/**
 * The Shipping tab's form, multipart or not: its text fields, and the courier file of the `file`
 * input when one was sent (one file, bounded in size while it streams in).
 */
export async function receiveCourierFile(
  request: Request,
): Promise<{ form: FormData; file: { name: string; bytes: Uint8Array } | null }> {
  let file: { name: string; bytes: Uint8Array } | null = null;
  const handle = async (upload: FileUpload) => {
    if (upload.fieldName !== "file" || (upload.size === 0 && !upload.name)) return null;
    file = { name: upload.name || "courier-file", bytes: new Uint8Array(await upload.arrayBuffer()) };
    return null;
  };
  try {
    const form = await parseFormData(
      request,
      { maxFileSize: TRANSPORT_MAX_FILE, maxFiles: 1, maxTotalSize: TRANSPORT_MAX_FILE + 64 * 1024 },
      handle,
    );
    return { form, file };
  } catch (error) {
    if (error instanceof Error && /MaxFileSize|MaxTotalSize/.test(error.name))
      throw new AppError("VALIDATION", FILE_TOO_LARGE, { file: FILE_TOO_LARGE });
    if (error instanceof Error && /MaxFiles/.test(error.name))
      throw new AppError("VALIDATION", "Upload one file at a time", { file: "Upload one file at a time" });
    if (
      error instanceof FormDataParseError ||
      (error instanceof Error && /Multipart|MaxParts|MaxHeader/.test(error.name))
    ) {
      throw new AppError("VALIDATION", "The form could not be read. Please try again.");
    }
    throw error;
  }
}
