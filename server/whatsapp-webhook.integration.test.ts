import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import pg from "pg";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, users, whatsappEvents } from "~/schema";
import { drainOutbox } from "~/modules/messages/mail-worker.server";
import { whatsappOrderDesk } from "~/flows/whatsapp-order-desk.server";
import { createWhatsappCloudSender } from "~/integrations/messaging/whatsapp-cloud.server";
import {
  buttonReplyWebhook,
  signWebhook,
  startWhatsappStandIn,
  textMessageWebhook,
  type WhatsappStandIn,
} from "~/integrations/messaging/whatsapp-stand-in";
import { parseEnv } from "~/lib/env.server";
import { saveWhatsappSettings } from "~/modules/messages/whatsapp-settings.server";
import * as webhookRoute from "~/routes/webhooks/whatsapp";
import { DATABASE_KINDS, useTestDatabase } from "../tests/factories/test-database";
import { placeTestOrder } from "../tests/factories/test-orders";
import { TEST_ORIGIN } from "../tests/factories/route-calls";
import { createApp, createServices, type Services } from "./app";

// The suite scales every limit up (vitest.config.ts); the refusal limit is tested at its real number.
process.env.ABUSE_LIMITS_SCALE = "1";

const OWNER = { id: "wa-route-owner", name: "Owner" };
const VERIFY_TOKEN = "route-verify-token-5678";

/**
 * The build React Router would make, with only the webhook's route (and an empty root): the request
 * goes through the shop's real handling (host check, body limit, cross-site guard, Express, React
 * Router's request handler) to app/routes/webhooks/whatsapp.ts, which must read the raw bytes.
 */
const build = {
  entry: { module: { default: () => new Response("no pages in this test", { status: 500 }) } },
  routes: {
    root: { id: "root", path: "", module: {} },
    "routes/webhooks/whatsapp": {
      id: "routes/webhooks/whatsapp",
      parentId: "root",
      path: "webhooks/whatsapp",
      module: webhookRoute,
    },
  },
  assets: { entry: { module: "/entry.js", imports: [] }, routes: {}, url: "/manifest.js", version: "test" },
  publicPath: "/",
  assetsBuildDirectory: "build/client",
  future: {},
  ssr: true,
  isSpaMode: false,
  prerender: [],
  routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
} as unknown as ServerBuild;

describe.each(DATABASE_KINDS)("POST and GET /webhooks/whatsapp over HTTP, on %s", (kind) => {
  const database = useTestDatabase(kind);
  let services: Services;
  let server: http.Server;
  let url: string;
  let meta: WhatsappStandIn;

  beforeAll(async () => {
    meta = await startWhatsappStandIn();
    services = await createServices(
      database,
      parseEnv({
        NODE_ENV: "test",
        SIGN_IN_RATE_LIMIT: "1000",
        PUBLIC_URL: TEST_ORIGIN,
        WHATSAPP_API_URL: meta.url,
        TRUST_PROXY: "1",
      }),
    );
    server = http.createServer(createApp({ services, serveAssets: false, build }));
    server.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/whatsapp`;
    await database.db
      .insert(users)
      .values({ id: OWNER.id, name: OWNER.name, email: "wa-route-owner@example.pk", role: "seller" });
    await saveWhatsappSettings(database.db, services.secretBoxes["whatsapp-settings"], {
      phoneNumberId: meta.phoneNumberId,
      accessToken: meta.accessToken,
      appSecret: meta.appSecret,
      verifyToken: VERIFY_TOKEN,
      confirmationTemplate: "order_confirmation",
      shippedTemplate: "order_shipped",
      deliveredTemplate: "order_delivered",
      language: "en",
      sendDelayMinutes: 0,
      needsCallHours: 24,
    });
  }, 300_000);
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    await Promise.all([services?.live.stop(), services?.settings.stop?.(), services?.readCache.stop?.()]);
    await meta?.stop();
  });

  async function sentOrder(phone: string) {
    const order = await placeTestOrder(database.db, OWNER, { phone });
    await drainOutbox(database.db, {
      senders: { email: null, whatsapp: createWhatsappCloudSender({ baseUrl: meta.url, timeoutMs: 1000 }) },
      whatsappBox: services.secretBoxes["whatsapp-settings"],
      orderDesk: whatsappOrderDesk,
      from: null,
      publicUrl: TEST_ORIGIN,
    });
    const [message] = await meta.waitFor((m) => m.to === `92${phone.slice(1)}`);
    return { ...order, message, from: `92${phone.slice(1)}` };
  }
  const statusOf = async (id: string) =>
    (await database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, id)))[0].status;

  it("answers Meta's subscription check with the challenge as text, never cached, and 403 otherwise", async () => {
    const ok = await fetch(`${url}?hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1158201444`);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe("1158201444");
    expect(ok.headers.get("cache-control")).toBe("no-store");
    expect(ok.headers.get("content-type")).toMatch(/^text\/plain/);
    for (const query of [
      `hub.mode=subscribe&hub.verify_token=wrong&hub.challenge=1`,
      `hub.mode=subscribe&hub.challenge=1`,
      `hub.mode=other&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1`,
    ]) {
      const refused = await fetch(`${url}?${query}`);
      expect(refused.status).toBe(403);
      expect(await refused.text()).not.toContain("1158");
    }
  });

  it("applies a signed button reply from Meta (no Origin) and checks the signature over the raw bytes", async () => {
    const order = await sentOrder("03331234501");
    const payload = buttonReplyWebhook(meta.phoneNumberId, {
      from: order.from,
      payload: order.message.buttonPayloads[0],
      text: "Confirm",
      contextWamid: order.message.wamid,
    });
    // Meta's own spacing and escapes: what is signed is these bytes, not a re-encoding of the JSON.
    const raw = JSON.stringify(payload, null, 1).replace("Confirm", "Confirm \\u2714");
    const res = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Hub-Signature-256": signWebhook(raw, meta.appSecret) },
      body: raw,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await statusOf(order.id)).toBe("confirmed");
  });

  it("refuses 401 a missing or wrong signature, even from a browser on another site, and changes nothing", async () => {
    const order = await sentOrder("03331234502");
    const payload = buttonReplyWebhook(meta.phoneNumberId, {
      from: order.from,
      payload: order.message.buttonPayloads[1],
      text: "Cancel",
      contextWamid: order.message.wamid,
      wamid: "wamid.route-refused",
    });
    expect((await meta.postWebhook(url, payload, { signature: null })).status).toBe(401);
    expect((await meta.postWebhook(url, payload, { appSecret: "not-the-app-secret" })).status).toBe(401);
    expect(
      (
        await meta.postWebhook(url, payload, {
          signature: null,
          headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
        })
      ).status,
    ).toBe(401);
    expect(await statusOf(order.id)).toBe("pending");
    expect(
      await database.db.select().from(whatsappEvents).where(eq(whatsappEvents.key, "wamid.route-refused")),
    ).toHaveLength(0);
    // Signed, it goes through the cross-site guard (Meta sends no Origin) and cancels.
    expect((await meta.postWebhook(url, payload)).status).toBe(200);
    expect(await statusOf(order.id)).toBe("cancelled");
    // Delivered again: 200, applied once.
    expect((await meta.postWebhook(url, payload)).status).toBe(200);
    expect(
      await database.db.select().from(whatsappEvents).where(eq(whatsappEvents.key, "wamid.route-refused")),
    ).toHaveLength(1);
  });

  it("takes a text message as a reply", async () => {
    const order = await sentOrder("03331234503");
    expect(
      (
        await meta.postWebhook(
          url,
          textMessageWebhook(meta.phoneNumberId, { from: order.from, body: "Kab tak ayega?" }),
        )
      ).status,
    ).toBe(200);
    const [row] = await database.db
      .select({ repliedAt: orders.whatsappRepliedAt })
      .from(orders)
      .where(eq(orders.id, order.id));
    expect(row.repliedAt).toBeInstanceOf(Date);
  });

  /**
   * Declares a body of `size` bytes but sends only its first 64 KB, and resolves with the answer if it
   * comes while the rest is still unsent: the server answered without reading the body.
   */
  function postPartly(
    headers: Record<string, string>,
    size = 3 * 1024 * 1024 - 1,
  ): Promise<{ status: number; headers: http.IncomingHttpHeaders }> {
    return new Promise((resolve, reject) => {
      const req = http.request(url, {
        method: "POST",
        headers: { "Content-Type": "application/json", "Content-Length": String(size), ...headers },
      });
      const timer = setTimeout(() => {
        req.destroy();
        reject(new Error("no answer while the body was still being sent: the server waited for it"));
      }, 5_000);
      req.on("response", (res) => {
        clearTimeout(timer);
        resolve({ status: res.statusCode!, headers: res.headers });
        res.resume();
        req.destroy();
      });
      req.on("error", (error) => {
        clearTimeout(timer);
        reject(error);
      });
      req.write(Buffer.alloc(64 * 1024, " "));
    });
  }

  it("answers a 3 MB POST without a signature of Meta's form 401 before the client has sent its body, and closes the connection", async () => {
    const unsigned: Record<string, string>[] = [
      {},
      { "X-Hub-Signature-256": "sha256=not-hex" },
      { "X-Hub-Signature-256": `sha1=${"a".repeat(40)}` },
    ];
    for (const headers of unsigned) {
      const answer = await postPartly(headers);
      expect(answer.status).toBe(401);
      expect(answer.headers.connection).toBe("close");
      expect(answer.headers["cache-control"]).toBe("no-store");
    }
  });

  it.skipIf(kind !== "postgres")(
    "refuses a malformed signature without reading the WhatsApp settings, so without opening the app secret",
    async () => {
      const raw = JSON.stringify(textMessageWebhook(meta.phoneNumberId, { from: "923331234599", body: "hello" }));
      const post = (signature: string) =>
        fetch(url, {
          method: "POST",
          headers: { "Content-Type": "application/json", "X-Hub-Signature-256": signature },
          body: raw,
        });
      // Another session holds the settings table: whatever reads the sealed secrets waits for it.
      const holder = new pg.Client({ connectionString: database.url });
      await holder.connect();
      await holder.query("begin");
      await holder.query("lock table whatsapp_settings in access exclusive mode");
      let wronglySigned: Promise<Response> | undefined;
      try {
        for (const signature of ["sha256=zz", `sha256=${"A".repeat(64)}`, `sha512=${"a".repeat(128)}`, ""]) {
          const res = await post(signature);
          expect(res.status, signature).toBe(401);
        }
        // The check that this sees a read: a signature of Meta's form, though wrong, opens the secret, so it waits.
        wronglySigned = post(signWebhook(raw, "not-the-app-secret"));
        const first = await Promise.race([
          wronglySigned.then(() => "answered"),
          new Promise((r) => setTimeout(() => r("waiting"), 1_000)),
        ]);
        expect(first).toBe("waiting");
      } finally {
        await holder.query("rollback");
        await holder.end();
      }
      expect((await wronglySigned!).status).toBe(401);
    },
  );

  it("answers 429 with Retry-After, body unread, once one address has been refused 20 times in 10 minutes; other addresses and Meta go on", async () => {
    const payload = textMessageWebhook(meta.phoneNumberId, { from: "923331234598", body: "hi" });
    const from = (ip: string) => ({ "X-Forwarded-For": ip });
    for (let i = 0; i < 20; i++) {
      const res =
        i % 2 === 0
          ? await meta.postWebhook(url, payload, { signature: null, headers: from("203.0.113.40") })
          : await meta.postWebhook(url, payload, { appSecret: "not-the-app-secret", headers: from("203.0.113.40") });
      expect(res.status, `refusal ${i + 1}`).toBe(401);
    }
    for (const signature of [null, signWebhook(JSON.stringify(payload), "not-the-app-secret")]) {
      const limited = await meta.postWebhook(url, payload, { signature, headers: from("203.0.113.40") });
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(500);
      expect(Number(limited.headers.get("retry-after"))).toBeLessThanOrEqual(600);
    }
    // Answered before its 3 MB body was sent, even with a signature of Meta's form.
    const unread = await postPartly({ ...from("203.0.113.40"), "X-Hub-Signature-256": `sha256=${"0".repeat(64)}` });
    expect(unread.status).toBe(429);
    expect(unread.headers["retry-after"]).toMatch(/^\d+$/);
    // Another address is still heard; Meta's signed deliveries are never counted.
    expect((await meta.postWebhook(url, payload, { signature: null, headers: from("203.0.113.41") })).status).toBe(401);
    for (let i = 0; i < 25; i++)
      expect((await meta.postWebhook(url, payload, { headers: from("203.0.113.42") })).status).toBe(200);
  });
});
