import { data, type AppLoadContext } from "react-router";
import type { BuiltinPage } from "~/modules/storefront/default-pages";
import { getPageView, type PageView } from "~/modules/storefront/get-page.server";

/** A published page for a storefront route, or the 404 page (unknown or unpublished). */
export async function publishedPageOr404(
  db: AppLoadContext["db"],
  by: { slug: string } | { builtin: BuiltinPage },
): Promise<PageView> {
  const page = await getPageView(db, by);
  if (!page) throw data(null, { status: 404 });
  return page;
}
