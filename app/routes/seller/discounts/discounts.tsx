import { Link, useLocation, useNavigation } from "react-router";
import { formKey } from "~/lib/form-key";
import { CodeCard, DiscountCodeForm, DISCOUNTS_PATH, SaleCard, SaleForm } from "~/components/seller/discount-forms";
import { requireSeller } from "~/http/auth-guard.server";
import { discountAction } from "~/http/discount-action.server";
import { pageWindow } from "~/lib/page-window";
import { pageMeta } from "~/lib/seo";
import { useKeptActionData } from "~/components/ui/use-kept-action-data";
import { codeCardData, saleCardData, targetNames } from "~/modules/promotions/describe-promotion";
import { CODES_PER_PAGE, listDiscountCodes } from "~/modules/promotions/manage-discount-codes.server";
import { getScheduledSale, listScheduledSales } from "~/modules/promotions/manage-scheduled-sales.server";
import { isRefusal, keptValue } from "~/lib/form-reply";
import {
  discountCodeFormValues,
  keptDiscountCodeValues,
  keptSaleValues,
  saleFormValues,
} from "~/modules/promotions/promotion-forms";
import { listPromotionTargets } from "~/modules/promotions/promotion-targets.server";
import type { Route } from "./+types/discounts";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    title: "Discounts",
    description: "Discount codes and scheduled sales.",
    path: DISCOUNTS_PATH,
    noindex: true,
  });

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

/** GET /seller/discounts?page=N&editSale=ID */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireSeller(request, context);
  const params = new URL(request.url).searchParams;
  const now = new Date();
  const editSaleId = Number(params.get("editSale"));
  const [codes, sales, targets, editing] = await Promise.all([
    listDiscountCodes(context.db, { page: Number(params.get("page") ?? 1), now }),
    listScheduledSales(context.db, now),
    listPromotionTargets(context.db),
    Number.isSafeInteger(editSaleId) && editSaleId > 0 ? getScheduledSale(context.db, editSaleId, now) : null,
  ]);
  const names = targetNames(targets);
  const { page, pageCount } = pageWindow(codes.total, Number(params.get("page") ?? 1), CODES_PER_PAGE);
  return {
    codes: codes.codes.map((c) => codeCardData(c, names)),
    codePage: { page, pageCount, total: codes.total },
    sales: sales.sales.map((s) => saleCardData(s, names)),
    salesTotal: sales.total,
    targets,
    newCode: discountCodeFormValues(),
    newSale: saleFormValues(),
    editingSale: editing ? { id: editing.id, name: editing.name, values: saleFormValues(editing) } : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireSeller(request, context);
  return discountAction(context.db, await request.formData(), DISCOUNTS_PATH);
}

/** Dashboard -> Discounts: the codes with their figures and Add Discount; the scheduled sales and Add Sale. */
export default function SellerDiscounts({ loaderData, actionData: sentActionData }: Route.ComponentProps) {
  const actionData = useKeptActionData(sentActionData);
  const { codes, codePage, sales, salesTotal, targets, newCode, newSale, editingSale } = loaderData;
  const navigation = useNavigation();
  const location = useLocation();
  const posting =
    navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST"
      ? String(navigation.formData?.get("intent") ?? "")
      : null;
  const answer = isRefusal(actionData) ? actionData : null;
  const sentIntent = keptValue(answer, "intent");
  const codeAnswer = sentIntent === "add-code" ? answer : null;
  const saleAnswer = sentIntent === "add-sale" || sentIntent === "edit-sale" ? answer : null;
  const listError = answer && !codeAnswer && !saleAnswer ? answer.error?.[""]?.[0] : null;
  // A refused edit shows the edit form again, with what was typed.
  const saleAnswerId = Number(keptValue(saleAnswer, "saleId"));
  const saleTarget =
    sentIntent === "edit-sale"
      ? {
          id: saleAnswerId,
          name:
            editingSale && editingSale.id === saleAnswerId ? editingSale.name : (keptValue(saleAnswer, "name") ?? ""),
        }
      : sentIntent === "add-sale"
        ? null
        : editingSale;
  const saleValues = saleAnswer ? keptSaleValues(saleAnswer) : (editingSale?.values ?? newSale);
  const codeValues = codeAnswer ? keptDiscountCodeValues(codeAnswer) : newCode;

  return (
    <div className="grid gap-6">
      <section id="codes" aria-labelledby="codes-title" className="grid scroll-mt-32 gap-3">
        <div>
          <h2 id="codes-title" className="text-xl font-semibold text-stone-900">
            Discount codes
          </h2>
          <p className="mt-1 text-sm text-stone-700">
            Codes you hand out on Instagram and WhatsApp. Buyers type one at checkout; a cancelled or returned order
            gives its use back. Times are Pakistan time.
          </p>
        </div>
        {listError && (
          <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-sm font-medium text-red-900">
            {listError}
          </p>
        )}
        {codes.length === 0 ? (
          <p className="rounded-lg bg-stone-50 px-4 py-3 text-sm text-stone-700">
            No discount codes yet: add the first one below.
          </p>
        ) : (
          <ul className="grid gap-3 lg:grid-cols-2">
            {codes.map((code) => (
              <CodeCard key={code.id} code={code} busy={posting !== null} />
            ))}
          </ul>
        )}
        {codePage.pageCount > 1 && (
          <nav aria-label="Pages of discount codes" className="flex items-center justify-between gap-2">
            {codePage.page > 1 ? (
              <Link to={`?page=${codePage.page - 1}#codes`} className="btn-secondary" rel="prev">
                Previous
              </Link>
            ) : (
              <span />
            )}
            <span className="text-sm text-stone-700">
              Page {codePage.page} of {codePage.pageCount} ({codePage.total} codes)
            </span>
            {codePage.page < codePage.pageCount ? (
              <Link to={`?page=${codePage.page + 1}#codes`} className="btn-secondary" rel="next">
                Next
              </Link>
            ) : (
              <span />
            )}
          </nav>
        )}
      </section>

      <DiscountCodeForm
        formKey={formKey(location.key, codeAnswer, codeValues)}
        editing={null}
        values={codeValues}
        reply={codeAnswer}
        busy={posting === "add-code"}
        targets={targets}
      />

      <section id="sales" aria-labelledby="sales-title" className="grid scroll-mt-32 gap-3">
        <div>
          <h2 id="sales-title" className="text-xl font-semibold text-stone-900">
            Scheduled sales
          </h2>
          <p className="mt-1 text-sm text-stone-700">
            A percentage off some categories or products between two times. The shop shows the sale price, with the
            regular price struck through, from the start to the end by itself. A code is taken off after the sale price.
          </p>
        </div>
        {sales.length === 0 ? (
          <p className="rounded-lg bg-stone-50 px-4 py-3 text-sm text-stone-700">No sales yet: add one below.</p>
        ) : (
          <ul className="grid gap-3 lg:grid-cols-2">
            {sales.map((sale) => (
              <SaleCard key={sale.id} sale={sale} busy={posting !== null} />
            ))}
          </ul>
        )}
        {salesTotal > sales.length && (
          <p className="text-sm text-stone-700">
            Showing the {sales.length} latest of {salesTotal} sales.
          </p>
        )}
      </section>

      <SaleForm
        formKey={formKey(location.key, saleAnswer, saleTarget?.id ?? "new", saleValues)}
        editing={saleTarget}
        values={saleValues}
        reply={saleAnswer}
        busy={posting === "add-sale" || posting === "edit-sale"}
        targets={targets}
      />
    </div>
  );
}
