import { crc32, deflateRawSync, inflateRawSync } from "node:zlib";
import writeXlsxFile, { type Row } from "write-excel-file/node";
import type { CourierFile } from "~/modules/shipping/couriers/courier-provider";

/**
 * The file portal's stand-in for tests: writes a courier portal's report files, CSV and Excel
 * (.xlsx), the way portals export them, so tests upload what an owner would download from TCS,
 * Leopards or PostEx rather than making spreadsheets by hand. Test-only (write-excel-file is a dev
 * dependency): imported by tests, never by the app (lint refuses it), so it never reaches the
 * production build.
 */

/**
 * A cell as a portal's export holds it: text, a number cell (Excel keeps it as a number: a long CN
 * is digits, a price may carry float noise), a boolean, a date (formatted as the sheet's
 * `dateFormat`, or its own `format`), or empty.
 */
export type PortalCell = string | number | boolean | Date | null | { value: number | Date; format: string };

/** A worksheet of an export: its tab's name and rows. */
export type PortalSheet = { name: string; rows: PortalCell[][] };

/**
 * An Excel (.xlsx) report: one sheet of rows, or several sheets (readers take the first). Dates
 * show as `dateFormat` (Excel's codes, e.g. "dd/mm/yyyy") unless a cell gives its own.
 */
export async function portalXlsx(
  sheets: PortalCell[][] | PortalSheet[],
  { dateFormat = "yyyy-mm-dd" }: { dateFormat?: string } = {},
): Promise<Uint8Array> {
  const many = sheets.length > 0 && !Array.isArray(sheets[0]);
  const written = many
    ? writeXlsxFile((sheets as PortalSheet[]).map((s) => ({ sheet: s.name, dateFormat, data: s.rows.map(excelRow) })))
    : writeXlsxFile((sheets as PortalCell[][]).map(excelRow), { dateFormat });
  return new Uint8Array(await written.toBuffer());
}

function excelRow(row: PortalCell[]): Row {
  return row.map((cell) =>
    cell !== null && typeof cell === "object" && !(cell instanceof Date)
      ? { value: cell.value, type: cell.value instanceof Date ? Date : Number, format: cell.format }
      : cell,
  );
}

/**
 * A CSV report as portals write one: cells quoted only when they must be (a delimiter, a quote or
 * a line break inside), rows ending CRLF. `delimiter` ";" or "\t" for Excel's other CSV saves;
 * `bom` for the UTF-8 byte-order mark some portals put first.
 */
export function portalCsv(
  rows: (string | number | null)[][],
  { delimiter = ",", bom = false }: { delimiter?: "," | ";" | "\t"; bom?: boolean } = {},
): Uint8Array {
  const cellText = (cell: string | number | null) => {
    const text = cell === null ? "" : String(cell);
    return text.includes(delimiter) || /["\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
  };
  const text = rows.map((row) => row.map(cellText).join(delimiter)).join("\r\n") + "\r\n";
  return new TextEncoder().encode(bom ? `\uFEFF${text}` : text);
}

/** A report as the owner uploads it: the file's name and bytes. */
export function portalFile(name: string, bytes: Uint8Array): CourierFile {
  return { name, bytes };
}

/**
 * An .xlsx with its parts changed, as a hostile or broken export would be: `change` gets each
 * part's name and text and returns the new text (or the same). `extra` adds parts. Re-zipped with
 * zlib (deflate), so tests can write a sheet that declares A1:XFD1048576, a cell far out, or a part
 * that inflates to far more than the file's size.
 */
export function patchXlsx(
  bytes: Uint8Array,
  change: (name: string, text: string) => string,
  extra: Record<string, string | Uint8Array> = {},
): Uint8Array {
  const parts: ZipPart[] = [...xlsxParts(bytes)].map(([name, text]) => ({ name, content: change(name, text) }));
  for (const [name, content] of Object.entries(extra)) {
    const at = parts.findIndex((p) => p.name === name);
    if (at >= 0) parts[at] = { name, content };
    else parts.push({ name, content });
  }
  return zipOf(parts);
}

/** Each part of a (well-formed) .xlsx, by name, as text, in the order the ZIP holds them. */
export function xlsxParts(bytes: Uint8Array): Map<string, string> {
  const parts = new Map<string, string>();
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = bytes.length - 22;
  while (view.getUint32(end, true) !== 0x06054b50) end--;
  let at = view.getUint32(end + 16, true);
  for (let i = 0, count = view.getUint16(end + 10, true); i < count; i++) {
    const method = view.getUint16(at + 10, true);
    const size = view.getUint32(at + 20, true);
    const nameLength = view.getUint16(at + 28, true);
    const local = view.getUint32(at + 42, true);
    const name = new TextDecoder().decode(bytes.subarray(at + 46, at + 46 + nameLength));
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    const data = bytes.subarray(start, start + size);
    parts.set(name, new TextDecoder().decode(method === 8 ? new Uint8Array(inflateRawSync(data)) : data));
    at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  return parts;
}

/**
 * A part of a hand-made ZIP. A hostile archive may say different things in its two indexes: the
 * local headers a streaming reader walks, and the central directory at the end.
 */
export type ZipPart = {
  name: string;
  content: string | Uint8Array;
  /** Stored (0) or deflated (8, the default). */
  method?: 0 | 8;
  /** Written as a local entry only: the central directory does not list it. */
  localOnly?: boolean;
  /** The uncompressed size the local header declares; the directory keeps the true one. */
  localSize?: number;
};

/** A ZIP of `parts` in order, each with a local header and (unless localOnly) a directory entry. */
export function zipOf(parts: ZipPart[]): Uint8Array {
  const locals: Uint8Array[] = [];
  const centrals: Uint8Array[] = [];
  let offset = 0;
  for (const part of parts) {
    const content = typeof part.content === "string" ? new TextEncoder().encode(part.content) : part.content;
    const method = part.method ?? 8;
    const nameBytes = new TextEncoder().encode(part.name);
    const packed = method === 8 ? new Uint8Array(deflateRawSync(content, { level: 9 })) : content;
    const crc = crc32(content);
    const local = new Uint8Array(30 + nameBytes.length);
    const lv = new DataView(local.buffer);
    lv.setUint32(0, 0x04034b50, true);
    lv.setUint16(4, 20, true);
    lv.setUint16(8, method, true);
    lv.setUint32(14, crc, true);
    lv.setUint32(18, packed.length, true);
    lv.setUint32(22, part.localSize ?? content.length, true);
    lv.setUint16(26, nameBytes.length, true);
    local.set(nameBytes, 30);
    if (!part.localOnly) {
      const central = new Uint8Array(46 + nameBytes.length);
      const cv = new DataView(central.buffer);
      cv.setUint32(0, 0x02014b50, true);
      cv.setUint16(4, 20, true);
      cv.setUint16(6, 20, true);
      cv.setUint16(10, method, true);
      cv.setUint32(16, crc, true);
      cv.setUint32(20, packed.length, true);
      cv.setUint32(24, content.length, true);
      cv.setUint16(28, nameBytes.length, true);
      cv.setUint32(42, offset, true);
      central.set(nameBytes, 46);
      centrals.push(central);
    }
    locals.push(local, packed);
    offset += local.length + packed.length;
  }
  const directory = centrals.reduce((n, c) => n + c.length, 0);
  const end = new Uint8Array(22);
  const ev = new DataView(end.buffer);
  ev.setUint32(0, 0x06054b50, true);
  ev.setUint16(8, centrals.length, true);
  ev.setUint16(10, centrals.length, true);
  ev.setUint32(12, directory, true);
  ev.setUint32(16, offset, true);
  const all = [...locals, ...centrals, end];
  const out = new Uint8Array(all.reduce((n, a) => n + a.length, 0));
  let at = 0;
  for (const a of all) {
    out.set(a, at);
    at += a.length;
  }
  return out;
}
