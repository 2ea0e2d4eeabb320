import { useKeptActionData } from "~/components/ui/use-kept-action-data";
import { data, Link, type ShouldRevalidateFunctionArgs } from "react-router";
import { z } from "~/lib/zod";
import { SellerOrderCard } from "~/components/seller/orders/seller-order-card";
import {
  AllMatchingBox,
  BulkMoveForm,
  OrderFilters,
  OrderSummaryCards,
  OrdersPagination,
} from "~/components/seller/orders/orders-toolbar";
import type { OrdersActionResult, OwnerOrderView } from "~/components/seller/orders/types";
import { GENERIC_FAILURE, STATUS_UPDATE_FAILURE } from "~/lib/failure-messages";
import { keepOnFailure } from "~/http/keep-on-failure";
import { requireSeller } from "~/http/auth-guard.server";
import { AppError } from "~/lib/errors";
import { pageMeta } from "~/lib/seo";
import { moveOrders } from "~/flows/move-order.server";
import { whatsappConfirmationHref } from "~/modules/orders/cod-confirmation";
import { listSellerOrdersWithDetails } from "~/modules/orders/list-seller-orders.server";
import { STATUS_LABELS } from "~/modules/orders/order-lifecycle";
import { orderStatusInput } from "~/modules/orders/order-status-input";
import { readOrderSelection, SELECTION_MAX } from "~/modules/orders/order-selection";
import { resolveOrderSelection } from "~/modules/orders/order-selection.server";
import { readSellerOrderQuery, sellerOrderSearchParams } from "~/modules/orders/seller-order-query";
import { moveOrder } from "~/flows/move-order.server";
import { getSettings } from "~/modules/settings/get-settings.server";
import type { Route } from "./+types/orders";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    title: "Orders",
    description: "Every order in the shop.",
    path: "/seller/orders",
    noindex: true,
  });

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireSeller(request, context);
  const query = readSellerOrderQuery(new URL(request.url).searchParams);
  const settings = await getSettings(context.db);
  const page = await listSellerOrdersWithDetails(context.db, query, settings);
  const orders: OwnerOrderView[] = page.orders.map(
    ({ userId: _u, updatedAt: _up, deliveredAt: _d, paymentMethod: _pm, nextStatuses, riskFlags, ...order }) => ({
      ...order,
      next: nextStatuses,
      flags: riskFlags.map((f) => f.label),
      whatsappHref: order.status === "pending" ? whatsappConfirmationHref(settings.brandName, order) : null,
    }),
  );
  return {
    query: { ...query, page: page.page },
    orders,
    total: page.total,
    pageCount: page.pageCount,
    pageSize: page.pageSize,
    statusCounts: page.statusCounts,
    // "All that match" means the orders placed up to this list: one placed after it is not moved or booked unseen.
    asOf: new Date().toISOString(),
  };
}

const statusSchema = z
  .object({ intent: z.literal("status"), orderId: z.string().max(100) })
  .extend(orderStatusInput.shape);
/** The bulk move: the status to move to is `to` (the form also carries the filter's own `status` for "all that match"). */
const bulkSchema = z.object({
  to: orderStatusInput.shape.status,
  orderIds: z
    .array(z.string().max(100))
    .min(1, "Please select at least one order")
    .max(SELECTION_MAX, `Please select at most ${SELECTION_MAX} orders`),
});

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireSeller(request, context);
  const form = await request.formData();
  const actor = { id: user.id, name: user.name || user.email };
  const intent = form.get("intent");
  if (intent === "bulk") return bulkMove(context, actor, form);
  const parsed = statusSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    if (intent === "status") {
      const orderId = String(form.get("orderId") ?? "");
      const field = String(issue?.path[0] ?? "status");
      const message = `Status update failed: ${issue?.message ?? "Please check the form"}`;
      return data<OrdersActionResult>(
        { intent: "status", ok: false, message, orderId, fields: { [field]: issue?.message ?? "" } },
        { status: 400 },
      );
    }
    return data<OrdersActionResult>(
      { intent: null, ok: false, message: "Something was missing from the form. Please try again." },
      { status: 400 },
    );
  }
  const input = parsed.data;
  try {
    // Courier details go with shipping; the form also posts them (prefilled) for other moves.
    const courier =
      input.status === "shipped" ? { courierName: input.courierName, trackingNumber: input.trackingNumber } : {};
    const result = await moveOrder(context, actor, input.orderId, { status: input.status, ...courier });
    const message =
      result.from === result.status
        ? `Courier details of ${result.orderNumber} updated`
        : `Order status updated to "${STATUS_LABELS[result.status]}"`;
    return data<OrdersActionResult>({ intent: "status", ok: true, message, orderId: input.orderId });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return data<OrdersActionResult>(
      {
        intent: "status",
        ok: false,
        message: `Status update failed: ${error.message}`,
        orderId: input.orderId,
        fields: error.fields,
      },
      { status: error.status },
    );
  }
}

/**
 * Moves the ticked orders, or every order matching the filter (`selection=filter`, resolved in SQL,
 * at most SELECTION_MAX), to one status; each order that cannot move is named with the reason.
 */
async function bulkMove(context: Route.ActionArgs["context"], actor: { id: string; name: string }, form: FormData) {
  const refuse = (message: string) =>
    data<OrdersActionResult>({ intent: "bulk", ok: false, message, moved: [], failed: [] }, { status: 400 });
  const selection = readOrderSelection(form);
  let orderIds: string[];
  try {
    orderIds = await resolveOrderSelection(context.db, selection, "move");
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return refuse(error.message);
  }
  if (selection.kind === "filter" && orderIds.length === 0) return refuse("No orders match this filter any more");
  const parsed = bulkSchema.safeParse({ to: form.get("to") ?? undefined, orderIds });
  if (!parsed.success) return refuse(parsed.error.issues[0]?.message ?? "Please select at least one order");
  const { to, orderIds: ids } = parsed.data;
  const result = await moveOrders(context, actor, ids, to);
  const label = STATUS_LABELS[to];
  const moved = `${result.moved.length} ${result.moved.length === 1 ? "order" : "orders"} moved to "${label}"`;
  const message = result.failed.length === 0 ? moved : `${moved}; ${result.failed.length} could not be moved`;
  return data<OrdersActionResult>({
    intent: "bulk",
    ok: result.failed.length === 0,
    message,
    moved: result.moved,
    failed: result.failed,
  });
}

/** A status change whose request failed (server error, outage, no network): SPEC.md's words in a toast, the form as it was. */
export const clientAction = (args: Route.ClientActionArgs) =>
  keepOnFailure(args, ({ intent, values }): OrdersActionResult =>
    intent === "bulk"
      ? { intent: "bulk", ok: false, message: GENERIC_FAILURE, moved: [], failed: [] }
      : { intent: "status", ok: false, message: STATUS_UPDATE_FAILURE, orderId: values.orderId ?? "" },
  );

/** After a refused move reload anyway: the order may have moved on elsewhere. Not after a failed request (5xx): that reload would fail too. */
export function shouldRevalidate({
  actionResult,
  actionStatus,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if ((actionResult as OrdersActionResult | undefined)?.intent && (actionStatus ?? 200) < 500) return true;
  return defaultShouldRevalidate;
}

/** The owner's orders: counts, filter and search, a page of orders to confirm, ship and deliver. Live. */
export default function SellerOrders({ loaderData, actionData: sentActionData }: Route.ComponentProps) {
  const actionData = useKeptActionData(sentActionData);
  const { query, orders, total, pageCount, pageSize, statusCounts, asOf } = loaderData;
  const filtered = Boolean(query.status || query.q || query.returns || query.whatsapp);
  return (
    // While orders are ticked on a phone, the bulk bar covers the bottom of the screen: room is left for it.
    <div className="grid gap-3 sm:gap-4 max-lg:[&:has(input[name=orderIds]:checked)]:pb-32 max-lg:[&:has([data-testid=select-all-line])]:pb-48">
      <div className="flex flex-wrap items-center justify-between gap-2 sm:gap-3">
        <h2 className="text-xl font-semibold text-stone-900">Orders</h2>
        <div className="flex flex-wrap gap-2">
          <Link to="/seller/orders/new" className="btn-primary max-sm:py-2">
            New Order
          </Link>
          <a
            href={`/seller/orders.csv${sellerOrderSearchParams({ status: query.status, q: query.q, returns: query.returns, whatsapp: query.whatsapp })}`}
            className="btn-secondary max-sm:py-2"
            download
          >
            Export CSV
          </a>
        </div>
      </div>
      <OrderSummaryCards counts={statusCounts} active={query.q ? null : query.status} per={query.per} />
      <OrderFilters query={query} />
      {orders.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-stone-300 py-12 text-center text-stone-700">
          {filtered ? "No orders match this filter." : "No orders yet"}
        </p>
      ) : (
        <>
          <BulkMoveForm result={actionData} list={{ query, total, onPage: orders.length, asOf }} />
          <OrdersPagination query={query} page={query.page} pageCount={pageCount} total={total} pageSize={pageSize} />
          <ul className="grid gap-3" data-testid="seller-order-list">
            {orders.map((order) => (
              <li key={order.id}>
                <SellerOrderCard order={order} result={actionData} />
              </li>
            ))}
          </ul>
          <OrdersPagination
            query={query}
            page={query.page}
            pageCount={pageCount}
            total={total}
            pageSize={pageSize}
            bottom
          />
          {/* Without JavaScript on a phone: "All N orders that match" for the bulk form above. */}
          <AllMatchingBox total={total} onPage={orders.length} className="sm:hidden" />
        </>
      )}
    </div>
  );
}
