import { holdProductsForLaunch, openProductsNow, releaseProductsFromLaunch } from "~/modules/catalog/launches.server";
import { removeLaunch, writeLaunch, type LaunchInput } from "~/modules/launches/launches.server";
import type { FlowContext } from "./flow-context";
import { notifyMeWatch } from "./notify-me-watch.server";

/**
 * The owner's launch (Products -> Launch), saved in one transaction with its products: before it
 * opens they are coming soon and open by themselves at its time (the launcher, server/launcher.ts,
 * wakes for it to the second); saved with its time already past, they go on sale now and their
 * Notify Me sign-ups hear. Products taken out of it stay coming soon with no time of their own.
 */
export async function saveLaunch(ctx: FlowContext, id: number | null, input: LaunchInput): Promise<{ id: number }> {
  const now = ctx.now ?? new Date();
  return ctx.db.transaction(async (tx) => {
    const saved = await writeLaunch(tx, id, input, now);
    await releaseProductsFromLaunch(tx, saved.released);
    if (input.opensAt.getTime() > now.getTime()) await holdProductsForLaunch(tx, input.productIds, input.opensAt);
    else await openProductsNow(tx, input.productIds, notifyMeWatch);
    return { id: saved.id };
  });
}

/** Calls a launch off: its products not on sale yet stay coming soon, with no time of their own. */
export async function deleteLaunch(ctx: FlowContext, id: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await releaseProductsFromLaunch(tx, await removeLaunch(tx, id));
  });
}
