import { data, Form, Link, redirect, useSubmit } from "react-router";
import { InventoryList } from "~/components/seller/inventory-list";
import { LaunchPanel } from "~/components/seller/launch-panel";
import { requireSeller } from "~/http/auth-guard.server";
import { parseSubmission } from "~/http/form-reply";
import { AppError } from "~/lib/errors";
import { setFlash, type Flash } from "~/http/flash.server";
import { formatShopDateTimeAmPm } from "~/lib/shop-time";
import { logger } from "~/lib/logger.server";
import { pageMeta } from "~/lib/seo";
import { deleteProduct } from "~/flows/delete-product.server";
import { describeDeletion } from "~/modules/catalog/delete-product.server";
import {
  inventoryHref,
  INVENTORY_SORTS,
  INVENTORY_STATUS_FILTERS,
  parseInventoryQuery,
} from "~/modules/catalog/inventory-query";
import { listUpcomingLaunches, scheduleLaunch } from "~/modules/catalog/launches.server";
import { launchNow } from "~/flows/launch-products.server";
import { listCategories } from "~/modules/catalog/list-categories.server";
import { listInventory } from "~/modules/catalog/list-inventory.server";
import { INVALID_LAUNCH_AT, inventoryFormSchema, UNKNOWN_ACTION } from "~/modules/catalog/inventory-forms";
import { setProductStatus } from "~/flows/set-product-status.server";
import type { Route } from "./+types/products";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    title: "Products",
    description: "The shop's inventory.",
    path: "/seller/products",
    noindex: true,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireSeller(request, context);
  const url = new URL(request.url);
  const query = parseInventoryQuery(url.searchParams);
  const deleteId = url.searchParams.get("delete");
  const [inventory, categories, launches, deleteTarget] = await Promise.all([
    listInventory(context.db, query),
    listCategories(context.db, { includeHidden: true }),
    listUpcomingLaunches(context.db),
    deleteId ? describeDeletion(context.db, deleteId.slice(0, 100)) : null,
  ]);
  return {
    query,
    inventory,
    categories: categories.map((c) => ({ slug: c.slug, name: c.name })),
    launches,
    deleteTarget,
  };
}

/** Back to the view the owner was on (only ever this page), with the answer as a toast. */
async function answer(returnTo: unknown, flash: Flash) {
  // A page loaded before the owner pages moved under /seller posts its old address: same view.
  const raw =
    typeof returnTo === "string" ? returnTo.replace(/^\/seller-dashboard\/products(?=[/?]|$)/, "/seller/products") : "";
  const to = /^\/seller\/products(?=[/?]|$)/.test(raw) ? raw : "/seller/products";
  return redirect(to, { headers: { "Set-Cookie": await setFlash(flash) } });
}

/**
 * The list's buttons, read with inventoryFormSchema. Every answer, done or refused, goes back to
 * the owner's view with a toast (a launch date that is not one too); a post no button makes is a 400.
 */
export async function action({ request, context }: Route.ActionArgs) {
  await requireSeller(request, context);
  const submission = parseSubmission(await request.formData(), inventoryFormSchema);
  const form = { returnTo: (submission.payload as Record<string, unknown>).returnTo };
  if (submission.status !== "success") {
    if (submission.error?.launchAt?.[0] === INVALID_LAUNCH_AT)
      return answer(form.returnTo, { type: "error", message: INVALID_LAUNCH_AT });
    throw data(UNKNOWN_ACTION, { status: 400 });
  }
  const input = submission.value;
  const db = context.db;
  try {
    switch (input.intent) {
      case "delete": {
        const result = await deleteProduct(context, input.id);
        const message =
          result.outcome === "archived"
            ? `Product deleted successfully! ${result.name} has been ordered, so it is archived: gone from the shop and carts, and its orders keep it.`
            : "Product deleted successfully!";
        return answer(form.returnTo, { type: "success", message });
      }
      case "activate":
      case "deactivate":
      case "restore": {
        const result = await setProductStatus({ db }, input.id, input.intent);
        const message =
          input.intent === "activate"
            ? `${result.name} is active: buyers can see and buy it.`
            : input.intent === "deactivate"
              ? `${result.name} is now a draft: hidden from buyers.`
              : `${result.name} is restored as a draft.`;
        return answer(form.returnTo, { type: "success", message });
      }
      case "launch-product":
      case "launch-category": {
        const target =
          input.intent === "launch-product"
            ? { kind: "product" as const, id: input.id }
            : { kind: "category" as const, slug: input.id };
        const launched = await launchNow({ db }, target);
        const name = launched.categories[0]?.name ?? launched.products[0]?.name ?? "It";
        return answer(form.returnTo, { type: "success", message: `${name} launched: it is on sale now.` });
      }
      case "schedule-product":
      case "schedule-category": {
        const at = input.launchAt;
        const target =
          input.intent === "schedule-product"
            ? { kind: "product" as const, id: input.id }
            : { kind: "category" as const, slug: input.id };
        await scheduleLaunch(db, target, at);
        return answer(form.returnTo, {
          type: "success",
          message: at ? `Launch scheduled for ${formatShopDateTimeAmPm(at)}` : "Launch date cleared",
        });
      }
    }
  } catch (error) {
    if (error instanceof AppError && error.code !== "NOT_FOUND")
      return answer(form.returnTo, { type: "error", message: error.message });
    if (!(error instanceof AppError)) logger.error({ err: error }, `product action ${input.intent} failed`);
    const message =
      input.intent === "delete"
        ? "Failed to delete product. Please try again."
        : "That did not work. Please try again.";
    return answer(form.returnTo, { type: "error", message });
  }
}

export default function SellerProducts({ loaderData }: Route.ComponentProps) {
  const { query, inventory, categories, launches, deleteTarget } = loaderData;
  const submit = useSubmit();
  const returnTo = inventoryHref(query, { page: query.page });
  const from = (inventory.page - 1) * 20 + 1;
  return (
    <section aria-labelledby="products-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="products-title" className="text-xl font-semibold text-stone-900">
            Products
          </h2>
          <p className="text-sm text-stone-600">
            <span role="status">
              {inventory.total === 0
                ? "No products found"
                : `${from}–${from + inventory.items.length - 1} of ${inventory.total} products`}
            </span>
            {" · "}
            <Link to="/seller/products/costs" className="font-medium text-brand-700 underline underline-offset-2">
              Import costs
            </Link>
            {" · "}
            <Link to="/seller/products/launch" className="font-medium text-brand-700 underline underline-offset-2">
              Launch
            </Link>
          </p>
        </div>
        <Link to="/seller/products/new" className="btn-primary">
          + Add Product
        </Link>
      </div>

      {/* On a phone: the search box and Apply on one row, the three lists on the next (they apply as soon as one changes). */}
      <Form
        method="get"
        role="search"
        aria-label="Filter products"
        className="mt-3 grid grid-cols-3 gap-2 rounded-xl border border-stone-200 bg-white p-2.5 sm:mt-4 sm:gap-3 sm:p-3 lg:grid-cols-[1.6fr_1fr_1.2fr_1.1fr_auto] lg:items-end"
        onChange={(e) => {
          if ((e.target as HTMLElement).tagName === "SELECT") submit(e.currentTarget);
        }}
      >
        <div className="col-span-2 lg:col-span-1">
          <label htmlFor="inventory-q" className="field-label max-sm:sr-only">
            Search products
          </label>
          <input
            id="inventory-q"
            type="search"
            name="q"
            defaultValue={query.q}
            placeholder="Product name"
            className="field-input max-sm:py-2"
          />
        </div>
        <div className="max-lg:order-2">
          <label htmlFor="inventory-category" className="field-label max-sm:text-xs">
            Category
          </label>
          <select
            id="inventory-category"
            name="category"
            defaultValue={query.category}
            className="field-input max-sm:px-2 max-sm:py-2 max-sm:text-sm"
          >
            <option value="">All categories</option>
            {categories.map((c) => (
              <option key={c.slug} value={c.slug}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
        <div className="max-lg:order-2">
          <label htmlFor="inventory-status" className="field-label max-sm:text-xs">
            Status
          </label>
          <select
            id="inventory-status"
            name="status"
            defaultValue={query.status}
            className="field-input max-sm:px-2 max-sm:py-2 max-sm:text-sm"
          >
            {INVENTORY_STATUS_FILTERS.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label} ({inventory.statusCounts[s.value] ?? 0})
              </option>
            ))}
          </select>
        </div>
        <div className="max-lg:order-2">
          <label htmlFor="inventory-sort" className="field-label max-sm:text-xs">
            Sort by
          </label>
          <select
            id="inventory-sort"
            name="sort"
            defaultValue={query.sort}
            className="field-input max-sm:px-2 max-sm:py-2 max-sm:text-sm"
          >
            {INVENTORY_SORTS.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </div>
        <input type="hidden" name="view" value={query.view} />
        {query.low && <input type="hidden" name="low" value="1" />}
        <button type="submit" className="btn-secondary self-end max-lg:order-1 max-sm:py-2 sm:h-11">
          Apply
        </button>
      </Form>

      <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <Link
            to={inventoryHref(query, { low: !query.low })}
            aria-current={query.low ? "true" : undefined}
            className={`rounded-lg px-3 py-1.5 text-sm font-medium ${query.low ? "bg-amber-700 text-white" : "border border-stone-300 bg-white text-stone-800"}`}
          >
            {query.low ? "Low stock only ✓" : "Low stock only"} ({inventory.lowCount})
          </Link>
        </div>
        <div className="flex items-center justify-end gap-1" role="group" aria-label="View">
          {(["grid", "list"] as const).map((view) => (
            <Link
              key={view}
              to={inventoryHref(query, { view, page: query.page })}
              aria-current={query.view === view ? "true" : undefined}
              className={`rounded-lg px-3 py-1.5 text-sm font-medium ${query.view === view ? "bg-stone-900 text-white" : "border border-stone-300 bg-white text-stone-800"}`}
            >
              {view === "grid" ? "Grid view" : "List view"}
            </Link>
          ))}
        </div>
      </div>

      <div className="mt-3">
        {inventory.items.length === 0 ? (
          <div className="rounded-xl border border-dashed border-stone-300 bg-stone-50 p-6 text-center text-stone-700">
            <p className="font-semibold">No products found</p>
            <p className="text-sm">Try another search or filter, or add a product.</p>
          </div>
        ) : (
          <InventoryList
            items={inventory.items}
            view={query.view}
            returnTo={returnTo}
            deleteHref={(productId) =>
              `${returnTo}${returnTo.includes("?") ? "&" : "?"}delete=${encodeURIComponent(productId)}`
            }
            deleteTarget={deleteTarget}
          />
        )}
      </div>

      {inventory.pageCount > 1 && (
        <nav aria-label="Pages" className="mt-4 flex items-center justify-between gap-2">
          {inventory.page > 1 ? (
            <Link to={inventoryHref(query, { page: inventory.page - 1 })} className="btn-secondary">
              Previous
            </Link>
          ) : (
            <span />
          )}
          <span className="text-sm text-stone-700">
            Page {inventory.page} of {inventory.pageCount}
          </span>
          {inventory.page < inventory.pageCount ? (
            <Link to={inventoryHref(query, { page: inventory.page + 1 })} className="btn-secondary">
              Next
            </Link>
          ) : (
            <span />
          )}
        </nav>
      )}

      <LaunchPanel launches={launches} returnTo={returnTo} />
    </section>
  );
}
