import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BODY_LIMIT_BYTES, limitRequestBodies } from "./body-limit";

/** A real HTTP server whose app echoes how many body bytes it read (and whether it was called). */
let server: http.Server;
let base: string;
let reached = 0;

beforeAll(async () => {
  server = http.createServer(
    limitRequestBodies(async (req, res) => {
      reached++;
      let size = 0;
      for await (const chunk of req) size += (chunk as Buffer).length;
      res.setHeader("Content-Type", "application/json");
      res.end(JSON.stringify({ size, type: req.headers["content-type"] ?? null }));
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Sends a request by hand (headers, then body chunks) and reads the answer. */
function send(
  path: string,
  { headers = {}, chunks = [] as Buffer[], method = "POST" } = {},
): Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${path}`, { method, headers }, (res) => {
      let body = "";
      res
        .setEncoding("utf8")
        .on("data", (c: string) => (body += c))
        .on("end", () => resolve({ status: res.statusCode!, body, headers: res.headers }));
    });
    req.on("error", reject);
    for (const chunk of chunks) req.write(chunk);
    req.end();
  });
}

const kb = (n: number) => Buffer.alloc(n * 1024, "a");

describe("request body limit", () => {
  it("passes a body within the limit, with or without a length", async () => {
    const small = await send("/cart", {
      headers: { "content-type": "application/x-www-form-urlencoded", "content-length": String(60 * 1024) },
      chunks: [kb(60)],
    });
    expect(small.status).toBe(200);
    expect(JSON.parse(small.body).size).toBe(60 * 1024);
    const chunked = await send("/api/orders", {
      headers: { "content-type": "application/json" },
      chunks: [kb(30), kb(30)],
    });
    expect(chunked.status).toBe(200);
    expect(JSON.parse(chunked.body)).toEqual({ size: 60 * 1024, type: "application/json" });
  });

  it("answers 413 in the API's error shape to a declared length over the limit, without reading it", async () => {
    const before = reached;
    // Only the headers are sent: the answer comes before any body byte exists.
    const res = await send("/api/orders", {
      headers: { "content-type": "application/json", "content-length": String(10 * 1024 * 1024) },
      chunks: [],
      method: "POST",
    }).catch((e) => e);
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toEqual({
      error: { code: "PAYLOAD_TOO_LARGE", message: "The request body is larger than 64 KB" },
    });
    expect(res.headers.connection).toBe("close");
    expect(reached).toBe(before);
  });

  it("counts a chunked body as it streams and stops at the limit with a short page", async () => {
    const before = reached;
    const res = await send("/contact", {
      headers: { "content-type": "application/x-www-form-urlencoded" },
      chunks: [kb(40), kb(40)],
    });
    expect(res.status).toBe(413);
    expect(res.headers["content-type"]).toMatch(/text\/html/);
    expect(res.body).toContain("Request too large");
    expect(reached).toBe(before);
  });

  it("leaves photo uploads to their own, larger limit", async () => {
    const upload = await send("/api/products/abc/images", {
      headers: { "content-type": "multipart/form-data; boundary=x", "content-length": String(200 * 1024) },
      chunks: [kb(200)],
    });
    expect(upload.status).toBe(200);
    const form = await send("/seller/products/new.data", {
      headers: { "content-type": "multipart/form-data; boundary=x" },
      chunks: [kb(100), kb(100)],
    });
    expect(form.status).toBe(200);
    // The form's address before issue 27 too, so a post from a page open since then reaches its 308.
    const moved = await send("/seller-dashboard/products/abc/edit", {
      headers: { "content-type": "multipart/form-data; boundary=x" },
      chunks: [kb(100), kb(100)],
    });
    expect(moved.status).toBe(200);
    // A buyer's return request with its photos (issue 30), as a page post and as React Router's fetch.
    for (const path of ["/orders/abc/return", "/orders/abc/return.data"]) {
      const returnForm = await send(path, {
        headers: { "content-type": "multipart/form-data; boundary=x" },
        chunks: [kb(100), kb(100)],
      });
      expect(returnForm.status).toBe(200);
    }
    // A cost file (Products > Import costs): a catalogue of 2,000 SKUs is past 64 KB.
    for (const path of ["/seller/products/costs", "/seller/products/costs.data"]) {
      const costFile = await send(path, {
        headers: { "content-type": "multipart/form-data; boundary=x" },
        chunks: [kb(100), kb(100)],
      });
      expect(costFile.status).toBe(200);
      expect(JSON.parse(costFile.body).size).toBe(200 * 1024);
    }
    // The same size elsewhere, or as JSON, is refused.
    const json = await send("/api/products", {
      headers: { "content-type": "application/json", "content-length": String(BODY_LIMIT_BYTES + 1) },
      chunks: [],
    });
    expect(json.status).toBe(413);
    const multipartElsewhere = await send("/contact", {
      headers: { "content-type": "multipart/form-data; boundary=x", "content-length": String(BODY_LIMIT_BYTES + 1) },
      chunks: [],
    });
    expect(multipartElsewhere.status).toBe(413);
    // Meta's signed WhatsApp webhooks come in batches of up to 3 MB: that path alone reads them whole.
    const webhook = await send("/webhooks/whatsapp", {
      headers: { "content-type": "application/json", "content-length": String(1024 * 1024) },
      chunks: [kb(1024)],
    });
    expect(webhook.status).toBe(200);
    expect(JSON.parse(webhook.body).size).toBe(1024 * 1024);
    const webhookTooLarge = await send("/webhooks/whatsapp", {
      headers: { "content-type": "application/json", "content-length": String(3 * 1024 * 1024 + 1) },
      chunks: [],
    });
    expect(webhookTooLarge.status).toBe(413);
    const elsewhere = await send("/webhooks/other", {
      headers: { "content-type": "application/json", "content-length": String(BODY_LIMIT_BYTES + 1) },
      chunks: [],
    });
    expect(elsewhere.status).toBe(413);
    // The order page itself (its forms have no files) and the JSON API of returns keep the 64 KB limit.
    for (const path of ["/orders/abc", "/api/orders/abc/returns"]) {
      const refused = await send(path, {
        headers: { "content-type": "multipart/form-data; boundary=x", "content-length": String(BODY_LIMIT_BYTES + 1) },
        chunks: [],
      });
      expect(refused.status).toBe(413);
    }
  });
});

describe("NUL characters", () => {
  it("are refused at the door, in the URL, a form or JSON, before the app sees them", async () => {
    const before = reached;
    const inUrl = await send("/api/products?q=a%00b", { method: "GET" });
    expect(inUrl.status).toBe(400);
    expect(JSON.parse(inUrl.body)).toEqual({
      error: { code: "VALIDATION", message: "Text cannot contain NUL characters" },
    });
    const inForm = await send("/contact", {
      headers: { "content-type": "application/x-www-form-urlencoded" },
      chunks: [Buffer.from("name=a%00b&message=hi")],
    });
    expect(inForm.status).toBe(400);
    expect(inForm.body).toContain("Text cannot contain NUL characters");
    const json = Buffer.from('{"a":"x\\u0000y"}');
    const inJson = await send("/api/cart/items", {
      headers: { "content-type": "application/json", "content-length": String(json.length) },
      chunks: [json],
    });
    expect(inJson.status).toBe(400);
    expect(reached).toBe(before);
    // An escaped backslash before "u0000" in JSON, or "%00" in JSON text, is ordinary text.
    const fine = await send("/api/cart/items", {
      headers: { "content-type": "application/json" },
      chunks: [Buffer.from('{"a":"100%00 cotton"}')],
    });
    expect(fine.status).toBe(200);
  });
});

describe("a page's form over the limit (sent without JavaScript)", () => {
  const form = (fields: Record<string, string>) => Buffer.from(new URLSearchParams(fields).toString());
  const cookieOf = (headers: http.IncomingHttpHeaders) => {
    const cookie = [headers["set-cookie"] ?? []].flat().find((c) => c.startsWith("shop_too_large="));
    return cookie ? JSON.parse(decodeURIComponent(cookie.split(";")[0].slice("shop_too_large=".length))) : null;
  };

  it("goes back to the page it came from, naming the field that was too long and keeping the short ones", async () => {
    const before = reached;
    const body = form({
      name: "Ayesha Khan",
      email: "ayesha@example.pk",
      subject: "Sizing",
      message: "ہ".repeat(40_000),
      formStartedAt: "token",
    });
    const res = await send("/contact", {
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "content-length": String(body.length),
        host: new URL(base).host,
        referer: `${base}/contact?from=menu`,
      },
      chunks: [body],
    });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe("/contact?from=menu");
    expect(cookieOf(res.headers)).toEqual({
      path: "/contact",
      field: "message",
      values: { name: "Ayesha Khan", email: "ayesha@example.pk", subject: "Sizing" },
    });
    expect(reached).toBe(before);
  });

  it("takes a navigation without a Referer back to the form's own page; another site's Referer is not followed", async () => {
    const body = form({ comment: "x".repeat(70 * 1024) });
    const navigation = await send("/product/abc", {
      headers: { "content-type": "application/x-www-form-urlencoded", "sec-fetch-mode": "navigate" },
      chunks: [body],
    });
    expect(navigation.status).toBe(303);
    expect(navigation.headers.location).toBe("/product/abc");
    expect(cookieOf(navigation.headers)).toEqual({ path: "/product/abc", field: "comment", values: {} });
    const elsewhere = await send("/product/abc", {
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "sec-fetch-mode": "navigate",
        referer: "https://evil.example/x",
      },
      chunks: [body],
    });
    expect(elsewhere.headers.location).toBe("/product/abc");
  });

  it("keeps the 413 for scripts, the API and React Router's data requests", async () => {
    const body = form({ message: "x".repeat(70 * 1024) });
    const headers = {
      "content-type": "application/x-www-form-urlencoded",
      "sec-fetch-mode": "cors",
      referer: `${base}/contact`,
    };
    expect((await send("/contact.data", { headers, chunks: [body] })).status).toBe(413);
    expect(
      (await send("/api/orders", { headers: { ...headers, "sec-fetch-mode": "navigate" }, chunks: [body] })).status,
    ).toBe(413);
    expect(
      (await send("/contact", { headers: { "content-type": "application/x-www-form-urlencoded" }, chunks: [body] }))
        .status,
    ).toBe(413);
  });
});
