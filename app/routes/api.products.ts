import { apiData, handleApi, methodNotAllowed } from "~/lib/api.server";
import { listProducts } from "~/modules/catalog/list-products.server";
import { PAGE_SIZE } from "~/modules/catalog/listing-options";
import { parseListingQuery } from "~/modules/catalog/listing-query";
import { mediaUrl, pickSource } from "~/modules/media/image-url";
import type { Route } from "./+types/api.products";

/**
 * GET /api/products: the catalogue with the /products page's filters (q, category, min, max, sort,
 * page). Unlike the page, which shows pages 1..N, a client gets only page N.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  return handleApi(async () => {
    const query = parseListingQuery(new URL(request.url).searchParams);
    const listing = await listProducts(context.db, query);
    const products = listing.items.slice((query.page - 1) * PAGE_SIZE).map((p) => ({
      id: p.id,
      name: p.name,
      category: p.categorySlug,
      categoryName: p.categoryName,
      description: p.description,
      price: p.price,
      originalPrice: p.originalPrice,
      status: p.status,
      rating: p.rating,
      reviewCount: p.reviewCount,
      stock: p.stock,
      image: p.image && p.image.sources.length > 0 ? mediaUrl(pickSource(p.image.sources, 800).key) : null,
    }));
    return apiData({ products, total: listing.total, page: query.page, pageSize: PAGE_SIZE, hasMore: listing.hasMore });
  });
}

export async function action() {
  return methodNotAllowed(["GET"], "/api/products");
}
