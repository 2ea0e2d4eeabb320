import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { placeOrderOverHttp, TEST_PASSWORD, variantsInStock } from "../server/faults-support";
import { createTestDatabase, type TestDatabase } from "../tests/factories/test-database";
import {
  BUILT_SERVER,
  headersFor,
  ROOT,
  signIn,
  signUp,
  startServerProcess,
  waitFor,
  type ServerProcess,
} from "../tests/factories/server-process";

/**
 * `npm run backup` and `npm run restore` as an operator runs them: real commands against a real
 * running shop (the built server) on PGlite and on PostgreSQL, then a second shop started on the
 * restored database.
 */
const built = fs.existsSync(BUILT_SERVER);
if (!built && process.env.KAPRA_TEST_GATE)
  throw new Error(`${BUILT_SERVER} is missing: scripts/test.sh must build before the tests`);

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "kapra-backup-cli-"));
const servers: ServerProcess[] = [];
const databases: TestDatabase[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop("SIGKILL")));
  await Promise.all(databases.map((d) => d.destroy().catch(() => {})));
  fs.rmSync(tmp, { recursive: true, force: true });
}, 60_000);

const TSX = path.join(ROOT, "node_modules/.bin/tsx");
async function run(script: "backup" | "restore", args: string[], env: Record<string, string>) {
  try {
    const { stdout, stderr } = await promisify(execFile)(TSX, [`scripts/${script}.ts`, ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

async function start(env: Record<string, string>) {
  const server = await startServerProcess({ TRUST_PROXY: "1", ...env });
  servers.push(server);
  return server;
}

async function bytesOf(url: string): Promise<Buffer> {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

/** A buyer with an order, and one of the shop's photos: what the restored shop must still have. */
async function fillShop(server: ServerProcess) {
  const ip = "10.7.0.1";
  const cookie = await signUp(server, { email: "ayesha@example.pk", password: TEST_PASSWORD, ip });
  const [variant] = await variantsInStock(server);
  const placed = await placeOrderOverHttp(server, {
    cookie,
    ip,
    key: "backup-1",
    items: [{ ...variant, quantity: 2 }],
  });
  expect(placed.status).toBe(201);
  // A first start draws the seed's photos in the background: wait for this product's first one.
  const photo = await waitFor(
    async () => {
      const product = (await fetch(`${server.url}/api/products/${variant.productId}`).then((r) => r.json())) as {
        data: { images: string[] };
      };
      return product.data.images[0];
    },
    { timeoutMs: 60_000, intervalMs: 200, what: "the product's first photo" },
  );
  const bytes = await bytesOf(`${server.url}${photo}`);
  return { orderNumber: placed.body.data!.orderNumber, photo, bytes };
}

async function expectSameShop(server: ServerProcess, shop: Awaited<ReturnType<typeof fillShop>>) {
  const ip = "10.7.0.2";
  const { status, cookie } = await signIn(server, { email: "ayesha@example.pk", password: TEST_PASSWORD, ip });
  expect(status, "sign-in with the password from before the backup").toBe(200);
  const orders = (await fetch(`${server.url}/api/orders`, { headers: headersFor(server, { cookie, ip }) }).then((r) =>
    r.json(),
  )) as { data: { orders: { orderNumber: string }[] } };
  expect(orders.data.orders.map((o) => o.orderNumber)).toEqual([shop.orderNumber]);
  const bytes = await bytesOf(`${server.url}${shop.photo}`);
  expect(Buffer.compare(bytes, shop.bytes)).toBe(0);
}

describe.skipIf(!built)("npm run backup and restore", () => {
  it("backs up the embedded database while the shop runs on it, and restores it into another DATA_DIR", async () => {
    const dataDir = path.join(tmp, "pglite-a");
    const shop = await start({ DATA_DIR: dataDir });
    const filled = await fillShop(shop);
    expect(fs.statSync(path.join(dataDir, "backup.sock")).mode & 0o777).toBe(0o600);

    const file = path.join(tmp, "pglite.kapra-backup");
    const backup = await run("backup", ["--out", file], { DATA_DIR: dataDir });
    expect(backup.stderr).toBe("");
    expect(backup.stdout).toMatch(
      new RegExp(
        `^Backed up \\d+ tables, \\d+ rows \\(migration \\d{4}_\\w+\\) from the running shop \\(pid ${shop.child.pid}\\) to ${file}`,
      ),
    );
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(shop.logs().some((l) => l.msg === "backup written")).toBe(true);
    expect((await fetch(`${shop.url}/readyz`)).status).toBe(200);

    const intoRunning = await run("restore", [file], { DATA_DIR: dataDir });
    expect(intoRunning.code).toBe(1);
    expect(intoRunning.stderr).toContain(
      `Restore refused: Another server (pid ${shop.child.pid}) is already using the database in ${dataDir}. Stop the shop before restoring into it.`,
    );

    const elsewhere = path.join(tmp, "pglite-b");
    const restored = await run("restore", [file], { DATA_DIR: elsewhere });
    expect(restored.stderr).toBe("");
    expect(restored.stdout).toMatch(/^Restored \d+ tables, \d+ rows from .* into .*pglite-b in/);
    const again = await run("restore", [file], { DATA_DIR: elsewhere });
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(
      /Restore refused: The database already holds data \(1 orders, 1 accounts, \d+ products\).*--replace/,
    );

    const second = await start({ DATA_DIR: elsewhere });
    await expectSameShop(second, filled);
    // The restored shop is not re-seeded on top of what it got back.
    expect(second.logs().some((l) => l.msg.startsWith("seeded"))).toBe(false);
  }, 300_000);

  it("backs up PostgreSQL while the shop runs, and restores it into an empty database", async () => {
    const source = await createTestDatabase("postgres");
    databases.push(source);
    await source.close();
    const shop = await start({ DATABASE_URL: source.url!, WEB_CONCURRENCY: "1" });
    const filled = await fillShop(shop);
    const file = path.join(tmp, "postgres.kapra-backup");
    const backup = await run("backup", ["--out", file], { DATABASE_URL: source.url! });
    expect(backup.stderr).toBe("");
    expect(backup.stdout).toMatch(/from PostgreSQL to/);

    const intoRunning = await run("restore", [file, "--replace"], { DATABASE_URL: source.url! });
    expect(intoRunning.code).toBe(1);
    expect(intoRunning.stderr).toMatch(/Restore refused: \d+ other connections are using this database: stop the shop/);

    const target = await createTestDatabase("postgres");
    databases.push(target);
    await target.close();
    const restored = await run("restore", [file], { DATABASE_URL: target.url! });
    expect(restored.stderr).toBe("");
    const second = await start({ DATABASE_URL: target.url!, WEB_CONCURRENCY: "1" });
    await expectSameShop(second, filled);
  }, 300_000);

  it("says what is wrong with a file that is not a whole backup, and writes no file when it cannot back up", async () => {
    const junk = path.join(tmp, "junk.kapra-backup");
    fs.writeFileSync(junk, "not a backup");
    const refused = await run("restore", [junk], { DATA_DIR: path.join(tmp, "pglite-c") });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("Restore refused: This is not a Kapra backup file");

    const out = path.join(tmp, "none.kapra-backup");
    const failed = await run("backup", ["--out", out], { DATA_DIR: path.join(tmp, "no-shop-here") });
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain("Backup failed: There is no shop database in");
    expect(fs.existsSync(out) || fs.existsSync(`${out}.partial`)).toBe(false);
  }, 120_000);
});
