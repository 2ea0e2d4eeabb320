import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refuseCrossSiteWrites } from "./cross-site-guard";

describe("state-changing requests from other sites", () => {
  let server: http.Server;
  let base = "";
  beforeAll(async () => {
    const app = express();
    app.use(refuseCrossSiteWrites({ PUBLIC_URL: "https://shop.example.pk" }));
    app.all("/{*path}", (_req, res) => void res.send("done"));
    server = http.createServer(app);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const send = (method: string, path: string, headers: Record<string, string> = {}) =>
    fetch(`${base}${path}`, { method, headers });

  it("lets same-origin posts, the public origin and non-browser clients through", async () => {
    expect((await send("POST", "/cart", { origin: base })).status).toBe(200);
    expect((await send("POST", "/cart", { origin: "https://shop.example.pk" })).status).toBe(200);
    expect((await send("POST", "/api/orders")).status).toBe(200);
    expect((await send("GET", "/cart", { origin: "http://evil.example" })).status).toBe(200);
  });

  it("refuses posts another site's page makes, as JSON under /api", async () => {
    const page = await send("POST", "/cart", { origin: "http://evil.example" });
    expect(page.status).toBe(403);
    const api = await send("DELETE", "/api/cart", { origin: "http://evil.example" });
    expect(api.status).toBe(403);
    expect(await api.json()).toEqual({
      error: { code: "FORBIDDEN", message: "Requests from other sites are not allowed." },
    });
    expect((await send("POST", "/cart", { "sec-fetch-site": "cross-site" })).status).toBe(403);
    expect((await send("POST", "/cart", { origin: "null" })).status).toBe(403);
  });

  it("lets POSTs to Meta's signed webhook through, its one documented exception (the route checks the signature)", async () => {
    expect(
      (await send("POST", "/webhooks/whatsapp", { origin: "http://evil.example", "sec-fetch-site": "cross-site" }))
        .status,
    ).toBe(200);
    expect((await send("POST", "/webhooks/whatsapp/other", { origin: "http://evil.example" })).status).toBe(403);
  });
});
