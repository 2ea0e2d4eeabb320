import type { DbOrTx } from "~/db/client.server";

/** What a launch put on sale: products made active and categories opened. */
export type LaunchedItems = {
  products: { id: string; name: string }[];
  categories: { slug: string; name: string }[];
};

/**
 * Who hears when products become buyable: a launch, or a sold-out or hidden product that can be
 * bought again. The catalog declares this port and calls it inside the change's transaction; the
 * flows give it (Notify Me, app/flows/notify-me-watch.server.ts: `notifyMeWatch`), so the catalog never
 * imports another module's operations. `before` is taken before the change, `restocked` after it.
 */
export type AvailabilityWatch<Before = unknown> = {
  before(tx: DbOrTx, productIds: string[]): Promise<Before>;
  restocked(tx: DbOrTx, before: Before): Promise<unknown>;
  launched(tx: DbOrTx, items: LaunchedItems): Promise<unknown>;
};
