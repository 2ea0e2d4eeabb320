import { Link } from "react-router";
import { ProductCard } from "~/components/ui/product-card";
import { ProductImage } from "~/components/ui/product-image";
import { HeroSlides } from "~/components/layout/hero-slides";
import { PerkIcon } from "~/components/layout/perk-icon";
import { useRootData } from "~/lib/root-data";
import { pageMeta } from "~/lib/seo";
import { featuredProducts } from "~/modules/catalog/featured-products.server";
import { categoryTiles } from "~/modules/catalog/category-tiles.server";
import { listHomeCollectionSections } from "~/modules/catalog/get-collection.server";
import { getSettings } from "~/modules/settings/get-settings.server";
import { HomeCollectionSectionView } from "~/components/storefront/home-collection-section";
import { shippingHeadline } from "~/modules/settings/shipping-rule";
import { liveHeroSlides } from "~/modules/storefront/hero-slides.server";
import { shownPerks } from "~/modules/storefront/perks";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = ({ matches, data }) =>
  pageMeta({
    matches,
    title: "Everyday clothing, cash on delivery across Pakistan",
    description:
      "Tees, shirts, trousers, shorts and hoodies in PKR. Cash on delivery, 7-day returns, delivery in 3-5 working days in Karachi.",
    path: "/",
    image: data?.slides[0]?.image
      ? `/media/${data.slides[0].image.sources[data.slides[0].image.sources.length - 1].key}.webp`
      : data?.heroImage,
  });

export async function loader({ context }: Route.LoaderArgs) {
  // The owner's slides live now (none: the built-in hero), the perks strip, the collections shown on
  // home (Dashboard -> Storefront -> Collections) and whether Featured products stays: reads kept in memory.
  const [featured, tiles, slides, settings, collectionSections] = await Promise.all([
    featuredProducts(context.db),
    categoryTiles(context.db),
    liveHeroSlides(context.db, new Date()),
    getSettings(context.db),
    listHomeCollectionSections(context.db),
  ]);
  const hero = featured[0]?.image ?? null;
  const perks = shownPerks(settings.perks, settings);
  return {
    featured,
    tiles,
    hero,
    heroImage: hero ? `/media/${hero.sources[hero.sources.length - 1].key}.webp` : undefined,
    slides,
    perks,
    collectionSections,
    showFeaturedOnHome: settings.showFeaturedOnHome,
  };
}

/** Category tiles: 2, 3 then 4 columns, gap-4, inside container-page's padding. */
const TILE_SIZES =
  "(min-width: 1280px) 292px, (min-width: 1024px) calc(25vw - 28px), (min-width: 640px) calc(33vw - 27px), calc(50vw - 24px)";
/** Featured cards: 2 columns, 3 from 1024 px, gap-4 inside container-page's padding. */
const FEATURED_SIZES =
  "(min-width: 1280px) 395px, (min-width: 1024px) calc(33vw - 37px), (min-width: 640px) calc(50vw - 32px), calc(50vw - 24px)";

export default function Home({ loaderData }: Route.ComponentProps) {
  const root = useRootData();
  const shop = root?.shop;
  const shipping = shop ? shippingHeadline(shop) : "";
  return (
    <>
      {loaderData.slides.length > 0 ? (
        <HeroSlides slides={loaderData.slides} />
      ) : (
        <section className="bg-brand-50">
          <div className="container-page grid items-center gap-8 py-10 md:grid-cols-2 md:py-16">
            <div>
              <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">
                New season, same easy prices
              </p>
              <h1 className="mt-2 text-4xl font-extrabold leading-tight text-stone-900 sm:text-5xl">
                Clothes you will live in, delivered to your door.
              </h1>
              <p className="mt-4 max-w-prose text-lg text-stone-700">
                Soft cotton tees, sharp shirts and easy trousers, made for Pakistani weather. Order today and pay cash
                when it arrives.
              </p>
              <p className="mt-3 font-semibold text-brand-800" data-testid="shipping-headline">
                {shipping}
              </p>
              <div className="mt-6 flex flex-wrap gap-3">
                <Link to="/products" className="btn-primary px-6 py-3 text-base">
                  Shop Now
                </Link>
                <Link to="/category/t-shirts" className="btn-secondary px-6 py-3 text-base">
                  Browse T-Shirts
                </Link>
              </div>
            </div>
            {loaderData.hero && (
              <div className="mx-auto w-full max-w-sm overflow-hidden rounded-2xl shadow-xl md:max-w-md">
                <ProductImage image={loaderData.hero} sizes="(min-width: 768px) 448px, 80vw" priority />
              </div>
            )}
          </div>
        </section>
      )}

      <section aria-labelledby="why-title" className="border-y border-stone-200 bg-white">
        <h2 id="why-title" className="sr-only">
          Why choose {shop?.brandName ?? "us"}
        </h2>
        <ul className="container-page grid grid-cols-1 gap-6 py-8 sm:grid-cols-2 lg:grid-cols-4">
          {loaderData.perks.map((p, i) => (
            <li key={i} className="flex gap-3">
              <span className="text-brand-700">
                <PerkIcon icon={p.icon} />
              </span>
              <div>
                <h3 className="font-semibold text-stone-900">{p.title}</h3>
                <p className="text-sm text-stone-600">{p.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="categories-title" className="container-page py-12">
        <h2 id="categories-title" className="text-2xl font-bold text-stone-900">
          Shop by category
        </h2>
        <ul className="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
          {loaderData.tiles.map((tile) => (
            <li key={tile.slug}>
              <Link to={tile.href} className="group block overflow-hidden rounded-xl border border-stone-200 bg-white">
                <ProductImage
                  image={tile.image}
                  sizes={TILE_SIZES}
                  alt=""
                  className="transition-transform group-hover:scale-105"
                />
                <span className="block p-3">
                  <span className="block font-semibold text-stone-900">{tile.name}</span>
                  <span className="block text-sm text-stone-600">
                    {tile.comingSoon
                      ? "Coming Soon"
                      : `${tile.productCount} ${tile.productCount === 1 ? "product" : "products"}`}
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      {loaderData.showFeaturedOnHome && (
        <section aria-labelledby="featured-title" className="container-page pb-4">
          <div className="flex items-end justify-between">
            <h2 id="featured-title" className="text-2xl font-bold text-stone-900">
              Featured products
            </h2>
            <Link to="/products" className="text-sm font-semibold text-brand-700 hover:underline">
              View all products
            </Link>
          </div>
          <div className="mt-6 grid grid-cols-2 gap-4 lg:grid-cols-3">
            {loaderData.featured.map((p) => (
              <ProductCard key={p.id} product={p} sizes={FEATURED_SIZES} />
            ))}
          </div>
        </section>
      )}

      {loaderData.collectionSections.map((section) => (
        <HomeCollectionSectionView key={section.slug} section={section} />
      ))}
    </>
  );
}
