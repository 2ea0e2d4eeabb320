import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  formatProfileSummary,
  monotonicUs,
  packageOf,
  readCpuProfile,
  summariseCpuProfile,
} from "./cpu-profile-summary";

describe("CPU profile summary", () => {
  it("puts a real profile's busy function first, by self time, and leaves idle time out", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kapra-cpu-prof-test-"));
    try {
      const script = path.join(dir, "burn.mjs");
      fs.writeFileSync(
        script,
        `
        function burnCpu(ms) { const end = Date.now() + ms; let x = 0; while (Date.now() < end) x += Math.sqrt(x + 1); return x; }
        function startUp(ms) { const end = Date.now() + ms; let x = 0; while (Date.now() < end) x += Math.cbrt(x + 1); return x; }
        startUp(400);
        process.stdout.write(String(process.hrtime.bigint() / 1000n));
        burnCpu(600);
        await new Promise((r) => setTimeout(r, 300));
      `,
      );
      const run = spawnSync(process.execPath, ["--cpu-prof", `--cpu-prof-dir=${dir}`, script], { encoding: "utf8" });
      expect(run.status).toBe(0);
      const file = fs.readdirSync(dir).find((f) => f.endsWith(".cpuprofile"))!;
      const profile = readCpuProfile(path.join(dir, file));
      const whole = summariseCpuProfile(profile);
      expect(whole.windowed).toBe(false);
      expect(whole.functions.map((f) => f.name.split(" ")[0])).toEqual(expect.arrayContaining(["burnCpu", "startUp"]));
      // The child's clock mark starts the window: its start-up is left out.
      const summary = summariseCpuProfile(profile, { window: { fromUs: Number(run.stdout), toUs: monotonicUs() } });
      expect(summary.windowed).toBe(true);
      expect(summary.functions.map((f) => f.name.split(" ")[0])).not.toContain("startUp");

      expect(summary.functions[0].name).toMatch(/^burnCpu .*burn\.mjs:2$/);
      expect(summary.functions[0].share).toBeGreaterThan(0.4);
      expect(summary.idleMs).toBeGreaterThan(150);
      expect(summary.totalMs).toBeGreaterThan(400);
      expect(summary.packages.reduce((n, p) => n + p.share, 0)).toBeLessThanOrEqual(1.0001);
      expect(formatProfileSummary(summary)).toContain("burnCpu");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("names the package a frame belongs to", () => {
    const frame = (url: string, functionName = "f") => ({ url, functionName, lineNumber: 0 });
    expect(packageOf(frame("file:///app/node_modules/@electric-sql/pglite/dist/index.js"))).toBe(
      "@electric-sql/pglite",
    );
    expect(packageOf(frame("file:///app/node_modules/react-dom/cjs/react-dom-server.node.production.js"))).toBe(
      "react-dom",
    );
    expect(packageOf(frame("node:internal/streams/writable"))).toBe("node (built-in)");
    expect(packageOf(frame("file:///tmp/x/app/build/server/index.js"))).toBe("shop (build/server)");
    expect(packageOf(frame("", "(garbage collector)"))).toBe("(garbage collector)");
  });
});
