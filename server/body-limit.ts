import { IncomingMessage, type ServerResponse } from "node:http";

/** Forms and JSON of the shop are a few kilobytes; 64 KB leaves room for a long description. */
export const BODY_LIMIT_BYTES = 64 * 1024;

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

const BODILESS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Photo uploads (multipart) stream through their own, larger limit: the multipart parser of
 * app/modules/media/receive-photos.server.ts bounds each file and the whole body. React Router's
 * form submissions go to the same path with `.data` appended.
 */
const UPLOAD_PATHS = [
  /^\/api\/products(\/[^/]+(\/images)?)?$/,
  /^\/seller-dashboard\/products\/(new|[^/]+\/edit)(\.data)?$/,
];

export function isPhotoUpload(req: IncomingMessage, pathname: string): boolean {
  const type = req.headers["content-type"] ?? "";
  return type.toLowerCase().startsWith("multipart/form-data") && UPLOAD_PATHS.some((p) => p.test(pathname));
}

/**
 * Refuses request bodies over the limit before the app reads them: a declared Content-Length over
 * the limit is answered at once, unread; a chunked body (no length) is counted as it streams and
 * held in memory only up to the limit, then handed on as a fresh request with the same headers.
 */
export function limitRequestBodies(handler: Handler, { limit = BODY_LIMIT_BYTES } = {}): Handler {
  return (req, res) => {
    if (BODILESS.has(req.method ?? "GET")) return handler(req, res);
    const pathname = (req.url ?? "/").split("?")[0];
    if (isPhotoUpload(req, pathname)) return handler(req, res);
    const declared = req.headers["content-length"];
    if (declared !== undefined) {
      // Node's parser never delivers more than the declared length, so a small one needs no counting.
      return Number(declared) > limit ? refuse(req, res, pathname, limit) : handler(req, res);
    }
    if (!req.headers["transfer-encoding"]) return handler(req, res);
    const chunks: Buffer[] = [];
    let size = 0;
    let refused = false;
    req.on("data", (chunk: Buffer) => {
      if (refused) return;
      size += chunk.length;
      if (size > limit) {
        refused = true;
        chunks.length = 0;
        req.pause();
        refuse(req, res, pathname, limit);
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => {
      if (!refused) handler(replay(req, Buffer.concat(chunks, size)), res);
    });
    req.on("error", () => {
      if (!refused && !res.headersSent) res.destroy();
    });
  };
}

/** A request with the same line and headers as `req` whose body is `body` (already read). */
function replay(req: IncomingMessage, body: Buffer): IncomingMessage {
  const copy = new IncomingMessage(req.socket);
  copy.method = req.method;
  copy.url = req.url;
  copy.httpVersion = req.httpVersion;
  copy.httpVersionMajor = req.httpVersionMajor;
  copy.httpVersionMinor = req.httpVersionMinor;
  const headers = { ...req.headers, "content-length": String(body.length) };
  delete headers["transfer-encoding"];
  copy.headers = headers;
  copy.rawHeaders = Object.entries(headers).flatMap(([name, value]) => (Array.isArray(value) ? value.flatMap((v) => [name, v]) : [name, String(value)]));
  // Marked complete, or destroying the copy once read would destroy the shared socket too.
  copy.complete = true;
  copy.push(body);
  copy.push(null);
  return copy;
}

/** 413, and the connection closed so the unread rest of the body is never taken in. */
function refuse(req: IncomingMessage, res: ServerResponse, pathname: string, limit: number) {
  const kb = Math.round(limit / 1024);
  res.statusCode = 413;
  res.setHeader("Connection", "close");
  res.setHeader("Cache-Control", "no-store");
  if (pathname.startsWith("/api/")) {
    res.setHeader("Content-Type", "application/json; charset=utf-8");
    res.end(JSON.stringify({ error: { code: "PAYLOAD_TOO_LARGE", message: `The request body is larger than ${kb} KB` } }));
  } else {
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    res.end(`<!doctype html><meta charset="utf-8"><title>Request too large</title><h1>Request too large</h1><p>What you sent is larger than ${kb} KB. Please shorten it and try again.</p><p><a href="/">Back to the shop</a></p>`);
  }
  // Once the answer is out, drop the connection rather than read (or wait for) the rest.
  res.on("finish", () => req.socket.destroySoon?.());
}
