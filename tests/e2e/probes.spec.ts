import { expect, test } from "@playwright/test";

/** Issue 9: the probes a load balancer asks, on the embedded database, never served from the guest page cache. */
test("/healthz and /readyz answer now, every time", async ({ request }) => {
  for (let i = 0; i < 2; i++) {
    const health = await request.get("/healthz");
    expect(health.status()).toBe(200);
    expect(await health.json()).toEqual({ status: "ok" });
    const ready = await request.get("/readyz");
    expect(ready.status()).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready" });
    expect(ready.headers()["cache-control"]).toBe("no-store");
    expect(ready.headers()["x-cache"]).toBeUndefined();
  }
});
