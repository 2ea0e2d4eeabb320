import { IncomingMessage, type ServerResponse } from "node:http";
import { oversizeCookie } from "~/http/oversize-form";

/** Forms and JSON of the shop are a few kilobytes; 64 KB leaves room for a long description. */
export const BODY_LIMIT_BYTES = 64 * 1024;

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

const BODILESS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Photo uploads, courier files and cost files (multipart) stream through their own, larger limits: the
 * multipart parsers of app/http/receive-photos.server.ts and
 * app/http/courier-file-upload.server.ts bound each file and the whole body. React Router's form
 * submissions go to the same path with `.data` appended.
 */
const UPLOAD_PATHS = [
  /^\/api\/products(\/[^/]+(\/images)?)?$/,
  /^\/seller(-dashboard)?\/products\/(new|[^/]+\/edit)(\.data)?$/,
  // A category's picture (receiveImageFields): Add category and a category's edit page.
  /^\/seller\/catalogue\/categories\/[^/]+(\.data)?$/,
  /^\/seller\/shipping(\.data)?$/,
  // A cost file (CSV or Excel, up to 5 MB): Products > Import costs.
  /^\/seller\/products\/costs(\.data)?$/,
  // Hero slides' pictures, the logo and the favicon (issue 29).
  /^\/seller\/storefront(\/brand)?(\.data)?$/,
  // A collection's picture: New collection and a collection's edit page.
  /^\/seller\/storefront\/collections\/[^/]+(\.data)?$/,
  /^\/api\/shipping\/imports$/,
  // A buyer's return request with up to 3 photos (issue 30): /orders/{id}/return.
  /^\/orders\/[^/]+\/return(\.data)?$/,
];

/**
 * Signed webhooks from outside services, with the largest body each service documents: Meta batches
 * WhatsApp notifications (statuses and messages of many chats) into payloads of up to 3 MB. Their
 * signature is checked over the whole body, so a body cut at 64 KB could never be applied, and Meta
 * would retry it for days.
 */
export const WEBHOOK_BODY_LIMITS: Readonly<Record<string, number>> = { "/webhooks/whatsapp": 3 * 1024 * 1024 };

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
export function limitRequestBodies(handler: Handler, { limit: pageLimit = BODY_LIMIT_BYTES } = {}): Handler {
  return (req, res) => {
    const pathname = (req.url ?? "/").split("?")[0];
    const limit = WEBHOOK_BODY_LIMITS[pathname] ?? pageLimit;
    if (holdsNul(req.url ?? "")) return refuseNul(res, pathname);
    if (BODILESS.has(req.method ?? "GET")) return handler(req, res);
    if (isPhotoUpload(req, pathname)) return handler(req, res);
    const declared = req.headers["content-length"];
    const pageForm = isPageFormPost(req, pathname);
    // A page's form read up to the limit, to say which field was too long (the rest is drained).
    if (declared !== undefined && Number(declared) > limit && !pageForm) return refuse(req, res, pathname, limit);
    if (declared === undefined && !req.headers["transfer-encoding"]) return handler(req, res);
    const chunks: Buffer[] = [];
    let size = 0;
    let refused = false;
    req.on("data", (chunk: Buffer) => {
      if (refused) return;
      size += chunk.length;
      if (size > limit) {
        refused = true;
        if (pageForm) {
          chunks.push(chunk.subarray(0, chunk.length - (size - limit)));
          return sendBackToPage(req, res, pathname, Buffer.concat(chunks, limit));
        }
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

/**
 * A form posted by a page in the browser (a navigation, or sent from a page of this shop), not a
 * script's request: not the API, not React Router's `.data` fetches (they show the refusal on the
 * page themselves), and urlencoded or multipart.
 */
function isPageFormPost(req: IncomingMessage, pathname: string): boolean {
  if (pathname.startsWith("/api/") || pathname.endsWith(".data")) return false;
  const type = (req.headers["content-type"] ?? "").toLowerCase();
  if (!type.startsWith("application/x-www-form-urlencoded") && !type.startsWith("multipart/form-data")) return false;
  return req.headers["sec-fetch-mode"] === "navigate" || sameOriginReferer(req) !== null;
}

/** The path and query of the Referer when it is a page of this site (the host check has run already). */
function sameOriginReferer(req: IncomingMessage): string | null {
  const referer = req.headers.referer;
  if (!referer || !req.headers.host) return null;
  try {
    const url = new URL(referer);
    return url.host === req.headers.host ? url.pathname + url.search : null;
  } catch {
    return null;
  }
}

/** Bytes of a refused page form still read (and dropped) so the browser sees the answer; beyond it the connection is cut. */
const DRAIN_LIMIT_BYTES = 16 * 1024 * 1024;

/**
 * A page form over the limit, without JavaScript: back to the page it came from (303, so a GET) with
 * a one-minute cookie naming the field that was too long and the short fields as typed, which the
 * page shows beside that field (app/http/oversize-form.ts). The rest of the body is read and dropped
 * rather than cut off, or the browser might show a reset connection instead of the answer.
 */
function sendBackToPage(req: IncomingMessage, res: ServerResponse, pathname: string, prefix: Buffer) {
  const back = sameOriginReferer(req) ?? pathname;
  const path = back.split("?")[0];
  const { field, values } = readFormPrefix(prefix, req.headers["content-type"] ?? "");
  res.statusCode = 303;
  res.setHeader("Location", back);
  res.setHeader("Cache-Control", "no-store");
  res.setHeader("Set-Cookie", oversizeCookie({ path, field: field ?? "", values }));
  res.end();
  let drained = 0;
  req.removeAllListeners("data");
  req.on("data", (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > DRAIN_LIMIT_BYTES) req.socket.destroy();
  });
  req.resume();
}

/**
 * The fields of the first bytes of a form body cut at the limit: the complete ones with their
 * values, and the one being sent when the limit was reached (the one too long). Urlencoded bodies
 * are read exactly; of a multipart body only the name of the last part begun.
 */
function readFormPrefix(prefix: Buffer, contentType: string): { field: string | null; values: Record<string, string> } {
  const text = prefix.toString("latin1");
  if (contentType.toLowerCase().startsWith("multipart/form-data")) {
    const names = [...text.matchAll(/content-disposition:\s*form-data;\s*name="([^"]{1,100})"/gi)];
    return { field: names.at(-1)?.[1] ?? null, values: {} };
  }
  const pairs = text.split("&");
  const last = pairs.pop() ?? "";
  const decode = (s: string) => {
    try {
      return decodeURIComponent(s.replace(/\+/g, " "));
    } catch {
      return null;
    }
  };
  const values: Record<string, string> = {};
  for (const pair of pairs) {
    const [name, value = ""] = pair.split("=", 2);
    const k = decode(name);
    const v = decode(value);
    if (k && v !== null) values[k] = v;
  }
  const name = last.includes("=") ? decode(last.split("=", 1)[0]) : null;
  return { field: name, values };
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
  copy.rawHeaders = Object.entries(headers).flatMap(([name, value]) =>
    Array.isArray(value) ? value.flatMap((v) => [name, v]) : [name, String(value)],
  );
  // Marked complete, or destroying the copy once read would destroy the shared socket too.
  copy.complete = true;
  copy.push(body);
  copy.push(null);
  return copy;
}

function refuseNul(res: ServerResponse, pathname: string) {
  const message = "Text cannot contain NUL characters";
  answerRefusal(
    res,
    pathname,
    400,
    { code: "VALIDATION", message },
    "Bad request",
    `${message}. Please check what you typed and try again.`,
  );
}

/** 413, and the connection closed so the unread rest of the body is never taken in. */
function refuse(req: IncomingMessage, res: ServerResponse, pathname: string, limit: number) {
  const kb = Math.round(limit / 1024);
  res.setHeader("Connection", "close");
  answerRefusal(
    res,
    pathname,
    413,
    { code: "PAYLOAD_TOO_LARGE", message: `The request body is larger than ${kb} KB` },
    "Request too large",
    `What you sent is larger than ${kb} KB. Please shorten it and try again.`,
  );
  // Once the answer is out, drop the connection rather than read (or wait for) the rest.
  res.on("finish", () => req.socket.destroySoon?.());
}

/** A refusal before the app runs: the API's error shape under /api/, a small page elsewhere. */
function answerRefusal(
  res: ServerResponse,
  pathname: string,
  status: number,
  error: { code: string; message: string },
  title: string,
  text: string,
) {
  res.statusCode = status;
  res.setHeader("Cache-Control", "no-store");
  if (pathname.startsWith("/api/")) {
    res.setHeader("Content-Type", "application/json; charset=utf-8");
    res.end(JSON.stringify({ error }));
  } else {
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    res.end(
      `<!doctype html><meta charset="utf-8"><title>${title}</title><h1>${title}</h1><p>${text}</p><p><a href="/">Back to the shop</a></p>`,
    );
  }
}
