import { defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3210);
const DATA_DIR = process.env.E2E_DATA_DIR ?? "test-results/e2e-data";

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
  webServer: {
    command: `rm -rf ${DATA_DIR} && node server/start.js`,
    url: `http://127.0.0.1:${PORT}/robots.txt`,
    timeout: 300_000,
    reuseExistingServer: false,
    env: { PORT: String(PORT), HOST: "127.0.0.1", DATA_DIR, LOG_LEVEL: "warn", NODE_ENV: "production" },
  },
});
