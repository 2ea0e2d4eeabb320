import { eq } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { readThrough } from "~/db/read-cache.server";
import { pages } from "~/modules/storefront/tables";
import { getSettings } from "~/modules/settings/reads";
import { formatShopMonthYear } from "./page-dates";
import { DEFAULT_PAGES, isBuiltinPage, pagePath, type BuiltinPage } from "./default-pages";
import { pageSummary, renderPageMarkdown, renderPageSections } from "./page-markdown.server";
import { fillPlaceholders, placeholderValues, type PlaceholderValues } from "./page-placeholders";

export type PageRow = typeof pages.$inferSelect;

/** A page as a shopper reads it: its words filled in from the settings and rendered to safe HTML. */
export type PageView = {
  id: number;
  slug: string;
  builtin: BuiltinPage | null;
  path: string;
  title: string;
  heading: string;
  description: string;
  /** "Last updated ..." under the heading; null: no such line. */
  updated: string | null;
  html: string;
};

/** A page row, kept in memory until any page changes (the pages table notifies `catalog_changed`). */
export function findPage(db: DbOrTx, by: { slug: string } | { builtin: BuiltinPage }): Promise<PageRow | null> {
  const key = "slug" in by ? `page:slug:${by.slug}` : `page:builtin:${by.builtin}`;
  return readThrough(db, "catalog", key, async () => {
    const [row] = await db
      .select()
      .from(pages)
      .where("slug" in by ? eq(pages.slug, by.slug) : eq(pages.builtin, by.builtin))
      .limit(1);
    return row ?? null;
  });
}

/** The Markdown a page shows: what the owner wrote, or a built-in page's default text. */
export function pageBody(page: { body: string | null; builtin: string | null }): string {
  if (page.body !== null) return page.body;
  return isBuiltinPage(page.builtin) ? DEFAULT_PAGES[page.builtin].body : "";
}

/** A page (saved or being previewed) made into what the storefront shows. */
export function viewPage(
  page: Pick<PageRow, "id" | "slug" | "title" | "body" | "builtin" | "updatedAt">,
  values: PlaceholderValues,
): PageView {
  const builtin = isBuiltinPage(page.builtin) ? page.builtin : null;
  const fallback = builtin ? DEFAULT_PAGES[builtin] : null;
  const body = pageBody(page);
  const title = fillPlaceholders(page.title, values);
  const heading =
    fallback?.heading && page.title === fallback.title ? fillPlaceholders(fallback.heading, values) : title;
  const usesDefault = fallback !== null && page.body === null;
  const description = usesDefault ? fillPlaceholders(fallback.description, values) : pageSummary(body, values) || title;
  const updated = builtin === "about" ? null : usesDefault ? fallback.updated : formatShopMonthYear(page.updatedAt);
  return {
    id: page.id,
    slug: page.slug,
    builtin,
    path: pagePath(page),
    title,
    heading,
    description,
    updated,
    html: renderPageMarkdown(body, values),
  };
}

/** A published page for shoppers, by its slug or built-in key; null when unknown or unpublished (a 404). */
export async function getPageView(
  db: DbOrTx,
  by: { slug: string } | { builtin: BuiltinPage },
): Promise<PageView | null> {
  const [page, settings] = await Promise.all([findPage(db, by), getSettings(db)]);
  if (!page || !page.published) return null;
  return viewPage(page, placeholderValues(settings));
}

/** The FAQ page cut into questions and answers (the contact page's list); empty when the FAQ is unpublished. */
export async function getFaqEntries(db: DbOrTx): Promise<{ question: string; answerHtml: string }[]> {
  const [page, settings] = await Promise.all([findPage(db, { builtin: "faq" }), getSettings(db)]);
  if (!page || !page.published) return [];
  return renderPageSections(pageBody(page), placeholderValues(settings)).map((s) => ({
    question: s.heading,
    answerHtml: s.html,
  }));
}
