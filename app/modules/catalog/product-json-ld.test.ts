import { describe, expect, it } from "vitest";
import type { ProductDetail } from "./get-product.server";
import { jsonForScript, productJsonLd } from "./product-json-ld";

const PRODUCT: ProductDetail = {
  id: "essential-crew-neck-tee",
  name: "Essential Crew Neck Tee",
  categorySlug: "t-shirts",
  categoryName: "T-Shirts",
  description: "A tee.",
  price: 1299,
  originalPrice: null,
  onSale: false,
  material: "Cotton",
  brand: "Kapra",
  status: "active",
  rating: 4.6,
  reviewCount: 313,
  features: [],
  colors: ["Black"],
  swatches: [{ name: "Black", hex: "#000000" }],
  sizes: ["M"],
  sizeSet: { name: "Tops", sizes: ["S", "M"] },
  sizeGuide: null,
  variants: [{ color: "Black", size: "M", stock: 3, sku: "T-B-M" }],
  images: [],
  updatedAt: new Date(),
};

describe("productJsonLd", () => {
  it("carries the aggregate rating and the page's reviews, by first name", () => {
    const ld = productJsonLd(PRODUCT, {
      origin: "https://kapra.pk",
      brand: "Kapra",
      imageUrls: [],
      reviews: [
        { author: "Ayesha", rating: 4, comment: "Soft.", createdAt: "2026-01-05T20:00:00.000Z" },
        { author: "Bilal", rating: 5, comment: "", createdAt: new Date("2026-01-04T00:00:00Z") },
      ],
    });
    expect(ld.aggregateRating).toEqual({ "@type": "AggregateRating", ratingValue: 4.6, reviewCount: 313 });
    expect(ld.review).toEqual([
      {
        "@type": "Review",
        author: { "@type": "Person", name: "Ayesha" },
        reviewRating: { "@type": "Rating", ratingValue: 4, bestRating: 5, worstRating: 1 },
        reviewBody: "Soft.",
        datePublished: "2026-01-05",
      },
      {
        "@type": "Review",
        author: { "@type": "Person", name: "Bilal" },
        reviewRating: { "@type": "Rating", ratingValue: 5, bestRating: 5, worstRating: 1 },
        datePublished: "2026-01-04",
      },
    ]);
  });

  it("has no rating and no reviews for a product nobody has rated", () => {
    const ld = productJsonLd(
      { ...PRODUCT, rating: 0, reviewCount: 0 },
      { origin: "", brand: "Kapra", imageUrls: [], reviews: [] },
    );
    expect(ld).not.toHaveProperty("aggregateRating");
    expect(ld).not.toHaveProperty("review");
  });

  it("a comment cannot close the script tag it is printed in", () => {
    const ld = productJsonLd(PRODUCT, {
      origin: "",
      brand: "Kapra",
      imageUrls: [],
      reviews: [
        {
          author: "X",
          rating: 1,
          comment: "</script><script>alert(1)</script><!--",
          createdAt: "2026-01-01T00:00:00Z",
        },
      ],
    });
    const printed = jsonForScript(ld);
    expect(printed).not.toContain("<");
    expect(printed).toContain("\\u003c/script>");
    expect(JSON.parse(printed).review[0].reviewBody).toBe("</script><script>alert(1)</script><!--");
  });
});
