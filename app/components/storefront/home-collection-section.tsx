import { Link } from "react-router";
import { ProductCard } from "~/components/ui/product-card";
import type { HomeCollectionSection } from "~/modules/catalog/get-collection.server";

/** Cards: 2 columns, 3 from 1024 px, gap-4 inside container-page's padding (as the Featured products). */
const SECTION_SIZES =
  "(min-width: 1280px) 395px, (min-width: 1024px) calc(33vw - 37px), (min-width: 640px) calc(50vw - 32px), calc(50vw - 24px)";

/** A collection shown on the home page: its title, a "View all" link to its page, and its first cards. */
export function HomeCollectionSectionView({ section }: { section: HomeCollectionSection }) {
  const titleId = `collection-${section.slug}-title`;
  return (
    <section aria-labelledby={titleId} className="container-page pb-4 pt-8" data-testid="home-collection">
      <div className="flex items-end justify-between gap-4">
        <h2 id={titleId} className="text-2xl font-bold text-stone-900">
          {section.title}
        </h2>
        <Link
          to={`/collections/${section.slug}`}
          className="shrink-0 text-sm font-semibold text-brand-700 hover:underline"
        >
          View all<span className="sr-only"> {section.title}</span>
        </Link>
      </div>
      {section.description && <p className="mt-1 max-w-prose text-stone-700">{section.description}</p>}
      <div className="mt-6 grid grid-cols-2 gap-4 lg:grid-cols-3">
        {section.products.map((p) => (
          <ProductCard key={p.id} product={p} sizes={SECTION_SIZES} />
        ))}
      </div>
    </section>
  );
}
