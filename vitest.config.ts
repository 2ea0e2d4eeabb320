import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// Kept apart from vite.config.ts so tests do not load the React Router plugin.
export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  test: {
    include: ["app/**/*.test.ts", "app/**/*.test.tsx", "server/**/*.test.ts", "scripts/**/*.test.ts", "tests/fuzz/**/*.test.ts"],
    setupFiles: ["./tests/setup/fail-on-console-error.ts"],
    globalSetup: ["./tests/setup/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Tests send hundreds of requests and orders from one address and phone: abuse limits are scaled
    // up for the suite; app/modules/abuse's own tests set the real numbers (ABUSE_LIMITS_SCALE=1).
    env: { ABUSE_LIMITS_SCALE: "1000" },
  },
});
