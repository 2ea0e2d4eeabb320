import { asc, eq } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { pages } from "~/modules/storefront/tables";
import { CLASSIC_PAGE_PATHS, isBuiltinPage, pagePath } from "./default-pages";

/** The published pages at /pages/{slug} for the sitemap (About, Returns, Privacy and Terms are listed at their classic addresses already). */
export async function listPageSitemapEntries(db: DbOrTx): Promise<{ path: string; lastModified?: Date }[]> {
  const rows = await db
    .select({ slug: pages.slug, builtin: pages.builtin, updatedAt: pages.updatedAt })
    .from(pages)
    .where(eq(pages.published, true))
    .orderBy(asc(pages.id));
  return rows
    .filter((r) => !(isBuiltinPage(r.builtin) && CLASSIC_PAGE_PATHS[r.builtin]))
    .map((r) => ({ path: pagePath(r), lastModified: r.updatedAt }));
}
