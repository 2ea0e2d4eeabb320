import { and, asc, eq, isNotNull, ne, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { pages } from "~/modules/storefront/tables";
import { AppError, errorChain } from "~/lib/errors";
import { BUILTIN_PAGES, DEFAULT_PAGES, isBuiltinPage, pagePath } from "./default-pages";
import type { PageRow } from "./get-page.server";
import { SLUG_TAKEN, type PageInput } from "./page-form";

/**
 * The owner's pages (Dashboard -> Storefront -> Pages): list, add, edit, publish, delete, and give a
 * built-in page its default text back. A built-in page keeps its slug and cannot be deleted; its
 * body is stored as null while it is the default text, so it follows the default.
 */

export type PageListItem = {
  id: number;
  title: string;
  slug: string;
  path: string;
  builtin: string | null;
  published: boolean;
  usesDefault: boolean;
  updatedAt: Date;
};

const builtinOrder = sql`case ${pages.builtin} ${sql.join(
  BUILTIN_PAGES.map((b, i) => sql`when ${b} then ${i}`),
  sql` `,
)} else ${BUILTIN_PAGES.length} end`;

/** Every page: the built-in ones in their usual order, then the owner's by title. */
export async function listPages(db: DbOrTx): Promise<PageListItem[]> {
  const rows = await db
    .select({
      id: pages.id,
      title: pages.title,
      slug: pages.slug,
      builtin: pages.builtin,
      published: pages.published,
      usesDefault: sql<boolean>`${pages.body} is null`,
      updatedAt: pages.updatedAt,
    })
    .from(pages)
    .orderBy(builtinOrder, asc(sql`lower(${pages.title})`), asc(pages.id))
    .limit(1000);
  return rows.map((r) => ({ ...r, path: pagePath(r) }));
}

export async function getPageForEdit(db: DbOrTx, id: number): Promise<PageRow | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const [row] = await db.select().from(pages).where(eq(pages.id, id));
  return row ?? null;
}

function sameText(a: string, b: string): boolean {
  return a.replace(/\r\n?/g, "\n").trim() === b.replace(/\r\n?/g, "\n").trim();
}

function slugClash(error: unknown): boolean {
  return [...errorChain(error)].some(
    (e) => e.code === "23505" && (e.constraint === "pages_slug_idx" || (e.message ?? "").includes("pages_slug_idx")),
  );
}

/**
 * Adds a page (id null) or saves one. The slug must be free (refused beside the field otherwise); a
 * built-in page keeps its own. A built-in page given exactly its default text stores none (null).
 */
export async function savePage(db: DbOrTx, id: number | null, input: PageInput): Promise<{ id: number; slug: string }> {
  try {
    return await db.transaction(async (tx) => {
      const existing = id === null ? null : await getPageForEdit(tx, id);
      if (id !== null && !existing) throw new AppError("NOT_FOUND", "That page no longer exists");
      const builtin = isBuiltinPage(existing?.builtin) ? existing.builtin : null;
      const slug = builtin ? existing!.slug : input.slug;
      const [clash] = await tx
        .select({ id: pages.id })
        .from(pages)
        .where(id === null ? eq(pages.slug, slug) : and(eq(pages.slug, slug), ne(pages.id, id)))
        .limit(1);
      if (clash) throw new AppError("VALIDATION", SLUG_TAKEN, { slug: SLUG_TAKEN });
      const body = builtin && sameText(input.body, DEFAULT_PAGES[builtin].body) ? null : input.body;
      const values = { title: input.title, slug, body, published: input.published, updatedAt: new Date() };
      if (existing) {
        await tx.update(pages).set(values).where(eq(pages.id, existing.id));
        return { id: existing.id, slug };
      }
      const [row] = await tx.insert(pages).values(values).returning({ id: pages.id });
      return { id: row.id, slug };
    });
  } catch (error) {
    // Two owners saving the same new slug at once: the unique index refuses the second.
    if (slugClash(error)) throw new AppError("VALIDATION", SLUG_TAKEN, { slug: SLUG_TAKEN });
    throw error;
  }
}

export async function setPagePublished(db: DbOrTx, id: number, published: boolean): Promise<PageRow> {
  const [row] = await db.update(pages).set({ published, updatedAt: new Date() }).where(eq(pages.id, id)).returning();
  if (!row) throw new AppError("NOT_FOUND", "That page no longer exists");
  return row;
}

/** Deletes one of the owner's pages (menu links to it go with it); a built-in page is refused. */
export async function deletePage(db: DbOrTx, id: number): Promise<{ title: string }> {
  const existing = await getPageForEdit(db, id);
  if (!existing) throw new AppError("NOT_FOUND", "That page no longer exists");
  if (existing.builtin !== null)
    throw new AppError(
      "FORBIDDEN",
      `${existing.title} is one of the shop's own pages: it can be unpublished, not deleted`,
    );
  await db.delete(pages).where(eq(pages.id, id));
  return { title: existing.title };
}

/** A built-in page shows its default text again (and its default title). */
export async function restoreDefaultPage(db: DbOrTx, id: number): Promise<PageRow> {
  const [row] = await db
    .select()
    .from(pages)
    .where(and(eq(pages.id, id), isNotNull(pages.builtin)));
  if (!row || !isBuiltinPage(row.builtin))
    throw new AppError("NOT_FOUND", "Only the shop's own pages have a default text");
  const [restored] = await db
    .update(pages)
    .set({ body: null, title: DEFAULT_PAGES[row.builtin].title, updatedAt: new Date() })
    .where(eq(pages.id, id))
    .returning();
  return restored;
}
