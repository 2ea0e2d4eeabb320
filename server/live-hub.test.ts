import { describe, expect, it } from "vitest";
import type { LiveEvent } from "~/db/live-event";
import { createLiveHub, RECENT_CHANGE_MS, SHUTDOWN_RETRY_MS } from "./live-hub";

describe("the live hub", () => {
  it("tells buyers only about their own changes and sellers about every order", async () => {
    let deliver: (payload: string) => void = () => {};
    const hub = createLiveHub({
      listen: async (_channel, onMessage) => {
        deliver = onMessage;
        return async () => {};
      },
    });
    await hub.start();
    const heard: Record<string, LiveEvent[]> = { alice: [], bob: [], seller: [] };
    hub.subscribe({ userId: "alice", seller: false, send: (e) => heard.alice.push(e), close: () => {} });
    const stopBob = hub.subscribe({ userId: "bob", seller: false, send: (e) => heard.bob.push(e), close: () => {} });
    hub.subscribe({ userId: "owner", seller: true, send: (e) => heard.seller.push(e), close: () => {} });

    deliver(JSON.stringify({ topic: "cart", userId: "alice" }));
    deliver(JSON.stringify({ topic: "orders", userId: "alice" }));
    deliver("not json");
    stopBob();
    deliver(JSON.stringify({ topic: "cart", userId: "bob" }));

    expect(heard.alice).toEqual([
      { topic: "cart", userId: "alice" },
      { topic: "orders", userId: "alice" },
    ]);
    expect(heard.bob).toEqual([]);
    expect(heard.seller).toEqual([{ topic: "orders", userId: "alice" }]);
    expect(hub.size).toBe(2);
  });

  it("remembers for a minute when each account's data and any order last changed", async () => {
    let deliver: (payload: string) => void = () => {};
    const hub = createLiveHub({
      listen: async (_channel, onMessage) => {
        deliver = onMessage;
        return async () => {};
      },
    });
    await hub.start();
    deliver(JSON.stringify({ topic: "cart", userId: "alice" }));
    deliver(JSON.stringify({ topic: "account", userId: "bob" })); // for the servers, not a change of data
    // Read after the deliveries: the hub stamps each change when it arrives, and a millisecond may
    // pass between a clock read before them and the stamp (999 < 1000).
    const start = Date.now();
    const seller = { userId: "owner", seller: true };

    expect(hub.sinceLastChange({ userId: "alice", seller: false }, start + 1_000)).toBeGreaterThanOrEqual(1_000);
    expect(hub.sinceLastChange({ userId: "bob", seller: false }, start + 1_000)).toBeNull();
    expect(hub.sinceLastChange(seller, start + 1_000)).toBeNull(); // a cart is not an order
    deliver(JSON.stringify({ topic: "orders", userId: "carol" }));
    expect(hub.sinceLastChange(seller, Date.now() + 500)).toBeGreaterThanOrEqual(500);
    expect(hub.sinceLastChange({ userId: "alice", seller: false }, Date.now() + RECENT_CHANGE_MS + 1_000)).toBeNull();
  });

  it("ends every open stream with a retry hint at shutdown, and any stream opened after", async () => {
    const hub = createLiveHub({ listen: async () => async () => {} });
    await hub.start();
    const closedWith: Record<string, number> = {};
    const subscriber = (userId: string) => ({
      userId,
      seller: false,
      send: () => {},
      close: (retryMs: number) => void (closedWith[userId] = retryMs),
    });
    hub.subscribe(subscriber("alice"));
    hub.subscribe(subscriber("bob"));

    expect(hub.closeStreams()).toBe(2);
    hub.subscribe(subscriber("late"));

    expect(Object.keys(closedWith).sort()).toEqual(["alice", "bob", "late"]);
    for (const retryMs of Object.values(closedWith)) {
      expect(retryMs).toBeGreaterThanOrEqual(SHUTDOWN_RETRY_MS.min);
      expect(retryMs).toBeLessThanOrEqual(SHUTDOWN_RETRY_MS.max);
    }
    expect(hub.size).toBe(0);
  });
});
