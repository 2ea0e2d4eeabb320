import fs from "node:fs";
import { parseEnv } from "~/lib/env.server";

/**
 * Where the shop's database is (DATABASE_URL, else DATA_DIR), from the environment or .env as the
 * server reads it (server/start.js). Only those two are checked: a backup at 2 a.m. must not fail
 * over a setting that only the web server needs.
 */
export function databaseEnv() {
  if (fs.existsSync(".env")) process.loadEnvFile(".env");
  // The signing secret the server needs with DATABASE_URL plays no part in a backup: a placeholder passes that rule.
  const { DATABASE_URL, DATA_DIR } = parseEnv({
    NODE_ENV: "development",
    DATABASE_URL: process.env.DATABASE_URL,
    DATA_DIR: process.env.DATA_DIR,
    BETTER_AUTH_SECRET: "backup-and-restore-need-no-signing-secret",
  });
  return { DATABASE_URL, DATA_DIR };
}
