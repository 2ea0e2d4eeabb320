import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { createPageCache } from "./page-cache";

let close: (() => void) | undefined;
afterEach(() => close?.());

describe("page cache clear", () => {
  it("drops every cached page, and does not keep a render that was under way during the clear", async () => {
    let version = "old";
    let delay = 0;
    const cache = createPageCache({
      ttlMs: 60_000,
      render: async () => {
        const body = `<p>${version}</p>`;
        await new Promise((r) => setTimeout(r, delay));
        return new Response(body, { headers: { "Content-Type": "text/html" } });
      },
    });
    const app = express();
    app.use(cache.handle);
    const server = app.listen(0, "127.0.0.1");
    await new Promise((r) => server.once("listening", r));
    close = () => server.close();
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const get = async (path: string) => {
      const res = await fetch(`${base}${path}`);
      return { body: await res.text(), cache: res.headers.get("x-cache") };
    };

    expect(await get("/a")).toEqual({ body: "<p>old</p>", cache: "MISS" });
    expect(await get("/a")).toEqual({ body: "<p>old</p>", cache: "HIT" });

    // A render starts with the old facts, the settings change mid-render, then the clear arrives.
    delay = 100;
    const slow = get("/b");
    await new Promise((r) => setTimeout(r, 30));
    version = "new";
    cache.clear();
    delay = 0;
    expect((await slow).body).toBe("<p>old</p>");
    expect(await get("/a")).toEqual({ body: "<p>new</p>", cache: "MISS" });
    expect(await get("/b")).toEqual({ body: "<p>new</p>", cache: "MISS" });
    expect(await get("/b")).toEqual({ body: "<p>new</p>", cache: "HIT" });
  });
});
