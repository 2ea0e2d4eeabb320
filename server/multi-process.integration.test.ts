import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "~/db/client.server";
import { getSettings } from "~/modules/settings/reads";
import { settingsFormValues } from "~/modules/settings/settings-schema";
import { startPgCluster, type PgCluster } from "../tests/setup/pg-cluster";
import {
  BUILT_SERVER,
  childPids,
  connectionRefused,
  headersFor,
  openEventStream,
  parentPid,
  signIn,
  signUp,
  startServerProcess,
  waitFor,
  type LogLine,
  type ServerProcess,
} from "../tests/factories/server-process";

/**
 * The shop as it runs in production: real `node server/start.js` processes (the built bundle) on one
 * real PostgreSQL, talked to over HTTP. scripts/test.sh builds before it runs Vitest.
 */
const built = fs.existsSync(BUILT_SERVER);
if (!built && process.env.KAPRA_TEST_GATE)
  throw new Error(`${BUILT_SERVER} is missing: scripts/test.sh must build before the tests`);
if (!built)
  console.warn(
    `Skipping the multi-process tests: ${BUILT_SERVER} is missing (run \`npm run build\` first; \`npm test\` does)`,
  );

const OWNER_EMAIL = "owner@kapra.test";
const PASSWORD = "a-long-password-1";
let ipCounter = 0;
/** A client address of its own for each caller, so one test's sign-ins do not spend another's rate limit. */
const nextIp = () => `10.9.0.${++ipCounter}`;
const listening = (server: ServerProcess) => server.logs().filter((l) => l.msg === "shop is listening");

describe.skipIf(!built)("several server processes on one PostgreSQL", () => {
  let pgCluster: PgCluster;
  let databaseUrl: string;
  let database: Database;
  let a: ServerProcess;
  let b: ServerProcess;
  let ownerPassword: string;
  const spawned: ServerProcess[] = [];
  const start = async (env: Record<string, string>) => {
    const server = await startServerProcess(env);
    spawned.push(server);
    return server;
  };
  const shopEnv = () => ({
    DATABASE_URL: databaseUrl,
    WEB_CONCURRENCY: "1",
    SIGN_IN_RATE_LIMIT: "3",
    TRUST_PROXY: "1",
  });

  beforeAll(async () => {
    // A PostgreSQL of this file's own: one test stops and starts it.
    pgCluster = await startPgCluster();
    databaseUrl = pgCluster.url;
    // The first server migrates and seeds the empty database and creates the owner's account.
    a = await start({ ...shopEnv(), SHOP_OWNER_EMAIL: OWNER_EMAIL });
    const created = a.logs().find((l) => l.msg.startsWith(`Owner account created for ${OWNER_EMAIL}`));
    // The log holds a single-use link, never a password: the owner sets one through it.
    const token = /\/set-password\?token=([\w-]+)/.exec(created?.msg ?? "")?.[1] ?? "";
    expect(token, "the owner's set-password link in the first server's log").not.toBe("");
    ownerPassword = "owner-multi-process-password";
    const set = await fetch(`${a.url}/api/auth/reset-password`, {
      method: "POST",
      headers: { ...headersFor(a, { ip: nextIp() }), "content-type": "application/json" },
      body: JSON.stringify({ token, newPassword: ownerPassword }),
    });
    expect(set.status).toBe(200);
    b = await start(shopEnv());
    expect(b.logs().some((l) => l.msg.startsWith("seeded"))).toBe(false);
    database = await openDatabase({ databaseUrl, dataDir: "" });
  }, 240_000);

  afterAll(async () => {
    await Promise.all(spawned.map((s) => s.stop("SIGKILL")));
    await database?.close().catch(() => {});
    pgCluster?.stop();
  }, 60_000);

  it("a session made on one process is valid on the other, and a sign-out on one ends it on the other", async () => {
    const ip = nextIp();
    const cookie = await signUp(a, { email: "amina@example.pk", password: PASSWORD, name: "Amina Cross", ip });
    const onB = await fetch(`${b.url}/api/cart`, { headers: headersFor(b, { cookie, ip }) });
    expect(onB.status).toBe(200);
    expect(await fetch(`${b.url}/cart`, { headers: headersFor(b, { cookie, ip }) }).then((r) => r.text())).toContain(
      "Amina Cross",
    );

    const out = await fetch(`${a.url}/api/auth/sign-out`, {
      method: "POST",
      headers: { ...headersFor(a, { cookie, ip }), "content-type": "application/json" },
      body: "{}",
    });
    expect(out.status).toBe(200);

    // The same cookie (as another device still holds it) is refused on the other process.
    const session = await fetch(`${b.url}/api/auth/get-session?disableCookieCache=true`, {
      headers: headersFor(b, { cookie, ip }),
    }).then((r) => r.json());
    expect(session).toBeNull();
    const write = await fetch(`${b.url}/api/cart`, { method: "DELETE", headers: headersFor(b, { cookie, ip }) });
    expect(write.status).toBe(401);
  });

  it("a cart change on one process reaches a live stream on the other within 2 seconds", async () => {
    const ip = nextIp();
    const cookie = await signUp(a, { email: "bilal@example.pk", password: PASSWORD, ip });
    const stream = await openEventStream(b, { cookie, ip });
    expect(stream.status).toBe(200);
    await waitFor(() => stream.events().includes("ready"), { what: "the stream to open" });

    type ProductJson = { data: { id: number; variants: { color: string; size: string; stock: number }[] } };
    const { data } = await fetch(`${a.url}/api/products`).then(
      (r) => r.json() as Promise<{ data: { products: { id: number }[] } }>,
    );
    const products = await Promise.all(
      data.products.map((p) => fetch(`${a.url}/api/products/${p.id}`).then((r) => r.json() as Promise<ProductJson>)),
    );
    const product = products.find((p) => p.data.variants.some((v) => v.stock > 0))!;
    const variant = product.data.variants.find((v) => v.stock > 0)!;
    const added = Date.now();
    const res = await fetch(`${a.url}/api/cart/items`, {
      method: "POST",
      headers: { ...headersFor(a, { cookie, ip }), "content-type": "application/json" },
      body: JSON.stringify({ productId: product.data.id, color: variant.color, size: variant.size, quantity: 1 }),
    });
    expect(res.status).toBe(201);
    await waitFor(() => stream.events().includes("cart"), {
      timeoutMs: 2_000,
      what: "the cart event on the other process",
    });
    expect(Date.now() - added).toBeLessThan(2_000);
    stream.close();
  });

  it("counts sign-in attempts across both processes", async () => {
    const ip = nextIp();
    await signUp(a, { email: "chand@example.pk", password: PASSWORD, ip: nextIp() });
    const attempt = (server: ServerProcess) =>
      signIn(server, { email: "chand@example.pk", password: "wrong-password", ip }).then((r) => r.status);
    // SIGN_IN_RATE_LIMIT=3: three refusals for the wrong password, spread over both, then 429 on either.
    expect([await attempt(a), await attempt(b), await attempt(a)]).toEqual([401, 401, 401]);
    expect(await attempt(b)).toBe(429);
    expect(await signIn(a, { email: "chand@example.pk", password: PASSWORD, ip }).then((r) => r.status)).toBe(429);
  });

  it("a settings change on one process shows on the other within 2 seconds, for guests and signed-in shoppers", async () => {
    const ip = nextIp();
    const buyer = await signUp(b, { email: "dua@example.pk", password: PASSWORD, ip });
    const owner = await signIn(a, { email: OWNER_EMAIL, password: ownerPassword, ip });
    expect(owner.status).toBe(200);
    // The guest page is in B's page cache before the change.
    for (let i = 0; i < 2; i++)
      expect(await fetch(`${b.url}/about`).then((r) => r.text())).not.toContain("Kapra Across");

    const values = settingsFormValues(await getSettings(database.db));
    const saved = await fetch(`${a.url}/seller/settings`, {
      method: "POST",
      headers: { ...headersFor(a, { cookie: owner.cookie, ip }), "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ ...values, brandName: "Kapra Across" }),
      redirect: "manual",
    });
    expect(saved.status, await saved.clone().text()).toBe(302);
    const changed = Date.now();
    await waitFor(async () => (await fetch(`${b.url}/about`).then((r) => r.text())).includes("Kapra Across"), {
      timeoutMs: 2_000,
      what: "the guest page on B to show the new name",
    });
    await waitFor(
      async () =>
        (
          await fetch(`${b.url}/products`, { headers: headersFor(b, { cookie: buyer, ip }) }).then((r) => r.text())
        ).includes("Kapra Across"),
      {
        timeoutMs: Math.max(100, 2_000 - (Date.now() - changed)),
        what: "the signed-in page on B to show the new name",
      },
    );
  });

  it("on SIGTERM refuses new connections, lets a slow request finish, ends live streams with a retry hint and exits 0", async () => {
    const c = await start(shopEnv());
    const ip = nextIp();
    const cookie = await signUp(c, { email: "ejaz@example.pk", password: PASSWORD, ip });
    const stream = await openEventStream(c, { cookie, ip });
    await waitFor(() => stream.events().includes("ready"), { what: "the stream to open" });

    // A request made slow for real: its query waits behind a lock this test holds.
    const locker = new pg.Client({ connectionString: databaseUrl });
    await locker.connect();
    try {
      await locker.query("begin");
      await locker.query("lock table orders in access exclusive mode");
      const requested = Date.now();
      const slow = fetch(`${c.url}/api/orders`, { headers: headersFor(c, { cookie, ip }) }).then(async (r) => ({
        status: r.status,
        body: await r.text(),
        at: Date.now(),
      }));
      await waitFor(
        async () =>
          (
            await locker.query(
              "select 1 from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()",
            )
          ).rowCount! > 0,
        {
          what: "the request's query to wait on the lock",
        },
      );

      c.child.kill("SIGTERM");
      await waitFor(() => connectionRefused(c.port), { timeoutMs: 3_000, what: "new connections to be refused" });
      await stream.ended;
      expect(stream.text()).toMatch(/\nretry: \d+\n\n$/);
      expect(c.child.exitCode).toBeNull();
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await locker.query("commit");
      const response = await slow;
      expect(response.status).toBe(200);
      expect(JSON.parse(response.body)).toMatchObject({ data: { orders: [] } });
      expect(response.at - requested).toBeGreaterThanOrEqual(1_000);
    } finally {
      await locker.end();
    }
    expect(await c.exited).toEqual({ code: 0, signal: null });
    expect(c.logs().some((l) => l.msg === "stopped serving" && l.streams === 1 && l.cut === false)).toBe(true);
  }, 60_000);

  it("with WEB_CONCURRENCY=2 runs two workers that both serve, and replaces one killed while the other keeps serving", async () => {
    const d = await start({ ...shopEnv(), WEB_CONCURRENCY: "2" });
    const primary = d.child.pid!;
    const workerPids = () => [...new Set(listening(d).map((l) => l.pid))];
    await waitFor(() => workerPids().length === 2, { timeoutMs: 60_000, what: "two workers listening" });
    expect(workerPids()).not.toContain(primary);
    for (const pid of workerPids()) expect(parentPid(pid)).toBe(primary);
    expect(d.logs().some((l) => l.pid === primary && l.msg === "shop is listening")).toBe(false);

    // Each request on a new connection goes to the next worker: the request log says which served it.
    const servedBy = async (tag: string) => {
      // The tag is a parameter's name: the request log keeps names, never values.
      const res = await fetch(`${d.url}/api/products?probe-${tag}=1`, { headers: { connection: "close" } });
      expect(res.status).toBe(200);
      await res.arrayBuffer();
      return (
        await waitFor(
          () =>
            d
              .logs()
              .find(
                (l) =>
                  l.msg === "request" &&
                  l.url === "/api/products" &&
                  (l.params as string[] | undefined)?.includes(`probe-${tag}`),
              ),
          { what: `the log of probe ${tag}` },
        )
      ).pid;
    };
    const before = new Set<number>();
    for (let i = 0; i < 8; i++) before.add(await servedBy(`before-${i}`));
    expect([...before].sort()).toEqual(workerPids().sort());

    const [victim, survivor] = workerPids();
    process.kill(victim, "SIGKILL");
    await waitFor(() => d.logs().find((l) => l.msg === "a worker died; starting another" && l.workerPid === victim), {
      what: "the primary to log the death",
    });
    // The other worker serves every request meanwhile.
    const during = new Set<number>();
    for (let i = 0; i < 4; i++) during.add(await servedBy(`during-${i}`));
    expect([...during].every((pid) => pid !== victim)).toBe(true);
    const replacement = await waitFor(() => workerPids().find((pid) => pid !== victim && pid !== survivor), {
      timeoutMs: 60_000,
      what: "a replacement worker",
    });
    expect(parentPid(replacement)).toBe(primary);
    expect(childPids(primary).sort()).toEqual([survivor, replacement].sort());

    d.child.kill("SIGTERM");
    expect(await d.exited).toEqual({ code: 0, signal: null });
    expect(parentPid(survivor)).toBeNull();
    expect(parentPid(replacement)).toBeNull();
  }, 120_000);

  it("/readyz answers 503 quickly while PostgreSQL is down and 200 once it is back, without a restart", async () => {
    const readyz = async () => {
      const started = Date.now();
      const res = await fetch(`${a.url}/readyz`, { signal: AbortSignal.timeout(10_000) });
      await res.arrayBuffer();
      return { status: res.status, ms: Date.now() - started };
    };
    expect((await readyz()).status).toBe(200);
    pgCluster.halt();
    try {
      const down = await waitFor(
        async () => {
          const r = await readyz();
          return r.status === 503 && r;
        },
        { timeoutMs: 10_000, what: "/readyz to answer 503" },
      );
      expect(down.ms).toBeLessThan(3_000);
      expect((await fetch(`${a.url}/healthz`)).status).toBe(200);
    } finally {
      pgCluster.resume();
    }
    await waitFor(async () => (await readyz()).status === 200, {
      timeoutMs: 15_000,
      what: "/readyz to answer 200 again",
    });
    expect((await fetch(`${a.url}/api/products`)).status).toBe(200);
    expect(a.child.exitCode).toBeNull();
  }, 60_000);
});

describe.skipIf(!built)("one process on PGlite", () => {
  let server: ServerProcess | undefined;
  let dataDir: string;
  afterAll(async () => {
    await server?.stop("SIGKILL");
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("stays one process when WEB_CONCURRENCY asks for two, and says why", async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "kapra-pglite-"));
    server = await startServerProcess({ DATA_DIR: dataDir, WEB_CONCURRENCY: "2" });
    const logs: LogLine[] = server.logs();
    expect(
      logs.find(
        (l) =>
          l.level === 40 &&
          /WEB_CONCURRENCY=2 is ignored: the embedded PGlite database can be opened by one process only/.test(l.msg),
      ),
    ).toBeDefined();
    expect(logs.filter((l) => l.msg === "shop is listening").map((l) => l.pid)).toEqual([server.child.pid]);
    expect(childPids(server.child.pid!)).toEqual([]);
    server.child.kill("SIGTERM");
    expect(await server.exited).toEqual({ code: 0, signal: null });
  }, 180_000);
});
