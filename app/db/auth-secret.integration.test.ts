import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { appMeta } from "~/schema";
import { AUTH_SECRET_FILE, loadAuthSecret } from "./auth-secret.server";
import { DATABASE_KINDS, useTestDatabase, type TestDatabase } from "../../tests/factories/test-database";

const storedSecret = async (database: TestDatabase) =>
  (await database.db.select().from(appMeta).where(eq(appMeta.key, "auth_secret")))[0]?.value;
const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

describe.each(DATABASE_KINDS)("the session-signing secret on %s", (kind) => {
  const database = useTestDatabase(kind, { seed: "empty" });
  let dataDir: string;
  const freshDir = () => (dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "kapra-secret-")));

  it("is BETTER_AUTH_SECRET when set, and an old copy in the database is deleted", async () => {
    await database.db
      .insert(appMeta)
      .values({ key: "auth_secret", value: "old-secret-from-the-database" })
      .onConflictDoNothing();
    const secret = "e".repeat(44);
    expect(
      await loadAuthSecret(database.db, {
        BETTER_AUTH_SECRET: secret,
        DATABASE_URL: database.url,
        DATA_DIR: freshDir(),
      }),
    ).toBe(secret);
    expect(await storedSecret(database)).toBeUndefined();
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });

  it.runIf(kind === "pglite")(
    "on the embedded database is made once, kept in DATA_DIR/auth-secret with mode 0600, and never in the database",
    async () => {
      const env = { BETTER_AUTH_SECRET: undefined, DATABASE_URL: undefined, DATA_DIR: freshDir() };
      const first = await loadAuthSecret(database.db, env);
      expect(first.length).toBeGreaterThanOrEqual(32);
      const file = path.join(dataDir, AUTH_SECRET_FILE);
      expect(modeOf(file)).toBe(0o600);
      expect(fs.readFileSync(file, "utf8").trim()).toBe(first);
      expect(await loadAuthSecret(database.db, env)).toBe(first);
      expect(await storedSecret(database)).toBeUndefined();
      // No temporary files left behind.
      expect(fs.readdirSync(dataDir)).toEqual([AUTH_SECRET_FILE]);
    },
  );

  it.runIf(kind === "pglite")(
    "of a shop that kept it in the database moves to the file and out of the database, so sessions survive",
    async () => {
      await database.db
        .insert(appMeta)
        .values({ key: "auth_secret", value: "secret-kept-by-an-older-version-0123456789" });
      const env = { BETTER_AUTH_SECRET: undefined, DATABASE_URL: undefined, DATA_DIR: freshDir() };
      expect(await loadAuthSecret(database.db, env)).toBe("secret-kept-by-an-older-version-0123456789");
      expect(fs.readFileSync(path.join(dataDir, AUTH_SECRET_FILE), "utf8").trim()).toBe(
        "secret-kept-by-an-older-version-0123456789",
      );
      expect(modeOf(path.join(dataDir, AUTH_SECRET_FILE))).toBe(0o600);
      expect(await storedSecret(database)).toBeUndefined();
    },
  );

  it.runIf(kind === "pglite")(
    "made by several starts at once is one secret, and a file readable by others is tightened to 0600",
    async () => {
      const env = { BETTER_AUTH_SECRET: undefined, DATABASE_URL: undefined, DATA_DIR: freshDir() };
      const secrets = await Promise.all([1, 2, 3, 4].map(() => loadAuthSecret(database.db, env)));
      expect(new Set(secrets).size).toBe(1);
      const file = path.join(dataDir, AUTH_SECRET_FILE);
      fs.chmodSync(file, 0o644);
      const warnings: string[] = [];
      expect(
        await loadAuthSecret(database.db, env, {
          info: () => {},
          warn: (_o: unknown, m?: string) => void warnings.push(String(m)),
        } as never),
      ).toBe(secrets[0]);
      expect(modeOf(file)).toBe(0o600);
      expect(warnings.join()).toMatch(/mode is now 0600/);
    },
  );

  it.runIf(kind === "postgres")("on PostgreSQL is never generated: without BETTER_AUTH_SECRET it refuses", async () => {
    await expect(
      loadAuthSecret(database.db, { BETTER_AUTH_SECRET: undefined, DATABASE_URL: database.url, DATA_DIR: freshDir() }),
    ).rejects.toThrow(/BETTER_AUTH_SECRET is required/);
    expect(await storedSecret(database)).toBeUndefined();
  });
});
