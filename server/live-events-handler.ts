import type { Request, Response } from "express";
import { fromNodeHeaders } from "better-auth/node";
import type { Services } from "./app";

const HEARTBEAT_MS = 25_000;

/**
 * GET /api/events: a server-sent event stream telling a signed-in browser that its cart, wishlist or
 * orders changed (sellers: any order), so every open tab and device reloads them within a moment.
 */
export function createLiveEventsHandler({ auth, live }: Pick<Services, "auth" | "live">) {
  return async (req: Request, res: Response) => {
    // Read from the database, not the cookie cache: a stream stays open for a long time.
    const session = await auth.api.getSession({ headers: fromNodeHeaders(req.headers), query: { disableCookieCache: true } }).catch(() => null);
    if (!session) return void res.status(401).json({ error: { code: "UNAUTHENTICATED", message: "Please sign in first" } });
    const role = (session.user as { role?: string }).role;
    res.writeHead(200, {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "private, no-cache, no-transform",
      Connection: "keep-alive",
      "X-Accel-Buffering": "no",
    });
    // A lost connection comes back after 2 s, and the browser then reloads what it may have missed.
    res.write("retry: 2000\nevent: ready\ndata: {}\n\n");
    const heartbeat = setInterval(() => res.write(": keep-alive\n\n"), HEARTBEAT_MS);
    const unsubscribe = live.subscribe({
      userId: session.user.id,
      seller: role === "seller",
      send: (event) => res.write(`event: ${event.topic}\ndata: {}\n\n`),
      // Shutdown: the browser reconnects after retryMs, through the load balancer to a process that is up.
      close: (retryMs) => {
        clearInterval(heartbeat);
        res.end(`retry: ${retryMs}\n\n`);
      },
    });
    req.on("close", () => {
      clearInterval(heartbeat);
      unsubscribe();
    });
  };
}
