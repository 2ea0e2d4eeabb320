import { AppError } from "~/lib/errors";
import { receivePhotos, type PhotoStore } from "./receive-photos.server";
import type { ImageToken } from "../modules/catalog/product-input";

/**
 * The body of a product API call: a JSON object, or multipart with the product as JSON in a
 * `product` field and photos as `images` files (each checked and stored as it streams in).
 * A refused photo refuses the call, naming the file.
 */
export async function readProductRequest(
  db: PhotoStore,
  request: Request,
  readJson: (request: Request) => Promise<Record<string, unknown>>,
): Promise<{ body: Record<string, unknown>; photos: ImageToken[] }> {
  const type = request.headers.get("content-type") ?? "";
  if (!type.startsWith("multipart/form-data")) return { body: await readJson(request), photos: [] };
  const received = await receivePhotos(db, request, "images");
  if (received.rejected.length > 0)
    throw new AppError("VALIDATION", undefined, { images: received.rejected.join(". ") });
  const raw = received.form.get("product");
  let body: unknown = {};
  if (typeof raw === "string" && raw.trim()) {
    try {
      body = JSON.parse(raw);
    } catch {
      throw new AppError("VALIDATION", "The product field must be JSON", { product: "The product field must be JSON" });
    }
  }
  if (!body || typeof body !== "object" || Array.isArray(body))
    throw new AppError("VALIDATION", "The product field must be a JSON object", {
      product: "The product field must be a JSON object",
    });
  return { body: body as Record<string, unknown>, photos: received.photos };
}
