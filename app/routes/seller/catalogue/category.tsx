import { data, Form, isRouteErrorResponse, Link, useLocation, useNavigation, useRouteError } from "react-router";
import { formKey } from "~/lib/form-key";
import { CategoryForm } from "~/components/seller/category-parts";
import { CATALOGUE_TABS, SectionTabs } from "~/components/seller/section-tabs";
import { FormAlert } from "~/components/ui/form-parts";
import { requireSeller } from "~/http/auth-guard.server";
import { categoryAction } from "~/http/category-action.server";
import { pageMeta } from "~/lib/seo";
import { useKeptActionData } from "~/components/ui/use-kept-action-data";
import { formError, isRefusal, keptValue } from "~/lib/form-reply";
import {
  CATEGORIES_PATH,
  categoryFormValues,
  keptCategoryValues,
  productsInCategoryMessage,
} from "~/modules/catalog/category-input";
import { listOwnerCategories } from "~/modules/catalog/list-owner-categories.server";
import type { Route } from "./+types/category";

export const meta: Route.MetaFunction = ({ matches, data: loaderData, location }) =>
  pageMeta({
    matches,
    title: loaderData?.category ? `Edit ${loaderData.category.name}` : "Add category",
    description: "A category of the shop.",
    path: location.pathname,
    noindex: true,
  });

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

/** GET /seller/catalogue/categories/new and /seller/catalogue/categories/{slug} */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireSeller(request, context);
  const all = await listOwnerCategories(context.db);
  const category = params.slug ? all.find((c) => c.slug === params.slug) : undefined;
  if (params.slug && !category) throw data("That category does not exist (renamed or deleted?)", { status: 404 });
  return {
    category: category
      ? {
          slug: category.slug,
          name: category.name,
          hidden: category.hidden,
          products: category.products,
          image: category.image
            ? { alt: "", width: category.image.width, height: category.image.height, sources: category.image.sources }
            : null,
        }
      : null,
    values: categoryFormValues(category),
    others: all.filter((c) => c.slug !== category?.slug).map((c) => ({ slug: c.slug, name: c.name })),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  await requireSeller(request, context);
  return categoryAction(context, request, params.slug ?? null);
}

export default function SellerCatalogueCategory({ loaderData, actionData: sentActionData }: Route.ComponentProps) {
  const actionData = useKeptActionData(sentActionData);
  const { category, values, others } = loaderData;
  const navigation = useNavigation();
  const location = useLocation();
  const posting =
    navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST"
      ? String(navigation.formData?.get("intent") ?? "")
      : null;
  const answer = isRefusal(actionData) ? actionData : null;
  const saveAnswer = keptValue(answer, "intent") === "save" ? answer : null;
  const otherAnswer = answer && !saveAnswer ? answer : null;
  const moveToError = otherAnswer?.error?.moveTo?.[0];
  const shownValues = saveAnswer ? keptCategoryValues(saveAnswer) : values;
  const title = category ? `Edit ${category.name}` : "Add category";

  return (
    <div>
      <SectionTabs label="Catalogue" tabs={CATALOGUE_TABS} />
      <p className="mb-3 text-sm">
        <Link to={CATEGORIES_PATH} className="font-medium text-brand-700 underline">
          Back to Categories
        </Link>
      </p>
      <h2 className="mb-4 break-words text-xl font-semibold text-stone-900">{title}</h2>
      <CategoryForm
        key={formKey(location.key, saveAnswer, shownValues)}
        editing={category?.slug ?? null}
        values={shownValues}
        reply={saveAnswer}
        image={category?.image ?? null}
        busy={posting === "save"}
      />

      {category && (
        <section
          aria-labelledby="delete-title"
          className="mt-8 grid gap-3 rounded-xl border border-red-200 bg-white p-4 sm:p-5"
        >
          <h3 id="delete-title" className="font-semibold text-stone-900">
            Delete {category.name}
          </h3>
          {otherAnswer && <FormAlert>{formError(otherAnswer)}</FormAlert>}
          {category.products === 0 ? (
            <>
              <p className="text-sm text-stone-700">
                It has no products. Deleting it also removes its menu links and its old addresses; a collection whose
                rule named it loses that rule.
              </p>
              <Form method="post">
                <button
                  type="submit"
                  name="intent"
                  value="delete"
                  className="btn min-h-10 bg-red-700 px-4 text-white hover:bg-red-800"
                  disabled={posting !== null}
                >
                  Delete category
                </button>
              </Form>
            </>
          ) : (
            <>
              <p className="text-sm text-stone-800">
                <strong>{productsInCategoryMessage(category.products)}</strong>, so it cannot be deleted. Move them all
                to another category, then delete it; or hide it from the shop.
              </p>
              <div className="grid gap-4 sm:grid-cols-2">
                <Form method="post" className="grid gap-2" aria-label="Move its products">
                  <label htmlFor="move-to" className="field-label">
                    Move all {category.products} to
                  </label>
                  <select
                    id="move-to"
                    name="moveTo"
                    required
                    className="field-input"
                    defaultValue=""
                    aria-invalid={moveToError ? true : undefined}
                    aria-describedby={moveToError ? "move-to-error" : undefined}
                  >
                    <option value="" disabled>
                      Choose a category
                    </option>
                    {others.map((c) => (
                      <option key={c.slug} value={c.slug}>
                        {c.name}
                      </option>
                    ))}
                  </select>
                  {moveToError && (
                    <p id="move-to-error" className="field-error">
                      {moveToError}
                    </p>
                  )}
                  <button
                    type="submit"
                    name="intent"
                    value="move-products"
                    className="btn-secondary justify-self-start px-4"
                    disabled={posting !== null || others.length === 0}
                  >
                    Move products
                  </button>
                </Form>
                <Form method="post" className="grid content-start gap-2">
                  <p className="text-sm text-stone-700">
                    {category.hidden
                      ? "It is hidden already: shoppers do not see it."
                      : "Hiding keeps it and its products; shoppers no longer see the category."}
                  </p>
                  {!category.hidden && (
                    <button
                      type="submit"
                      name="intent"
                      value="hide"
                      className="btn-secondary justify-self-start px-4"
                      disabled={posting !== null}
                    >
                      Hide category
                    </button>
                  )}
                </Form>
              </div>
              <Form method="post">
                <button
                  type="submit"
                  name="intent"
                  value="delete"
                  className="btn min-h-10 border border-red-300 bg-white px-4 text-red-800"
                  disabled={posting !== null}
                >
                  Delete category
                </button>
              </Form>
            </>
          )}
        </section>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const message =
    isRouteErrorResponse(error) && error.status === 404
      ? String(error.data)
      : "This category could not be opened. Please try again.";
  return (
    <div>
      <SectionTabs label="Catalogue" tabs={CATALOGUE_TABS} />
      <FormAlert>{message}</FormAlert>
      <p className="mt-4">
        <Link to={CATEGORIES_PATH} className="font-medium text-brand-700 underline">
          Back to Categories
        </Link>
      </p>
    </div>
  );
}
