import { redirect, type AppLoadContext } from "react-router";
import { z } from "zod";
import { saveCategory } from "~/flows/save-category.server";
import { AppError } from "~/lib/errors";
import {
  CATEGORIES_PATH,
  parseCategoryForm,
  type CategoryField,
  type CategoryValues,
} from "~/modules/catalog/category-input";
import { deleteCategory } from "~/modules/catalog/delete-category.server";
import { hideCategory } from "~/modules/catalog/hide-category.server";
import { moveCategory } from "~/modules/catalog/move-category.server";
import { moveCategoryProducts } from "~/modules/catalog/move-category-products.server";
import { imageTokenSchema, type ImageToken } from "~/modules/catalog/product-input";
import { setFlash } from "./flash.server";
import { receiveImageFields } from "./receive-photos.server";

export const CATEGORY_INTENTS = ["save", "move-up", "move-down", "hide", "show", "delete", "move-products"] as const;
export type CategoryIntent = (typeof CATEGORY_INTENTS)[number];

export const NOTHING_SAVED = "Nothing was saved: please correct the fields marked below.";

export type CategoryActionData = {
  ok: false;
  intent: CategoryIntent | null;
  message: string;
  errors?: Partial<Record<CategoryField | "moveTo", string>>;
  values?: CategoryValues;
  /** A picture stored with a refused save: sent again with the next try, so it need not be chosen twice. */
  pendingImage?: ImageToken | null;
  /** The category has products (a delete refused): the two ways out are shown. */
  blocked?: number;
};

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

const slugParam = z.string().regex(/^[a-z0-9-]{1,40}$/);

/**
 * Runs one of Dashboard -> Catalogue -> Categories' forms for the category `current` (null: Add
 * category). A change redirects with a toast; a refusal comes back with the message beside the
 * field and every value as typed, nothing saved.
 */
export async function categoryAction(
  context: AppLoadContext,
  request: Request,
  current: string | null,
): Promise<Response | CategoryActionData> {
  const db = context.db;
  const { form, images, errors: imageErrors } = await receiveImageFields(db, request, ["image"] as const);
  const intent = (CATEGORY_INTENTS as readonly string[]).includes(String(form.get("intent")))
    ? (form.get("intent") as CategoryIntent)
    : null;
  const refused = (message: string, more: Partial<CategoryActionData> = {}): CategoryActionData => ({
    ok: false,
    intent,
    message,
    ...more,
  });
  const done = async (message: string, to = CATEGORIES_PATH) =>
    redirect(to, { headers: { "Set-Cookie": await setFlash({ type: "success", message }) } });
  // The list's buttons name their category in the form; the edit page's in its URL.
  const target = current ?? slugParam.safeParse(form.get("slug")).data ?? null;

  try {
    switch (intent) {
      case "save": {
        const parsed = parseCategoryForm(form, new Date());
        const image = images.image ?? keptImage(form) ?? undefined;
        const errors = {
          ...(parsed.ok ? {} : parsed.errors),
          ...(imageErrors.image ? { image: imageErrors.image } : {}),
        };
        if (!parsed.ok || Object.keys(errors).length > 0)
          return refused(NOTHING_SAVED, { errors, values: parsed.values, pendingImage: image ?? null });
        try {
          const saved = await saveCategory(context, current, parsed.data, image);
          return done(saved.created ? `${parsed.data.name} added` : `${parsed.data.name} saved`);
        } catch (error) {
          if (!(error instanceof AppError) || error.code !== "VALIDATION") throw error;
          return refused(error.fields ? NOTHING_SAVED : error.message, {
            errors: error.fields,
            values: parsed.values,
            pendingImage: image ?? null,
          });
        }
      }
      case "move-up":
      case "move-down": {
        if (!target) return refused("That category no longer exists");
        const { name, moved } = await moveCategory(db, target, intent === "move-up" ? "up" : "down");
        return done(
          moved
            ? `${name} moved ${intent === "move-up" ? "up" : "down"}`
            : `${name} is already ${intent === "move-up" ? "first" : "last"}`,
        );
      }
      case "hide":
      case "show": {
        if (!target) return refused("That category no longer exists");
        const { name } = await hideCategory(db, target, intent === "hide");
        return done(
          intent === "hide" ? `${name} is hidden: shoppers no longer see it` : `${name} is shown on the shop again`,
        );
      }
      case "delete": {
        if (!target) return refused("That category no longer exists");
        try {
          const { name } = await deleteCategory(db, target);
          return done(`${name} deleted`);
        } catch (error) {
          if (!(error instanceof AppError) || error.code !== "CONFLICT") throw error;
          const blocked = Number(/^\d+/.exec(error.message)?.[0] ?? 1);
          return refused(`${error.message}. Move them to another category or hide it instead.`, { blocked });
        }
      }
      case "move-products": {
        if (!target) return refused("That category no longer exists");
        const to = String(form.get("moveTo") ?? "");
        const { moved, toName } = await moveCategoryProducts(db, target, to);
        return done(
          `${moved} ${moved === 1 ? "product" : "products"} moved to ${toName}`,
          current ? `${CATEGORIES_PATH}/categories/${target}` : CATEGORIES_PATH,
        );
      }
      default:
        return refused("That request was not understood. Please reload the page.");
    }
  } catch (error) {
    if (!(error instanceof AppError) || !["VALIDATION", "NOT_FOUND", "CONFLICT"].includes(error.code)) throw error;
    return refused(error.message, { errors: error.fields });
  }
}
