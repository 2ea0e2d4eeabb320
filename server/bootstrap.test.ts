import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { products, shopSettings } from "~/schema";
import { parseEnv } from "~/lib/env.server";
import { createTestDatabase } from "../tests/factories/test-database";
import { bootstrapDatabase } from "./bootstrap";
import { lockDataDir } from "./data-dir-lock";
import { TEST_AUTH_SECRET } from "../tests/factories/test-secret";

const logger = pino({ level: "silent" });
const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kapra-boot-"));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const countProducts = async (db: Awaited<ReturnType<typeof bootstrapDatabase>>["db"]) =>
  (await db.select({ n: sql<number>`count(*)::int` }).from(products))[0].n;

describe("start-up on the embedded database", () => {
  it("migrates and seeds an empty DATA_DIR once, and a restart only opens it", async () => {
    const env = parseEnv({ DATA_DIR: tempDir(), SHOP_NAME: "Kapra" });
    const first = await bootstrapDatabase(env, logger);
    const seeded = await countProducts(first.db);
    expect(seeded).toBeGreaterThanOrEqual(24);
    const [settings] = await first.db.select().from(shopSettings);
    expect(settings).toMatchObject({ brandName: "Kapra", shippingFee: 200, contactEmail: "support@kapra.pk" });
    await first.close();
    first.release();

    const second = await bootstrapDatabase(env, logger);
    expect(await countProducts(second.db)).toBe(seeded);
    await second.close();
    second.release();
  }, 300_000);

  it("refuses a second server on the same DATA_DIR, naming the folder", () => {
    const dir = tempDir();
    const release = lockDataDir(dir);
    try {
      fs.writeFileSync(path.join(dir, "server.lock"), String(process.ppid)); // another live process
      expect(() => lockDataDir(dir)).toThrow(/already using the database in .*kapra-boot-/);
    } finally {
      release();
    }
  });

  it("takes over a lock left by a process that died", () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, "server.lock"), "999999999");
    const release = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, "server.lock"), "utf8")).toMatch(new RegExp(`^${process.pid}\n\\d+\n$`));
    release();
    expect(fs.existsSync(path.join(dir, "server.lock"))).toBe(false);
  });
});

describe("start-up on PostgreSQL", () => {
  it("migrates and seeds through DATABASE_URL, and a second start adds nothing", async () => {
    const target = await createTestDatabase("postgres");
    await target.close(); // bootstrap opens its own pool; the empty migrated database stays
    try {
      const env = parseEnv({ DATABASE_URL: target.url, DATA_DIR: tempDir(), BETTER_AUTH_SECRET: TEST_AUTH_SECRET });
      const first = await bootstrapDatabase(env, logger);
      const seeded = await countProducts(first.db);
      expect(seeded).toBeGreaterThanOrEqual(24);
      await first.close();
      const second = await bootstrapDatabase(env, logger);
      expect(await countProducts(second.db)).toBe(seeded);
      await second.close();
    } finally {
      await target.destroy().catch(() => {});
    }
  }, 300_000);
});
