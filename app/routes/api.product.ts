import { apiData, handleApi, methodNotAllowed } from "~/lib/api.server";
import { AppError } from "~/lib/errors";
import { getProduct } from "~/modules/catalog/get-product.server";
import { mediaUrl } from "~/modules/media/image-url";
import type { Route } from "./+types/api.product";

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
      status: product.status,
      rating: product.rating,
      reviewCount: product.reviewCount,
      material: product.material,
      brand: product.brand,
      features: product.features,
      colors: product.colors,
      sizes: product.sizes,
      // Sources are stored smallest first: the largest rendition is the one a client scales down.
      images: product.images.filter((i) => i.sources.length > 0).map((i) => mediaUrl(i.sources[i.sources.length - 1].key)),
      variants: product.variants.map((v) => ({ color: v.color, size: v.size, stock: v.stock })),
    });
  });
}

export async function action() {
  return methodNotAllowed(["GET"], "/api/products/{id}");
}
