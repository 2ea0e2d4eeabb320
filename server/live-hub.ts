import type { Database } from "~/db/client.server";
import { LIVE_CHANNEL, parseLiveEvent, type LiveEvent } from "~/modules/live/live-event";

type Subscriber = { userId: string; seller: boolean; send: (event: LiveEvent) => void };

/**
 * Fans Postgres notifications out to the event streams open in this process. A buyer hears about
 * their own cart, wishlist and orders; sellers also hear about every order.
 */
export function createLiveHub(database: Pick<Database, "listen">) {
  const subscribers = new Set<Subscriber>();
  let stop: (() => Promise<void>) | null = null;

  const deliver = (payload: string) => {
    const event = parseLiveEvent(payload);
    if (!event) return;
    for (const s of subscribers) {
      if (event.userId === s.userId || (s.seller && event.topic === "orders")) s.send(event);
    }
  };

  return {
    async start() {
      stop = await database.listen(LIVE_CHANNEL, deliver);
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
