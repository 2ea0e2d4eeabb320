import { data, Form, Link } from "react-router";
import { ProductCard } from "~/components/ui/product-card";
import { ProductImage } from "~/components/ui/product-image";
import { pageMeta } from "~/lib/seo";
import { getPublishedCollection } from "~/modules/catalog/get-collection.server";
import { listCollectionProducts } from "~/modules/catalog/list-collection-products.server";
import { SORT_OPTIONS } from "~/modules/catalog/listing-options";
import { mediaUrl, pickSource } from "~/modules/media/image-url";
import { readCollectionPageQuery, collectionPageSearch } from "~/modules/catalog/collection-page-query";
import { findSoonestLaunch } from "~/modules/launches/soonest-launch.server";
import { launchCountdownView } from "~/modules/launches/launch-rules";
import { LaunchBanner } from "~/components/launches/launch-banner";
import type { Route } from "./+types/collections";

export const meta: Route.MetaFunction = ({ matches, data, params }) => {
  if (!data)
    return pageMeta({
      matches,
      title: "Collection not found",
      description: "This collection is not in the shop.",
      path: `/collections/${params.slug}`,
      noindex: true,
    });
  const text = data.collection.description.replace(/\s+/g, " ").trim();
  return pageMeta({
    matches,
    title: data.collection.title,
    description: text
      ? text.slice(0, 160)
      : `${data.collection.title}: shop the collection online in PKR with cash on delivery.`,
    path: `/collections/${data.collection.slug}`,
    image: data.imageUrl,
  });
};

/** GET /collections/:slug?page=N&sort=...: a published collection and its products (pages 1..N, like the listing). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const collection = await getPublishedCollection(context.db, params.slug);
  if (!collection) throw data(null, { status: 404 });
  const query = readCollectionPageQuery(new URL(request.url).searchParams).query;
  const listing = await listCollectionProducts(context.db, collection, query);
  const image = collection.image;
  // The soonest launch the listed coming-soon products wait for (one query, only when some are listed).
  const now = new Date();
  const waiting = listing.items.filter((p) => p.status === "coming-soon").map((p) => p.id);
  const launch = waiting.length > 0 ? await findSoonestLaunch(context.db, waiting, now) : null;
  return {
    collection: {
      slug: collection.slug,
      title: collection.title,
      description: collection.description,
      image,
      mode: collection.mode,
    },
    query,
    listing,
    launch: launch && launchCountdownView(launch, now),
    imageUrl: image ? mediaUrl(pickSource(image.sources, 1200).key) : undefined,
  };
}

export default function CollectionPage({ loaderData }: Route.ComponentProps) {
  const { collection, query, listing, launch } = loaderData;
  const path = `/collections/${collection.slug}`;
  const nextPage = collectionPageSearch({ ...query, page: query.page + 1 });
  return (
    <div className="container-page py-8">
      <div className={collection.image ? "grid items-center gap-6 md:grid-cols-2" : undefined}>
        <div>
          <h1 className="text-3xl font-bold text-stone-900">{collection.title}</h1>
          {collection.description && (
            <p className="mt-2 max-w-prose whitespace-pre-line text-stone-700">{collection.description}</p>
          )}
        </div>
        {collection.image && (
          // A wide banner; its words are the heading beside it, so the picture is decorative.
          <ProductImage
            image={collection.image}
            aspect="wide"
            alt=""
            className="rounded-2xl"
            sizes="(min-width: 1280px) 600px, (min-width: 768px) 50vw, 100vw"
            priority
          />
        )}
      </div>

      <div className="mt-6 flex flex-wrap items-end justify-between gap-3">
        <p className="text-sm text-stone-700" data-testid="result-count">
          {`${listing.total} ${listing.total === 1 ? "product" : "products"}`}
        </p>
        {/* A rule collection offers the listing's sorts; a hand-picked one keeps the owner's order. */}
        {collection.mode === "rule" && listing.total > 1 && (
          <Form method="get" action={path} className="flex items-end gap-2" aria-label="Sort the collection">
            <div>
              <label htmlFor="sort" className="field-label">
                Sort by
              </label>
              <select id="sort" name="sort" defaultValue={query.sort} className="field-input">
                {SORT_OPTIONS.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" className="btn-secondary">
              Sort
            </button>
          </Form>
        )}
      </div>

      {listing.total === 0 ? (
        <section
          className="mt-8 flex flex-col items-center rounded-xl bg-stone-50 px-4 py-12 text-center"
          aria-labelledby="empty-title"
        >
          <h2 id="empty-title" className="text-2xl font-bold text-stone-900">
            Nothing here yet
          </h2>
          <p className="mt-2 text-stone-700">This collection has no products at the moment.</p>
          <Link to="/products" className="btn-secondary mt-6">
            Browse all products
          </Link>
        </section>
      ) : (
        <>
          <h2 className="sr-only">Products</h2>
          {launch && <LaunchBanner launch={launch} />}
          <div data-testid="product-results" className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
            {listing.items.map((p, i) => (
              <ProductCard key={p.id} product={p} priority={i < 2} />
            ))}
          </div>
          {listing.hasMore && (
            <div className="mt-8 flex justify-center">
              <Link to={`${path}${nextPage}`} preventScrollReset replace className="btn-secondary px-6 py-3">
                Load More Products
              </Link>
            </div>
          )}
        </>
      )}
    </div>
  );
}
