import { Form, Link, redirect, useNavigation } from "react-router";
import { SectionTabs, STOREFRONT_TABS } from "~/components/seller/section-tabs";
import { requireSeller } from "~/http/auth-guard.server";
import { setFlash } from "~/http/flash.server";
import { parseSubmission } from "~/http/form-reply";
import { pageMeta } from "~/lib/seo";
import { listOwnerCollections } from "~/modules/catalog/owner-collections.server";
import { featuredOnHomeSchema } from "~/modules/settings/featured-on-home-form";
import { getSettings } from "~/modules/settings/get-settings.server";
import { setShowFeaturedOnHome } from "~/modules/settings/set-show-featured-on-home.server";
import type { Route } from "./+types/collections";

export const COLLECTIONS_PATH = "/seller/storefront/collections";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    title: "Collections",
    description: "The shop's collections and the home page's sections.",
    path: COLLECTIONS_PATH,
    noindex: true,
  });

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireSeller(request, context);
  const [collections, settings] = await Promise.all([listOwnerCollections(context.db), getSettings(context.db)]);
  return { collections, showFeaturedOnHome: settings.showFeaturedOnHome };
}

/** The home page's one switch here: keep today's Featured products beside the collections, or not. */
export async function action({ request, context }: Route.ActionArgs) {
  await requireSeller(request, context);
  const submission = parseSubmission(await request.formData(), featuredOnHomeSchema);
  // The box is the form's only field: anything else in the post counts as not ticked.
  const show = submission.status === "success" && submission.value.showFeaturedOnHome;
  await setShowFeaturedOnHome(context.db, show);
  const message = show ? "The home page shows Featured products" : "The home page no longer shows Featured products";
  throw redirect(COLLECTIONS_PATH, { headers: { "Set-Cookie": await setFlash({ type: "success", message }) } });
}

/** Dashboard -> Storefront -> Collections: every collection, which are on the home page, and Add collection. */
export default function SellerStorefrontCollections({ loaderData }: Route.ComponentProps) {
  const { collections, showFeaturedOnHome } = loaderData;
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formAction === COLLECTIONS_PATH;
  return (
    <div>
      <SectionTabs label="Storefront" tabs={STOREFRONT_TABS} />
      <section aria-labelledby="collections-title" className="grid gap-4">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="max-w-prose">
            <h2 id="collections-title" className="text-xl font-semibold text-stone-900">
              Collections
            </h2>
            <p className="mt-1 text-sm text-stone-700">
              A named set of products at its own address, picked by hand or chosen by a rule (a category, a tag, a price
              range, on sale, new in the last days). Mark one &ldquo;Show on home&rdquo; to make it a section of the
              home page.
            </p>
          </div>
          <Link to={`${COLLECTIONS_PATH}/new`} className="btn-primary">
            Add collection
          </Link>
        </div>

        {collections.length === 0 ? (
          <p className="rounded-lg bg-stone-50 px-4 py-3 text-sm text-stone-700">
            No collections yet: add the first one, for example &ldquo;Eid Edit&rdquo; or &ldquo;Under Rs 2,000&rdquo;.
          </p>
        ) : (
          <ul className="grid gap-3 lg:grid-cols-2">
            {collections.map((c) => (
              <li key={c.id} className="flex flex-col gap-2 rounded-xl border border-stone-200 bg-white p-4">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <h3 className="font-semibold text-stone-900">
                    <Link to={`${COLLECTIONS_PATH}/${c.id}`} className="hover:underline">
                      {c.title}
                    </Link>
                  </h3>
                  <span className="flex flex-wrap gap-1 text-xs font-medium">
                    <span
                      className={`rounded-full px-2 py-0.5 ${c.published ? "bg-green-50 text-green-800" : "bg-stone-100 text-stone-700"}`}
                    >
                      {c.published ? "Published" : "Hidden"}
                    </span>
                    {c.showOnHome && (
                      <span className="rounded-full bg-sky-50 px-2 py-0.5 text-sky-900">
                        On home, position {c.homePosition}
                      </span>
                    )}
                  </span>
                </div>
                <p className="break-all text-sm text-stone-600">/collections/{c.slug}</p>
                <p className="text-sm text-stone-700">{c.summary}</p>
                <div className="flex flex-wrap gap-2">
                  <Link to={`${COLLECTIONS_PATH}/${c.id}`} className="btn-secondary">
                    Edit<span className="sr-only"> {c.title}</span>
                  </Link>
                  {c.published && (
                    <Link to={`/collections/${c.slug}`} className="btn-secondary">
                      View<span className="sr-only"> {c.title}</span>
                    </Link>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section
        aria-labelledby="home-featured-title"
        className="mt-8 grid gap-3 rounded-xl border border-stone-200 bg-stone-50 p-4"
      >
        <h2 id="home-featured-title" className="text-lg font-semibold text-stone-900">
          Home page sections
        </h2>
        <Form method="post" className="grid gap-3" key={String(showFeaturedOnHome)}>
          <label className="flex min-h-10 items-center gap-3 text-stone-900">
            <input
              type="checkbox"
              name="showFeaturedOnHome"
              defaultChecked={showFeaturedOnHome}
              className="size-5"
              aria-describedby="featured-note"
            />
            <span className="font-medium">Show Featured products on the home page</span>
          </label>
          <p id="featured-note" className="text-sm text-stone-700">
            Featured products shows the best-rated pieces. Untick it to let your collections marked &ldquo;Show on
            home&rdquo; take its place.
          </p>
          <div>
            <button type="submit" className="btn-primary" disabled={saving}>
              {saving ? "Saving..." : "Save home page sections"}
            </button>
          </div>
        </Form>
      </section>
    </div>
  );
}
