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
 * A NUL character in text: PostgreSQL cannot store it and refuses the whole statement, so a field
 * holding one would fail deep inside a query. Browsers never send one; it is refused at the door.
 * In a URL or a form it is `%00`, in JSON `\u0000`, anywhere else a zero byte.
 */
const NUL_ENCODED = /%00/;
const NUL_ESCAPED = /\\u0000/i;

export function holdsNul(url: string, body?: Buffer, contentType = ""): boolean {
  if (NUL_ENCODED.test(url)) return true;
  if (!body || body.length === 0) return false;
  if (body.includes(0)) return true;
  const type = contentType.toLowerCase();
  if (type.startsWith("application/x-www-form-urlencoded")) return NUL_ENCODED.test(body.toString("latin1"));
  if (type.includes("json")) return NUL_ESCAPED.test(body.toString("latin1"));
  return false;
}

/**
 * Refuses request bodies over the limit before the app reads them: a declared Content-Length over
 * the limit is answered at once, unread; any other body is counted as it streams and held in
 * memory only up to the limit, then handed on as a fresh request with the same headers. URLs and
 * bodies holding a NUL character are refused (400) on the way.
 */
export function limitRequestBodies(handler: Handler, { limit = BODY_LIMIT_BYTES } = {}): Handler {
  return (req, res) => {
    const pathname = (req.url ?? "/").split("?")[0];
    if (holdsNul(req.url ?? "")) return refuseNul(res, pathname);
    if (BODILESS.has(req.method ?? "GET")) return handler(req, res);
    if (isPhotoUpload(req, pathname)) return handler(req, res);
    const declared = req.headers["content-length"];
    if (declared !== undefined && Number(declared) > limit) return refuse(req, res, pathname, limit);
    if (declared === undefined && !req.headers["transfer-encoding"]) return handler(req, res);
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
      if (refused) return;
      const body = Buffer.concat(chunks, size);
      if (holdsNul("", body, req.headers["content-type"])) return refuseNul(res, pathname);
      handler(replay(req, body), res);
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

function refuseNul(res: ServerResponse, pathname: string) {
  const message = "Text cannot contain NUL characters";
  answerRefusal(res, pathname, 400, { code: "VALIDATION", message }, "Bad request", `${message}. Please check what you typed and try again.`);
}

/** 413, and the connection closed so the unread rest of the body is never taken in. */
function refuse(req: IncomingMessage, res: ServerResponse, pathname: string, limit: number) {
  const kb = Math.round(limit / 1024);
  res.setHeader("Connection", "close");
  answerRefusal(
    res, pathname, 413, { code: "PAYLOAD_TOO_LARGE", message: `The request body is larger than ${kb} KB` },
    "Request too large", `What you sent is larger than ${kb} KB. Please shorten it and try again.`,
  );
  // Once the answer is out, drop the connection rather than read (or wait for) the rest.
  res.on("finish", () => req.socket.destroySoon?.());
}

/** A refusal before the app runs: the API's error shape under /api/, a small page elsewhere. */
function answerRefusal(res: ServerResponse, pathname: string, status: number, error: { code: string; message: string }, title: string, text: string) {
  res.statusCode = status;
  res.setHeader("Cache-Control", "no-store");
  if (pathname.startsWith("/api/")) {
    res.setHeader("Content-Type", "application/json; charset=utf-8");
    res.end(JSON.stringify({ error }));
  } else {
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    res.end(`<!doctype html><meta charset="utf-8"><title>${title}</title><h1>${title}</h1><p>${text}</p><p><a href="/">Back to the shop</a></p>`);
  }
}
