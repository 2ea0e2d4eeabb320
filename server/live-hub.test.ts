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
});
