import { RESYNC_PAYLOAD, type Database } from "~/db/client.server";
import { LIVE_CHANNEL, parseLiveEvent, type LiveEvent } from "~/db/live-event";

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

/** How long the hub remembers when an account's data last changed (what a stream opening now may have missed). */
export const RECENT_CHANGE_MS = 60_000;

const shutdownRetryMs = () =>
  SHUTDOWN_RETRY_MS.min + Math.floor(Math.random() * (SHUTDOWN_RETRY_MS.max - SHUTDOWN_RETRY_MS.min));

/**
 * Fans Postgres notifications out to the event streams open in this process. A buyer hears about
 * their own cart, wishlist and orders; sellers also hear about every order.
 */
export function createLiveHub(database: Pick<Database, "listen">) {
  const subscribers = new Set<Subscriber>();
  let stop: (() => Promise<void>) | null = null;
  let closing = false;
  // When each account's cart, wishlist or orders last changed, and when any order did (for sellers),
  // kept for RECENT_CHANGE_MS: a page rendered just before its stream opened may have missed one.
  const changedAt = new Map<string, number>();
  let orderChangedAt = 0;
  const remember = (event: LiveEvent, now: number) => {
    if (event.topic === "orders") orderChangedAt = now;
    if (event.userId) {
      changedAt.delete(event.userId);
      changedAt.set(event.userId, now);
    }
    // Oldest first (re-set moves an account to the end): drop what is too old to matter.
    for (const [userId, at] of changedAt) {
      if (now - at <= RECENT_CHANGE_MS) break;
      changedAt.delete(userId);
    }
  };

  const deliver = (payload: string) => {
    if (payload === RESYNC_PAYLOAD) {
      for (const s of subscribers) s.resync?.();
      return;
    }
    const event = parseLiveEvent(payload);
    if (!event) return;
    if (event.topic !== "account") remember(event, Date.now());
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
    /**
     * How many ms ago something this subscriber hears about last changed, or null when nothing did
     * in the last RECENT_CHANGE_MS. Sent with a stream's first "ready", so a browser whose page is
     * older than that change reloads it.
     */
    sinceLastChange({ userId, seller }: Pick<Subscriber, "userId" | "seller">, now = Date.now()): number | null {
      const at = Math.max(changedAt.get(userId) ?? 0, seller ? orderChangedAt : 0);
      return at && now - at <= RECENT_CHANGE_MS ? now - at : null;
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
