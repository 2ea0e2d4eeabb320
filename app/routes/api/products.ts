import { apiData, apiError, handleApi, methodNotAllowed, readJson, requireApiUser } from "~/http/api.server";
import { getProductForEdit } from "~/modules/catalog/get-product-for-edit.server";
import { listProducts } from "~/modules/catalog/list-products.server";
import { PAGE_SIZE } from "~/modules/catalog/listing-options";
import { productCardJson } from "~/modules/catalog/product-card-json";
import { readListingQuery } from "~/modules/catalog/listing-query";
import { ownerProductJson } from "~/modules/catalog/owner-product-json";
import { productInputSchema } from "~/modules/catalog/product-input";
import { saveProduct } from "~/flows/save-product.server";
import { readProductRequest } from "~/http/read-product-request.server";
import type { Route } from "./+types/products";

/**
 * GET /api/products: the catalogue with the /products page's filters (q, category, min, max, sort,
 * page, color, size). Unlike the page, which shows pages 1..N, a client gets only page N.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  return handleApi(async () => {
    const { query, errors } = readListingQuery(new URL(request.url).searchParams);
    if (Object.keys(errors).length > 0) return apiError(400, "VALIDATION", "Please check the filters", errors);
    const listing = await listProducts(context.db, query);
    const products = listing.items.slice((query.page - 1) * PAGE_SIZE).map(productCardJson);
    return apiData({ products, total: listing.total, page: query.page, pageSize: PAGE_SIZE, hasMore: listing.hasMore });
  });
}

/** POST /api/products (seller): JSON, or multipart with a `product` JSON field and `images` files. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"], "/api/products");
  return handleApi(async () => {
    const user = await requireApiUser(request, context);
    if (user.role !== "seller") return apiError(403, "FORBIDDEN", "Only sellers can add products");
    const { body, photos } = await readProductRequest(context.db, request, readJson);
    const input = productInputSchema.parse({
      ...body,
      images: [...(Array.isArray(body.images) ? body.images : []), ...photos],
    });
    const saved = await saveProduct(context, input);
    const product = await getProductForEdit(context.db, saved.id);
    return apiData(ownerProductJson(product!), 201);
  });
}
