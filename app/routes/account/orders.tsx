import { useKeptActionData } from "~/components/ui/use-kept-action-data";
import { data, redirect, useLocation, useNavigation, type ShouldRevalidateFunctionArgs } from "react-router";
import { accountTabPath, type AccountTabId } from "~/components/account/account-tabs";
import { OrdersTab } from "~/components/account/orders-tab";
import { answerIntent, type AccountAnswer, type AccountDone } from "~/components/account/shared";
import { requireUser } from "~/http/auth-guard.server";
import { AppError } from "~/lib/errors";
import { GENERIC_FAILURE } from "~/lib/failure-messages";
import { parseSubmission, refusalOf, refuse } from "~/http/form-reply";
import { keepOnFailure } from "~/http/keep-on-failure";
import { cancelOrderFormSchema, FORM_MISSING } from "~/modules/accounts/account-forms";
import { cancelOrder } from "~/flows/cancel-order.server";
import { listOrders } from "~/modules/orders/list-orders.server";
import { returnWindow } from "~/modules/returns/return-rules";
import { getSettings } from "~/modules/settings/get-settings.server";
import { ratingsByProduct } from "~/modules/reviews/buyer-reviews.server";
import type { Route } from "./+types/orders";

/** The account's tab (or page) of each form it ever had: all of them posted here while the account was one page. */
const TAB_OF_INTENT = new Map<unknown, AccountTabId>([
  ["unsave", "wishlist"],
  ["profile", "profile"],
  ["settings", "settings"],
  ["password", "settings"],
  ["delete-account", "settings"],
]);

/** My Orders (/buyer-dashboard and /orders): the buyer's orders, cancel while allowed, and their ratings. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context, "buyer");
  const orders = await listOrders(context.db, { id: user.id, role: user.role });
  // The buyer's own ratings of what was delivered to them: "Your rating: N" beside those items.
  const delivered = orders.filter((o) => o.status === "delivered").flatMap((o) => o.items.map((i) => i.productId));
  const [myRatings, settings] = await Promise.all([
    ratingsByProduct(context.db, user.id, delivered),
    getSettings(context.db),
  ]);
  // Delivered orders still inside the return window (Settings): each card offers Return or exchange until then.
  const now = new Date();
  const returnsOpenUntil = Object.fromEntries(
    orders.flatMap((o) => {
      const window = returnWindow(o, settings.returnWindowDays, now);
      return window.open && window.closesAt ? [[o.id, window.closesAt.toISOString()]] : [];
    }),
  );
  return { orders, myRatings, returnsOpenUntil };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context, "buyer");
  const form = await request.formData();
  // Another tab's form, posted the way the one-page account posted it: 308 keeps the form on the way there.
  const tab = TAB_OF_INTENT.get(form.get("intent"));
  if (tab) throw redirect(accountTabPath(tab), 308);
  const submission = parseSubmission(form, cancelOrderFormSchema);
  if (submission.status !== "success") return refuse(submission, { formError: FORM_MISSING });
  const { orderId } = submission.value;
  try {
    const result = await cancelOrder(context, { id: user.id, role: user.role }, orderId);
    return data<AccountDone>({
      intent: "cancel",
      ok: true,
      message: `Order ${result.orderNumber} cancelled`,
      target: orderId,
    });
  } catch (error) {
    // Refused (the order moved on meanwhile): the message shows on its card (the kept orderId).
    if (error instanceof AppError) return refuse(submission, { formError: error.message, status: error.status });
    throw error;
  }
}

/** Any form of the page whose request failed (server error, outage, no network): SPEC.md's words beside it, what was typed kept. */
export const clientAction = (args: Route.ClientActionArgs) =>
  keepOnFailure(args, ({ values }) => refusalOf(values, GENERIC_FAILURE));

/**
 * After a refused cancel (409) reload anyway: the order has moved on and the list should show how.
 * Not after a failed request (5xx): the reload would fail too.
 */
export function shouldRevalidate({
  actionResult,
  actionStatus,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (answerIntent(actionResult as AccountAnswer | undefined) === "cancel" && (actionStatus ?? 200) < 500) return true;
  return defaultShouldRevalidate;
}

// ---------------------------------------------------------------------------------------------------

export default function BuyerDashboard({ loaderData, actionData: sentActionData }: Route.ComponentProps) {
  const actionData = useKeptActionData(sentActionData);
  const location = useLocation();
  const navigation = useNavigation();
  // My Orders followed again, or the list reloading after a cancel: the list stays, marked as loading.
  const navigatingHere = navigation.state === "loading" && navigation.location.pathname === location.pathname;
  return (
    <OrdersTab
      orders={loaderData.orders}
      myRatings={loaderData.myRatings}
      returnsOpenUntil={loaderData.returnsOpenUntil}
      refreshing={navigatingHere}
      actionData={answerIntent(actionData) === "cancel" ? actionData : undefined}
    />
  );
}
