import { data, Link, useLocation, useNavigation } from "react-router";
import { formKey } from "~/lib/form-key";
import { CodeFigures, DiscountCodeForm, DISCOUNTS_PATH, PauseForm } from "~/components/seller/discount-forms";
import { StatusBadge } from "~/components/ui/status-badge";
import { requireSeller } from "~/http/auth-guard.server";
import { discountAction } from "~/http/discount-action.server";
import { formatShopDateTimeAmPm } from "~/lib/shop-time";
import { formatPrice } from "~/lib/money";
import { pageWindow } from "~/lib/page-window";
import { pageMeta } from "~/lib/seo";
import { useKeptActionData } from "~/components/ui/use-kept-action-data";
import { codeCardData, targetNames } from "~/modules/promotions/describe-promotion";
import {
  CODE_ORDERS_PER_PAGE,
  getDiscountCode,
  listCodeOrders,
} from "~/modules/promotions/manage-discount-codes.server";
import { formError, isRefusal, keptValue } from "~/lib/form-reply";
import { discountCodeFormValues, keptDiscountCodeValues } from "~/modules/promotions/promotion-forms";
import { listPromotionTargets } from "~/modules/promotions/promotion-targets.server";
import type { Route } from "./+types/code";

export const meta: Route.MetaFunction = ({ matches, data: page }) =>
  pageMeta({
    matches,
    title: page?.code ? `Discount ${page.code.code}` : "Discount",
    description: "A discount code's rules and the orders that used it.",
    path: DISCOUNTS_PATH,
    noindex: true,
  });

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

/** GET /seller/discounts/:id?page=N: the code, its figures, its form and the orders that used it. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireSeller(request, context);
  const id = Number(params.id);
  const now = new Date();
  const code = Number.isSafeInteger(id) && id > 0 ? await getDiscountCode(context.db, id, now) : null;
  if (!code) throw data("That discount code does not exist.", { status: 404 });
  const requested = Number(new URL(request.url).searchParams.get("page") ?? 1);
  const [targets, used] = await Promise.all([
    listPromotionTargets(context.db),
    listCodeOrders(context.db, id, requested),
  ]);
  const { page, pageCount } = pageWindow(used.total, requested, CODE_ORDERS_PER_PAGE);
  return {
    code: codeCardData(code, targetNames(targets)),
    values: discountCodeFormValues(code),
    targets,
    orders: used.orders.map((o) => ({ ...o, placedAt: formatShopDateTimeAmPm(o.placedAt) })),
    orderPage: { page, pageCount, total: used.total },
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  await requireSeller(request, context);
  return discountAction(context.db, await request.formData(), `${DISCOUNTS_PATH}/${Number(params.id)}`);
}

export default function SellerDiscountCode({ loaderData, actionData: sentActionData }: Route.ComponentProps) {
  const actionData = useKeptActionData(sentActionData);
  const { code, values, targets, orders, orderPage } = loaderData;
  const navigation = useNavigation();
  const location = useLocation();
  const posting =
    navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST"
      ? String(navigation.formData?.get("intent") ?? "")
      : null;
  const answer = isRefusal(actionData) ? actionData : null;
  const editAnswer = keptValue(answer, "intent") === "edit-code" ? answer : null;
  const shown = editAnswer ? keptDiscountCodeValues(editAnswer) : values;
  const self = `${DISCOUNTS_PATH}/${code.id}`;

  return (
    <div className="grid gap-6">
      <section aria-labelledby="code-title" className="grid gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="code-title" className="font-mono text-xl font-semibold tracking-wide text-stone-900">
            {code.code}
          </h2>
          <Link to={DISCOUNTS_PATH} className="btn-secondary max-sm:py-2">
            Back to Discounts
          </Link>
        </div>
        <p className="text-sm text-stone-900">
          <span className="font-semibold">{code.stateLabel}</span> · {code.off} · {code.scope}
        </p>
        <p className="text-sm text-stone-700">
          {code.window}; {code.limits}
        </p>
        {answer && !editAnswer && (
          <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-sm font-medium text-red-900">
            {formError(answer)}
          </p>
        )}
        <CodeFigures code={code} />
        <div>
          <PauseForm code={code} busy={posting !== null} action={self} />
        </div>
      </section>

      <section id="code-orders" aria-labelledby="code-orders-title" className="grid scroll-mt-32 gap-3">
        <h3 id="code-orders-title" className="text-lg font-semibold text-stone-900">
          Orders that used {code.code}
        </h3>
        {orders.length === 0 ? (
          <p className="rounded-lg bg-stone-50 px-4 py-3 text-sm text-stone-700">No order has used this code yet.</p>
        ) : (
          <ul className="divide-y divide-stone-100 rounded-xl border border-stone-200 bg-white">
            {orders.map((o) => (
              <li
                key={o.orderId}
                className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-3 text-sm"
              >
                <span className="min-w-0">
                  <Link
                    to={`/seller/orders?q=${encodeURIComponent(o.orderNumber)}`}
                    className="font-semibold text-brand-700 underline"
                  >
                    {o.orderNumber}
                  </Link>{" "}
                  <span className="text-stone-700">
                    {o.fullName} · {o.placedAt}
                  </span>
                </span>
                <span className="flex items-center gap-2">
                  <StatusBadge status={o.status} />
                  <span className="font-semibold text-stone-900">
                    {o.gaveBack ? (
                      <s aria-label={`${formatPrice(o.amount)}, given back`}>{formatPrice(o.amount)}</s>
                    ) : (
                      `${formatPrice(o.amount)} off`
                    )}
                  </span>
                </span>
              </li>
            ))}
          </ul>
        )}
        {orderPage.pageCount > 1 && (
          <nav aria-label="Pages of orders" className="flex items-center justify-between gap-2">
            {orderPage.page > 1 ? (
              <Link to={`?page=${orderPage.page - 1}#code-orders`} className="btn-secondary" rel="prev">
                Previous
              </Link>
            ) : (
              <span />
            )}
            <span className="text-sm text-stone-700">
              Page {orderPage.page} of {orderPage.pageCount}
            </span>
            {orderPage.page < orderPage.pageCount ? (
              <Link to={`?page=${orderPage.page + 1}#code-orders`} className="btn-secondary" rel="next">
                Next
              </Link>
            ) : (
              <span />
            )}
          </nav>
        )}
      </section>

      <DiscountCodeForm
        formKey={formKey(location.key, editAnswer, shown)}
        editing={{ id: code.id, code: code.code }}
        values={shown}
        reply={editAnswer}
        busy={posting === "edit-code"}
        targets={targets}
        action={self}
      />
    </div>
  );
}
