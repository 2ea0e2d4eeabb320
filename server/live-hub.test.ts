import { describe, expect, it } from "vitest";
import type { LiveEvent } from "~/modules/live/live-event";
import { createLiveHub } from "./live-hub";

describe("the live hub", () => {
  it("tells buyers only about their own changes and sellers about every order", async () => {
    let deliver: (payload: string) => void = () => {};
    const hub = createLiveHub({ listen: async (_channel, onMessage) => { deliver = onMessage; return async () => {}; } });
    await hub.start();
    const heard: Record<string, LiveEvent[]> = { alice: [], bob: [], seller: [] };
    hub.subscribe({ userId: "alice", seller: false, send: (e) => heard.alice.push(e) });
    const stopBob = hub.subscribe({ userId: "bob", seller: false, send: (e) => heard.bob.push(e) });
    hub.subscribe({ userId: "owner", seller: true, send: (e) => heard.seller.push(e) });

    deliver(JSON.stringify({ topic: "cart", userId: "alice" }));
    deliver(JSON.stringify({ topic: "orders", userId: "alice" }));
    deliver("not json");
    stopBob();
    deliver(JSON.stringify({ topic: "cart", userId: "bob" }));

    expect(heard.alice).toEqual([{ topic: "cart", userId: "alice" }, { topic: "orders", userId: "alice" }]);
    expect(heard.bob).toEqual([]);
    expect(heard.seller).toEqual([{ topic: "orders", userId: "alice" }]);
    expect(hub.size).toBe(2);
  });

  it("remembers when each person last had an event, so a stream opening after a page rendered knows what it missed", async () => {
    let deliver: (payload: string) => void = () => {};
    const hub = createLiveHub({ listen: async (_channel, onMessage) => { deliver = onMessage; return async () => {}; } });
    await hub.start();
    expect(hub.lastEventAt({ userId: "alice", seller: false })).toBe(0);
    const before = Date.now();
    deliver(JSON.stringify({ topic: "orders", userId: "alice" }));
    const at = hub.lastEventAt({ userId: "alice", seller: false });
    expect(at).toBeGreaterThanOrEqual(before);
    // Bob heard nothing; a seller hears of every order.
    expect(hub.lastEventAt({ userId: "bob", seller: false })).toBe(0);
    expect(hub.lastEventAt({ userId: "owner", seller: true })).toBe(at);
    deliver(JSON.stringify({ topic: "cart", userId: "bob" }));
    expect(hub.lastEventAt({ userId: "owner", seller: true })).toBe(at);
  });
});
