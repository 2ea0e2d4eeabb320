import fs from "node:fs";
import { defineConfig, devices, type PlaywrightTestConfig } from "@playwright/test";

/**
 * Each worker has a shop of its own (its own server, database and mail sink): a test file runs
 * against one shop from start to end, so files never see each other's orders or settings. Two
 * workers by default, one per core on the CI machine (E2E_WORKERS sets another number).
 */
const WORKERS = Number(process.env.E2E_WORKERS ?? 2);
const BASE_PORT = Number(process.env.E2E_PORT ?? 3210);
const BASE_DATA_DIR = process.env.E2E_DATA_DIR ?? "test-results/e2e-data";
/** The shop of worker `index` (TEST_PARALLEL_INDEX, set by Playwright in each worker; 0 in the runner). */
function shop(index: number) {
  const port = BASE_PORT + 10 * index;
  /** The suite's own SMTP server (tests/e2e/mail-sink.ts); tests read what arrived at its /messages. */
  const smtpPort = Number(process.env.E2E_SMTP_PORT ?? BASE_PORT + 1000) + 10 * index;
  return { port, smtpPort, mailApi: `http://127.0.0.1:${smtpPort + 1}/messages`, dataDir: `${BASE_DATA_DIR}-${index}` };
}
const THIS_SHOP = shop(Number(process.env.TEST_PARALLEL_INDEX ?? 0));
export const MAIL_API = THIS_SHOP.mailApi;
/** The seller account the e2e server starts with (tests/e2e/helpers.ts signs in with it). */
export const SELLER = { email: "owner@shop.test", password: "owner-e2e-password" };
/**
 * Debian's chromium-headless-shell when it is installed (CI installs it): the same engine and
 * version as the chromium package, without the full browser's UI layers, as Playwright itself
 * uses for headless runs. On the 2-core CI machine it halves the browser's CPU time and takes
 * the end-to-end stage from about 1,000 s to 700 s. CHROMIUM_PATH names another browser.
 */
const HEADLESS_SHELL = "/usr/lib/chromium/chromium-headless-shell";
const BROWSER = process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium");

/** End-to-end tests drive the built shop in Debian's Chromium against a real database. */
export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: WORKERS,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  globalSetup: "./tests/e2e/global-setup.ts",
  use: {
    baseURL: `http://127.0.0.1:${THIS_SHOP.port}`,
    // Recording a trace of every test costs about 6 % of the stage; CI keeps only the failed page's
    // snapshot (error-context.md). E2E_TRACE=retain-on-failure records them for a local rerun.
    trace: (process.env.E2E_TRACE as "off" | "on" | "retain-on-failure" | undefined) ?? "off",
    launchOptions: {
      executablePath: BROWSER,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [{ name: "mobile", use: { ...devices["Pixel 5"], browserName: "chromium", channel: undefined } }],
  webServer: Array.from({ length: WORKERS }, (_, index) => shop(index)).flatMap(
    ({ port, smtpPort, mailApi, dataDir }): NonNullable<PlaywrightTestConfig["webServer"]> => [
      {
        command: "npx tsx tests/e2e/mail-sink.ts",
        url: mailApi,
        timeout: 60_000,
        reuseExistingServer: false,
        env: { E2E_SMTP_PORT: String(smtpPort) },
      },
      {
        // A fresh database with one seller account (the way an owner would make one), then the shop.
        command: `rm -rf ${dataDir} && printf '%s\\n' '${SELLER.password}' | npx tsx scripts/create-seller.ts --email ${SELLER.email} --name "Shop Owner" && node server/start.js`,
        url: `http://127.0.0.1:${port}/robots.txt`,
        timeout: 300_000,
        reuseExistingServer: false,
        // Every test signs in from 127.0.0.1: the per-address sign-in limit is raised for the suite (tests/e2e/rate-limit covers the real one).
        env: {
          PORT: String(port),
          HOST: "127.0.0.1",
          DATA_DIR: dataDir,
          LOG_LEVEL: "warn",
          NODE_ENV: "production",
          SIGN_IN_RATE_LIMIT: "10000",
          ABUSE_LIMITS_SCALE: "1000",
          SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
          MAIL_FROM: "Kapra <orders@shop.test>",
        },
      },
    ],
  ),
});
