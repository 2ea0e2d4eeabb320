import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  cpuMeter,
  createResources,
  findWrk,
  parseDuration,
  parseWrk,
  runWrk,
  servingProcesses,
  startTrivialServer,
  stopChild,
} from "./bench-support.mjs";

const wrk = findWrk();

describe("bench support", () => {
  it("meters the CPU a process and the machine spent while it was busy, and nothing for a process that was not", () => {
    const idle = spawn("sleep", ["5"]);
    try {
      const meter = cpuMeter([process.pid]);
      const idleMeter = cpuMeter([idle.pid!]);
      // 400 ms of this process's own CPU time, however long the scheduler makes that take (other
      // test workers share the cores): a wall-clock spin could be given less than the 250 ms asked for.
      const started = process.cpuUsage();
      const spentUs = () => {
        const used = process.cpuUsage(started);
        return used.user + used.system;
      };
      while (spentUs() < 400_000) Math.sqrt(Math.random());
      const spent = meter.stop();
      expect(spent.ownMs).toBeGreaterThanOrEqual(250);
      expect(spent.machineMs).toBeGreaterThanOrEqual(250);
      expect(idleMeter.stop().ownMs).toBeLessThan(50);
    } finally {
      idle.kill();
    }
  });

  it.skipIf(!wrk)(
    "runs wrk against the trivial server and reads its rate, latencies and errors",
    async () => {
      const resources = createResources("test");
      try {
        const server = await startTrivialServer(resources.track);
        const r = await runWrk(wrk!, server.url, { duration: "1s", headers: ["Cookie: a=b"], track: resources.track });
        expect(r.rps).toBeGreaterThan(100);
        expect(r.requests).toBeGreaterThan(100);
        expect(r.p50Ms).toBeGreaterThan(0);
        expect(r.p99Ms).toBeGreaterThanOrEqual(r.p50Ms);
        expect(r.non2xx).toBe(0);
        expect(r.socketErrorCount).toBe(0);
        await stopChild(server.child);
      } finally {
        await resources.cleanupAll();
      }
    },
    30_000,
  );

  it("counts wrk's non-2xx responses and every kind of socket error", () => {
    const output = [
      "  Latency Distribution",
      "     50%    1.25ms",
      "     99%  210.00us",
      "  1234 requests in 10.00s, 2.00MB read",
      "  Socket errors: connect 0, read 3, write 1, timeout 2",
      "  Non-2xx or 3xx responses: 7",
      "Requests/sec:    123.40",
    ].join("\n");
    expect(parseWrk(output)).toMatchObject({
      rps: 123.4,
      p50Ms: 1.25,
      p99Ms: 0.21,
      requests: 1234,
      non2xx: 7,
      socketErrorCount: 6,
      timeouts: 2,
    });
    // Nothing answered in time: wrk prints 0 latencies, which are unknown rather than instant.
    const none = parseWrk(
      "     50%    0.00us\n     99%    0.00us\n  0 requests in 3.00s, 0.00B read\n  Socket errors: connect 0, read 0, write 0, timeout 20\nRequests/sec:      0.00",
    );
    expect(none).toMatchObject({ rps: 0, requests: 0, timeouts: 20, socketErrorCount: 20 });
    expect(none.p50Ms).toBeNaN();
    expect(none.p99Ms).toBeNaN();
    expect(parseDuration("2.5s")).toBe(2500);
    expect(parseDuration("1m")).toBe(60000);
  });

  it("counts the worker processes a node:cluster primary forked, and 1 for a process serving alone", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kapra-bench-test-"));
    const primary = path.join(dir, "primary.cjs");
    fs.writeFileSync(
      primary,
      `
      const cluster = require("node:cluster");
      if (cluster.isPrimary) { for (let i = 0; i < 2; i++) cluster.fork(); process.on("SIGTERM", () => { for (const w of Object.values(cluster.workers)) w.kill(); process.exit(0); }); }
      else { process.send("up"); setInterval(() => {}, 1000); }
    `,
    );
    const clustered = spawn(process.execPath, [primary], { stdio: "ignore" });
    const alone = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });
    try {
      let count = servingProcesses(clustered.pid!);
      for (let i = 0; i < 50 && count.children < 2; i++) {
        await new Promise((r) => setTimeout(r, 100));
        count = servingProcesses(clustered.pid!);
      }
      expect(count).toMatchObject({ processes: 2, children: 2 });
      expect(count.pids).toHaveLength(2);
      expect(servingProcesses(alone.pid!)).toEqual({ processes: 1, children: 0, pids: [] });
    } finally {
      await stopChild(clustered);
      await stopChild(alone);
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);

  it("stops its children and removes its temp folders and clean-ups, in reverse order", async () => {
    const resources = createResources("test");
    const child = resources.track(spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" }));
    const dir = resources.tmpDir("kapra-bench-test-");
    const order: string[] = [];
    resources.defer(() => order.push("first"));
    resources.defer(() => order.push("second"));
    await resources.cleanupAll();
    expect(child.exitCode !== null || child.signalCode !== null).toBe(true);
    expect(fs.existsSync(dir)).toBe(false);
    expect(order).toEqual(["second", "first"]);
  });
});
