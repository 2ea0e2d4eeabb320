import { crc32, createInflateRaw } from "node:zlib";
import { AppError } from "~/lib/errors";
import { MAX_XLSX_INFLATED_BYTES, NotAWorkbook, XLSX_TOO_BIG } from "./xlsx-limits.server";

/** One file of the archive as its central directory describes it, checked against its local header. */
export type ZipEntry = {
  name: string;
  method: 0 | 8;
  compressedSize: number;
  size: number;
  crc: number;
  dataStart: number;
};

const LOCAL = 0x04034b50;
const CENTRAL = 0x02014b50;
const END = 0x06054b50;
/** Parts are read (and handed to the XML parser) this many bytes at a time. */
const CHUNK = 64 * 1024;

/**
 * The archive's files, from its central directory only: a streaming reader walks the local headers
 * instead, where a hostile file can hide entries the directory does not list or declare sizes it
 * does not have, so here every local header must agree with its directory entry (name, method and,
 * unless sizes follow the data, CRC and sizes), and an entry the directory does not list is never
 * read. The declared sizes may add up to MAX_XLSX_INFLATED_BYTES; readPart holds each part to its
 * own. Throws NotAWorkbook for anything else: ZIP64, encryption, split archives, duplicate names.
 */
export function readZipDirectory(bytes: Uint8Array): Map<string, ZipEntry> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = findEndOfDirectory(view);
  const count = view.getUint16(end + 10, true);
  const directorySize = view.getUint32(end + 12, true);
  const directoryStart = view.getUint32(end + 16, true);
  if (
    view.getUint16(end + 4, true) !== 0 ||
    view.getUint16(end + 6, true) !== 0 ||
    view.getUint16(end + 8, true) !== count
  )
    throw new NotAWorkbook("split archive");
  if (count === 0xffff || directoryStart === 0xffffffff || directoryStart + directorySize > end)
    throw new NotAWorkbook("directory");
  const entries = new Map<string, ZipEntry>();
  let declared = 0;
  let at = directoryStart;
  for (let i = 0; i < count; i++) {
    if (at + 46 > end || view.getUint32(at, true) !== CENTRAL) throw new NotAWorkbook("central directory");
    const flags = view.getUint16(at + 8, true);
    const method = view.getUint16(at + 10, true);
    const crc = view.getUint32(at + 16, true);
    const compressedSize = view.getUint32(at + 20, true);
    const size = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const local = view.getUint32(at + 42, true);
    const nameBytes = bytes.subarray(at + 46, at + 46 + nameLength);
    const name = new TextDecoder().decode(nameBytes);
    at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    if (flags & 1) throw new NotAWorkbook("encrypted");
    if (method !== 0 && method !== 8) throw new NotAWorkbook("compression");
    if (entries.has(name)) throw new NotAWorkbook("duplicate name");
    declared += size;
    if (declared > MAX_XLSX_INFLATED_BYTES) throw new AppError("VALIDATION", XLSX_TOO_BIG);

    if (local + 30 > directoryStart || view.getUint32(local, true) !== LOCAL) throw new NotAWorkbook("local header");
    const localFlags = view.getUint16(local + 6, true);
    const localNameLength = view.getUint16(local + 26, true);
    const sameName =
      localNameLength === nameLength &&
      bytes.subarray(local + 30, local + 30 + nameLength).every((b, k) => b === nameBytes[k]);
    if (!sameName || view.getUint16(local + 8, true) !== method) throw new NotAWorkbook("local header disagrees");
    // Sizes after the data (flag 8) leave zeros here; otherwise they must be the directory's.
    if (
      !(localFlags & 8) &&
      (view.getUint32(local + 14, true) !== crc ||
        view.getUint32(local + 18, true) !== compressedSize ||
        view.getUint32(local + 22, true) !== size)
    ) {
      throw new NotAWorkbook("local header disagrees");
    }
    const dataStart = local + 30 + localNameLength + view.getUint16(local + 28, true);
    if (dataStart + compressedSize > directoryStart) throw new NotAWorkbook("entry overruns");
    entries.set(name, { name, method, compressedSize, size, crc, dataStart });
  }
  return entries;
}

/**
 * A part's bytes, inflated here in chunks, never more than its directory entry declares: a part
 * that inflates past its size stops at once. The CRC and size are checked at the end. A ZIP bomb
 * thus costs at most the declared sizes, which readZipDirectory has held to the limit.
 */
export async function* readPart(bytes: Uint8Array, entry: ZipEntry): AsyncGenerator<Uint8Array> {
  const data = bytes.subarray(entry.dataStart, entry.dataStart + entry.compressedSize);
  let seen = 0;
  let crc = 0;
  const take = (chunk: Uint8Array) => {
    seen += chunk.byteLength;
    if (seen > entry.size) throw new NotAWorkbook("part larger than declared");
    crc = crc32(chunk, crc);
    return chunk;
  };
  if (entry.method === 0) {
    for (let at = 0; at < data.byteLength; at += CHUNK) yield take(data.subarray(at, at + CHUNK));
  } else {
    const inflater = createInflateRaw({ chunkSize: CHUNK });
    inflater.end(data);
    try {
      for await (const chunk of inflater) yield take(chunk as Buffer);
    } catch (error) {
      if (error instanceof NotAWorkbook) throw error;
      throw new NotAWorkbook("inflate");
    } finally {
      inflater.destroy();
    }
  }
  if (seen !== entry.size || crc !== entry.crc) throw new NotAWorkbook("size or CRC");
}

/** The end-of-central-directory record: the last PK\5\6 within the final 64 KB (a comment may follow it). */
function findEndOfDirectory(view: DataView): number {
  for (let at = view.byteLength - 22; at >= Math.max(0, view.byteLength - 22 - 0xffff); at--) {
    if (view.getUint32(at, true) === END) return at;
  }
  throw new NotAWorkbook("no directory");
}
