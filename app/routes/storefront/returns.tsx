import { MarkdownPage } from "~/components/layout/policy-page";
import { publishedPageOr404 } from "~/http/page-loader.server";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/returns";

export const meta: Route.MetaFunction = ({ matches, data }) =>
  pageMeta({
    matches,
    title: data?.page.title ?? "Returns & Exchanges",
    description: data?.page.description ?? "",
    path: "/returns",
  });

/** The built-in Returns & Exchanges page: the owner's text, or the default text (Dashboard -> Storefront -> Pages). */
export async function loader({ context }: Route.LoaderArgs) {
  return { page: await publishedPageOr404(context.db, { builtin: "returns" }) };
}

export default function Returns({ loaderData }: Route.ComponentProps) {
  return <MarkdownPage page={loaderData.page} />;
}
