import { createHash } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILT_SERVER, startServerProcess, waitFor, type ServerProcess } from "../tests/factories/server-process";
import { startTestSmtpServer, type TestSmtpServer } from "../app/integrations/messaging/smtp-stand-in";

/**
 * The built server as deployed behind one proxy (PUBLIC_URL https, TRUST_PROXY=1), over real HTTP:
 * requests name hosts, forwarded addresses and cookies the way a browser and nginx (or an attacker)
 * would. Node's http.request, because fetch will not let a test write the Host header.
 */
type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };

function request(
  server: ServerProcess,
  pathname: string,
  { method = "GET", headers = {}, body }: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: "127.0.0.1", port: server.port, path: pathname, method, headers: { host: "shop.example", ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }),
        );
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

const SHOP = "https://shop.example";
const json = (forwardedFor: string, extra: Record<string, string> = {}) => ({
  "content-type": "application/json",
  origin: SHOP,
  "x-forwarded-for": forwardedFor,
  "x-forwarded-proto": "https",
  ...extra,
});
const PASSWORD = "Lahore-kurta-7391-winter";

describe.runIf(fs.existsSync(BUILT_SERVER))("a deployed shop (PUBLIC_URL=https://shop.example, TRUST_PROXY=1)", () => {
  let server: ServerProcess;
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "kapra-deploy-"));
    server = await startServerProcess({
      DATA_DIR: dataDir,
      PUBLIC_URL: SHOP,
      TRUST_PROXY: "1",
      SIGN_IN_RATE_LIMIT: "3",
      SMTP_URL: smtp.url,
      MAIL_FROM: "Kapra <orders@shop.example>",
    });
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
    await smtp?.stop();
  });

  it("refuses other hosts with 421 and never caches a page for them; the health probes answer any host", async () => {
    for (const host of ["evil.example", "127.0.0.1:" + 0, "shop.example.evil.example", "localhost"]) {
      const res = await request(server, "/", { headers: { host } });
      expect(res.status).toBe(421);
      expect(res.body).not.toContain("<html");
    }
    const api = await request(server, "/api/products", { headers: { host: "evil.example" } });
    expect(api.status).toBe(421);
    expect(JSON.parse(api.body)).toEqual({
      error: { code: "MISDIRECTED_REQUEST", message: "This server does not answer for that host name." },
    });
    const absolute = await request(server, "http://evil.example/", { headers: { host: "shop.example" } });
    expect(absolute.status).toBe(400);
    expect((await request(server, "/healthz", { headers: { host: "10.0.0.11:3000" } })).status).toBe(200);
    expect((await request(server, "/readyz", { headers: { host: "10.0.0.11:3000" } })).status).toBe(200);

    // The shop's own host: pages, canonical links and the cache all name PUBLIC_URL, whatever else the request says.
    for (let i = 0; i < 2; i++) {
      const page = await request(server, "/", { headers: { "x-forwarded-host": "evil.example" } });
      expect(page.status).toBe(200);
      expect(page.body).not.toContain("evil.example");
      expect(page.body).toContain(`<link rel="canonical" href="${SHOP}/"`);
    }
    const log = JSON.stringify(server.logs());
    expect(log).toContain("request for another host refused");
  });

  it("puts PUBLIC_URL in robots.txt and the sitemap", async () => {
    const robots = await request(server, "/robots.txt", { headers: { host: "shop.example:443" } });
    expect(robots.body).toContain(`Sitemap: ${SHOP}/sitemap.xml`);
    const sitemap = await request(server, "/sitemap.xml");
    const locs = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs.length).toBeGreaterThan(5);
    for (const loc of locs) expect(loc.startsWith(`${SHOP}/`)).toBe(true);
  });

  it("sends a CSP that lets only the page's own scripts run: a nonce on a fresh page, the scripts' hashes on a cached copy; the other headers everywhere", async () => {
    const directives = [
      "default-src 'self'",
      "img-src 'self' data: blob:",
      "object-src 'none'",
      "frame-ancestors 'none'",
      "base-uri 'self'",
      "form-action 'self'",
    ];
    const inlineScripts = (body: string) =>
      [...body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
        ([, attrs]) => !/\ssrc=|application\/ld\+json/.test(attrs),
      );
    // A visitor with a cookie gets a fresh render, with a fresh nonce on every script.
    const fresh = [
      await request(server, "/products", { headers: { cookie: "theme=a" } }),
      await request(server, "/products", { headers: { cookie: "theme=b" } }),
    ];
    for (const page of fresh) {
      const csp = String(page.headers["content-security-policy"]);
      expect([page.headers["content-security-policy"]].flat()).toHaveLength(1);
      const nonce = /script-src 'self' 'nonce-([A-Za-z0-9+/=]+)'/.exec(csp)![1];
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      for (const directive of directives) expect(csp).toContain(directive);
      const scripts = [...page.body.matchAll(/<script\b([^>]*)>/g)]
        .map((m) => m[1])
        .filter((attrs) => !attrs.includes("application/ld+json"));
      expect(scripts.length).toBeGreaterThan(2);
      for (const attrs of scripts) expect(attrs).toContain(`nonce="${nonce}"`);
    }
    expect(fresh[0].headers["content-security-policy"]).not.toBe(fresh[1].headers["content-security-policy"]);

    // Guests share a cached copy: no nonce in it to share; its CSP names the hash of each inline script, and only those.
    const pages = [await request(server, "/products"), await request(server, "/products")];
    expect(pages.map((p) => p.headers["x-cache"])).toEqual(["MISS", "HIT"]);
    for (const page of pages) {
      const csp = String(page.headers["content-security-policy"]);
      expect(csp).not.toContain("nonce");
      expect(page.body).not.toMatch(/\snonce="/);
      for (const directive of directives) expect(csp).toContain(directive);
      const scriptSrc = /script-src ([^;]*)/.exec(csp)![1].split(" ");
      const hashes = inlineScripts(page.body).map(
        ([, , code]) => `'sha256-${createHash("sha256").update(code).digest("base64")}'`,
      );
      expect(hashes.length).toBeGreaterThan(0);
      expect(scriptSrc.sort()).toEqual(["'self'", ...new Set(hashes)].sort());
    }

    const asset =
      /<script[^>]*>[^<]*import\("([^"]+)"\)/.exec(pages[0].body)?.[1] ??
      /"(\/assets\/[^"]+\.js)"/.exec(pages[0].body)![1];
    const answers = [
      pages[1],
      await request(server, asset),
      await request(server, "/robots.txt"),
      await request(server, "/api/products"),
      await request(server, "/sitemap.xml"),
    ];
    for (const res of answers) {
      expect(res.status).toBe(200);
      expect(res.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
      expect(res.headers["cross-origin-opener-policy"]).toBe("same-origin");
      expect(res.headers["permissions-policy"]).toMatch(/camera=\(\), microphone=\(\), geolocation=\(\), payment=\(\)/);
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(String(res.headers["content-security-policy"])).toContain("frame-ancestors 'none'");
    }
  });

  it("gives a Secure __Host- session cookie, reads it back, and e-mails links at PUBLIC_URL", async () => {
    const email = `cookie-${Date.now()}@example.com`;
    const signUp = await request(server, "/api/auth/sign-up/email", {
      method: "POST",
      headers: json("192.0.2.10"),
      body: JSON.stringify({ name: "Ayesha", email, password: PASSWORD }),
    });
    expect(signUp.status).toBe(200);
    const setCookies = [signUp.headers["set-cookie"] ?? []].flat();
    const session = setCookies.find((c) => c.startsWith("__Host-better-auth.session_token="))!;
    expect(session).toBeDefined();
    const attributes = session
      .split("; ")
      .slice(1)
      .map((a) => a.split("=")[0].toLowerCase());
    expect(attributes).toEqual(expect.arrayContaining(["secure", "httponly", "samesite", "path"]));
    expect(session).toMatch(/; SameSite=Lax/i);
    expect(session).toMatch(/; Path=\//);
    expect(attributes).not.toContain("domain");
    for (const cookie of setCookies) expect(cookie).toMatch(/^__Host-/);
    const cookie = setCookies.map((c) => c.split(";")[0]).join("; ");

    const dashboard = await request(server, "/buyer-dashboard", {
      headers: { cookie, "x-forwarded-for": "192.0.2.10" },
    });
    expect(dashboard.status).toBe(200);
    expect(dashboard.body).toContain("Ayesha");

    const changed = await request(server, "/api/auth/change-password", {
      method: "POST",
      headers: json("192.0.2.10", { cookie }),
      body: JSON.stringify({ currentPassword: PASSWORD, newPassword: `${PASSWORD}-new` }),
    });
    expect(changed.status).toBe(200);
    const [mail] = await smtp.waitFor((m) => m.to.includes(email));
    expect(mail.html).toContain(`${SHOP}/buyer-dashboard`);
    expect(mail.html).not.toMatch(/https?:\/\/(localhost|127\.0\.0\.1)/);
  });

  it("counts sign-in attempts under the address nginx saw, whatever the client writes on the left of X-Forwarded-For", async () => {
    const attempt = (forwardedFor: string) =>
      request(server, "/api/auth/sign-in/email", {
        method: "POST",
        headers: json(forwardedFor),
        body: JSON.stringify({ email: "nobody@example.com", password: "wrong-password-123" }),
      });
    const statuses: number[] = [];
    for (let i = 1; i <= 5; i++) statuses.push((await attempt(`203.0.113.${i}, 198.51.100.7`)).status);
    expect(statuses.slice(0, 3).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(3)).toEqual([429, 429]);
    // Another real client address (the right-most, written by the proxy) still gets its own attempts.
    expect((await attempt("203.0.113.1, 198.51.100.8")).status).toBe(401);
  });

  it("writes paths without query strings to the log: no tokens, phone numbers or e-mail addresses", async () => {
    const secrets = { token: "tok-9f8e7d6c5b4a", phone: "03001234567", email: "someone.private@example.com" };
    await request(server, `/track?phone=${secrets.phone}&order=KP-123456&token=${secrets.token}`);
    await request(server, `/products?q=${encodeURIComponent(secrets.email)}`);
    await request(server, `/api/auth/reset-password/${"x".repeat(8)}?token=${secrets.token}&callbackURL=%2F`);
    await request(server, `/products?token=${secrets.token}`, { headers: { host: "evil.example" } });
    // Past the page cache: a request with a cookie, and a form post, through Express's request log.
    await request(server, `/track?phone=${secrets.phone}`, { headers: { cookie: "theme=dark" } });
    await request(server, `/api/auth/sign-in/email?token=${secrets.token}`, {
      method: "POST",
      headers: json("192.0.2.99"),
      body: JSON.stringify({ email: secrets.email, password: "wrong-password-123" }),
    });
    // Lines reach the log a moment after the answer: wait for the last of each kind.
    await waitFor(
      () => server.logs().some((l) => l.msg === "request" && String(l.url).startsWith("/api/auth/reset-password/")),
      { what: "the reset request in the log" },
    );
    await waitFor(
      () => server.logs().some((l) => l.msg === "request" && String(l.url).startsWith("/api/auth/sign-in/email")),
      { what: "the sign-in post in the log" },
    );
    await waitFor(
      () =>
        server
          .logs()
          .some((l) => l.msg === "request for another host refused" && String(l.url).startsWith("/products")),
      { what: "the refused request in the log" },
    );
    const track = server.logs().find((l) => l.msg === "request" && l.url === "/track")!;
    expect(track.params).toEqual(["phone", "order", "token"]);
    const everything = JSON.stringify(server.logs()) + server.otherOutput();
    for (const value of Object.values(secrets)) expect(everything).not.toContain(value);
    expect(everything).not.toContain(encodeURIComponent(secrets.email));
  });
});

describe.runIf(fs.existsSync(BUILT_SERVER))("`npm start` with no configuration", () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startServerProcess({ DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "kapra-local-")) });
  }, 180_000);
  afterAll(async () => server?.stop());

  it("answers on this machine only, calls itself http://localhost:PORT and says PUBLIC_URL must be set", async () => {
    for (const host of [`localhost:${server.port}`, `127.0.0.1:${server.port}`, `[::1]:${server.port}`]) {
      const res = await request(server, "/", { headers: { host } });
      expect(res.status).toBe(200);
      expect(res.body).toContain(`<link rel="canonical" href="http://localhost:${server.port}/"`);
      expect(res.headers["strict-transport-security"]).toBeUndefined();
    }
    expect((await request(server, "/", { headers: { host: "kapra.pk" } })).status).toBe(421);
    expect((await request(server, "/", { headers: { host: `192.168.1.20:${server.port}` } })).status).toBe(421);
    const warning = server.logs().find((l) => String(l.msg).startsWith("PUBLIC_URL is not set"));
    expect(warning?.msg).toMatch(/answers only on this machine .*Set PUBLIC_URL/);
    // Plain cookies over http: the browser would refuse a Secure one there.
    const signUp = await request(server, "/api/auth/sign-up/email", {
      method: "POST",
      headers: {
        host: `127.0.0.1:${server.port}`,
        origin: `http://127.0.0.1:${server.port}`,
        "content-type": "application/json",
      },
      body: JSON.stringify({ name: "Local", email: `local-${Date.now()}@example.com`, password: PASSWORD }),
    });
    expect(signUp.status).toBe(200);
    const session = [signUp.headers["set-cookie"] ?? []].flat().find((c) => c.startsWith("better-auth.session_token="));
    expect(session).toBeDefined();
    expect(session).not.toMatch(/Secure/i);
  });
});
