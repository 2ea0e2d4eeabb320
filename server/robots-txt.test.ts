import http from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { createRobotsTxt } from "./robots-txt";

async function serve(origin: string) {
  const robots = createRobotsTxt(origin);
  const server = http.createServer((req, res) => robots(req, res, { "X-Content-Type-Options": "nosniff" }));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/robots.txt`, close: () => server.close() };
}

describe("robots.txt", () => {
  it("keeps crawlers out of the cart, checkout, sign-in and API and points them to the sitemap at PUBLIC_URL", async () => {
    const { url, close } = await serve("https://kapra.pk/");
    try {
      const res = await fetch(url, { headers: { cookie: "better-auth.session_token=x" } });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("text/plain; charset=utf-8");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      const text = await res.text();
      for (const path of ["/cart", "/checkout", "/auth", "/api/"]) expect(text).toContain(`Disallow: ${path}\n`);
      expect(text).toMatch(/^Sitemap: https:\/\/kapra\.pk\/sitemap\.xml$/m);
    } finally {
      close();
    }
  });

  it("names the shop's origin, never the Host the request came to", async () => {
    const { url, close } = await serve("http://localhost:3000");
    try {
      const text = await (await fetch(url, { headers: { host: "evil.example" } })).text();
      expect(text).toContain("Sitemap: http://localhost:3000/sitemap.xml");
      expect(text).not.toContain("evil");
    } finally {
      close();
    }
  });
});
