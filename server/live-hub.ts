import { RESYNC_PAYLOAD, type Database } from "~/db/client.server";
import { LIVE_CHANNEL, parseLiveEvent, type LiveEvent } from "~/modules/live/live-event";

type Subscriber = {
  userId: string;
  seller: boolean;
  /** The client's address key (modules/abuse/client-address), for the per-address cap. */
  address?: string;
  /** Asked when the account's role or standing changed: re-check the session now. */
  recheck?: () => void;
  send: (event: LiveEvent) => void;
  /** The listener was away (a database restart) and events may be lost: the browser should reload. */
  resync?: () => void;
  /** Ends the stream, telling the browser to reconnect after `retryMs` (to another process, at shutdown). */
  close: (retryMs: number) => void;
};

/** How long browsers wait before reconnecting after a shutdown: spread so they do not all come back at once. */
export const SHUTDOWN_RETRY_MS = { min: 1_000, max: 3_000 };

const shutdownRetryMs = () => SHUTDOWN_RETRY_MS.min + Math.floor(Math.random() * (SHUTDOWN_RETRY_MS.max - SHUTDOWN_RETRY_MS.min));

/**
 * Fans Postgres notifications out to the event streams open in this process. A buyer hears about
 * their own cart, wishlist and orders; sellers also hear about every order.
 */
export function createLiveHub(database: Pick<Database, "listen">) {
  const subscribers = new Set<Subscriber>();
  let stop: (() => Promise<void>) | null = null;
  let closing = false;

  const deliver = (payload: string) => {
    if (payload === RESYNC_PAYLOAD) {
      for (const s of subscribers) s.resync?.();
      return;
    }
    const event = parseLiveEvent(payload);
    if (!event) return;
    for (const s of subscribers) {
      if (event.topic === "account") {
        if (event.userId === s.userId) s.recheck?.();
      } else if (event.userId === s.userId || (s.seller && event.topic === "orders")) {
        s.send(event);
      }
    }
  };

  return {
    async start() {
      stop = await database.listen(LIVE_CHANNEL, deliver);
    },
    subscribe(subscriber: Subscriber): () => void {
      // A stream opened while this process shuts down is sent on its way at once.
      if (closing) {
        subscriber.close(shutdownRetryMs());
        return () => {};
      }
      subscribers.add(subscriber);
      return () => subscribers.delete(subscriber);
    },
    get size() {
      return subscribers.size;
    },
    /** Streams open in this process for this account and from this address (the per-process caps). */
    openStreams({ userId, address }: { userId: string; address: string }): { account: number; address: number } {
      let account = 0;
      let fromAddress = 0;
      for (const s of subscribers) {
        if (s.userId === userId) account++;
        if (s.address === address) fromAddress++;
      }
      return { account, address: fromAddress };
    },
    /** Shutdown: ends every open stream with a retry hint, and every stream opened from now on. Returns how many were open. */
    closeStreams(): number {
      closing = true;
      const open = [...subscribers];
      subscribers.clear();
      for (const s of open) s.close(shutdownRetryMs());
      return open.length;
    },
    async stop() {
      subscribers.clear();
      await stop?.();
    },
  };
}

export type LiveHub = ReturnType<typeof createLiveHub>;
