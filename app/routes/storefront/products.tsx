import { useKeptActionData } from "~/components/ui/use-kept-action-data";
import { useEffect, useRef } from "react";
import { data, Form, Link, redirect, useNavigate, useNavigation } from "react-router";
import { useHydrated } from "~/components/ui/use-hydrated";
import { NotifyMeForm, notifyMeFailure } from "~/components/ui/notify-me-form";
import { keepOnFailure } from "~/http/keep-on-failure";
import { ProductCard } from "~/components/ui/product-card";
import { GridIcon, ListIcon } from "~/components/ui/icons";
import { pageMeta } from "~/lib/seo";
import { listCategories } from "~/modules/catalog/list-categories.server";
import { listListingFacets, listProducts } from "~/modules/catalog/list-products.server";
import { listingSearch, SORT_OPTIONS, type ListingFacet, type ListingQuery } from "~/modules/catalog/listing-options";
import { ColourSwatch } from "~/components/ui/colour-swatch";
import { parseListingQuery } from "~/modules/catalog/listing-query";
import { resolveCategorySlug } from "~/modules/catalog/resolve-category-slug.server";
import { requestAddress } from "~/modules/abuse/request-address.server";
import { notifyMeAction } from "~/http/notify-me-action.server";
import { findSoonestLaunch } from "~/modules/launches/soonest-launch.server";
import { launchCountdownView } from "~/modules/launches/launch-rules";
import { LaunchBanner } from "~/components/launches/launch-banner";
import type { Route } from "./+types/products";

export const meta: Route.MetaFunction = ({ matches, data, location }) => {
  const name = data?.category?.name;
  return pageMeta({
    matches,
    title: name ? `${name}` : "All Products",
    description: name
      ? `${data?.category?.description} Shop ${name} online in PKR with cash on delivery.`
      : "Browse our T-Shirts, Shirts, Trousers, Shorts and Hoodies. Prices in PKR, cash on delivery across Pakistan.",
    path: location.pathname,
  });
};

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const categories = await listCategories(context.db);
  const category = params.slug ? categories.find((c) => c.slug === params.slug) : undefined;
  if (params.slug && !category) {
    // A former slug answers 301 to the category's address now; a hidden or deleted category is not found.
    const moved = await resolveCategorySlug(context.db, params.slug);
    if (moved) throw redirect(`/category/${moved}${url.search}`, 301);
    throw data(null, { status: 404 });
  }
  // A link kept from before a category's slug changed (/products?category=old) follows it too.
  const filtered = url.searchParams.get("category");
  if (!params.slug && filtered && !categories.some((c) => c.slug === filtered)) {
    const moved = await resolveCategorySlug(context.db, filtered);
    if (moved) {
      url.searchParams.set("category", moved);
      throw redirect(`${url.pathname}${url.search}`, 301);
    }
  }
  const query = parseListingQuery(url.searchParams, category?.slug);
  const [listing, facets] = await Promise.all([listProducts(context.db, query), listListingFacets(context.db, query)]);
  const activeCategory = categories.find((c) => c.slug === query.category) ?? null;
  // The soonest launch the listed coming-soon products wait for (one query, only when some are listed).
  const now = new Date();
  const waiting = listing.items.filter((p) => p.status === "coming-soon").map((p) => p.id);
  const launch = waiting.length > 0 ? await findSoonestLaunch(context.db, waiting, now) : null;
  return {
    query,
    listing,
    facets,
    launch: launch && launchCountdownView(launch, now),
    category: activeCategory && {
      slug: activeCategory.slug,
      name: activeCategory.name,
      description: activeCategory.description,
      comingSoon: activeCategory.comingSoon,
    },
    categories: categories.map((c) => ({ slug: c.slug, name: c.name })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return notifyMeAction(context, await request.formData(), requestAddress(request));
}

/** Notify Me whose request failed (server error, outage, no network): the message under the field, the e-mail kept. */
export const clientAction = (args: Route.ClientActionArgs) => keepOnFailure(args, notifyMeFailure);

export default function Products({ loaderData, actionData: sentActionData }: Route.ComponentProps) {
  const actionData = useKeptActionData(sentActionData);
  const { query, listing, facets, category, categories, launch } = loaderData;
  const formRef = useRef<HTMLFormElement>(null);
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname.startsWith("/products");
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  // With JavaScript, filters apply as you change them; without it, the Apply button submits the form.
  const autoSubmit = (delay: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      if (!formRef.current) return;
      // The same short URL the server would link to; the chosen layout is carried over (no submitter here).
      const form = new FormData(formRef.current);
      const text = (name: string) => String(form.get(name) ?? "");
      const number = (name: string) => (text(name) === "" ? undefined : Number(text(name)));
      const all = (name: string) => form.getAll(name).map(String).sort();
      const search = listingSearch({
        q: text("q"),
        category: text("category"),
        min: number("min"),
        max: number("max"),
        sort: text("sort") as ListingQuery["sort"],
        view: query.view,
        colors: all("color"),
        sizes: all("size"),
      });
      navigate(`/products${search}`, { replace: true, preventScrollReset: true });
    }, delay);
  };

  const heading = category?.name ?? "All Products";
  const comingSoonEmpty = listing.total === 0 && category && category.comingSoon;
  const nextPage = listingSearch({ ...query, page: query.page + 1 });

  return (
    <div className="container-page py-8">
      <h1 className="text-3xl font-bold text-stone-900">{heading}</h1>
      {category && <p className="mt-1 text-stone-600">{category.description}</p>}

      <Form
        ref={formRef}
        method="get"
        action="/products"
        className="mt-6 grid gap-3 rounded-xl border border-stone-200 bg-stone-50 p-4 sm:grid-cols-2 lg:grid-cols-12"
        aria-label="Filter products"
      >
        <div className="sm:col-span-2 lg:col-span-4">
          <label htmlFor="q" className="field-label">
            Search
          </label>
          <input
            id="q"
            name="q"
            type="search"
            defaultValue={query.q}
            placeholder="Search products..."
            className="field-input"
            onChange={() => autoSubmit(450)}
          />
        </div>
        <div className="lg:col-span-2">
          <label htmlFor="category" className="field-label">
            Category
          </label>
          <select
            id="category"
            name="category"
            defaultValue={query.category}
            className="field-input"
            onChange={() => autoSubmit(0)}
          >
            <option value="">All Categories</option>
            {categories.map((c) => (
              <option key={c.slug} value={c.slug}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
        <div className="grid grid-cols-2 gap-3 lg:col-span-3">
          <div>
            <label htmlFor="min" className="field-label">
              Min price (Rs)
            </label>
            <input
              id="min"
              name="min"
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              defaultValue={query.min}
              className="field-input"
              onChange={() => autoSubmit(600)}
            />
          </div>
          <div>
            <label htmlFor="max" className="field-label">
              Max price (Rs)
            </label>
            <input
              id="max"
              name="max"
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              defaultValue={query.max}
              className="field-input"
              onChange={() => autoSubmit(600)}
            />
          </div>
        </div>
        <div className="lg:col-span-2">
          <label htmlFor="sort" className="field-label">
            Sort by
          </label>
          <select
            id="sort"
            name="sort"
            defaultValue={query.sort}
            className="field-input"
            onChange={() => autoSubmit(0)}
          >
            {SORT_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
        <div className="flex items-end lg:col-span-1">
          <button type="submit" name="view" value={query.view} className="btn-primary w-full">
            Apply
          </button>
        </div>
        {facets.colors.length > 0 && (
          <OptionFilter
            legend="Colour"
            name="color"
            facets={facets.colors}
            chosen={query.colors}
            onChange={() => autoSubmit(0)}
            className="sm:col-span-2 lg:col-span-7"
          />
        )}
        {facets.sizes.length > 0 && (
          <OptionFilter
            legend="Size"
            name="size"
            facets={facets.sizes}
            chosen={query.sizes}
            onChange={() => autoSubmit(0)}
            className="sm:col-span-2 lg:col-span-5"
          />
        )}
        <div className="flex items-center justify-between gap-3 sm:col-span-2 lg:col-span-12">
          <p className="text-sm text-stone-700" role="status" aria-live="polite" data-testid="result-count">
            {loading ? "Updating..." : `Showing ${listing.total} ${listing.total === 1 ? "product" : "products"}`}
          </p>
          <div className="flex gap-1" role="group" aria-label="Layout">
            <button
              type="submit"
              name="view"
              value="grid"
              aria-pressed={query.view === "grid"}
              className={`btn px-2.5 ${query.view === "grid" ? "bg-brand-700 text-white" : "border border-stone-300 bg-white text-stone-700"}`}
            >
              <GridIcon />
              <span className="sr-only">Grid view</span>
            </button>
            <button
              type="submit"
              name="view"
              value="list"
              aria-pressed={query.view === "list"}
              className={`btn px-2.5 ${query.view === "list" ? "bg-brand-700 text-white" : "border border-stone-300 bg-white text-stone-700"}`}
            >
              <ListIcon />
              <span className="sr-only">List view</span>
            </button>
          </div>
        </div>
      </Form>

      {listing.total === 0 ? (
        comingSoonEmpty ? (
          <section
            className="mt-10 flex flex-col items-center rounded-xl bg-sky-50 px-4 py-12 text-center"
            aria-labelledby="empty-title"
          >
            <h2 id="empty-title" className="text-2xl font-bold text-stone-900">
              Coming Soon
            </h2>
            <p className="mb-6 mt-2 max-w-md text-stone-700">
              Our {category.name} collection is on its way. Leave your e-mail and we will tell you the moment it lands.
            </p>
            <NotifyMeForm target={`category:${category.slug}`} result={actionData} />
          </section>
        ) : (
          <section
            className="mt-10 flex flex-col items-center rounded-xl bg-stone-50 px-4 py-12 text-center"
            aria-labelledby="empty-title"
          >
            <h2 id="empty-title" className="text-2xl font-bold text-stone-900">
              No products found
            </h2>
            <p className="mt-2 text-stone-700">
              Try a different search, widen the price range or pick another category.
            </p>
            <Link to="/products" className="btn-secondary mt-6">
              Clear filters
            </Link>
          </section>
        )
      ) : (
        <>
          {/* The cards' names are h3s: this heading keeps the outline whole (h1, then h2) for screen readers. */}
          <h2 className="sr-only">Results</h2>
          {launch && <LaunchBanner launch={launch} />}
          <div
            data-testid="product-results"
            className={`mt-6 grid gap-4 ${query.view === "list" ? "grid-cols-1" : "grid-cols-2 sm:grid-cols-3 lg:grid-cols-4"}`}
          >
            {listing.items.map((p, i) => (
              <ProductCard key={p.id} product={p} layout={query.view} priority={i < 2} />
            ))}
          </div>
          {listing.hasMore && (
            <div className="mt-8 flex justify-center">
              {/* A link to the next page until JavaScript runs; then a button that loads it in place. */}
              {hydrated ? (
                <button
                  type="button"
                  className="btn-secondary px-6 py-3"
                  disabled={loading}
                  onClick={() => navigate(`/products${nextPage}`, { preventScrollReset: true, replace: true })}
                >
                  {loading ? "Loading..." : "Load More Products"}
                </button>
              ) : (
                <Link to={`/products${nextPage}`} preventScrollReset replace className="btn-secondary px-6 py-3">
                  Load More Products
                </Link>
              )}
            </div>
          )}
        </>
      )}
    </div>
  );
}

/**
 * Colours (as swatches) or sizes to narrow the listing to, several at once, each with how many
 * products it has: checkboxes of the GET form, so the choice is in the URL with or without JavaScript.
 */
function OptionFilter({
  legend,
  name,
  facets,
  chosen,
  onChange,
  className,
}: {
  legend: string;
  name: "color" | "size";
  facets: ListingFacet[];
  chosen: string[];
  onChange: () => void;
  className: string;
}) {
  return (
    <fieldset className={className}>
      <legend className="field-label">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {facets.map((f) => (
          <label key={f.slug} className="filter-chip">
            <input
              type="checkbox"
              name={name}
              value={f.slug}
              defaultChecked={chosen.includes(f.slug)}
              onChange={onChange}
              className="h-4 w-4 accent-brand-700"
            />
            {f.hex && <ColourSwatch hex={f.hex} />}
            {f.name}
            <span className="text-xs text-stone-600">{`(${f.count})`}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
