import type { DbOrTx } from "~/db/client.server";
import { logger } from "~/lib/logger.server";

export type LaunchedItems = {
  products: { id: string; name: string }[];
  categories: { slug: string; name: string }[];
};

/**
 * Called inside every launch transaction (the owner's Launch now, a save that takes a product off
 * "coming soon", and the scheduled launcher) with what just went on sale. Issue 8 fills this in:
 * queue the Notify Me e-mails of notify_subscriptions (`product:{id}`, `category:{slug}`) in the
 * outbox here, so they are sent exactly when the launch commits. Until then it only logs.
 */
export async function announceLaunch(_tx: DbOrTx, launched: LaunchedItems): Promise<void> {
  if (launched.products.length === 0 && launched.categories.length === 0) return;
  logger.info(
    { products: launched.products.map((p) => p.id), categories: launched.categories.map((c) => c.slug) },
    "launched; Notify Me e-mails are not sent yet (issue 8)",
  );
}
