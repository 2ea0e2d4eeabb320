import os from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// Kept apart from vite.config.ts so tests do not load the React Router plugin.
export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  test: {
    include: [
      "app/**/*.test.ts",
      "app/**/*.test.tsx",
      "server/**/*.test.ts",
      "scripts/**/*.test.ts",
      "tests/fuzz/**/*.test.ts",
    ],
    setupFiles: ["./tests/setup/fail-on-console-error.ts"],
    globalSetup: ["./tests/setup/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Vitest's default is one worker less than the cores: one on the 2-core CI machine. Test files
    // spend much of their time waiting on databases and spawned servers, and each has databases of
    // its own, so two run side by side on two cores (VITEST_MAX_WORKERS sets another number).
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS) || Math.max(2, os.availableParallelism()),
    // Tests send hundreds of requests and orders from one address and phone: abuse limits are scaled
    // up for the suite; app/modules/abuse's own tests set the real numbers (ABUSE_LIMITS_SCALE=1).
    env: { ABUSE_LIMITS_SCALE: "1000" },
  },
});
