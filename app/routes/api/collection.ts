import { apiData, apiError, handleApi } from "~/http/api.server";
import { getPublishedCollection } from "~/modules/catalog/get-collection.server";
import { listCollectionProducts } from "~/modules/catalog/list-collection-products.server";
import { PAGE_SIZE } from "~/modules/catalog/listing-options";
import { productCardJson } from "~/modules/catalog/product-card-json";
import { readCollectionPageQuery } from "~/modules/catalog/collection-page-query";
import { mediaUrl, pickSource } from "~/modules/media/image-url";
import type { Route } from "./+types/collection";

/**
 * GET /api/collections/{slug}?page=&sort=: a published collection and one page of its products,
 * in the same shape as GET /api/products. Unknown or unpublished: 404.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return handleApi(async () => {
    const { query, errors } = readCollectionPageQuery(new URL(request.url).searchParams);
    if (Object.keys(errors).length > 0) return apiError(400, "VALIDATION", "Please check the page", errors);
    const collection = await getPublishedCollection(context.db, params.slug);
    if (!collection) return apiError(404, "NOT_FOUND", "Collection not found");
    const listing = await listCollectionProducts(context.db, collection, query);
    const products = listing.items.slice((query.page - 1) * PAGE_SIZE).map(productCardJson);
    const image = collection.image;
    return apiData({
      collection: {
        slug: collection.slug,
        title: collection.title,
        description: collection.description,
        image: image ? mediaUrl(pickSource(image.sources, 1200).key) : null,
        mode: collection.mode,
      },
      products,
      total: listing.total,
      page: query.page,
      pageSize: PAGE_SIZE,
      hasMore: listing.hasMore,
    });
  });
}
