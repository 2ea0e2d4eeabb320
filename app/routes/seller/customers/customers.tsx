import { useLocation, useNavigation } from "react-router";
import { CustomerFilters, SaveSegmentForm, SegmentChips } from "~/components/seller/customers/customer-filters";
import { CUSTOMERS_PATH, CustomerList, CustomerPagination } from "~/components/seller/customers/customer-list";
import { customerAction } from "~/http/customer-action.server";
import { formError, isRefusal, keptValue } from "~/lib/form-reply";
import { requireSeller } from "~/http/auth-guard.server";
import { formKey } from "~/lib/form-key";
import { pageMeta } from "~/lib/seo";
import { useKeptActionData } from "~/components/ui/use-kept-action-data";
import {
  CUSTOMER_DATE_FILTERS,
  CUSTOMER_NUMBER_FILTERS,
  customerQueryString,
  isFiltered,
  readCustomerQuery,
  type CustomerQueryField,
} from "~/modules/customers/customer-query";
import { listCustomerSegments } from "~/modules/customers/customer-segments.server";
import { listCustomers } from "~/modules/customers/list-customers.server";
import type { Route } from "./+types/customers";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    title: "Customers",
    description: "Every customer by phone number, with their orders, delivery rate and lifetime value.",
    path: CUSTOMERS_PATH,
    noindex: true,
  });

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

const FIELDS: CustomerQueryField[] = ["q", "city", "tag", ...CUSTOMER_NUMBER_FILTERS, ...CUSTOMER_DATE_FILTERS];

/** GET /seller/customers?q=&city=&tag=&ordersMin=...&sort=&dir=&page=: one page of customers, the filter in the URL. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireSeller(request, context);
  const params = new URL(request.url).searchParams;
  const { query, errors } = readCustomerQuery(params);
  const [page, segments] = await Promise.all([listCustomers(context.db, query), listCustomerSegments(context.db)]);
  // What was typed, refused values included, so the form shows them beside their messages.
  const raw = Object.fromEntries(
    FIELDS.map((f) => [f, (params.get(f) ?? "").slice(0, 200)]).filter(([, v]) => v !== ""),
  );
  return {
    query: { ...query, page: page.page },
    raw,
    errors,
    page,
    segments,
    saved: customerQueryString(query, { page: false }),
  };
}

/** POST: save the current filter as a segment, or delete one. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireSeller(request, context);
  const url = new URL(request.url);
  return customerAction(context.db, user, null, await request.formData(), url.pathname + url.search);
}

/** Dashboard -> Customers: search, filters and sort in the URL, saved segments, the page of customers, CSV. */
export default function SellerCustomers({ loaderData, actionData: sent }: Route.ComponentProps) {
  const kept = useKeptActionData(sent);
  const actionData = isRefusal(kept) ? kept : null;
  const { query, raw, errors, page, segments, saved } = loaderData;
  const navigation = useNavigation();
  const location = useLocation();
  const busy = navigation.state === "submitting";
  const segmentAnswer = keptValue(actionData, "intent") === "save-segment" ? actionData : null;
  const otherAnswer = actionData && !segmentAnswer ? actionData : null;
  const filtered = isFiltered(query);
  const filtersOpen = Object.keys(errors).length > 0 || FIELDS.some((f) => f !== "q" && raw[f as keyof typeof raw]);
  const csvHref = `${CUSTOMERS_PATH}.csv${saved ? `?${saved}` : ""}`;
  return (
    <div className="grid gap-3 sm:gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-xl font-semibold text-stone-900">Customers</h2>
        <a href={csvHref} className="btn-secondary max-sm:py-2" download>
          Download CSV
        </a>
      </div>
      <p className="text-sm text-stone-700">
        One row per phone number: a buyer's web orders and the orders you enter for them by phone, WhatsApp or Instagram
        add up together. Lifetime value counts delivered orders.
      </p>
      {otherAnswer && (
        <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-sm font-medium text-red-900">
          {formError(otherAnswer)}
        </p>
      )}
      <SegmentChips segments={segments} current={saved} busy={busy} />
      <CustomerFilters key={location.search} query={query} raw={raw} errors={errors} open={filtersOpen} />
      {page.customers.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-stone-300 py-12 text-center text-stone-700">
          {filtered ? "No customers match this filter." : "No customers yet: each order's phone number makes one."}
        </p>
      ) : (
        <>
          <CustomerList rows={page.customers} query={query} />
          <CustomerPagination
            query={query}
            page={page.page}
            pageCount={page.pageCount}
            total={page.total}
            pageSize={page.pageSize}
          />
        </>
      )}
      <SaveSegmentForm
        formKey={formKey(location.key, actionData, saved, segmentAnswer?.initialValue ?? null)}
        query={saved}
        reply={segmentAnswer}
        busy={busy}
      />
    </div>
  );
}
