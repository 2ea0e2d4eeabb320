import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { deferHydration } from "./defer-hydration.server";

// The shape React Router 7 and React 19 write: module preloads hoisted into <head>, the
// hydration module script at the end of <body>, streamed data after it.
const PAGE =
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>' +
  '<link rel="modulepreload" href="/assets/entry.client-A.js"/><link rel="modulepreload" href="/assets/chunk-B.js"/>' +
  '<link rel="preload" as="image" imageSrcSet="/media/a.webp 320w" fetchPriority="high"/><style id="app-css">body{display:flex}</style></head>' +
  '<body><main id="main"><h1>Kurta — ہاتھ سے بنا</h1><img fetchPriority="high" src="/media/a.webp"/></main>' +
  "<script>window.__reactRouterContext = {};</script>" +
  '<script type="module" async="">;\nimport * as route0 from "/assets/root-C.js";\nimport("/assets/entry.client-A.js");</script>' +
  '<script>window.__reactRouterContext.streamController.enqueue("[1]");</script></body></html>';

/** Feeds `html` through the transform in chunks of `size` bytes and returns what comes out. */
async function rewrite(html: string, size: number): Promise<string> {
  const bytes = Buffer.from(html, "utf8");
  const chunks: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
  const out: Buffer[] = [];
  for await (const chunk of Readable.from(chunks).pipe(deferHydration())) out.push(chunk as Buffer);
  return Buffer.concat(out).toString("utf8");
}

describe("deferHydration", () => {
  it("drops the module preloads and leaves the hydration script inert, with a loader after it", async () => {
    const html = await rewrite(PAGE, 64 * 1024);
    expect(html).not.toContain("modulepreload");
    expect(html).not.toContain('<script type="module"');
    expect(html).toContain(
      '<script type="text/x-deferred-module" async="">;\nimport * as route0 from "/assets/root-C.js";\nimport("/assets/entry.client-A.js");</script><script>(function(s){',
    );
    expect(html).toContain("document.currentScript.previousElementSibling");
    // Everything else is untouched: the image preload, the inline styles, the streamed data.
    expect(html).toContain(
      '<link rel="preload" as="image" imageSrcSet="/media/a.webp 320w" fetchPriority="high"/><style id="app-css">',
    );
    expect(
      html.endsWith('<script>window.__reactRouterContext.streamController.enqueue("[1]");</script></body></html>'),
    ).toBe(true);
  });

  it("gives the same page whatever the chunk boundaries, multi-byte characters included", async () => {
    const whole = await rewrite(PAGE, 64 * 1024);
    for (const size of [1, 2, 3, 7, 31, 100]) expect(await rewrite(PAGE, size)).toBe(whole);
    expect(whole).toContain("Kurta — ہاتھ سے بنا");
  });

  it("finds the script after a long page split anywhere, each chunk searched once", async () => {
    const long = PAGE.replace("<main", `<div>${"<p>Lawn kurta, Rs 2,499</p>".repeat(4000)}</div><main`);
    const whole = await rewrite(long, 1024 * 1024);
    expect(whole).toContain('<script type="text/x-deferred-module" async="">');
    for (const size of [997, 4096, 16384]) expect(await rewrite(long, size)).toBe(whole);
  });

  it("passes a document without React Router's scripts through unchanged", async () => {
    const plain = '<!DOCTYPE html><html><head><link rel="modulepreload" href="/x.js"/></head><body>ہیلو</body></html>';
    expect(await rewrite(plain, 5)).toBe(plain);
  });

  it("keeps the page's CSP nonce on the inert script and the loader, and hands it to the module script it makes", async () => {
    const withNonce = PAGE.replace('<script type="module" async="">', '<script nonce="abc123" type="module" async="">');
    const html = await rewrite(withNonce, 17);
    expect(html).not.toContain('type="module" async');
    expect(html).toContain('<script nonce="abc123" type="text/x-deferred-module" async="">;\nimport * as route0');
    expect(html).toContain('</script><script nonce="abc123">(function(s){');
    expect(html).toContain("if(s.nonce)m.nonce=s.nonce;");
  });
});
