import type { OrderActor } from "~/modules/orders/order-actor";
import type { ColumnMapping, ImportKind } from "~/modules/shipping/imports/column-mapping";
import { runCourierImport, type ImportReport } from "~/modules/shipping/imports/run-courier-import.server";
import { providersOf, type FlowContext } from "./flow-context";
import { orderDesk } from "./move-order.server";

export type CourierReportRequest = {
  kind: ImportKind;
  uploadId: string;
  mapping?: ColumnMapping | null;
  courierId: number | null;
  apply: boolean;
};

/**
 * Previews or applies a courier's report (tracking numbers, delivery statuses, COD payments):
 * shipping reads the rows through the courier's portal (`ctx.providers.couriers.file`) and keeps
 * its parcels and settlements, and each order the report moves is moved by the move-order flow
 * (stock, e-mail, discount code, live event), through the orders port (`orderDesk`), in one
 * transaction. The preview runs the same steps with reads only: no transaction, no locks, no writes.
 */
export async function applyCourierReport(
  ctx: FlowContext,
  actor: OrderActor,
  request: CourierReportRequest,
): Promise<ImportReport> {
  const portal = providersOf(ctx, "applyCourierReport").couriers.file;
  return runCourierImport(ctx.db, portal, actor, request, orderDesk, ctx.now);
}
