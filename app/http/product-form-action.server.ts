import { randomUUID } from "node:crypto";
import { data, redirect, type AppLoadContext } from "react-router";
import { logger } from "~/lib/logger.server";
import {
  CHECK_FIELDS,
  checkProductForm,
  editProductForm,
  parseProductFormIntent,
  readProductForm,
  type ProductFormAnswer,
  type ProductFormValues,
} from "~/modules/catalog/product-form";
import { listColours } from "~/modules/catalog/list-colours.server";
import { listSizeSets } from "~/modules/catalog/list-size-sets.server";
import { saveProduct } from "~/flows/save-product.server";
import { combinePhotos, receivePhotos } from "~/http/receive-photos.server";
import { AppError } from "~/lib/errors";
import { setFlash } from "./flash.server";
import { refusalFrom, type FormReply } from "./form-reply";

export const DRAFT_SAVED = "Draft saved. Buyers will not see it until you publish it.";

/**
 * Add Product / Edit Product posts. Photos in the post are checked and stored first, so they are
 * kept (as `image` fields) whatever else is wrong. Small edits (toggle a colour, move a photo)
 * come back as the edited form: that is how the form works without JavaScript.
 */
export async function productFormAction(context: AppLoadContext, request: Request, productId: string | null) {
  const failed = productId ? "Failed to update product. Please try again." : "Failed to add product. Please try again.";
  // A refusal: the form's values kept as they were, the messages beside their fields.
  const form = (
    values: ProductFormValues | null,
    errors: Record<string, string>,
    formError: string | null,
    status = 400,
  ) => data<FormReply>(refusalFrom(values, { formError: formError ?? undefined, fieldErrors: errors }), { status });

  let received;
  try {
    received = await receivePhotos(context.db, request, "photos");
  } catch (error) {
    if (error instanceof AppError) return form(null, error.fields ?? {}, error.fields ? CHECK_FIELDS : error.message);
    throw error;
  }
  const intent = parseProductFormIntent(received.form.get("intent"));
  const posted = readProductForm(received.form);
  if (intent?.intent === "upload") {
    return data<ProductFormAnswer>({ kind: "upload", uploaded: received.photos, rejected: received.rejected });
  }
  const { images, rejected } = combinePhotos(posted.images, received);
  const values = { ...posted, images };
  const photoErrors: Record<string, string> = rejected.length > 0 ? { images: rejected.join(". ") } : {};
  if (!intent) return form(values, photoErrors, "Unknown action");
  if (intent.intent !== "publish" && intent.intent !== "draft") {
    const [colours, sizeSets] = await Promise.all([listColours(context.db), listSizeSets(context.db)]);
    const edited = editProductForm(values, intent, { colours, sizeSets });
    // A refused photo among them is a refusal (the form kept, edited); otherwise the edited form.
    if (rejected.length > 0) return form(edited, photoErrors, null, 200);
    return data<ProductFormAnswer>({ kind: "edited", formId: randomUUID(), values: edited });
  }
  const checked = checkProductForm(values, intent.intent);
  // A refused photo is named beside the photos, together with whatever else needs fixing.
  if (checked.errors || rejected.length > 0) return form(values, { ...checked.errors, ...photoErrors }, CHECK_FIELDS);
  try {
    const saved = await saveProduct(context, checked.input, { id: productId ?? undefined });
    if (intent.intent === "draft") {
      return redirect(`/seller/products/${saved.id}/edit`, {
        headers: { "Set-Cookie": await setFlash({ type: "success", message: DRAFT_SAVED }) },
      });
    }
    if (productId) {
      return redirect("/seller/products", {
        headers: { "Set-Cookie": await setFlash({ type: "success", message: "Product updated successfully!" }) },
      });
    }
    // A fresh, empty form for the next product (SPEC.md: the form resets to its defaults).
    return redirect("/seller/products/new", {
      headers: { "Set-Cookie": await setFlash({ type: "success", message: "Product added successfully!" }) },
    });
  } catch (error) {
    if (error instanceof AppError && error.code === "NOT_FOUND") throw data(error.message, { status: 404 });
    if (error instanceof AppError && error.fields) return form(values, error.fields, CHECK_FIELDS);
    logger.error({ err: error }, "saving a product failed");
    return form(values, {}, failed, 500);
  }
}
