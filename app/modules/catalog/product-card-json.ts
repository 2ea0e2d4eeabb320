import { mediaUrl, pickSource } from "~/modules/media/image-url";
import type { ProductCardData } from "./product-card";

/** A product card as the API answers it (GET /api/products, GET /api/collections/{slug}): one shape for both. */
export function productCardJson(p: ProductCardData) {
  return {
    id: p.id,
    name: p.name,
    category: p.categorySlug,
    categoryName: p.categoryName,
    description: p.description,
    price: p.price,
    originalPrice: p.originalPrice,
    onSale: p.onSale,
    status: p.status,
    rating: p.rating,
    reviewCount: p.reviewCount,
    stock: p.stock,
    swatches: p.swatches,
    image: p.image && p.image.sources.length > 0 ? mediaUrl(pickSource(p.image.sources, 800).key) : null,
  };
}
