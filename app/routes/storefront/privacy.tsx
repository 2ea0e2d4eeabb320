import { MarkdownPage } from "~/components/layout/policy-page";
import { publishedPageOr404 } from "~/http/page-loader.server";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/privacy";

export const meta: Route.MetaFunction = ({ matches, data }) =>
  pageMeta({
    matches,
    title: data?.page.title ?? "Privacy Policy",
    description: data?.page.description ?? "",
    path: "/privacy",
  });

/** The built-in Privacy Policy page: the owner's text, or the default text (Dashboard -> Storefront -> Pages). */
export async function loader({ context }: Route.LoaderArgs) {
  return { page: await publishedPageOr404(context.db, { builtin: "privacy" }) };
}

export default function Privacy({ loaderData }: Route.ComponentProps) {
  return <MarkdownPage page={loaderData.page} />;
}
