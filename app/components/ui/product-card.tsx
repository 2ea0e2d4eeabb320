import { Link } from "react-router";
import { formatShopDateTimeAmPm } from "~/lib/shop-time";
import type { ProductCardData } from "~/modules/catalog/product-card";
import { stockStatus } from "~/modules/catalog/stock-status";
import { ColourSwatch } from "./colour-swatch";
import { Price } from "./price";
import { ProductImage } from "./product-image";
import { Rating } from "./rating";
import { StockBadge } from "./stock-badge";
import { WishlistButton } from "./wishlist-button";

/**
 * The card's photo width in the catalogue grid (2, 3 then 4 columns, gap-4, inside container-page's
 * padding), so a phone takes the 320 px rendition instead of the 640 px one.
 */
const CATALOGUE_SIZES =
  "(min-width: 1280px) 292px, (min-width: 1024px) calc(25vw - 28px), (min-width: 640px) calc(33vw - 27px), calc(50vw - 24px)";

export function ProductCard({
  product,
  layout = "grid",
  priority = false,
  sizes = CATALOGUE_SIZES,
}: {
  product: ProductCardData;
  layout?: "grid" | "list";
  priority?: boolean;
  sizes?: string;
}) {
  const status = stockStatus(product);
  const href = `/product/${product.id}`;
  if (layout === "list") {
    return (
      <article data-testid="product-card" className="flex gap-4 rounded-xl border border-stone-200 bg-white p-3">
        <Link to={href} className="w-28 shrink-0 overflow-hidden rounded-lg sm:w-40" tabIndex={-1} aria-hidden>
          <ProductImage image={product.image} sizes="(min-width: 640px) 160px, 112px" priority={priority} alt="" />
        </Link>
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <p className="text-xs uppercase tracking-wide text-stone-600">{product.categoryName}</p>
          <h3 className="font-semibold text-stone-900">
            <Link to={href} className="hover:underline">
              {product.name}
            </Link>
          </h3>
          <p className="line-clamp-2 text-sm text-stone-600">{product.description}</p>
          <Rating rating={product.rating} reviewCount={product.reviewCount} />
          <Swatches swatches={product.swatches} />
          <div className="mt-auto flex flex-wrap items-center justify-between gap-2">
            <Price price={product.price} originalPrice={product.originalPrice} onSale={product.onSale} />
            <StockBadge status={status} />
            <WishlistButton productId={product.id} name={product.name} />
          </div>
          <OpensAt product={product} />
        </div>
      </article>
    );
  }
  return (
    <article data-testid="product-card" className="card group">
      <WishlistButton productId={product.id} name={product.name} className="absolute right-2 top-2 z-10" />
      <Link to={href} className="relative block overflow-hidden" tabIndex={-1} aria-hidden>
        <ProductImage
          image={product.image}
          sizes={sizes}
          priority={priority}
          alt=""
          className="transition-transform duration-300 group-hover:scale-105"
        />
      </Link>
      <div className="flex flex-1 flex-col gap-1 p-3">
        <p className="text-xs uppercase tracking-wide text-stone-600">{product.categoryName}</p>
        <h3 className="text-sm font-semibold text-stone-900 sm:text-base">
          <Link to={href} className="hover:underline">
            {product.name}
          </Link>
        </h3>
        <Rating rating={product.rating} reviewCount={product.reviewCount} />
        <Swatches swatches={product.swatches} />
        <div className="mt-auto flex flex-col gap-1 pt-1">
          <Price price={product.price} originalPrice={product.originalPrice} onSale={product.onSale} />
          <div>
            <StockBadge status={status} />
          </div>
          <OpensAt product={product} />
        </div>
      </div>
    </article>
  );
}

/** Under a coming-soon product's badge, when it goes on sale by itself (Pakistan time). */
function OpensAt({ product }: { product: ProductCardData }) {
  if (product.status !== "coming-soon" || !product.launchAt) return null;
  return (
    <p className="text-xs text-sky-900" data-testid="card-opens-at">
      Opens {formatShopDateTimeAmPm(product.launchAt)}
    </p>
  );
}

/** The colours a product comes in, as swatches; their names are the accessible text. */
const MAX_SWATCHES = 6;
function Swatches({ swatches }: { swatches: ProductCardData["swatches"] | undefined }) {
  if (!swatches || swatches.length === 0) return null;
  const shown = swatches.slice(0, MAX_SWATCHES);
  const more = swatches.length - shown.length;
  return (
    <p className="flex flex-wrap items-center gap-1" data-testid="card-swatches">
      <span className="sr-only">{`Colours: ${swatches.map((s) => s.name).join(", ")}`}</span>
      {shown.map((s) => (
        <ColourSwatch key={s.name} hex={s.hex} className="h-3.5 w-3.5" />
      ))}
      {more > 0 && <span aria-hidden className="text-xs text-stone-600">{`+${more}`}</span>}
    </p>
  );
}
