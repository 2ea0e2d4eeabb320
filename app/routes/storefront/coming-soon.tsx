import { useKeptActionData } from "~/components/ui/use-kept-action-data";
import { Link, redirect } from "react-router";
import { NotifyMeForm, notifyMeFailure } from "~/components/ui/notify-me-form";
import { keepOnFailure } from "~/http/keep-on-failure";
import { pageMeta } from "~/lib/seo";
import { comingSoonPage, comingSoonTarget, findComingSoonCategory } from "~/modules/catalog/coming-soon";
import { listCategories } from "~/modules/catalog/list-categories.server";
import { resolveCategorySlug } from "~/modules/catalog/resolve-category-slug.server";
import { requestAddress } from "~/modules/abuse/request-address.server";
import { notifyMeAction } from "~/http/notify-me-action.server";
import type { Route } from "./+types/coming-soon";

export const meta: Route.MetaFunction = ({ matches, data, location }) =>
  pageMeta({
    matches,
    title: `${data?.page.title ?? "New Collection"}: Coming Soon`,
    description: data?.page.description ?? "Something new is on its way.",
    path: location.pathname,
  });

/**
 * The page of the category the owner marked coming soon (found by its slug or another spelling of
 * it). A former slug forwards to the category's address now; a category already open sends the
 * shopper to its listing; anything else is the general "New Collection" page.
 */
async function readPage(db: Route.LoaderArgs["context"]["db"], param: string) {
  const category = findComingSoonCategory(param, await listCategories(db));
  if (!category) {
    const moved = await resolveCategorySlug(db, param.toLowerCase());
    if (moved) throw redirect(`/coming-soon/${moved}`, 301);
  } else if (!category.comingSoon) {
    throw redirect(`/category/${category.slug}`);
  }
  return comingSoonPage(category);
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const page = await readPage(context.db, params.category);
  return { page, target: comingSoonTarget(page) };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const form = await request.formData();
  // The target comes from the URL, not the form, so nobody can sign up for something else.
  form.set("target", comingSoonTarget(await readPage(context.db, params.category)));
  return notifyMeAction(context, form, requestAddress(request));
}

/** Notify Me whose request failed (server error, outage, no network): the message under the field, the e-mail kept. */
export const clientAction = (args: Route.ClientActionArgs) => keepOnFailure(args, notifyMeFailure);

export default function ComingSoon({ loaderData, actionData: sentActionData }: Route.ComponentProps) {
  const actionData = useKeptActionData(sentActionData);
  const { page, target } = loaderData;
  return (
    <section
      className="container-page flex flex-col items-center py-16 text-center"
      aria-labelledby="coming-soon-title"
    >
      <p className="rounded-full bg-sky-100 px-3 py-1 text-sm font-semibold text-sky-900">Coming Soon</p>
      <h1 id="coming-soon-title" className="mt-4 text-4xl font-extrabold text-stone-900">
        {page.title}
      </h1>
      <p className="mt-3 max-w-lg text-lg text-stone-700">{page.description}</p>
      <p className="mt-4 text-stone-800">
        Expected launch: <strong data-testid="launch-date">{page.launch}</strong>
      </p>
      <div className="mt-8 flex w-full justify-center">
        <NotifyMeForm target={target} result={actionData} />
      </div>
      <Link to="/products" className="mt-10 font-semibold text-brand-700 underline">
        Back to Products
      </Link>
    </section>
  );
}
