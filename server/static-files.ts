import crypto from "node:crypto";
import fs from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import zlib from "node:zlib";

const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".webp": "image/webp",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".txt": "text/plain; charset=utf-8",
  ".json": "application/json",
  ".webmanifest": "application/manifest+json",
  ".xml": "application/xml",
};
const COMPRESSIBLE = /^(text\/|application\/(json|manifest\+json|xml)|image\/svg)/;
const IMMUTABLE = "public, max-age=31536000, immutable";

const compressible = (file: StaticFile) => COMPRESSIBLE.test(file.type) && file.raw.length >= 1024;

/** The build's precompressed copies, or (a build without them) copies made off the main thread. */
function loadCompressed(full: string, file: StaticFile) {
  if (fs.existsSync(`${full}.br`) && fs.existsSync(`${full}.gz`)) {
    file.br = fs.readFileSync(`${full}.br`);
    file.gzip = fs.readFileSync(`${full}.gz`);
    return;
  }
  zlib.gzip(file.raw, { level: 9 }, (error, out) => {
    if (!error) file.gzip = out;
  });
  zlib.brotliCompress(file.raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }, (error, out) => {
    if (!error) file.br = out;
  });
}

type StaticFile = { type: string; etag: string; raw: Buffer; gzip?: Buffer; br?: Buffer; cacheControl: string };

/**
 * The browser build (hashed /assets and the few public files) served from memory: read once at
 * start with the brotli and gzip copies `npm run build` wrote beside them (scripts/precompress-
 * assets.mjs), and sent as is with an ETag. A request costs a map lookup, not a disk read and a
 * compression pass. A build without those copies gets them made in the background.
 */
export function createStaticFiles(clientDir: string, headers: Record<string, string> = {}) {
  const files = new Map<string, StaticFile>();
  const walk = (dir: string, prefix: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      const url = `${prefix}/${entry.name}`;
      if (entry.isDirectory()) walk(full, url);
      else if (entry.isFile() && !/\.(br|gz)$/.test(entry.name)) {
        const raw = fs.readFileSync(full);
        const file: StaticFile = {
          type: TYPES[path.extname(entry.name).toLowerCase()] ?? "application/octet-stream",
          etag: `"${crypto.createHash("sha1").update(raw).digest("base64url").slice(0, 20)}"`,
          raw,
          // Hashed build output never changes meaning; the public files (favicon, robots) might.
          cacheControl: url.startsWith("/assets/") ? IMMUTABLE : "public, max-age=3600",
        };
        files.set(url, file);
        if (compressible(file)) loadCompressed(full, file);
      }
    }
  };
  if (fs.existsSync(clientDir)) walk(clientDir, "");

  const encode = (file: StaticFile, accept: string): { body: Buffer; encoding?: "br" | "gzip" } => {
    if (file.br && /\bbr\b/.test(accept)) return { body: file.br, encoding: "br" };
    if (file.gzip && /\bgzip\b/.test(accept)) return { body: file.gzip, encoding: "gzip" };
    return { body: file.raw };
  };

  return {
    has: (pathname: string) => files.has(pathname),
    /** Answers the request when it is for a built file; false otherwise. */
    serve(req: IncomingMessage, res: ServerResponse, pathname: string): boolean {
      const file = files.get(pathname);
      if (!file || (req.method !== "GET" && req.method !== "HEAD")) return false;
      for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
      res.setHeader("Cache-Control", file.cacheControl);
      res.setHeader("ETag", file.etag);
      res.setHeader("Vary", "Accept-Encoding");
      res.setHeader("Content-Type", file.type);
      if (req.headers["if-none-match"] === file.etag) {
        res.statusCode = 304;
        res.end();
        return true;
      }
      const { body, encoding } = encode(file, String(req.headers["accept-encoding"] ?? ""));
      if (encoding) res.setHeader("Content-Encoding", encoding);
      res.setHeader("Content-Length", body.length);
      res.statusCode = 200;
      res.end(req.method === "HEAD" ? undefined : body);
      return true;
    },
  };
}

export type StaticFiles = ReturnType<typeof createStaticFiles>;
