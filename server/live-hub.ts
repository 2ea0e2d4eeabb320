import type { Database } from "~/db/client.server";
import { LIVE_CHANNEL, parseLiveEvent, type LiveEvent } from "~/modules/live/live-event";

const RECENT_MS = 60_000;
const RECENT_MAX = 10_000;

type Subscriber = { userId: string; seller: boolean; send: (event: LiveEvent) => void };

/**
 * Fans Postgres notifications out to the event streams open in this process. A buyer hears about
 * their own cart, wishlist and orders; sellers also hear about every order.
 */
export function createLiveHub(database: Pick<Database, "listen">) {
  const subscribers = new Set<Subscriber>();
  let stop: (() => Promise<void>) | null = null;
  // When each person last had an event (and when any order last changed, for sellers), kept for a
  // minute: a stream that opens just after a page rendered learns whether it missed something.
  const recent = new Map<string, number>();
  const remember = (key: string, at: number) => {
    recent.delete(key);
    recent.set(key, at);
    for (const [k, t] of recent) {
      if (at - t < RECENT_MS && recent.size <= RECENT_MAX) break;
      recent.delete(k);
    }
  };

  const deliver = (payload: string) => {
    const event = parseLiveEvent(payload);
    if (!event) return;
    const now = Date.now();
    if (event.userId) remember(`user:${event.userId}`, now);
    if (event.topic === "orders") remember("orders", now);
    for (const s of subscribers) {
      if (event.userId === s.userId || (s.seller && event.topic === "orders")) s.send(event);
    }
  };

  return {
    async start() {
      stop = await database.listen(LIVE_CHANNEL, deliver);
    },
    /** The time of the latest event this subscriber would have heard in the last minute (0: none). */
    lastEventAt({ userId, seller }: Pick<Subscriber, "userId" | "seller">): number {
      return Math.max(recent.get(`user:${userId}`) ?? 0, seller ? (recent.get("orders") ?? 0) : 0);
    },
    subscribe(subscriber: Subscriber): () => void {
      subscribers.add(subscriber);
      return () => subscribers.delete(subscriber);
    },
    get size() {
      return subscribers.size;
    },
    async stop() {
      subscribers.clear();
      await stop?.();
    },
  };
}

export type LiveHub = ReturnType<typeof createLiveHub>;
