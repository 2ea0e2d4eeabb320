import http from "node:http";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { findWrk, runWrk } from "./bench-support.mjs";
import { ordersLuaScript, readOrdersTally } from "./wrk-orders";

const wrk = findWrk();

describe("the wrk orders script", () => {
  it.skipIf(!wrk)(
    "sends every order with its own key, the buyers' cookies in turn, and tallies what came back",
    async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kapra-wrk-orders-test-"));
      const keys: string[] = [];
      const cookies = new Map<string, number>();
      const bodies = new Set<string>();
      let n = 0;
      // Every fifth order is refused, so the tally must tell 201 from 409.
      const server = http.createServer((req, res) => {
        let body = "";
        req.on("data", (d) => (body += d));
        req.on("end", () => {
          keys.push(String(req.headers["idempotency-key"]));
          cookies.set(String(req.headers.cookie), (cookies.get(String(req.headers.cookie)) ?? 0) + 1);
          bodies.add(`${req.method} ${req.url} ${req.headers["content-type"]} ${body}`);
          n += 1;
          if (n % 5 === 0)
            return void res
              .writeHead(409, { "content-type": "application/json" })
              .end('{"error":{"code":"OUT_OF_STOCK"}}');
          res
            .writeHead(201, { "content-type": "application/json" })
            .end(JSON.stringify({ data: { orderId: `order-${n}`, orderNumber: `ORD-${n}` } }));
        });
      });
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      const { port } = server.address() as { port: number };
      try {
        const script = path.join(dir, "orders.lua");
        const resultFile = path.join(dir, "orders.json");
        const body = {
          items: [{ productId: "p-1", color: "Black", size: "M", quantity: 1 }],
          note: "a ]] and ]=] inside",
        };
        fs.writeFileSync(
          script,
          ordersLuaScript({ cookies: ["session=a", "session=b"], body, keyPrefix: "run-1", resultFile }),
        );
        const r = await runWrk(wrk!, `http://127.0.0.1:${port}/api/orders`, { duration: "1s", script });
        server.closeAllConnections();
        const tally = readOrdersTally(resultFile);

        expect(keys.length).toBeGreaterThan(20);
        expect(new Set(keys).size).toBe(keys.length);
        expect(keys.every((k) => /^run-1-[12]-\d+$/.test(k))).toBe(true);
        expect([...bodies]).toEqual([`POST /api/orders application/json ${JSON.stringify(body)}`]);
        expect([...cookies.keys()].sort()).toEqual(["session=a", "session=b"]);
        expect(tally.answered).toBe(r.requests);
        expect(tally.sent).toBeGreaterThanOrEqual(tally.answered);
        expect(tally.sent).toBeLessThanOrEqual(keys.length + 20);
        expect((tally.statuses["201"] ?? 0) + (tally.statuses["409"] ?? 0)).toBe(tally.answered);
        expect(tally.statuses["409"]).toBeGreaterThan(0);
        expect(tally.createdIds).toHaveLength(tally.statuses["201"]);
        expect(new Set(tally.createdIds).size).toBe(tally.createdIds.length);
        expect(tally.createdIds.every((id) => /^order-\d+$/.test(id))).toBe(true);
      } finally {
        server.close();
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
    30_000,
  );
});
