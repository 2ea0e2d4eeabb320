import { redirect, type AppLoadContext } from "react-router";
import { z } from "~/lib/zod";
import { saveCategory } from "~/flows/save-category.server";
import { AppError } from "~/lib/errors";
import { CATEGORIES_PATH, categoryFormSchema, type CategoryInput } from "~/modules/catalog/category-input";
import { deleteCategory } from "~/modules/catalog/delete-category.server";
import { hideCategory } from "~/modules/catalog/hide-category.server";
import { moveCategory } from "~/modules/catalog/move-category.server";
import { moveCategoryProducts } from "~/modules/catalog/move-category-products.server";
import { imageTokenSchema, type ImageToken } from "~/modules/catalog/product-input";
import { setFlash } from "./flash.server";
import { parseSubmission, refusal, type FormReply } from "./form-reply";
import { receiveImageFields } from "./receive-photos.server";

export const NOTHING_SAVED = "Nothing was saved: please correct the fields marked below.";
const NOT_UNDERSTOOD = "That request was not understood. Please reload the page.";

const slugParam = z.string().regex(/^[a-z0-9-]{1,40}$/);
/** The list's buttons name their category in the form (`slug`); the edit page's in its URL. */
const listSlug = z
  .unknown()
  .optional()
  .transform((value) => slugParam.safeParse(value).data ?? null);

/** Every form of Categories and of a category's page, by the intent its button posts. */
const categoryFormsSchema = z.discriminatedUnion(
  "intent",
  [
    categoryFormSchema,
    z.object({ intent: z.enum(["move-up", "move-down", "hide", "show", "delete"]), slug: listSlug }),
    z.object({ intent: z.literal("move-products"), slug: listSlug, moveTo: z.unknown().optional() }),
  ],
  { error: NOT_UNDERSTOOD },
);

/** A picture kept from a refused save (the owner's own form sends it back). */
function keptImage(form: FormData): ImageToken | null {
  const raw = form.get("pendingImage");
  if (typeof raw !== "string" || raw === "") return null;
  try {
    const parsed = imageTokenSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Runs one of Dashboard -> Catalogue -> Categories' forms for the category `current` (null: Add
 * category). A change redirects with a toast; a refusal comes back with the message beside the
 * field and every value as typed, nothing saved.
 */
export async function categoryAction(
  context: AppLoadContext,
  request: Request,
  current: string | null,
): Promise<Response | FormReply> {
  const db = context.db;
  const { form, images, errors: imageErrors } = await receiveImageFields(db, request, ["image"] as const);
  const submission = parseSubmission(form, categoryFormsSchema);
  const done = async (message: string, to = CATEGORIES_PATH) =>
    redirect(to, { headers: { "Set-Cookie": await setFlash({ type: "success", message }) } });
  // A refusal is answered with status 200, shown in place.
  const refused = (formError: string, fieldErrors?: Record<string, string>) =>
    refusal(submission, { formError, fieldErrors });

  if (form.get("intent") === "save") {
    // The picture is checked and stored as it arrives: one stored with a refused save is sent again
    // with the next try (the form's hidden pendingImage), so it need not be chosen twice.
    const image = images.image ?? keptImage(form) ?? undefined;
    const kept = image ? { pendingImage: JSON.stringify(image) } : undefined;
    if (submission.status !== "success" || imageErrors.image)
      return refusal(submission, { formError: NOTHING_SAVED, fieldErrors: { image: imageErrors.image }, values: kept });
    const input = submission.value as CategoryInput;
    try {
      const saved = await saveCategory(context, current, input, image);
      return done(saved.created ? `${input.name} added` : `${input.name} saved`);
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== "VALIDATION") throw error;
      return refusal(submission, {
        formError: error.fields ? NOTHING_SAVED : error.message,
        fieldErrors: error.fields,
        values: kept,
      });
    }
  }
  if (submission.status !== "success") return refused(NOT_UNDERSTOOD);
  const sent = submission.value as Exclude<typeof submission.value, CategoryInput>;
  const target = current ?? sent.slug;

  try {
    switch (sent.intent) {
      case "move-up":
      case "move-down": {
        if (!target) return refused("That category no longer exists");
        const { name, moved } = await moveCategory(db, target, sent.intent === "move-up" ? "up" : "down");
        return done(
          moved
            ? `${name} moved ${sent.intent === "move-up" ? "up" : "down"}`
            : `${name} is already ${sent.intent === "move-up" ? "first" : "last"}`,
        );
      }
      case "hide":
      case "show": {
        if (!target) return refused("That category no longer exists");
        const { name } = await hideCategory(db, target, sent.intent === "hide");
        return done(
          sent.intent === "hide"
            ? `${name} is hidden: shoppers no longer see it`
            : `${name} is shown on the shop again`,
        );
      }
      case "delete": {
        if (!target) return refused("That category no longer exists");
        try {
          const { name } = await deleteCategory(db, target);
          return done(`${name} deleted`);
        } catch (error) {
          if (!(error instanceof AppError) || error.code !== "CONFLICT") throw error;
          return refused(`${error.message}. Move them to another category or hide it instead.`);
        }
      }
      case "move-products": {
        if (!target) return refused("That category no longer exists");
        const to = typeof sent.moveTo === "string" ? sent.moveTo : "";
        const { moved, toName } = await moveCategoryProducts(db, target, to);
        return done(
          `${moved} ${moved === 1 ? "product" : "products"} moved to ${toName}`,
          current ? `${CATEGORIES_PATH}/categories/${target}` : CATEGORIES_PATH,
        );
      }
    }
  } catch (error) {
    if (!(error instanceof AppError) || !["VALIDATION", "NOT_FOUND", "CONFLICT"].includes(error.code)) throw error;
    return refused(error.message, error.fields);
  }
}
