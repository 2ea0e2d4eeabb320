// npm run backup [-- --out FILE]
// Writes the whole shop (every table: orders, accounts, images, settings, e-mail log…) to one file,
// on PostgreSQL (DATABASE_URL) or the embedded database in DATA_DIR, also while the shop runs.
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { verifyBackupFile } from "~/db/backup-restore.server";
import { writeBackup } from "~/db/backup.server";
import { openDatabase } from "~/db/client.server";
import { databaseEnv } from "./database-env";
import { requestBackup } from "../server/backup-socket";
import { lockDataDir, lockHolder } from "../server/data-dir-lock";

const USAGE = "Usage: npm run backup [-- --out FILE]";
let values: { out?: string; help?: boolean };
try {
  ({ values } = parseArgs({ options: { out: { type: "string" }, help: { type: "boolean" } } }));
} catch (error) {
  console.error(`${(error as Error).message}\n${USAGE}`);
  process.exit(2);
}
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}

try {
  const env = databaseEnv();
  const stamp = new Date()
    .toISOString()
    .replace(/[:.]/g, "-")
    .replace(/-\d{3}Z$/, "Z");
  const out = path.resolve(values.out ?? path.join("backups", `kapra-${stamp}.kapra-backup`));
  fs.mkdirSync(path.dirname(out), { recursive: true });
  // Written beside the target and renamed once checked: a failed backup never looks like a good one.
  const partial = `${out}.partial`;
  const started = Date.now();
  try {
    // It holds addresses, phone numbers and password hashes: readable by this user only.
    const file = fs.createWriteStream(partial, { mode: 0o600 });
    const finished = new Promise<void>((resolve, reject) => file.once("finish", resolve).once("error", reject));
    let how: string;
    if (env.DATABASE_URL) {
      const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: "" });
      try {
        await writeBackup(database, file);
      } finally {
        await database.close();
      }
      how = "PostgreSQL";
    } else if (lockHolder(env.DATA_DIR) !== null) {
      // The shop is running and holds the embedded database: it writes the backup for us.
      how = `the running shop (pid ${lockHolder(env.DATA_DIR)})`;
      await requestBackup(env.DATA_DIR, file);
    } else {
      if (!fs.existsSync(path.join(env.DATA_DIR, "PG_VERSION")))
        throw new Error(`There is no shop database in ${path.resolve(env.DATA_DIR)} (set DATA_DIR or DATABASE_URL).`);
      const release = lockDataDir(env.DATA_DIR);
      try {
        const database = await openDatabase({ dataDir: path.resolve(env.DATA_DIR) });
        try {
          await writeBackup(database, file);
        } finally {
          await database.close();
        }
      } finally {
        release();
      }
      how = `the embedded database in ${path.resolve(env.DATA_DIR)}`;
    }
    await finished;
    const { header, end } = await verifyBackupFile(partial);
    fs.renameSync(partial, out);
    const mb = (fs.statSync(out).size / 1e6).toFixed(1);
    console.log(
      `Backed up ${end.tables} tables, ${end.rows} rows (migration ${header.migration.tag}) from ${how} to ${out} (${mb} MB) in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
    );
  } catch (error) {
    fs.rmSync(partial, { force: true });
    throw error;
  }
} catch (error) {
  console.error(`Backup failed: ${(error as Error).message}`);
  process.exit(1);
}
