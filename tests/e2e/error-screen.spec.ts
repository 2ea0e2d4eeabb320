import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test, type Page } from "@playwright/test";
import { linkOrButton, waitForHydration, waitForRouterIdle } from "./helpers";
import { freePort, hasPostgres, startPgCluster, type PgCluster } from "../setup/pg-cluster";
import { TEST_AUTH_SECRET } from "../factories/test-secret";

/**
 * The connection-trouble error screen, against a real PostgreSQL that is stopped mid-run.
 * A second shop server is started on its own port with DATABASE_URL pointing at the cluster.
 */
const APP_DIR = process.env.E2E_APP_DIR ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

test.describe.configure({ mode: "serial" });
test.skip(!hasPostgres(), "PostgreSQL server binaries are not installed");

let cluster: PgCluster | undefined;
let server: ChildProcess | undefined;
let serverOutput = "";
let origin = "";

async function waitUntilServing(url: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server?.exitCode !== null && server?.exitCode !== undefined) {
      throw new Error(`shop server exited with ${server.exitCode}:\n${serverOutput}`);
    }
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`shop server did not answer ${url} within ${timeoutMs} ms:\n${serverOutput}`);
}

async function stopServer() {
  const child = server;
  server = undefined;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
  await exited;
  clearTimeout(timer);
}

function stopCluster() {
  const c = cluster;
  cluster = undefined;
  c?.stop();
}

test.beforeAll(async () => {
  test.setTimeout(240_000);
  cluster = await startPgCluster();
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, ["server/start.js"], {
    cwd: APP_DIR,
    env: {
      ...process.env,
      DATABASE_URL: cluster.url,
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      NODE_ENV: "production",
      PUBLIC_URL: "",
      BETTER_AUTH_SECRET: TEST_AUTH_SECRET,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout?.on("data", (d) => (serverOutput += d));
  server.stderr?.on("data", (d) => (serverOutput += d));
  await waitUntilServing(`${origin}/robots.txt`, 200_000);
});

test.afterAll(async () => {
  try {
    await stopServer();
  } finally {
    stopCluster();
  }
});

function action(page: Page, name: string) {
  return linkOrButton(page.getByRole("main"), name);
}

async function expectConnectionTroubleScreen(page: Page) {
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1, name: "Something went wrong" })).toBeVisible();
  await expect(main).toContainText(/trouble connecting/i);
  await expect(main.getByText(/check your (internet )?connection/i)).toBeVisible();
  await expect(main.getByText(/refresh/i)).toBeVisible();
  await expect(main.getByText(/clear your browser cache/i)).toBeVisible();
  await expect(action(page, "Try Again")).toBeVisible();
  await expect(action(page, "Go Home")).toBeVisible();
}

test("the shop works while its PostgreSQL database is up", async ({ page }) => {
  // Only the home page: guests' pages are micro-cached for a few seconds (stale-while-revalidate),
  // and /products must be rendered for the first time once the database is gone.
  const res = await page.goto(`${origin}/`);
  expect(res?.status()).toBe(200);
  // The load balancer's probes: the process is up and the database answers.
  expect((await page.request.get(`${origin}/healthz`)).status()).toBe(200);
  const ready = await page.request.get(`${origin}/readyz`);
  expect(ready.status()).toBe(200);
  expect(await ready.json()).toEqual({ status: "ready" });
  await expect(page.getByRole("heading", { level: 2, name: "Featured products" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Heavyweight Oversized Tee" })).toBeVisible();
});

test("with the database down, pages show the connection-trouble error screen", async ({ page }) => {
  // Open a page while the database is up, so a client-side navigation can be tried too.
  await page.goto(`${origin}/about?e2e=db-down`);
  await waitForHydration(page);

  stopCluster();

  // A load balancer hears at once, within its probe's few seconds, that this process cannot serve;
  // the process itself is still up.
  const started = Date.now();
  const notReady = await page.request.get(`${origin}/readyz`, { timeout: 5_000 });
  expect(notReady.status()).toBe(503);
  expect((await notReady.json()).error.code).toBe("DATABASE_UNAVAILABLE");
  expect(Date.now() - started).toBeLessThan(4_000);
  expect((await page.request.get(`${origin}/healthz`)).status()).toBe(200);
  // The JSON API says so in its documented error shape (a query no process has in memory).
  const api = await page.request.get(`${origin}/api/products?sort=price-desc&q=tee`, { timeout: 5_000 });
  expect(api.status()).toBe(503);
  expect((await api.json()).error.code).toBe("DATABASE_UNAVAILABLE");

  // A client-side navigation to the catalogue.
  await page.getByRole("contentinfo").getByRole("link", { name: "All products" }).click();
  await expectConnectionTroubleScreen(page);

  // A full page load of the catalogue.
  const res = await page.goto(`${origin}/products`);
  expect(res?.status()).toBeGreaterThanOrEqual(500);
  await expectConnectionTroubleScreen(page);
  await expect(page.getByText("Showing 24 products")).toHaveCount(0);

  await action(page, "Go Home").click();
  await expect(page).toHaveURL(`${origin}/`);
});

test("Try Again retries the page the shopper was on", async ({ page }) => {
  await page.goto(`${origin}/products?sort=rating`);
  await expectConnectionTroubleScreen(page);
  await waitForHydration(page);
  // Try Again must ask the server again (a reload or a revalidation), not just sit there.
  const retried = page.waitForRequest((r) => new URL(r.url()).pathname.startsWith("/products"));
  await action(page, "Try Again").click();
  await retried;
  await page.waitForLoadState();
  await waitForRouterIdle(page);
  // The database is still down, so the retry fails again, on the same page.
  await expect(page).toHaveURL(`${origin}/products?sort=rating`, { timeout: 3_000 });
  await expectConnectionTroubleScreen(page);
});
