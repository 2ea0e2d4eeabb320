import {
  setProductStatus as setCatalogProductStatus,
  type StatusChange,
} from "~/modules/catalog/set-product-status.server";
import type { FlowContext } from "./flow-context";
import { notifyMeWatch } from "./notify-me-watch.server";

/**
 * Activate, Deactivate or Restore a product (modules/catalog); a product with stock that goes back
 * on sale tells its Notify Me sign-ups.
 */
export function setProductStatus(ctx: FlowContext, id: string, change: StatusChange) {
  return setCatalogProductStatus(ctx.db, id, change, notifyMeWatch);
}
