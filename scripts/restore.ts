// npm run restore -- FILE [--replace]
// Fills the database DATA_DIR or DATABASE_URL points at from a backup made by `npm run backup`.
// Stop the shop first. A database that holds anything is refused unless --replace is given.
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { BackupFileError } from "~/db/backup-format";
import { restoreBackup, RestoreRefused } from "~/db/backup-restore.server";
import { openDatabase, type Database } from "~/db/client.server";
import { databaseEnv } from "./database-env";
import { lockDataDir } from "../server/data-dir-lock";

const USAGE = "Usage: npm run restore -- FILE [--replace]";
let parsed: { values: { replace?: boolean }; positionals: string[] };
try {
  parsed = parseArgs({ options: { replace: { type: "boolean" } }, allowPositionals: true });
} catch (error) {
  console.error(`${(error as Error).message}\n${USAGE}`);
  process.exit(2);
}
const [file] = parsed.positionals;
if (!file || parsed.positionals.length > 1) {
  console.error(USAGE);
  process.exit(2);
}

let release = () => {};
let database: Database | undefined;
try {
  if (!fs.existsSync(file)) throw new Error(`${path.resolve(file)} does not exist.`);
  const env = databaseEnv();
  if (env.DATABASE_URL) {
    database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: "" });
    // A shop still connected would keep writing into what is being replaced.
    const { rows } = (await database.db.execute(
      sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
    )) as unknown as { rows: { n: number }[] };
    if (rows[0].n > 0)
      throw new RestoreRefused(
        `${rows[0].n} other connections are using this database: stop the shop (every server process) before restoring.`,
      );
  } else {
    try {
      release = lockDataDir(env.DATA_DIR);
    } catch (error) {
      throw new RestoreRefused(
        `${(error as Error).message.replace(/ Stop it first.*$/, "")} Stop the shop before restoring into it.`,
      );
    }
    database = await openDatabase({ dataDir: path.resolve(env.DATA_DIR) });
  }
  const summary = await restoreBackup(database, file, { replace: parsed.values.replace });
  const where = env.DATABASE_URL ? "PostgreSQL" : path.resolve(env.DATA_DIR);
  console.log(
    `Restored ${summary.tables} tables, ${summary.rows} rows from ${path.resolve(file)} (taken ${summary.header.createdAt}, migration ${summary.header.migration.tag}) into ${where}` +
      `${summary.replaced ? ", replacing what it held" : ""} in ${(summary.ms / 1000).toFixed(1)} s.`,
  );
} catch (error) {
  // Refusals change nothing; a failure while loading rolled its transaction back.
  const refused = error instanceof RestoreRefused || error instanceof BackupFileError || !database;
  console.error(`Restore ${refused ? "refused" : "failed"}: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await database?.close().catch(() => {});
  release();
}
