import { useKeptActionData } from "~/components/ui/use-kept-action-data";
import { data, Link, type ShouldRevalidateFunctionArgs } from "react-router";
import { SellerOrderCard } from "~/components/seller/orders/seller-order-card";
import {
  AllMatchingBox,
  BulkMoveForm,
  OrderFilters,
  OrderSummaryCards,
  OrdersPagination,
} from "~/components/seller/orders/orders-toolbar";
import {
  answerIntent,
  type BulkMoved,
  type OrdersAnswer,
  type OwnerOrderView,
  type StatusMoved,
} from "~/components/seller/orders/types";
import { GENERIC_FAILURE, STATUS_UPDATE_FAILURE } from "~/lib/failure-messages";
import { parseSubmission, refusalOf, refuse } from "~/http/form-reply";
import { keepOnFailure } from "~/http/keep-on-failure";
import { requireSeller } from "~/http/auth-guard.server";
import { AppError } from "~/lib/errors";
import { pageMeta } from "~/lib/seo";
import { moveOrders } from "~/flows/move-order.server";
import { whatsappConfirmationHref } from "~/modules/orders/cod-confirmation";
import { listSellerOrdersWithDetails } from "~/modules/orders/list-seller-orders.server";
import { STATUS_LABELS } from "~/modules/orders/order-lifecycle";
import { readOrderSelection } from "~/modules/orders/order-selection";
import { ORDERS_FORM_NOT_UNDERSTOOD, ordersTabFormSchema, selectedOrderIds } from "~/modules/orders/orders-tab-forms";
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

/**
 * One order's status change, or the bulk move of the selected orders (each form's `intent`), read
 * with ordersTabFormSchema. A move done answers its toast's words; a refusal is the one form shape
 * (the status form's message starts "Status update failed:"), nothing moved.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireSeller(request, context);
  const form = await request.formData();
  const actor = { id: user.id, name: user.name || user.email };
  const submission = parseSubmission(form, ordersTabFormSchema);
  if (submission.payload.intent === "bulk") return bulkMove(context, actor, form, submission);
  if (submission.status !== "success") {
    if (submission.payload.intent !== "status") return refuse(submission, { formError: ORDERS_FORM_NOT_UNDERSTOOD });
    return refuse(submission, { formError: `Status update failed: ${firstError(submission.error)}` });
  }
  const input = submission.value;
  if (input.intent !== "status") return refuse(submission, { formError: ORDERS_FORM_NOT_UNDERSTOOD });
  try {
    // Courier details go with shipping; the form also posts them (prefilled) for other moves.
    const courier =
      input.status === "shipped" ? { courierName: input.courierName, trackingNumber: input.trackingNumber } : {};
    const result = await moveOrder(context, actor, input.orderId, { status: input.status, ...courier });
    const message =
      result.from === result.status
        ? `Courier details of ${result.orderNumber} updated`
        : `Order status updated to "${STATUS_LABELS[result.status]}"`;
    return data<StatusMoved>({ intent: "status", ok: true, message, orderId: input.orderId });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return refuse(submission, {
      formError: `Status update failed: ${error.message}`,
      fieldErrors: error.fields,
      status: error.status,
    });
  }
}

/** The first message of a refused form (a field's, or the form's own). */
function firstError(error: Record<string, string[] | null> | null | undefined) {
  return Object.values(error ?? {}).find((messages) => messages?.[0])?.[0] ?? "Please check the form";
}

/**
 * Moves the ticked orders, or every order matching the filter (`selection=filter`, resolved in SQL,
 * at most SELECTION_MAX), to one status; each order that cannot move is named with the reason.
 */
async function bulkMove(
  context: Route.ActionArgs["context"],
  actor: { id: string; name: string },
  form: FormData,
  submission: ReturnType<typeof parseSubmission<typeof ordersTabFormSchema>>,
) {
  const refused = (message: string) => refuse(submission, { formError: message });
  const selection = readOrderSelection(form);
  let orderIds: string[];
  try {
    orderIds = await resolveOrderSelection(context.db, selection, "move");
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return refused(error.message);
  }
  if (selection.kind === "filter" && orderIds.length === 0) return refused("No orders match this filter any more");
  if (submission.status !== "success") return refused(firstError(submission.error));
  const selected = selectedOrderIds.safeParse(orderIds);
  if (!selected.success) return refused(selected.error.issues[0]?.message ?? "Please select at least one order");
  const to = submission.value.intent === "bulk" ? submission.value.to : null;
  if (!to) return refused(ORDERS_FORM_NOT_UNDERSTOOD);
  const ids = selected.data;
  const result = await moveOrders(context, actor, ids, to);
  const label = STATUS_LABELS[to];
  const moved = `${result.moved.length} ${result.moved.length === 1 ? "order" : "orders"} moved to "${label}"`;
  const message = result.failed.length === 0 ? moved : `${moved}; ${result.failed.length} could not be moved`;
  return data<BulkMoved>({
    intent: "bulk",
    ok: result.failed.length === 0,
    message,
    moved: result.moved,
    failed: result.failed,
  });
}

/** A status change whose request failed (server error, outage, no network): SPEC.md's words in a toast, the form as it was. */
export const clientAction = (args: Route.ClientActionArgs) =>
  keepOnFailure(args, ({ intent, values }) =>
    refusalOf(values, intent === "bulk" ? GENERIC_FAILURE : STATUS_UPDATE_FAILURE),
  );

/** After a refused move reload anyway: the order may have moved on elsewhere. Not after a failed request (5xx): that reload would fail too. */
export function shouldRevalidate({
  actionResult,
  actionStatus,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  const intent = answerIntent(actionResult as OrdersAnswer | undefined);
  if ((intent === "status" || intent === "bulk") && (actionStatus ?? 200) < 500) return true;
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
            href={`/seller/orders.csv${sellerOrderSearchParams({ status: query.status, q: query.q, returns: query.returns, whatsapp: query.whatsapp, source: query.source })}`}
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
