import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * The plumbing the couriers' and payment gateways' stand-ins share (test-only, like
 * smtp-stand-in.ts): a node:http server on loopback, every request kept in `seen`, and failures on
 * demand before a request reaches the provider's logic: an HTTP error (`failNext`) or no answer at
 * all (`hangNext`, so the client's timeout fires). Each stand-in answers its provider's documented
 * paths and shapes.
 */
export type SeenRequest = {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  headers: http.IncomingHttpHeaders;
};

export type StandInRequest = SeenRequest & { raw: string };

export type StandInReply = {
  json: (status: number, body: unknown) => void;
  bytes: (status: number, contentType: string, body: Uint8Array) => void;
  /** A page for the buyer's browser (a gateway's hosted checkout). */
  html: (status: number, body: string) => void;
  /** Sends the browser elsewhere (303). */
  redirect: (location: string) => void;
  /** Drops the connection without an answer: the client sees a network error. */
  drop: () => void;
};

export type StandInServer = {
  origin: string;
  seen: SeenRequest[];
  /** The next `times` requests (in order of arrival) answer this HTTP status (5xx, 429) with an HTML error page, as a gateway does. */
  failNext: (times: number, failure?: { status?: number }) => void;
  /** The next `times` requests never get an answer. */
  hangNext: (times: number) => void;
  stop: () => Promise<void>;
};

type Pending = { status: number } | { hang: true };

export async function startStandInServer(
  handle: (request: StandInRequest, reply: StandInReply) => void,
): Promise<StandInServer> {
  const seen: SeenRequest[] = [];
  const pending: Pending[] = [];
  const hanging = new Set<http.ServerResponse>();

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://stand-in");
      const raw = Buffer.concat(chunks).toString("utf8");
      let body: unknown = null;
      if (raw) {
        try {
          body = JSON.parse(raw);
        } catch {
          body = raw;
        }
      }
      const request: StandInRequest = {
        method: req.method ?? "GET",
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        body,
        headers: req.headers,
        raw,
      };
      seen.push({
        method: request.method,
        path: request.path,
        query: request.query,
        body: request.body,
        headers: request.headers,
      });
      const reply: StandInReply = {
        json: (status, payload) =>
          void res
            .writeHead(status, { "Content-Type": "application/json; charset=utf-8" })
            .end(JSON.stringify(payload)),
        bytes: (status, contentType, payload) =>
          void res
            .writeHead(status, { "Content-Type": contentType, "Content-Length": payload.length })
            .end(Buffer.from(payload)),
        html: (status, page) => void res.writeHead(status, { "Content-Type": "text/html; charset=utf-8" }).end(page),
        redirect: (location) => void res.writeHead(303, { Location: location }).end(),
        drop: () => void req.socket.destroy(),
      };
      const failure = pending.shift();
      if (failure && "hang" in failure) {
        hanging.add(res);
        res.on("close", () => hanging.delete(res));
        return;
      }
      if (failure) {
        res
          .writeHead(failure.status, { "Content-Type": "text/html" })
          .end(`<html><body><h1>${failure.status} ${http.STATUS_CODES[failure.status] ?? "Error"}</h1></body></html>`);
        return;
      }
      try {
        handle(request, reply);
      } catch (error) {
        res.writeHead(500, { "Content-Type": "text/plain" }).end(`stand-in error: ${(error as Error).message}`);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    origin: `http://127.0.0.1:${port}`,
    seen,
    failNext(times, failure = {}) {
      for (let i = 0; i < times; i++) pending.push({ status: failure.status ?? 500 });
    },
    hangNext(times) {
      for (let i = 0; i < times; i++) pending.push({ hang: true });
    },
    async stop() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
