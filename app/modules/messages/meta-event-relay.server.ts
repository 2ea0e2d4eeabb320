import type { Db } from "~/db/client.server";
import type { SecretBox } from "~/db/secret-box.server";
import type { MetaEventSender, MetaServerEvent } from "./message-sender";
import { loadMetaAccount } from "./meta-delivery.server";

/**
 * Buyers' browsing events (PageView, ViewContent, AddToCart, InitiateCheckout) on their way to the
 * Conversions API (issue 44): kept in this process's memory and sent in batches (up to 500 events a
 * request, at most every few seconds), not through the outbox: they are many, worth little one by
 * one, and Meta de-duplicates them against the browser's own by event_id. A batch Meta does not take
 * is tried once more, then dropped and counted; when more wait than `maxQueued` the newest are
 * dropped, so a flood costs bounded memory. Purchases never go this way (the outbox sends those).
 */
export type MetaEventRelay = {
  add(event: MetaServerEvent): void;
  /** Sends what is waiting now (at shutdown, and in tests). */
  flush(): Promise<void>;
  stats(): { sent: number; dropped: number; waiting: number };
  stop(): Promise<void>;
};

export function createMetaEventRelay({
  db,
  sender,
  box,
  everyMs = 5_000,
  batchSize = 500,
  maxQueued = 5_000,
  logger,
}: {
  db: Db;
  sender: MetaEventSender | null | undefined;
  box: SecretBox;
  everyMs?: number;
  batchSize?: number;
  maxQueued?: number;
  logger?: { warn: (obj: object, msg: string) => void };
}): MetaEventRelay {
  let waiting: MetaServerEvent[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running: Promise<void> | null = null;
  let sent = 0;
  let dropped = 0;

  async function sendAll(): Promise<void> {
    while (waiting.length > 0) {
      const batch = waiting.slice(0, batchSize);
      waiting = waiting.slice(batch.length);
      const account = sender ? await loadMetaAccount(db, box) : null;
      if (!sender || !account) {
        dropped += batch.length;
        continue;
      }
      let outcome = await sender.send({ ...account, events: batch });
      if (!outcome.accepted && !outcome.permanent) outcome = await sender.send({ ...account, events: batch });
      if (outcome.accepted) sent += batch.length;
      else {
        dropped += batch.length;
        logger?.warn({ dropped: batch.length, reason: outcome.reason }, "Meta did not take browsing events; dropped");
      }
    }
  }

  function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    running ??= sendAll()
      .catch((error: unknown) => logger?.warn({ err: error }, "sending browsing events to Meta failed"))
      .finally(() => {
        running = null;
      });
    return running;
  }

  return {
    add(event) {
      if (waiting.length >= maxQueued) {
        dropped++;
        return;
      }
      waiting.push(event);
      if (waiting.length >= batchSize) void flush();
      else if (!timer && !running) {
        timer = setTimeout(() => void flush(), everyMs);
        timer.unref?.();
      }
    },
    flush,
    stats: () => ({ sent, dropped, waiting: waiting.length }),
    async stop() {
      await flush();
    },
  };
}
