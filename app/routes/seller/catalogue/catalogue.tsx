import { Form, Link, useNavigation } from "react-router";
import { CategoryBadges } from "~/components/seller/category-parts";
import { CATALOGUE_TABS, SectionTabs } from "~/components/seller/section-tabs";
import { FormAlert } from "~/components/ui/form-parts";
import { ProductImage } from "~/components/ui/product-image";
import { requireSeller } from "~/http/auth-guard.server";
import { categoryAction } from "~/http/category-action.server";
import { pageMeta } from "~/lib/seo";
import { formError } from "~/lib/form-reply";
import { formatShopDateLong } from "~/lib/shop-time";
import { useKeptActionData } from "~/components/ui/use-kept-action-data";
import { CATEGORIES_PATH, launchText } from "~/modules/catalog/category-input";
import { listOwnerCategories } from "~/modules/catalog/list-owner-categories.server";
import type { Route } from "./+types/catalogue";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    title: "Categories",
    description: "The shop's categories: names, addresses, pictures, order, hidden and coming soon.",
    path: CATEGORIES_PATH,
    noindex: true,
  });

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireSeller(request, context);
  const categories = await listOwnerCategories(context.db);
  return {
    categories: categories.map((c) => ({
      slug: c.slug,
      name: c.name,
      hidden: c.hidden,
      comingSoon: c.comingSoon,
      launch: c.comingSoon ? launchText(c, formatShopDateLong) : null,
      image: c.image ? { alt: "", width: c.image.width, height: c.image.height, sources: c.image.sources } : null,
      onSale: c.onSale,
      products: c.products,
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireSeller(request, context);
  return categoryAction(context, request, null);
}

/** Dashboard -> Catalogue -> Categories: every category in the shop's order, with its quick actions. */
export default function SellerCatalogue({ loaderData, actionData: sentActionData }: Route.ComponentProps) {
  const actionData = useKeptActionData(sentActionData);
  const { categories } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";

  return (
    <div>
      <SectionTabs label="Catalogue" tabs={CATALOGUE_TABS} />
      <section aria-labelledby="categories-title" className="grid gap-4">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div className="min-w-0">
            <h2 id="categories-title" className="text-xl font-semibold text-stone-900">
              Categories
            </h2>
            <p className="mt-1 text-sm text-stone-700">
              The shop lists them in this order: in the menus, the filters and on the home page. A hidden category is
              gone from the shop; its products stay on sale.
            </p>
          </div>
          <Link to={`${CATEGORIES_PATH}/categories/new`} className="btn-primary px-4">
            Add category
          </Link>
        </div>
        {actionData && <FormAlert>{formError(actionData)}</FormAlert>}
        {categories.length === 0 ? (
          <p className="rounded-lg bg-stone-50 px-4 py-3 text-sm text-stone-700">
            No categories yet: add the first one.
          </p>
        ) : (
          <ol className="grid gap-3">
            {categories.map((c, i) => (
              <li
                key={c.slug}
                className="flex flex-wrap items-center gap-3 rounded-xl border border-stone-200 bg-white p-3 sm:flex-nowrap sm:p-4"
              >
                <div className="w-14 shrink-0 overflow-hidden rounded-lg">
                  {c.image ? (
                    <ProductImage image={c.image} sizes="56px" alt="" />
                  ) : (
                    <div aria-hidden className="aspect-[4/5] bg-stone-100" />
                  )}
                </div>
                <div className="min-w-0 flex-1">
                  <p className="flex flex-wrap items-center gap-2">
                    <Link
                      to={`${CATEGORIES_PATH}/categories/${c.slug}`}
                      className="break-words font-semibold text-stone-900 underline-offset-2 hover:underline"
                    >
                      {c.name}
                    </Link>
                    <CategoryBadges hidden={c.hidden} comingSoon={c.comingSoon} launch={c.launch} />
                  </p>
                  <p className="mt-0.5 break-all text-sm text-stone-600">/category/{c.slug}</p>
                  <p className="text-sm text-stone-700">
                    {c.onSale} on sale · {c.products} {c.products === 1 ? "product" : "products"} in all
                  </p>
                </div>
                <div className="flex w-full flex-wrap gap-2 sm:w-auto sm:flex-nowrap">
                  <Form method="post" className="contents">
                    <input type="hidden" name="slug" value={c.slug} />
                    <button
                      type="submit"
                      name="intent"
                      value="move-up"
                      className="btn-secondary min-h-10 px-3"
                      disabled={busy || i === 0}
                      aria-label={`Move ${c.name} up`}
                    >
                      <span aria-hidden>↑</span> Up
                    </button>
                    <button
                      type="submit"
                      name="intent"
                      value="move-down"
                      className="btn-secondary min-h-10 px-3"
                      disabled={busy || i === categories.length - 1}
                      aria-label={`Move ${c.name} down`}
                    >
                      <span aria-hidden>↓</span> Down
                    </button>
                    <button
                      type="submit"
                      name="intent"
                      value={c.hidden ? "show" : "hide"}
                      className="btn-secondary min-h-10 px-3"
                      disabled={busy}
                      aria-label={`${c.hidden ? "Show" : "Hide"} ${c.name}`}
                    >
                      {c.hidden ? "Show" : "Hide"}
                    </button>
                  </Form>
                  <Link
                    to={`${CATEGORIES_PATH}/categories/${c.slug}`}
                    className="btn-secondary min-h-10 px-3"
                    aria-label={`Edit ${c.name}`}
                  >
                    Edit
                  </Link>
                </div>
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}
