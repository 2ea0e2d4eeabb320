import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { Logger } from "pino";
import type { Db } from "~/db/client.server";
import { appMeta } from "./schema/infrastructure";
import type { Env } from "~/lib/env.server";

/** Where older versions kept the generated secret (app_meta), and the file that holds it now. */
const LEGACY_KEY = "auth_secret";
export const AUTH_SECRET_FILE = "auth-secret";

type SecretEnv = Pick<Env, "BETTER_AUTH_SECRET" | "DATABASE_URL" | "DATA_DIR">;

/**
 * The key that signs session cookies. It must not live in the database: a backup of the database
 * (`npm run backup`, pg_dump, a provider's snapshot) would carry it, and whoever holds one could sign
 * sessions. So it is BETTER_AUTH_SECRET (required on PostgreSQL, checked by the env schema), or on
 * the embedded database a random one kept in DATA_DIR/auth-secret, readable by the shop's user only
 * (0600). A shop that kept it in app_meta (before) moves it to the file and out of the database on
 * start, so nobody is signed out.
 */
export async function loadAuthSecret(db: Db, env: SecretEnv, logger?: Pick<Logger, "info" | "warn">): Promise<string> {
  if (env.BETTER_AUTH_SECRET) {
    await forgetStoredSecret(db, logger, "BETTER_AUTH_SECRET is set");
    return env.BETTER_AUTH_SECRET;
  }
  if (env.DATABASE_URL) throw new Error("BETTER_AUTH_SECRET is required with DATABASE_URL");
  const file = path.resolve(env.DATA_DIR, AUTH_SECRET_FILE);
  const existing = readSecretFile(file, logger);
  if (existing) {
    await forgetStoredSecret(db, logger, `the secret is in ${file}`);
    return existing;
  }
  const stored = (await db.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, LEGACY_KEY)))[0]?.value;
  const secret = writeSecretFile(file, stored ?? randomBytes(32).toString("base64url"));
  await forgetStoredSecret(db, logger, `moved to ${file}`);
  return secret;
}

function readSecretFile(file: string, logger?: Pick<Logger, "warn">): string | null {
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8").trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
  if (!text)
    throw new Error(
      `${file} is empty: delete it to make a new secret (everyone is signed out), or put the old one back`,
    );
  // Someone copied it with looser permissions: other users of the machine could read it.
  if ((fs.statSync(file).mode & 0o077) !== 0) {
    fs.chmodSync(file, 0o600);
    logger?.warn({ file }, "The auth secret file was readable by other users: its mode is now 0600");
  }
  return text;
}

/**
 * Written whole or not at all: to a temporary file (0600 from the start, synced), then linked under
 * the final name, which fails if another process got there first; then the winner's is read.
 */
function writeSecretFile(file: string, secret: string): string {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
  const fd = fs.openSync(temporary, "wx", 0o600);
  try {
    fs.writeSync(fd, `${secret}\n`);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  try {
    fs.linkSync(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    fs.rmSync(temporary, { force: true });
  }
  return fs.readFileSync(file, "utf8").trim();
}

async function forgetStoredSecret(db: Db, logger: Pick<Logger, "info"> | undefined, why: string) {
  const removed = await db.delete(appMeta).where(eq(appMeta.key, LEGACY_KEY)).returning({ key: appMeta.key });
  if (removed.length > 0) logger?.info(`The session-signing secret was removed from the database (${why})`);
}
