import type { Request, Response } from "express";
import { fromNodeHeaders } from "better-auth/node";
import { LIVE_STREAM_LIMITS, LIVE_STREAMS_MESSAGE } from "~/modules/abuse/abuse-limits";
import { addressKey } from "~/modules/abuse/client-address";
import { abuseLimitScale } from "~/db/rate-limit.server";
import type { Auth } from "~/modules/accounts/auth.server";
import { CLIENT_IP_HEADER } from "~/modules/abuse/client-address";
import type { LiveHub } from "./live-hub";

const HEARTBEAT_MS = 25_000;

export type LiveEventsOptions = { recheckMs?: number };

/**
 * GET /api/events: a server-sent event stream telling a signed-in browser that its cart, wishlist or
 * orders changed (sellers: any order), so every open tab and device reloads them within a moment.
 *
 * Capped per account and per address (LIVE_STREAM_LIMITS, in this process; over: 429). The session
 * is checked again every `recheckMs` and at once when the live hub hears the account changed: a
 * signed-out, disabled or demoted account's stream ends, so it stops hearing about orders.
 */
export function createLiveEventsHandler(
  { auth, live }: { auth: Auth; live: LiveHub },
  { recheckMs = LIVE_STREAM_LIMITS.recheckSeconds * 1000 }: LiveEventsOptions = {},
) {
  // Read from the database, not the cookie cache: a stream stays open for a long time.
  const readSession = (req: Request) =>
    auth.api.getSession({ headers: fromNodeHeaders(req.headers), query: { disableCookieCache: true } });
  const standing = (session: Awaited<ReturnType<typeof readSession>> | null) => {
    const user = session?.user as { id: string; role?: string; disabled?: boolean } | undefined;
    return user && !user.disabled ? { userId: user.id, role: user.role } : null;
  };

  return async (req: Request, res: Response) => {
    const read = await readSession(req).then(
      (session) => ({ session }),
      () => null,
    );
    // The database out of reach is not "signed out": 503, and the browser tries again (use-live-refresh.ts).
    if (!read) {
      res.set({ "Retry-After": "5", "Cache-Control": "no-store" });
      return void res.status(503).json({
        error: {
          code: "DATABASE_UNAVAILABLE",
          message: "The shop cannot reach its database just now. Please try again in a moment.",
        },
      });
    }
    const first = standing(read.session);
    if (!first)
      return void res.status(401).json({ error: { code: "UNAUTHENTICATED", message: "Please sign in first" } });
    const address = addressKey(String(req.headers[CLIENT_IP_HEADER] ?? "unknown"));
    const open = live.openStreams({ userId: first.userId, address });
    const scale = abuseLimitScale();
    if (
      open.account >= LIVE_STREAM_LIMITS.perAccount * scale ||
      open.address >= LIVE_STREAM_LIMITS.perAddress * scale
    ) {
      res.set({ "Retry-After": "60", "Cache-Control": "no-store" });
      return void res.status(429).json({ error: { code: "RATE_LIMITED", message: LIVE_STREAMS_MESSAGE } });
    }
    res.writeHead(200, {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "private, no-cache, no-transform",
      Connection: "keep-alive",
      "X-Accel-Buffering": "no",
    });
    // A lost connection comes back after 2 s, and the browser then reloads what it may have missed.
    // `sinceChange`: how long ago this account's data last changed, so a page rendered before that
    // (in the moment before this stream opened) reloads. Nothing can slip in between: from here to
    // subscribe() below runs without a pause.
    const sinceChange = live.sinceLastChange({ userId: first.userId, seller: first.role === "seller" });
    res.write(`retry: 2000\nevent: ready\ndata: ${JSON.stringify({ sinceChange })}\n\n`);
    let ended = false;
    let unsubscribe = () => {};
    const end = (body?: string) => {
      if (ended) return;
      ended = true;
      clearInterval(heartbeat);
      clearInterval(rechecking);
      unsubscribe();
      res.end(body);
    };
    // Still signed in, not disabled, the same role: otherwise the stream ends (a new one is opened with what the account is now).
    let checking = false;
    const recheck = async () => {
      if (checking || ended) return;
      checking = true;
      // The database out of reach (a restart) is not a verdict on the session: the stream stays until the next check.
      const session = await readSession(req).then(
        (s) => ({ s }),
        () => null,
      );
      checking = false;
      if (!session) return;
      const now = standing(session.s);
      if (!now || now.userId !== first.userId || now.role !== first.role) end();
    };
    const heartbeat = setInterval(() => res.write(": keep-alive\n\n"), HEARTBEAT_MS);
    const rechecking = setInterval(() => void recheck(), recheckMs);
    unsubscribe = live.subscribe({
      userId: first.userId,
      seller: first.role === "seller",
      address,
      recheck: () => void recheck(),
      send: (event) => res.write(`event: ${event.topic}\ndata: {}\n\n`),
      // After the database came back, events sent meanwhile are lost: "ready" again makes the browser reload.
      resync: () => res.write("event: ready\ndata: {}\n\n"),
      // Shutdown: the browser reconnects after retryMs, through the load balancer to a process that is up.
      close: (retryMs) => end(`retry: ${retryMs}\n\n`),
    });
    req.on("close", () => end());
  };
}
