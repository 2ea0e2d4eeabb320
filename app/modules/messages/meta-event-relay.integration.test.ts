import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSecretBox } from "~/db/secret-box.server";
import { createMetaConversionsSender } from "~/integrations/marketing/meta-conversions.server";
import { startMetaGraphStandIn, type MetaGraphStandIn } from "~/integrations/marketing/meta-graph-stand-in";
import { removeMetaPixel, saveMetaPixel } from "~/modules/marketing/meta-settings.server";
import { DATABASE_KINDS, useTestDatabase } from "../../../tests/factories/test-database";
import { TEST_AUTH_SECRET } from "../../../tests/factories/test-secret";
import type { MetaServerEvent } from "./message-sender";
import { createMetaEventRelay } from "./meta-event-relay.server";

const event = (n: number): MetaServerEvent => ({
  event_name: "PageView",
  event_time: Math.floor(Date.now() / 1000),
  event_id: `page-view-${n}`,
  action_source: "website",
  event_source_url: "https://kapra.test/",
  user_data: { client_user_agent: "Mozilla/5.0 Test", client_ip_address: "203.0.113.1" },
});

/** Buyers' browsing events go to the Conversions API in batches, bounded, through the real client. */
describe.each(DATABASE_KINDS)("the browsing events' relay to Meta, on %s", (kind) => {
  const database = useTestDatabase(kind);
  const box = createSecretBox(TEST_AUTH_SECRET, "marketing-settings");
  let meta: MetaGraphStandIn;
  const relay = (more: { batchSize?: number; maxQueued?: number } = {}) =>
    createMetaEventRelay({
      db: database.db,
      sender: createMetaConversionsSender({ baseUrl: meta.url, timeoutMs: 500 }),
      box,
      everyMs: 60_000,
      ...more,
    });

  beforeAll(async () => {
    meta = await startMetaGraphStandIn();
    await saveMetaPixel(database.db, box, {
      pixelId: meta.pixelId,
      accessToken: meta.accessToken,
      testEventCode: null,
      purchaseOn: "confirmed",
    });
  }, 300_000);
  afterAll(async () => {
    await meta?.stop();
  });

  it("sends what waits in batches of at most batchSize events, each event once", async () => {
    const r = relay({ batchSize: 2 });
    const before = meta.seen.length;
    for (let n = 0; n < 5; n++) r.add(event(n));
    await r.flush();
    await r.flush();
    const ids = meta.events.map((e) => e.event.event_id).filter((id) => id?.startsWith("page-view-"));
    expect(ids.sort()).toEqual(["page-view-0", "page-view-1", "page-view-2", "page-view-3", "page-view-4"]);
    expect(meta.seen.length - before).toBe(3);
    expect(r.stats()).toEqual({ sent: 5, dropped: 0, waiting: 0 });
  });

  it("tries a batch Meta did not take once more, then drops it; keeps at most maxQueued waiting", async () => {
    const r = relay({ maxQueued: 3 });
    meta.failNext(1, { status: 503 });
    for (let n = 10; n < 15; n++) r.add(event(n));
    expect(r.stats().waiting).toBe(3);
    await r.flush();
    expect(r.stats()).toEqual({ sent: 3, dropped: 2, waiting: 0 });
    meta.failNext(2, { status: 500 });
    r.add(event(20));
    await r.flush();
    expect(r.stats()).toMatchObject({ sent: 3, dropped: 3 });
    expect(meta.events.some((e) => e.event.event_id === "page-view-20")).toBe(false);
  });

  it("sends nothing once the Pixel is removed", async () => {
    await removeMetaPixel(database.db);
    const r = relay();
    const before = meta.seen.length;
    r.add(event(30));
    await r.flush();
    expect(meta.seen.length).toBe(before);
    expect(r.stats()).toMatchObject({ sent: 0, dropped: 1 });
  });
});
