import { redirect } from "react-router";
import { MarkdownPage } from "~/components/layout/policy-page";
import { publishedPageOr404 } from "~/http/page-loader.server";
import { pageMeta } from "~/lib/seo";
import { CLASSIC_PAGE_PATHS, isBuiltinPage } from "~/modules/storefront/default-pages";
import type { Route } from "./+types/pages";

export const meta: Route.MetaFunction = ({ matches, data, location }) =>
  pageMeta({
    matches,
    title: data?.page.title ?? "Page",
    description: data?.page.description ?? "",
    path: data?.page.path ?? location.pathname,
  });

/** GET /pages/{slug}: any published page; About, Returns, Privacy and Terms answer 301 to their classic address. Unknown or unpublished: 404. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const slug = params.slug;
  const page = await publishedPageOr404(context.db, { slug });
  const classic = isBuiltinPage(page.builtin) ? CLASSIC_PAGE_PATHS[page.builtin] : undefined;
  if (classic) throw redirect(classic, 301);
  return { page };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return <MarkdownPage page={loaderData.page} />;
}
