import { MarkdownPage } from "~/components/layout/policy-page";
import { publishedPageOr404 } from "~/http/page-loader.server";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/terms";

export const meta: Route.MetaFunction = ({ matches, data }) =>
  pageMeta({
    matches,
    title: data?.page.title ?? "Terms of Service",
    description: data?.page.description ?? "",
    path: "/terms",
  });

/** The built-in Terms of Service page: the owner's text, or the default text (Dashboard -> Storefront -> Pages). */
export async function loader({ context }: Route.LoaderArgs) {
  return { page: await publishedPageOr404(context.db, { builtin: "terms" }) };
}

export default function Terms({ loaderData }: Route.ComponentProps) {
  return <MarkdownPage page={loaderData.page} />;
}
