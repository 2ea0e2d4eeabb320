import { useKeptActionData } from "~/components/ui/use-kept-action-data";
import { formKey } from "~/lib/form-key";
import { data, Link, useLocation, useNavigation, type ShouldRevalidateFunctionArgs } from "react-router";
import { ProductForm } from "~/components/seller/product-form";
import { requireSeller } from "~/http/auth-guard.server";
import { productFormAction } from "~/http/product-form-action.server";
import { pageMeta } from "~/lib/seo";
import { getProductForEdit } from "~/modules/catalog/get-product-for-edit.server";
import { listCategories } from "~/modules/catalog/list-categories.server";
import { listColours } from "~/modules/catalog/list-colours.server";
import { listSizeSets } from "~/modules/catalog/list-size-sets.server";
import { getSettings } from "~/modules/settings/get-settings.server";
import { emptyProductForm, productFormFromInput, type ProductFormValues } from "~/modules/catalog/product-form";
import { fieldErrors, formError, isRefusal } from "~/lib/form-reply";
import type { Route } from "./+types/product-form";

export const meta: Route.MetaFunction = ({ params, matches }) =>
  pageMeta({
    matches,
    title: params.id ? "Edit Product" : "Add Product",
    description: "Add or edit a product of the shop.",
    path: params.id ? `/seller/products/${params.id}/edit` : "/seller/products/new",
    noindex: true,
  });

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireSeller(request, context);
  const [allCategories, colours, sizeSets, settings] = await Promise.all([
    listCategories(context.db, { includeHidden: true }),
    listColours(context.db),
    listSizeSets(context.db),
    getSettings(context.db),
  ]);
  const lowStockDefault = settings.lowStockThreshold;
  const categories = allCategories.map((c) => ({ slug: c.slug, name: c.name }));
  const options = {
    colours: colours.map((c) => ({ name: c.name, hex: c.hex, retired: c.retired })),
    sizeSets: sizeSets.map((s) => ({ id: s.id, name: s.name, sizes: s.sizes })),
  };
  if (!params.id) {
    const values = emptyProductForm(
      options,
      categories.map((c) => c.slug),
    );
    return {
      mode: "new" as const,
      id: null,
      name: null,
      status: null,
      values,
      categories,
      options,
      had: [] as string[],
      lowStockDefault,
    };
  }
  const product = await getProductForEdit(context.db, params.id);
  // An archived product is deleted as far as the owner's tools go (Restore brings it back as a draft).
  if (!product || product.status === "archived") throw data("Product not found", { status: 404 });
  return {
    mode: "edit" as const,
    id: product.id,
    name: product.input.name,
    status: product.status,
    values: productFormFromInput({ ...product.input, launchAtLocal: product.launchAtLocal }),
    categories,
    options,
    // Retired colours the product has stay offered for it.
    had: product.input.colors,
    lowStockDefault,
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  await requireSeller(request, context);
  return productFormAction(context, request, params.id ?? null);
}

/** Photos uploaded on their own (with JavaScript) change nothing the loader reads. */
export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formData?.get("intent") === "upload") return false;
  return defaultShouldRevalidate;
}

export default function SellerProductForm({ loaderData, actionData: sentActionData }: Route.ComponentProps) {
  const actionData = useKeptActionData(sentActionData);
  const location = useLocation();
  const navigation = useNavigation();
  // A refusal (values kept, messages by field), or the form after a small edit made without JavaScript.
  const refused = isRefusal(actionData) ? actionData : null;
  const edited = actionData && "kind" in actionData && actionData.kind === "edited" ? actionData : null;
  const refusedValues = refused?.initialValue && "name" in refused.initialValue ? refused.initialValue : null;
  const submitted = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const pendingIntent = submitted === "publish" || submitted === "draft" ? submitted : null;
  const title = loaderData.mode === "new" ? "Add Product" : "Edit Product";
  return (
    <section aria-labelledby="product-form-title">
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
        <div>
          <h2 id="product-form-title" className="text-xl font-semibold text-stone-900">
            {title}
          </h2>
          {loaderData.name && (
            <p className="text-sm text-stone-600">
              {loaderData.name}
              {loaderData.status === "draft" && " · Draft (buyers cannot see it)"}
              {loaderData.status === "coming-soon" && " · Coming Soon"}
            </p>
          )}
        </div>
        <Link to="/seller/products" className="text-sm font-medium text-brand-700 underline">
          Back to products
        </Link>
      </div>
      <ProductForm
        // A fresh form for every answer of the server: its values are what the server sent back.
        key={formKey(location.key, refused ?? edited, refused ? [refused.initialValue, refused.error] : edited?.formId)}
        mode={loaderData.mode}
        initial={(refusedValues as ProductFormValues | null) ?? edited?.values ?? loaderData.values}
        initialErrors={fieldErrors(refused)}
        formError={formError(refused) ?? null}
        categories={loaderData.categories}
        options={loaderData.options}
        had={loaderData.had}
        pendingIntent={pendingIntent}
        lowStockDefault={loaderData.lowStockDefault}
      />
    </section>
  );
}
