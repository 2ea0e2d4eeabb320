import { apiData, apiError, handleApi, methodNotAllowed, requireApiUser } from "~/http/api.server";
import { AppError } from "~/lib/errors";
import { getProductForEdit } from "~/modules/catalog/get-product-for-edit.server";
import { ownerProductJson, rawInputOf } from "~/modules/catalog/owner-product-json";
import { productInputSchema } from "~/modules/catalog/product-input";
import { saveProduct } from "~/flows/save-product.server";
import { combinePhotos, receivePhotos } from "~/http/receive-photos.server";
import type { Route } from "./+types/product-images";

export async function loader() {
  return methodNotAllowed(["POST"], "/api/products/{id}/images");
}

/** POST /api/products/:id/images (seller): multipart `images` files, added after the product's photos. */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"], "/api/products/{id}/images");
  return handleApi(async () => {
    const user = await requireApiUser(request, context);
    if (user.role !== "seller") return apiError(403, "FORBIDDEN", "Only sellers can update products");
    const product = await getProductForEdit(context.db, params.id);
    if (!product || product.status === "archived") throw new AppError("NOT_FOUND", "Product not found");
    const received = await receivePhotos(context.db, request, "images");
    const { images, rejected } = combinePhotos(product.input.images, received);
    if (received.photos.length === 0 && rejected.length === 0)
      throw new AppError("VALIDATION", undefined, { images: "Send at least one image file as images" });
    if (rejected.length > 0) throw new AppError("VALIDATION", undefined, { images: rejected.join(". ") });
    const input = productInputSchema.parse({ ...rawInputOf(product), images });
    await saveProduct(context, input, { id: params.id });
    return apiData(ownerProductJson((await getProductForEdit(context.db, params.id))!), 201);
  });
}
