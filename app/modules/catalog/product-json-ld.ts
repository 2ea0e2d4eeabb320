import type { ProductDetail } from "./get-product.server";
import { isBuyable, stockStatus } from "./stock-status";

/** A review as the page shows it: the buyer's first name only. */
export type JsonLdReview = { author: string; rating: number; comment: string; createdAt: string | Date };

/** schema.org Product data for search engines, with the PKR price, availability, rating and the page's reviews. */
export function productJsonLd(
  product: ProductDetail,
  opts: { origin: string; brand: string; imageUrls: string[]; reviews?: JsonLdReview[] },
) {
  const stock = product.variants.reduce((sum, v) => sum + v.stock, 0);
  const status = stockStatus({ status: product.status, stock });
  const availability =
    status.kind === "coming-soon"
      ? "https://schema.org/PreOrder"
      : isBuyable(status)
        ? "https://schema.org/InStock"
        : "https://schema.org/OutOfStock";
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    description: product.description,
    sku: product.id,
    category: product.categoryName,
    material: product.material,
    image: opts.imageUrls,
    brand: { "@type": "Brand", name: opts.brand },
    offers: {
      "@type": "Offer",
      url: `${opts.origin}/product/${product.id}`,
      priceCurrency: "PKR",
      price: product.price,
      availability,
      itemCondition: "https://schema.org/NewCondition",
    },
    ...(product.reviewCount > 0
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: product.rating,
            reviewCount: product.reviewCount,
          },
        }
      : {}),
    ...(opts.reviews && opts.reviews.length > 0
      ? {
          review: opts.reviews.map((r) => ({
            "@type": "Review",
            author: { "@type": "Person", name: r.author },
            reviewRating: { "@type": "Rating", ratingValue: r.rating, bestRating: 5, worstRating: 1 },
            ...(r.comment ? { reviewBody: r.comment } : {}),
            datePublished: new Date(r.createdAt).toISOString().slice(0, 10),
          })),
        }
      : {}),
  };
}

/** JSON for a <script> tag: "<" escaped so text in the data can never close the tag. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}
