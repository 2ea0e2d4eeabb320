import { data, Form, Link, redirect, useNavigation } from "react-router";
import { PageHtml } from "~/components/layout/policy-page";
import { SectionTabs, STOREFRONT_TABS } from "~/components/seller/section-tabs";
import { FormAlert, useFocusFirstInvalid } from "~/components/ui/form-parts";
import { TextField } from "~/components/ui/text-field";
import { formMessage, useFormShape } from "~/components/ui/use-form-shape";
import { parseSubmission, refusalOf, refuse } from "~/http/form-reply";
import { requireSeller } from "~/http/auth-guard.server";
import { setFlash } from "~/http/flash.server";
import { AppError } from "~/lib/errors";
import { type FormReply, isRefusal, keptValue } from "~/lib/form-reply";
import { pageMeta } from "~/lib/seo";
import { useKeptActionData } from "~/components/ui/use-kept-action-data";
import { getSettings } from "~/modules/settings/get-settings.server";
import { isBuiltinPage, pagePath } from "~/modules/storefront/default-pages";
import { pageBody, viewPage } from "~/modules/storefront/get-page.server";
import { deletePage, getPageForEdit, restoreDefaultPage, savePage } from "~/modules/storefront/manage-pages.server";
import { pageEditSchema, type PageFormValues } from "~/modules/storefront/page-form";
import { PLACEHOLDERS, placeholderValues, unknownPlaceholdersIn } from "~/modules/storefront/page-placeholders";
import type { Route } from "./+types/page-edit";

const PAGES_PATH = "/seller/storefront/pages";

export const meta: Route.MetaFunction = ({ matches, data: page }) =>
  pageMeta({
    matches,
    title: page?.page ? `Edit ${page.page.title}` : "Add page",
    description: "Write a page of the shop in Markdown.",
    path: PAGES_PATH,
    noindex: true,
  });

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

type EditedPage = {
  id: number;
  title: string;
  slug: string;
  builtin: string | null;
  path: string;
  published: boolean;
  usesDefault: boolean;
};

async function loadPage(context: Route.LoaderArgs["context"], idParam: string | undefined) {
  if (idParam === undefined) return null;
  const page = await getPageForEdit(context.db, Number(idParam));
  if (!page) throw data("That page does not exist.", { status: 404 });
  return page;
}

/** GET /seller/storefront/pages/new and /seller/storefront/pages/:id: the editor, with the placeholders and what each says now. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireSeller(request, context);
  const [page, settings] = await Promise.all([loadPage(context, params.id), getSettings(context.db)]);
  const values: PageFormValues = page
    ? { title: page.title, slug: page.slug, body: pageBody(page), published: page.published }
    : { title: "", slug: "", body: "", published: true };
  const now = placeholderValues(settings);
  const edited: EditedPage | null = page
    ? {
        id: page.id,
        title: page.title,
        slug: page.slug,
        builtin: page.builtin,
        path: pagePath(page),
        published: page.published,
        usesDefault: page.body === null,
      }
    : null;
  return {
    page: edited,
    values,
    placeholders: PLACEHOLDERS.map((p) => ({ name: p.name, says: p.says, now: now[p.name] })),
  };
}

type Preview = {
  intent: "preview";
  values: PageFormValues;
  preview: { heading: string; html: string; unknown: string[] };
};

const REFUSED = "Nothing was saved: please correct the fields marked below.";

const flashed = async (to: string, message: string) =>
  redirect(to, { headers: { "Set-Cookie": await setFlash({ type: "success", message }) } });

export async function action({ request, params, context }: Route.ActionArgs) {
  await requireSeller(request, context);
  const page = await loadPage(context, params.id);
  const form = await request.formData();
  // Sent without a button (Enter in a field): Save.
  if (!form.has("intent")) form.set("intent", "save");
  const intent = form.get("intent");
  let submission: ReturnType<typeof parseSubmission<typeof pageEditSchema>> | null = null;
  try {
    if (intent === "restore" && page) {
      const restored = await restoreDefaultPage(context.db, page.id);
      return flashed(`${PAGES_PATH}/${page.id}`, `${restored.title} shows its default text again`);
    }
    if (intent === "delete" && page) {
      const deleted = await deletePage(context.db, page.id);
      return flashed(PAGES_PATH, `${deleted.title} deleted`);
    }
    // A built-in page keeps its address, whatever the form sent.
    if (page?.builtin) form.set("slug", page.slug);
    submission = parseSubmission(form, pageEditSchema);
    if (submission.status !== "success") return refuse(submission, { formError: REFUSED });
    const sent = submission.value;
    if (sent.intent === "preview") {
      // Shown below the form, nothing saved; works without JavaScript (a real submit).
      const values: PageFormValues = { title: sent.title, slug: sent.slug, body: sent.body, published: sent.published };
      const settings = await getSettings(context.db);
      const view = viewPage(
        {
          id: page?.id ?? 0,
          slug: values.slug,
          title: values.title || "Untitled",
          body: values.body,
          builtin: page?.builtin ?? null,
          updatedAt: new Date(),
        },
        placeholderValues(settings),
      );
      return {
        intent: "preview",
        values,
        preview: { heading: view.heading, html: view.html, unknown: unknownPlaceholdersIn(values.body) },
      } satisfies Preview;
    }
    const { title, slug, body, published } = sent;
    const saved = await savePage(context.db, page?.id ?? null, { title, slug, body, published });
    return flashed(`${PAGES_PATH}/${saved.id}`, `${title} saved`);
  } catch (error) {
    if (error instanceof AppError && error.code === "VALIDATION" && error.fields && submission) {
      return refuse(submission, { formError: REFUSED, fieldErrors: error.fields });
    }
    if (error instanceof AppError && (error.code === "FORBIDDEN" || error.code === "NOT_FOUND")) {
      return data(refusalOf({}, error.message), { status: error.status });
    }
    throw error;
  }
}

export default function SellerStorefrontPageEdit({ loaderData, actionData: sentActionData }: Route.ComponentProps) {
  const actionData = useKeptActionData(sentActionData) as Preview | FormReply | undefined;
  const { page, placeholders } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const reply = isRefusal(actionData) ? actionData : undefined;
  const preview = actionData && !isRefusal(actionData) && actionData.intent === "preview" ? actionData : null;
  const [form, fields] = useFormShape(pageEditSchema, reply, { id: "page-editor" });
  const shown = preview?.values ?? loaderData.values;
  const values: PageFormValues = reply
    ? {
        title: keptValue(reply, "title") ?? "",
        slug: keptValue(reply, "slug") ?? "",
        body: keptValue(reply, "body") ?? "",
        published: keptValue(reply, "published") === "on",
      }
    : shown;
  const formRef = useFocusFirstInvalid(reply?.error ?? undefined);
  const builtin = isBuiltinPage(page?.builtin) ? page.builtin : null;
  const self = page ? `${PAGES_PATH}/${page.id}` : `${PAGES_PATH}/new`;

  return (
    <div>
      <SectionTabs label="Storefront" tabs={STOREFRONT_TABS} />
      <div className="grid gap-6">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 id="page-title" className="break-words text-xl font-semibold text-stone-900">
              {page ? `Edit ${page.title}` : "Add page"}
            </h2>
            {page && (
              <p className="mt-1 text-sm text-stone-700">
                {page.published ? (
                  <>
                    Shoppers read it at{" "}
                    <Link to={page.path} className="font-mono text-brand-700 underline">
                      {page.path}
                    </Link>
                    .
                  </>
                ) : (
                  "Hidden: shoppers get “page not found”."
                )}
                {builtin && page.usesDefault && " It shows the shop's default text."}
              </p>
            )}
          </div>
          <Link to={PAGES_PATH} className="btn-secondary max-sm:py-2">
            Back to Pages
          </Link>
        </div>

        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
          <Form
            ref={formRef}
            method="post"
            action={self}
            id={form.id}
            onSubmit={form.onSubmit}
            noValidate
            className="grid min-w-0 gap-4"
            aria-labelledby="page-title"
            key={JSON.stringify(values)}
          >
            {formMessage(form, REFUSED) && <FormAlert>{formMessage(form, REFUSED)}</FormAlert>}
            <TextField label="Title" name="title" defaultValue={values.title} error={fields.title.errors?.[0]} />
            {builtin ? (
              <p className="text-sm text-stone-700">
                Address: <span className="font-mono">{page?.path}</span> (the shop&apos;s own page keeps its address)
              </p>
            ) : (
              <TextField
                label="Address"
                name="slug"
                required={false}
                defaultValue={values.slug}
                error={fields.slug.errors?.[0]}
                hint="The page is at /pages/ followed by this: lower-case letters, digits and hyphens. Empty: made from the title."
              />
            )}
            <TextField
              label="Text (Markdown)"
              name="body"
              multiline
              rows={18}
              required={false}
              defaultValue={values.body}
              error={fields.body.errors?.[0]}
              hint="## for a heading, - for a list, **bold**, *italic*, [link text](/products), | for a table. HTML is shown as typed."
            />
            <label className="flex min-h-10 items-center gap-3 text-stone-900">
              <input type="checkbox" name="published" value="on" defaultChecked={values.published} className="size-5" />
              <span className="font-medium">Published (shoppers can read it)</span>
            </label>
            <div className="flex flex-wrap gap-2">
              <button type="submit" name="intent" value="save" className="btn-primary px-6" disabled={busy}>
                Save page
              </button>
              <button type="submit" name="intent" value="preview" className="btn-secondary" disabled={busy}>
                Preview
              </button>
              {builtin && (
                <button type="submit" form="restore-form" className="btn-secondary" disabled={busy}>
                  Restore the default text
                </button>
              )}
              {page && !builtin && (
                <button type="submit" form="delete-form" className="btn-secondary text-red-800" disabled={busy}>
                  Delete page
                </button>
              )}
            </div>
          </Form>

          <section
            aria-labelledby="placeholders-title"
            className="min-w-0 rounded-xl border border-stone-200 bg-white p-4"
          >
            <h3 id="placeholders-title" className="font-semibold text-stone-900">
              Placeholders
            </h3>
            <p className="mt-1 text-sm text-stone-700">
              Type one in braces and the page says what your Settings say now, and follows every change.
            </p>
            <dl className="mt-3 grid gap-2 text-sm">
              {placeholders.map((p) => (
                <div key={p.name} className="min-w-0">
                  <dt className="break-all font-mono text-xs text-stone-900">{`{${p.name}}`}</dt>
                  <dd className="break-words text-stone-700">
                    {p.says}: <span className="font-medium text-stone-900">{p.now}</span>
                  </dd>
                </div>
              ))}
            </dl>
          </section>
        </div>
        {/* Buttons above belong to these forms (form="..."): they send nothing typed. */}
        {builtin && (
          <Form id="restore-form" method="post" action={self}>
            <input type="hidden" name="intent" value="restore" />
          </Form>
        )}
        {page && !builtin && (
          <Form id="delete-form" method="post" action={self}>
            <input type="hidden" name="intent" value="delete" />
          </Form>
        )}

        {preview && (
          <section
            aria-labelledby="preview-title"
            className="rounded-xl border-2 border-dashed border-stone-300 bg-white p-4 sm:p-6"
          >
            <h3 id="preview-title" className="text-sm font-semibold uppercase tracking-wide text-stone-600">
              Preview (not saved)
            </h3>
            {preview.preview.unknown.length > 0 && (
              <p role="status" className="mt-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
                Not placeholders, shown as typed: {preview.preview.unknown.join(", ")}
              </p>
            )}
            <p className="mt-3 text-3xl font-bold text-stone-900">{preview.preview.heading}</p>
            <PageHtml html={preview.preview.html} className="prose-page mt-4 max-w-3xl" />
          </section>
        )}
      </div>
    </div>
  );
}
