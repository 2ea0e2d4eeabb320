import { data, Form, Link, redirect, useLocation, useNavigation } from "react-router";
import { formKey } from "~/lib/form-key";
import { CollectionForm, CollectionPicks } from "~/components/seller/collection-form";
import { SectionTabs, STOREFRONT_TABS } from "~/components/seller/section-tabs";
import { requireSeller } from "~/http/auth-guard.server";
import { setFlash } from "~/http/flash.server";
import { receiveImageFields } from "~/http/receive-photos.server";
import { formMessage, useFormShape } from "~/components/ui/use-form-shape";
import { parseSubmission, refusal } from "~/http/form-reply";
import { AppError } from "~/lib/errors";
import { isRefusal, keptValue } from "~/lib/form-reply";
import { pageMeta } from "~/lib/seo";
import { useKeptActionData } from "~/components/ui/use-kept-action-data";
import {
  COLLECTION_FLAGS,
  COLLECTION_TEXT_FIELDS,
  collectionFormSchema,
  collectionFormValues,
  type CollectionField,
  type CollectionValues,
} from "~/modules/catalog/collection-input";
import {
  addCollectionProduct,
  listCollectionPicks,
  moveCollectionProduct,
  removeCollectionProduct,
  searchProductsToPick,
} from "~/modules/catalog/collection-picks.server";
import { ruleOf } from "~/modules/catalog/get-collection.server";
import { countRuleMatches } from "~/modules/catalog/list-collection-products.server";
import { listCategories } from "~/modules/catalog/list-categories.server";
import { getCollectionForEdit } from "~/modules/catalog/owner-collections.server";
import { deleteCollection, saveCollection, type CollectionImageChange } from "~/modules/catalog/save-collection.server";
import type { Route } from "./+types/collection";

const COLLECTIONS_PATH = "/seller/storefront/collections";
const NOTHING_SAVED = "Nothing was saved: please correct the fields marked below.";

export const meta: Route.MetaFunction = ({ matches, data: page }) =>
  pageMeta({
    matches,
    title: page?.collection ? `Collection ${page.collection.title}` : "Add collection",
    description: "A collection's products, words and picture.",
    path: page?.collection ? `${COLLECTIONS_PATH}/${page.collection.id}` : `${COLLECTIONS_PATH}/new`,
    noindex: true,
  });

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

function collectionId(params: { id?: string }): number | null {
  if (params.id === undefined) return null;
  const id = Number(params.id);
  if (!Number.isSafeInteger(id) || id <= 0) throw data("That collection does not exist.", { status: 404 });
  return id;
}

/** GET /seller/storefront/collections/new, or /:id?q=... (the product search of a hand-picked collection). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireSeller(request, context);
  const id = collectionId(params);
  const categories = (await listCategories(context.db)).map((c) => ({ slug: c.slug, name: c.name }));
  if (id === null)
    return {
      collection: null,
      values: collectionFormValues(),
      categories,
      picks: [],
      q: "",
      results: null,
      matchCount: null,
    };
  const collection = await getCollectionForEdit(context.db, id);
  if (!collection) throw data("That collection does not exist.", { status: 404 });
  const q = (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, 100);
  const rule = ruleOf({ ...collection, id, mode: collection.mode });
  const [picks, results, matchCount] = await Promise.all([
    collection.mode === "manual" ? listCollectionPicks(context.db, id) : [],
    collection.mode === "manual" && q ? searchProductsToPick(context.db, id, q) : null,
    rule ? countRuleMatches(context.db, rule) : null,
  ]);
  return {
    collection: {
      id,
      title: collection.title,
      slug: collection.slug,
      mode: collection.mode,
      published: collection.published,
      image: collection.image,
    },
    values: collectionFormValues(collection),
    categories,
    picks,
    q,
    results,
    matchCount,
  };
}

/** Preview's answer: how many products the rule as typed matches now, nothing saved (a refusal is a FormReply). */
export type CollectionPreview = { ok: true; preview: number | null; values: CollectionValues };

export async function action({ request, params, context }: Route.ActionArgs) {
  await requireSeller(request, context);
  const id = collectionId(params);
  const { form, images, errors: imageErrors } = await receiveImageFields(context.db, request, ["image"] as const);
  const intent = String(form.get("intent") ?? "save");
  const here = id === null ? `${COLLECTIONS_PATH}/new` : `${COLLECTIONS_PATH}/${id}`;
  const done = async (message: string, to: string) =>
    redirect(to, { headers: { "Set-Cookie": await setFlash({ type: "success", message }) } });

  if (id !== null && ["add", "remove", "up", "down", "delete"].includes(intent)) {
    const productId = String(form.get("productId") ?? "");
    const q = String(form.get("q") ?? "").trim();
    const back = `${here}${q ? `?q=${encodeURIComponent(q)}` : ""}#picks`;
    try {
      if (intent === "delete") {
        const { title } = await deleteCollection(context.db, id);
        return done(`${title} deleted`, COLLECTIONS_PATH);
      }
      if (intent === "add") {
        const { name } = await addCollectionProduct(context.db, id, productId);
        return done(`${name} added`, back);
      }
      if (intent === "remove") {
        await removeCollectionProduct(context.db, id, productId);
        return done("Product taken out of the collection", back);
      }
      await moveCollectionProduct(context.db, id, productId, intent === "up" ? "up" : "down");
      return redirect(back);
    } catch (error) {
      if (error instanceof AppError && (error.code === "NOT_FOUND" || error.code === "VALIDATION")) {
        return redirect(back, { headers: { "Set-Cookie": await setFlash({ type: "error", message: error.message }) } });
      }
      throw error;
    }
  }

  const submission = parseSubmission(form, collectionFormSchema);
  // Refusals answer 200 with the page (as before); the picture's own message beside its field.
  if (submission.status !== "success" || imageErrors.image)
    return refusal(submission, { formError: NOTHING_SAVED, fieldErrors: imageErrors });
  const { input, removeImage, values } = submission.value;

  if (submission.value.intent === "preview") {
    // "N products match now": the rule as typed, counted without saving it.
    const preview = input.mode === "rule" ? await countRuleMatches(context.db, input) : null;
    return { ok: true, preview, values } satisfies CollectionPreview;
  }

  const image: CollectionImageChange = images.image
    ? { kind: "set", image: { width: images.image.width, height: images.image.height, sources: images.image.sources } }
    : removeImage
      ? { kind: "remove" }
      : { kind: "keep" };
  try {
    const saved = await saveCollection(context.db, id, input, image);
    return done(`${input.title} saved`, `${COLLECTIONS_PATH}/${saved.id}`);
  } catch (error) {
    if (error instanceof AppError && error.fields)
      return refusal(submission, { formError: NOTHING_SAVED, fieldErrors: error.fields });
    if (error instanceof AppError && error.code === "NOT_FOUND") throw data(error.message, { status: 404 });
    throw error;
  }
}

/** Dashboard -> Storefront -> Collections -> Add collection or one collection: its form, its products, Delete. */
export default function SellerStorefrontCollection({ loaderData, actionData: sentActionData }: Route.ComponentProps) {
  const actionData = useKeptActionData(sentActionData);
  const { collection, categories, picks, q, results, matchCount } = loaderData;
  const navigation = useNavigation();
  const location = useLocation();
  const posting =
    navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST"
      ? String(navigation.formData?.get("intent") ?? "save")
      : null;
  const failed = isRefusal(actionData) ? actionData : null;
  const preview = actionData && !isRefusal(actionData) ? (actionData as CollectionPreview) : null;
  const values: CollectionValues = failed
    ? {
        ...(Object.fromEntries(COLLECTION_TEXT_FIELDS.map((k) => [k, keptValue(failed, k) ?? ""])) as Record<
          (typeof COLLECTION_TEXT_FIELDS)[number],
          string
        >),
        ...(Object.fromEntries(COLLECTION_FLAGS.map((k) => [k, keptValue(failed, k) === "on"])) as Record<
          (typeof COLLECTION_FLAGS)[number],
          boolean
        >),
      }
    : (preview?.values ?? loaderData.values);
  // The action's schema checks the form in the browser too; the picture is checked on the server.
  const [form, fields] = useFormShape(collectionFormSchema, failed, { id: "collection-form" });
  const errors = Object.fromEntries(
    [...COLLECTION_TEXT_FIELDS, ...COLLECTION_FLAGS, "image"].map((name) => [
      name,
      (fields as Record<string, { errors?: string[] }>)[name]?.errors?.[0],
    ]),
  ) as Partial<Record<CollectionField, string>>;

  return (
    <div>
      <SectionTabs label="Storefront" tabs={STOREFRONT_TABS} />
      <p className="mb-3 text-sm">
        <Link to={COLLECTIONS_PATH} className="font-medium text-brand-700 underline">
          All collections
        </Link>
      </p>
      <CollectionForm
        formKey={formKey(location.key, actionData ? values : null, values)}
        shape={{ id: form.id, onSubmit: form.onSubmit, refused: failed?.error ?? undefined }}
        heading={collection ? collection.title : "Add collection"}
        isNew={!collection}
        values={values}
        errors={errors}
        formError={formMessage(form, NOTHING_SAVED) ?? null}
        categories={categories}
        image={collection?.image ?? null}
        matchCount={preview ? preview.preview : collection?.mode === "rule" && !failed ? matchCount : null}
        busy={posting}
      />
      {collection && collection.mode === "manual" && (
        <CollectionPicks picks={picks} q={q} results={results} busy={posting !== null} />
      )}
      {collection && (
        <section aria-labelledby="delete-title" className="mt-8 rounded-xl border border-red-200 bg-red-50 p-4">
          <h2 id="delete-title" className="font-semibold text-red-900">
            Delete this collection
          </h2>
          <p className="mt-1 text-sm text-red-900">
            Its page goes, and so do the menu links to it. The products themselves stay in the shop.
          </p>
          <Form method="post" className="mt-3">
            <input type="hidden" name="intent" value="delete" />
            <button
              type="submit"
              className="btn border border-red-700 bg-white text-red-800 hover:bg-red-100"
              disabled={posting !== null}
            >
              Delete {collection.title}
            </button>
          </Form>
        </section>
      )}
    </div>
  );
}
