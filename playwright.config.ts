import { defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3210);
const DATA_DIR = process.env.E2E_DATA_DIR ?? "test-results/e2e-data";
/** The suite's own SMTP server (tests/e2e/mail-sink.ts); tests read what arrived at MAIL_API. */
const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? PORT + 1000);
export const MAIL_API = `http://127.0.0.1:${SMTP_PORT + 1}/messages`;
/** The seller account the e2e server starts with (tests/e2e/helpers.ts signs in with it). */
export const SELLER = { email: "owner@shop.test", password: "owner-e2e-password" };

/** End-to-end tests drive the built shop in Debian's Chromium against a real database. */
export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  globalSetup: "./tests/e2e/global-setup.ts",
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    },
  },
  projects: [
    { name: "mobile", use: { ...devices["Pixel 5"], browserName: "chromium", channel: undefined } },
  ],
  webServer: [{
    command: "npx tsx tests/e2e/mail-sink.ts",
    url: MAIL_API,
    timeout: 60_000,
    reuseExistingServer: false,
    env: { E2E_SMTP_PORT: String(SMTP_PORT) },
  }, {
    // A fresh database with one seller account (the way an owner would make one), then the shop.
    command: `rm -rf ${DATA_DIR} && printf '%s\\n' '${SELLER.password}' | npx tsx scripts/create-seller.ts --email ${SELLER.email} --name "Shop Owner" && node server/start.js`,
    url: `http://127.0.0.1:${PORT}/robots.txt`,
    timeout: 300_000,
    reuseExistingServer: false,
    // Every test signs in from 127.0.0.1: the per-address sign-in limit is raised for the suite (tests/e2e/rate-limit covers the real one).
    env: { PORT: String(PORT), HOST: "127.0.0.1", DATA_DIR, LOG_LEVEL: "warn", NODE_ENV: "production", SIGN_IN_RATE_LIMIT: "10000", ABUSE_LIMITS_SCALE: "1000",
      SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`, MAIL_FROM: "Kapra <orders@shop.test>" },
  }],
});
