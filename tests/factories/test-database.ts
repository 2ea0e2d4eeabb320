import { randomBytes } from "node:crypto";
import fs from "node:fs";
import pg from "pg";
import { afterAll, beforeAll, inject } from "vitest";
import { openDatabase, type Database } from "~/db/client.server";
import { shopSettings } from "~/schema";
import { seedSettings } from "~/seed/seed-data";
import type { DatabaseStart } from "../setup/database-snapshots";

/** Every database test runs on both: the embedded PGlite and a real PostgreSQL server. */
export const DATABASE_KINDS = ["pglite", "postgres"] as const;
export type DatabaseKind = (typeof DATABASE_KINDS)[number];

export type TestDatabase = Database & { url?: string; destroy: () => Promise<void> };

/**
 * A fresh database of `kind`, migrated and empty, or also seeded with the shop's catalogue. It is a
 * copy of the one made once per run (tests/setup/database-snapshots.ts), so it costs a second, not five.
 */
export async function createTestDatabase(kind: DatabaseKind, start: DatabaseStart = "migrated"): Promise<TestDatabase> {
  const snapshots = inject("databaseSnapshots");
  if (kind === "pglite") {
    const dump = new Blob([fs.readFileSync(snapshots.pgliteDumps[start])]);
    const database = await openDatabase({ dataDir: ":memory:", loadDataDir: dump });
    return { ...database, destroy: database.close };
  }
  const adminUrl = inject("pgUrl");
  const name = `test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${snapshots.postgresTemplates[start]}`);
  await admin.end();
  const url = adminUrl.replace(/\/postgres$/, `/${name}`);
  const database = await openDatabase({ databaseUrl: url, dataDir: "" });
  return {
    ...database,
    url,
    destroy: async () => {
      await database.close();
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** What a suite's database starts with: the seeded shop (settings and catalogue), its settings only, or nothing. */
export type TestSeed = "catalogue" | "settings" | "empty";
export type SuiteDatabase = TestDatabase & {
  /** What seedDatabase answered (true: it seeded an empty database); false when the suite asked for less. */
  readonly seeded: boolean;
};

/**
 * The one set-up of a test suite's database: registers the `beforeAll` that opens a fresh,
 * migrated database of `kind` and seeds it (the shop's catalogue by default; `settings` for the
 * settings row alone, with `settings` overriding seeded values), and the `afterAll` that destroys
 * it. Call it in the `describe` body; the answer reads the database once `beforeAll` has run, so a
 * suite's own `beforeAll` hooks, registered after this call, find it seeded.
 */
export function useTestDatabase(
  kind: DatabaseKind,
  { seed = "catalogue", settings = {} }: { seed?: TestSeed; settings?: Partial<typeof shopSettings.$inferInsert> } = {},
): SuiteDatabase {
  let current: TestDatabase | null = null;
  let seeded = false;
  const opened = (): TestDatabase => {
    if (!current) throw new Error("The suite's database opens in beforeAll: use it inside hooks and tests");
    return current;
  };
  beforeAll(async () => {
    current = await createTestDatabase(kind, seed === "catalogue" ? "catalogue" : "migrated");
    if (seed === "catalogue") {
      seeded = true; // seedDatabase answered true on the empty database the copy was made from
      if (Object.keys(settings).length) await current.db.update(shopSettings).set(settings);
    } else if (seed === "settings") {
      await current.db.insert(shopSettings).values({ ...seedSettings("Kapra"), ...settings });
    }
  }, 300_000);
  afterAll(async () => {
    await current?.destroy();
    current = null;
  });
  return {
    get db() {
      return opened().db;
    },
    get kind() {
      return opened().kind;
    },
    get url() {
      return opened().url;
    },
    get seeded() {
      return seeded;
    },
    close: () => opened().close(),
    listen: (channel, onMessage) => opened().listen(channel, onMessage),
    destroy: () => opened().destroy(),
  };
}
