import { Form, Link, redirect, useNavigation } from "react-router";
import { SectionTabs, STOREFRONT_TABS } from "~/components/seller/section-tabs";
import { FormAlert } from "~/components/ui/form-parts";
import { requireSeller } from "~/http/auth-guard.server";
import { setFlash } from "~/http/flash.server";
import { parseSubmission, refuse } from "~/http/form-reply";
import { AppError } from "~/lib/errors";
import { formError } from "~/lib/form-reply";
import { pageMeta } from "~/lib/seo";
import { useKeptActionData } from "~/components/ui/use-kept-action-data";
import { listPages, setPagePublished } from "~/modules/storefront/manage-pages.server";
import { pagePublishSchema } from "~/modules/storefront/page-form";
import type { Route } from "./+types/pages";

const PAGES_PATH = "/seller/storefront/pages";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    title: "Pages",
    description: "The shop's pages: About, Returns, Shipping, Privacy, Terms, FAQ and your own.",
    path: PAGES_PATH,
    noindex: true,
  });

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireSeller(request, context);
  return { pages: await listPages(context.db) };
}

/** Publish or unpublish a page from the list. */
export async function action({ request, context }: Route.ActionArgs) {
  await requireSeller(request, context);
  const submission = parseSubmission(await request.formData(), pagePublishSchema);
  if (submission.status !== "success") return refuse(submission, { formError: "Please choose a page" });
  try {
    const page = await setPagePublished(context.db, submission.value.pageId, submission.value.intent === "publish");
    const message = page.published ? `${page.title} is published` : `${page.title} is hidden from shoppers`;
    throw redirect(PAGES_PATH, { headers: { "Set-Cookie": await setFlash({ type: "success", message }) } });
  } catch (error) {
    if (error instanceof AppError && error.code === "NOT_FOUND")
      return refuse(submission, { formError: error.message, status: 404 });
    throw error;
  }
}

export default function SellerStorefrontPages({ loaderData, actionData: sentActionData }: Route.ComponentProps) {
  const actionData = useKeptActionData(sentActionData);
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction === PAGES_PATH;
  return (
    <div>
      <SectionTabs label="Storefront" tabs={STOREFRONT_TABS} />
      <section aria-labelledby="pages-title" className="grid gap-4">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 id="pages-title" className="text-xl font-semibold text-stone-900">
              Pages
            </h2>
            <p className="mt-1 max-w-2xl text-sm text-stone-700">
              Written in Markdown, with placeholders such as {"{return_window_days}"} that follow your Settings. The
              shop&apos;s own pages start with their default text; pages you add live at /pages/their-address.
            </p>
          </div>
          <Link to={`${PAGES_PATH}/new`} className="btn-primary">
            Add page
          </Link>
        </div>
        {formError(actionData) && <FormAlert>{formError(actionData)}</FormAlert>}
        <ul className="divide-y divide-stone-100 rounded-xl border border-stone-200 bg-white">
          {loaderData.pages.map((page) => (
            <li key={page.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3">
              <div className="min-w-0">
                <Link to={`${PAGES_PATH}/${page.id}`} className="font-semibold text-brand-700 underline">
                  {page.title}
                </Link>
                <p className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-stone-700">
                  <span className="break-all font-mono text-xs">{page.path}</span>
                  {page.builtin && (
                    <span className="rounded-full bg-stone-100 px-2 py-0.5 text-xs font-medium text-stone-800">
                      Shop page
                    </span>
                  )}
                  {page.usesDefault && page.builtin && (
                    <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-800">
                      Default text
                    </span>
                  )}
                  {!page.published && (
                    <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">
                      Hidden
                    </span>
                  )}
                </p>
              </div>
              <div className="flex items-center gap-2">
                {page.published && (
                  <Link to={page.path} className="btn-secondary max-sm:py-2" aria-label={`View ${page.title}`}>
                    View
                  </Link>
                )}
                <Form method="post">
                  <input type="hidden" name="pageId" value={page.id} />
                  <button
                    type="submit"
                    name="intent"
                    value={page.published ? "unpublish" : "publish"}
                    className="btn-secondary max-sm:py-2"
                    disabled={busy}
                    aria-label={`${page.published ? "Unpublish" : "Publish"} ${page.title}`}
                  >
                    {page.published ? "Unpublish" : "Publish"}
                  </button>
                </Form>
              </div>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
