import fs from "node:fs";
import path from "node:path";
import readline from "node:readline";
import type { Readable } from "node:stream";
import zlib from "node:zlib";

/**
 * A Kapra backup file: gzip'd JSON lines, portable between PGlite and PostgreSQL.
 *
 *   {"kapraBackup":1,"migration":{"tag":"0004_…","when":…},"createdAt":"…","source":"pglite"}
 *   {"table":"categories","columns":["slug",…],"rows":12}
 *   …12 lines, each one row as PostgreSQL's to_jsonb (bytea as "\x…" hex, timestamps ISO 8601)…
 *   {"table":"products",…}
 *   {"end":true,"tables":N,"rows":M}
 *
 * Tables come in foreign-key order, so loading them in file order never breaks a reference. gzip's
 * checksum catches a corrupted file and the end line a truncated one.
 */
export const BACKUP_FORMAT_VERSION = 1;

export type MigrationLevel = { tag: string; when: number };
export type BackupHeader = {
  kapraBackup: number;
  migration: MigrationLevel;
  createdAt: string;
  source: "pglite" | "postgres";
};
export type TableHeader = { table: string; columns: string[]; rows: number };
export type BackupEnd = { end: true; tables: number; rows: number };

export class BackupFileError extends Error {
  name = "BackupFileError";
}

/** The migrations this code knows, oldest first (drizzle's journal). */
export function knownMigrations(migrationsFolder: string): MigrationLevel[] {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8")) as {
    entries: { tag: string; when: number }[];
  };
  return journal.entries.map((e) => ({ tag: e.tag, when: e.when }));
}

export type BackupSection = { table: TableHeader; rows: AsyncGenerator<string[], void> };

/**
 * Reads a backup file: checks its header, then hands out each table with its rows in batches of
 * at most `batchSize` JSON texts (and about `batchBytes`: image rows are large). Throws BackupFileError for anything that is not a whole, readable backup,
 * including a file that ends early; callers that must not act on a bad file read it through once first.
 */
export async function* readBackup(
  input: Readable,
  {
    batchSize = 500,
    batchBytes = 4 << 20,
    onHeader,
  }: { batchSize?: number; batchBytes?: number; onHeader?: (header: BackupHeader) => void } = {},
): AsyncGenerator<BackupSection, BackupEnd> {
  const gunzip = zlib.createGunzip();
  input.on("error", (error) => gunzip.destroy(error));
  const lines = readline.createInterface({ input: input.pipe(gunzip), crlfDelay: Infinity })[Symbol.asyncIterator]();
  const next = async (what: string): Promise<string> => {
    let result: IteratorResult<string>;
    try {
      result = await lines.next();
    } catch (error) {
      throw new BackupFileError(
        `The backup file is damaged or cut short (${(error as Error).message}); nothing was restored from it.`,
      );
    }
    if (result.done)
      throw new BackupFileError(
        `The backup file ends early (expected ${what}): it was cut short while being written or copied.`,
      );
    return result.value;
  };
  const parse = <T>(line: string, what: string): T => {
    try {
      return JSON.parse(line) as T;
    } catch {
      throw new BackupFileError(`The backup file is damaged: ${what} is not readable.`);
    }
  };

  let first: string;
  try {
    first = await next("its header");
  } catch (error) {
    throw error instanceof BackupFileError && /damaged/.test(error.message)
      ? new BackupFileError("This is not a Kapra backup file (it is not gzip'd; was it made by `npm run backup`?).")
      : error;
  }
  const header = parse<BackupHeader>(first, "the header");
  if (header?.kapraBackup === undefined || typeof header.migration?.when !== "number")
    throw new BackupFileError("This is not a Kapra backup file (its first line is not a backup header).");
  if (header.kapraBackup > BACKUP_FORMAT_VERSION)
    throw new BackupFileError(
      `This backup file has format ${header.kapraBackup}; this version of the shop reads format ${BACKUP_FORMAT_VERSION}. Update the shop first.`,
    );
  onHeader?.(header);

  let tables = 0;
  let total = 0;
  for (;;) {
    const marker = parse<TableHeader | BackupEnd>(await next("a table or the end"), "a table header");
    if ("end" in marker) {
      if (marker.tables !== tables || marker.rows !== total)
        throw new BackupFileError(
          `The backup file is damaged: it says it holds ${marker.tables} tables and ${marker.rows} rows, but ${tables} and ${total} were read.`,
        );
      return marker;
    }
    if (typeof marker.table !== "string" || !Array.isArray(marker.columns) || !Number.isInteger(marker.rows))
      throw new BackupFileError("The backup file is damaged: a table header is malformed.");
    tables++;
    total += marker.rows;
    let left = marker.rows;
    const rows = async function* () {
      while (left > 0) {
        const batch: string[] = [];
        let bytes = 0;
        while (left > 0 && batch.length < batchSize && bytes < batchBytes) {
          const row = await next(`${left} more rows of ${marker.table}`);
          batch.push(row);
          bytes += row.length;
          left--;
        }
        yield batch;
      }
    };
    const section = { table: marker, rows: rows() };
    yield section;
    // Rows the caller did not read are skipped, so the next table header is where we expect it.
    for await (const _ of section.rows) void _;
    while (left > 0) {
      await next(`${left} more rows of ${marker.table}`);
      left--;
    }
  }
}
