import { apiData, apiError, handleApi, methodNotAllowed, readJson, requireApiUser } from "~/http/api.server";
import { AppError } from "~/lib/errors";
import { deleteProduct } from "~/flows/delete-product.server";
import { getProduct } from "~/modules/catalog/get-product.server";
import { getProductForEdit } from "~/modules/catalog/get-product-for-edit.server";
import { ownerProductJson, patchedInput } from "~/modules/catalog/owner-product-json";
import { productInputSchema } from "~/modules/catalog/product-input";
import { saveProduct } from "~/flows/save-product.server";
import { mediaUrl } from "~/modules/media/image-url";
import type { Route } from "./+types/product";

/** GET /api/products/:id: one product with its price and stock per colour and size; drafts are 404. */
export async function loader({ params, context }: Route.LoaderArgs) {
  return handleApi(async () => {
    const product = await getProduct(context.db, params.id);
    if (!product) throw new AppError("NOT_FOUND", "Product not found");
    return apiData({
      id: product.id,
      name: product.name,
      category: product.categorySlug,
      categoryName: product.categoryName,
      description: product.description,
      price: product.price,
      originalPrice: product.originalPrice,
      onSale: product.onSale,
      status: product.status,
      rating: product.rating,
      reviewCount: product.reviewCount,
      material: product.material,
      brand: product.brand,
      features: product.features,
      colors: product.colors,
      sizes: product.sizes,
      // Each colour with its swatch; the size set the sizes come from (a one-size set: nothing to choose).
      swatches: product.swatches,
      sizeSet: product.sizeSet,
      // Sources are stored smallest first: the largest rendition is the one a client scales down.
      images: product.images
        .filter((i) => i.sources.length > 0)
        .map((i) => mediaUrl(i.sources[i.sources.length - 1].key)),
      variants: product.variants.map((v) => ({ color: v.color, size: v.size, stock: v.stock })),
    });
  });
}

/** PATCH (change the fields given) and DELETE (archived instead when ordered), for sellers. */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "PATCH" && request.method !== "DELETE")
    return methodNotAllowed(["GET", "PATCH", "DELETE"], "/api/products/{id}");
  return handleApi(async () => {
    const user = await requireApiUser(request, context);
    if (user.role !== "seller") {
      return apiError(
        403,
        "FORBIDDEN",
        request.method === "DELETE" ? "Only sellers can delete products" : "Only sellers can update products",
      );
    }
    if (request.method === "DELETE") {
      const result = await deleteProduct(context, params.id);
      return apiData({ id: params.id, outcome: result.outcome });
    }
    const body = await readJson(request);
    const product = await getProductForEdit(context.db, params.id);
    if (!product || product.status === "archived") throw new AppError("NOT_FOUND", "Product not found");
    const input = productInputSchema.parse(patchedInput(product, body));
    await saveProduct(context, input, { id: params.id });
    return apiData(ownerProductJson((await getProductForEdit(context.db, params.id))!));
  });
}
