import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMediaCache } from "./media-cache";
import { createStaticFiles } from "./static-files";

/** Raw HTTP (fetch would decode the body and hide the encoding). */
function get(port: number, pathname: string, headers: Record<string, string> = {}, method = "GET") {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .request({ port, path: pathname, headers, method }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject)
      .end();
  });
}

describe("the browser build served from memory", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kapra-static-"));
  const script = "export const x = 1;\n".repeat(200);
  let server: http.Server;
  let port: number;

  beforeAll(async () => {
    fs.mkdirSync(path.join(dir, "assets"));
    fs.writeFileSync(path.join(dir, "assets/app-abc123.js"), script);
    // What scripts/precompress-assets.mjs writes beside each file.
    fs.writeFileSync(path.join(dir, "assets/app-abc123.js.br"), zlib.brotliCompressSync(script));
    fs.writeFileSync(path.join(dir, "assets/app-abc123.js.gz"), zlib.gzipSync(script));
    fs.writeFileSync(
      path.join(dir, "favicon.svg"),
      `<svg xmlns="http://www.w3.org/2000/svg">${" ".repeat(2000)}</svg>`,
    );
    const files = createStaticFiles(dir, { "X-Content-Type-Options": "nosniff" });
    server = http.createServer((req, res) => {
      if (!files.serve(req, res, new URL(req.url!, "http://x").pathname)) res.writeHead(404).end("not a file");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => {
    server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("sends the build's brotli or gzip copy as the browser accepts, cached for a year with an ETag", async () => {
    const br = await get(port, "/assets/app-abc123.js", { "accept-encoding": "gzip, deflate, br" });
    expect(br.status).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(script);
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(br.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(br.headers["x-content-type-options"]).toBe("nosniff");
    expect(br.headers.vary).toBe("Accept-Encoding");

    const gz = await get(port, "/assets/app-abc123.js", { "accept-encoding": "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gz.body).toString()).toBe(script);

    const plain = await get(port, "/assets/app-abc123.js");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(script);

    const again = await get(port, "/assets/app-abc123.js", { "if-none-match": String(br.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);

    const head = await get(port, "/assets/app-abc123.js", {}, "HEAD");
    expect(head.status).toBe(200);
    expect(Number(head.headers["content-length"])).toBe(script.length);
  });

  it("compresses a file the build left without copies off the main thread, and caches public files for an hour", async () => {
    let svg = await get(port, "/favicon.svg", { "accept-encoding": "gzip" });
    for (let i = 0; i < 50 && svg.headers["content-encoding"] !== "gzip"; i++) {
      await new Promise((r) => setTimeout(r, 20));
      svg = await get(port, "/favicon.svg", { "accept-encoding": "gzip" });
    }
    expect(svg.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(svg.body).toString()).toContain("<svg");
    expect(svg.headers["cache-control"]).toBe("public, max-age=3600");
    expect(svg.headers["content-type"]).toBe("image/svg+xml");
  });

  it("leaves anything that is not a built file to the app", async () => {
    expect((await get(port, "/products")).status).toBe(404);
    expect((await get(port, "/assets/app-abc123.js.br")).status).toBe(404);
    expect((await get(port, "/assets/missing.js")).status).toBe(404);
  });
});

describe("the photo cache", () => {
  it("keeps the most recently used photos within its byte budget", () => {
    const cache = createMediaCache(280);
    const photo = (n: number) => ({ contentType: "image/webp", bytes: new Uint8Array(n) });
    cache.set("a", photo(30));
    cache.set("b", photo(30));
    expect(cache.get("a")?.bytes.length).toBe(30); // a is now the most recent
    for (const key of ["c", "d", "e", "f", "g", "h", "i", "j"]) cache.set(key, photo(30));
    expect(cache.get("b")).toBeUndefined(); // the least recently used went first
    expect(cache.get("a")).toBeDefined();
    cache.set("huge", photo(200)); // more than an eighth of the budget: never kept
    expect(cache.get("huge")).toBeUndefined();
    expect(cache.bytes).toBeLessThanOrEqual(280);
    expect(cache.bytes).toBe(cache.size * 30);
  });

  it("keeps nothing with a budget of 0 (MEDIA_CACHE_MB=0)", () => {
    const cache = createMediaCache(0);
    cache.set("a", { contentType: "image/webp", bytes: new Uint8Array(10) });
    expect(cache.get("a")).toBeUndefined();
    expect(cache.size).toBe(0);
  });
});
