import type { LaunchedItems } from "~/modules/catalog/availability-watch";
import {
  launchNow as launchCatalogNow,
  nextLaunchAt as nextCatalogLaunchAt,
  runDueLaunches as runCatalogLaunches,
  type LaunchTarget,
} from "~/modules/catalog/launches.server";
import type { FlowContext } from "./flow-context";
import { notifyMeWatch } from "./notify-me-watch.server";

/** The owner's Launch now: a coming-soon product or collection goes on sale, and its Notify Me sign-ups hear. */
export function launchNow(ctx: FlowContext, target: LaunchTarget): Promise<LaunchedItems> {
  return launchCatalogNow(ctx.db, target, notifyMeWatch);
}

/** What the launcher runs every minute: everything whose launch time has come goes on sale, and its sign-ups hear. */
export function runDueLaunches(ctx: FlowContext): Promise<LaunchedItems> {
  return runCatalogLaunches(ctx.db, notifyMeWatch, ctx.now);
}

/** When the next scheduled launch is due, for the launcher to wake then. */
export function nextLaunchAt(ctx: FlowContext): Promise<Date | null> {
  return nextCatalogLaunchAt(ctx.db);
}
