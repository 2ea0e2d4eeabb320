import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "~/schema";
import { parseEnv } from "~/lib/env.server";
import { CLIENT_IP_HEADER } from "~/modules/abuse/client-address";
import { revokeSellerRole } from "~/flows/team-roles.server";
import { publishLiveEvent } from "~/db/live-events.server";
import { DATABASE_KINDS, useTestDatabase } from "../tests/factories/test-database";
import { TEST_ORIGIN } from "../tests/factories/route-calls";
import { createServices, type Services } from "./app";
import { createLiveEventsHandler } from "./live-events-handler";

// The suite scales every limit up (vitest.config.ts); these tests check the shop's real caps.
process.env.ABUSE_LIMITS_SCALE = "1";

const PASSWORD = "quiet-mango-harbour-2026";

type Stream = {
  status: number;
  body: unknown;
  headers: Headers;
  text: () => string;
  ended: Promise<void>;
  close: () => void;
};

describe.each(DATABASE_KINDS)("live-event streams over HTTP on %s", (kind) => {
  const database = useTestDatabase(kind, { seed: "empty" });
  let services: Services;
  let server: http.Server;
  let base: string;
  let n = 0;

  beforeAll(async () => {
    services = await createServices(
      database,
      parseEnv({ NODE_ENV: "test", SIGN_IN_RATE_LIMIT: "1000", PUBLIC_URL: TEST_ORIGIN }),
    );
    const app = express();
    // What server/app.ts does: the client address in CLIENT_IP_HEADER (here chosen by the test).
    app.use((req, _res, next) => {
      req.headers[CLIENT_IP_HEADER] = String(req.headers["x-test-ip"] ?? "127.0.0.1");
      next();
    });
    // The shop's interval (45 s: only the live hub's account event can end these in time) and a quick one.
    app.get("/api/events", createLiveEventsHandler(services));
    app.get("/api/events-quick", createLiveEventsHandler(services, { recheckMs: 300 }));
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }, 300_000);
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    services?.live.closeStreams();
    await Promise.all([services?.live.stop(), services?.settings.stop?.(), services?.readCache.stop?.()]);
  });

  async function signUp(role: "buyer" | "seller" = "buyer"): Promise<{ id: string; cookie: string }> {
    const email = `live${++n}-${kind}@example.pk`;
    const res = await services.auth.handler(
      new Request(`${TEST_ORIGIN}/api/auth/sign-up/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: TEST_ORIGIN, [CLIENT_IP_HEADER]: `10.3.0.${n}` },
        body: JSON.stringify({ name: "Live Tester", email, password: PASSWORD }),
      }),
    );
    expect(res.status).toBe(200);
    const [user] = await database.db
      .update(users)
      .set({ role })
      .where(eq(users.email, email))
      .returning({ id: users.id });
    return {
      id: user.id,
      cookie: res.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; "),
    };
  }

  async function open(cookie: string, ip = "192.0.2.1", path = "/api/events"): Promise<Stream> {
    const controller = new AbortController();
    const res = await fetch(`${base}${path}`, { headers: { cookie, "x-test-ip": ip }, signal: controller.signal });
    if (res.status !== 200)
      return {
        status: res.status,
        body: await res.json(),
        headers: res.headers,
        text: () => "",
        ended: Promise.resolve(),
        close: () => {},
      };
    let text = "";
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    const ended = (async () => {
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) return;
          text += decoder.decode(value);
        }
      } catch {
        // aborted by the test
      }
    })();
    await waitFor(() => text.includes("event: ready"));
    return { status: 200, body: null, headers: res.headers, text: () => text, ended, close: () => controller.abort() };
  }

  async function waitFor(check: () => boolean, timeoutMs = 5_000) {
    const until = Date.now() + timeoutMs;
    while (!check()) {
      if (Date.now() > until) throw new Error("timed out");
      await new Promise((r) => setTimeout(r, 20));
    }
  }
  const endedWithin = (stream: Stream, ms: number) =>
    Promise.race([stream.ended.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), ms))]);

  it("an account may hold 6 streams at once; the 7th gets 429 RATE_LIMITED with Retry-After, and closing one makes room", async () => {
    const { cookie } = await signUp();
    const streams = [];
    for (let i = 0; i < 6; i++) streams.push(await open(cookie, `198.51.100.${i + 1}`));
    expect(streams.map((s) => s.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const refused = await open(cookie, "198.51.100.50");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("60");
    expect(refused.body).toEqual({
      error: {
        code: "RATE_LIMITED",
        message: "Too many live-update connections are open. Please close some tabs of the shop and try again.",
      },
    });
    streams[0].close();
    await waitFor(() => services.live.openStreams({ userId: "-", address: "198.51.100.1" }).address === 0);
    const again = await open(cookie, "198.51.100.51");
    expect(again.status).toBe(200);
    for (const s of [...streams, again]) s.close();
  });

  it("one address may hold 20 streams, whatever the accounts", async () => {
    const accounts = await Promise.all([signUp(), signUp(), signUp(), signUp()]);
    const streams = [];
    for (let i = 0; i < 20; i++) streams.push(await open(accounts[i % 4].cookie, "203.0.113.77"));
    expect(streams.every((s) => s.status === 200)).toBe(true);
    expect((await open(accounts[0].cookie, "203.0.113.77")).status).toBe(429);
    // Another address is not affected.
    const elsewhere = await open(accounts[0].cookie, "203.0.113.78");
    expect(elsewhere.status).toBe(200);
    for (const s of [...streams, elsewhere]) s.close();
  });

  it("a stream's first ready says how long ago that account's data last changed, so a page rendered just before it reloads", async () => {
    const [buyer, untouched, seller] = [await signUp(), await signUp(), await signUp("seller")];
    const readyData = (stream: Stream) =>
      JSON.parse(/event: ready\ndata: (.*)\n/.exec(stream.text())![1]) as { sinceChange: number | null };
    const quiet = await open(buyer.cookie, "192.0.2.30");
    expect(readyData(quiet)).toEqual({ sinceChange: null });
    quiet.close();

    // The change is heard through the database's notification, a moment after the commit.
    await publishLiveEvent(database.db, { topic: "orders", userId: buyer.id });
    await waitFor(() => services.live.sinceLastChange({ userId: buyer.id, seller: false }) !== null);
    const [changed, other, owner] = [
      await open(buyer.cookie, "192.0.2.31"),
      await open(untouched.cookie, "192.0.2.32"),
      await open(seller.cookie, "192.0.2.33"),
    ];
    expect(readyData(changed).sinceChange).toBeGreaterThanOrEqual(0);
    expect(readyData(changed).sinceChange).toBeLessThan(5_000);
    expect(readyData(other)).toEqual({ sinceChange: null }); // another buyer's order is not theirs
    expect(readyData(owner).sinceChange).toBeLessThan(5_000); // the owner hears of every order
    for (const s of [changed, other, owner]) s.close();
  });

  it("a seller whose role is taken away stops hearing about orders at once: the stream ends", async () => {
    const [demoted, other] = [await signUp("seller"), await signUp("seller")];
    const buyer = await signUp();
    const stream = await open(demoted.cookie, "192.0.2.10");
    await publishLiveEvent(database.db, { topic: "orders", userId: buyer.id });
    await waitFor(() => stream.text().includes("event: orders"));

    await revokeSellerRole(database.db, demoted.id);
    // Well before the 45-second re-check: the live hub heard of the change.
    expect(await endedWithin(stream, 3_000)).toBe(true);
    expect(stream.text()).not.toContain("event: account");
    // The other seller's stream goes on.
    const kept = await open(other.cookie, "192.0.2.11");
    await publishLiveEvent(database.db, { topic: "orders", userId: buyer.id });
    await waitFor(() => kept.text().includes("event: orders"));
    kept.close();
  });

  it("the session is checked again while the stream is open: a disabled account's or a signed-out session's stream ends", async () => {
    const disabled = await signUp();
    const stream = await open(disabled.cookie, "192.0.2.20", "/api/events-quick");
    expect(await endedWithin(stream, 1_000)).toBe(false); // still fine: the re-checks pass
    await database.db.update(users).set({ disabled: true }).where(eq(users.id, disabled.id));
    expect(await endedWithin(stream, 3_000)).toBe(true);

    const signedOut = await signUp();
    const second = await open(signedOut.cookie, "192.0.2.21", "/api/events-quick");
    const res = await services.auth.handler(
      new Request(`${TEST_ORIGIN}/api/auth/sign-out`, {
        method: "POST",
        headers: { cookie: signedOut.cookie, origin: TEST_ORIGIN, [CLIENT_IP_HEADER]: "10.3.9.9" },
      }),
    );
    expect(res.status).toBe(200);
    expect(await endedWithin(second, 3_000)).toBe(true);
  });
});
