import { and, asc, eq, isNull, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { readThrough } from "~/db/read-cache.server";
import { categories, collections } from "~/modules/catalog/reads";
import { menuItems, pages, type MenuName } from "~/modules/storefront/tables";
import { AppError } from "~/lib/errors";
import { buildMenuTree, MENU_LABEL_MAX, MENU_MAX_ITEMS, type MenuMove, type StorefrontMenus } from "./menus";
import { categoryHref, collectionHref, pageHref, readLinkTarget, type LinkOptions, type LinkTarget } from "./shop-link";

/**
 * The header's and footer's menus (table menu_items): what the storefront shows, and the owner's
 * editor (add, edit, move up/down, indent/outdent one level, delete).
 */

const targetColumns = {
  id: menuItems.id,
  menu: menuItems.menu,
  parentId: menuItems.parentId,
  position: menuItems.position,
  label: menuItems.label,
  url: menuItems.url,
  categorySlug: menuItems.categorySlug,
  categoryName: categories.name,
  categoryHidden: categories.hidden,
  collectionId: menuItems.collectionId,
  collectionSlug: collections.slug,
  collectionTitle: collections.title,
  collectionPublished: collections.published,
  pageId: menuItems.pageId,
  pageSlug: pages.slug,
  pageBuiltin: pages.builtin,
  pageTitle: pages.title,
  pagePublished: pages.published,
};

function selectItems(db: DbOrTx, where: SQL | undefined) {
  return db
    .select(targetColumns)
    .from(menuItems)
    .leftJoin(categories, eq(categories.slug, menuItems.categorySlug))
    .leftJoin(collections, eq(collections.id, menuItems.collectionId))
    .leftJoin(pages, eq(pages.id, menuItems.pageId))
    .where(where)
    .orderBy(asc(menuItems.menu), asc(menuItems.position), asc(menuItems.id));
}

type ItemRow = Awaited<ReturnType<typeof selectItems>>[number];

function hrefOf(row: ItemRow): string | null {
  if (row.categorySlug) return categoryHref(row.categorySlug);
  if (row.collectionSlug) return collectionHref(row.collectionSlug);
  if (row.pageSlug) return pageHref({ slug: row.pageSlug, builtin: row.pageBuiltin });
  return row.url;
}

/**
 * Both menus as shoppers see them: an item whose category is hidden, or whose collection or page is
 * unpublished, is left out (with its children). Kept in memory until the catalogue or storefront
 * changes (menu_items, categories, collections and pages all announce their changes).
 */
export function readStorefrontMenus(db: DbOrTx): Promise<StorefrontMenus> {
  return readThrough(db, "catalog", "storefront-menus", async () => {
    const visible = sql`coalesce(${categories.hidden}, false) = false and coalesce(${collections.published}, true) and coalesce(${pages.published}, true)`;
    const rows = await selectItems(db, visible);
    const tree = (menu: MenuName) =>
      buildMenuTree(rows.filter((r) => r.menu === menu).map((r) => ({ ...r, href: hrefOf(r) })));
    return { header: tree("header"), footer: tree("footer") };
  });
}

/** One item as the owner's editor lists it: where it links, in words, and whether shoppers see it. */
export type OwnerMenuItem = {
  id: number;
  parentId: number | null;
  label: string;
  target: LinkTarget;
  describe: string;
  hiddenTarget: boolean;
};

function targetOf(row: ItemRow): LinkTarget {
  if (row.categorySlug) return { kind: "category", slug: row.categorySlug };
  if (row.collectionId !== null) return { kind: "collection", id: row.collectionId };
  if (row.pageId !== null) return { kind: "page", id: row.pageId };
  if (row.url) return { kind: "path", path: row.url };
  return { kind: "none" };
}

function describeTarget(row: ItemRow): string {
  if (row.categorySlug) return `Category: ${row.categoryName ?? row.categorySlug}`;
  if (row.collectionId !== null) return `Collection: ${row.collectionTitle ?? ""}`;
  if (row.pageId !== null) return `Page: ${row.pageTitle ?? ""}`;
  if (row.url) return row.url;
  return "No link (a heading)";
}

/** A menu in the editor's order: each top-level item followed by its children. */
export async function listMenuItems(db: DbOrTx, menu: MenuName): Promise<OwnerMenuItem[]> {
  const rows = await selectItems(db, eq(menuItems.menu, menu));
  const toItem = (r: ItemRow): OwnerMenuItem => ({
    id: r.id,
    parentId: r.parentId,
    label: r.label,
    target: targetOf(r),
    describe: describeTarget(r),
    hiddenTarget: r.categoryHidden === true || r.collectionPublished === false || r.pagePublished === false,
  });
  const out: OwnerMenuItem[] = [];
  for (const top of rows.filter((r) => r.parentId === null)) {
    out.push(toItem(top));
    for (const child of rows.filter((r) => r.parentId === top.id)) out.push(toItem(child));
  }
  return out;
}

/** What the pickers offer: every category, collection and page, in the owner's order. */
export async function listLinkOptions(db: DbOrTx): Promise<LinkOptions> {
  const [cats, cols, pgs] = await Promise.all([
    db
      .select({ slug: categories.slug, name: categories.name, hidden: categories.hidden })
      .from(categories)
      .orderBy(asc(categories.position), asc(categories.name)),
    db
      .select({ id: collections.id, title: collections.title, published: collections.published })
      .from(collections)
      .orderBy(asc(collections.position), asc(collections.title)),
    db.select({ id: pages.id, title: pages.title, published: pages.published }).from(pages).orderBy(asc(pages.id)),
  ]);
  return { categories: cats, collections: cols, pages: pgs };
}

export type MenuItemInput = { label: string; link: string; path: string; parentId?: string };
export type MenuItemField = "label" | "link" | "path" | "parentId";

function fieldError(field: MenuItemField, message: string): AppError {
  return new AppError("VALIDATION", message, { [field]: message });
}

/** The columns a target is stored in; the target must exist (a stale picker is refused beside the field). */
async function targetColumnsFor(db: DbOrTx, target: LinkTarget) {
  const none = { categorySlug: null, collectionId: null, pageId: null, url: null };
  switch (target.kind) {
    case "none":
      return none;
    case "path":
      return { ...none, url: target.path };
    case "category": {
      const [found] = await db
        .select({ slug: categories.slug })
        .from(categories)
        .where(eq(categories.slug, target.slug));
      if (!found) throw fieldError("link", "That category no longer exists: choose another");
      return { ...none, categorySlug: found.slug };
    }
    case "collection": {
      const [found] = await db.select({ id: collections.id }).from(collections).where(eq(collections.id, target.id));
      if (!found) throw fieldError("link", "That collection no longer exists: choose another");
      return { ...none, collectionId: found.id };
    }
    case "page": {
      const [found] = await db.select({ id: pages.id }).from(pages).where(eq(pages.id, target.id));
      if (!found) throw fieldError("link", "That page no longer exists: choose another");
      return { ...none, pageId: found.id };
    }
  }
}

function readInput(input: MenuItemInput) {
  const label = input.label.trim();
  if (!label) throw fieldError("label", "Write the label shoppers see");
  if (label.length > MENU_LABEL_MAX) throw fieldError("label", `Keep the label under ${MENU_LABEL_MAX} characters`);
  const read = readLinkTarget(input.link, input.path, { allowNone: true });
  if ("error" in read) throw fieldError(read.field, read.error);
  return { label, target: read.target };
}

/**
 * Adds an item at the end of a menu, or at the end of a top-level item's children. Only one level of
 * nesting: a child cannot hold children.
 */
export async function addMenuItem(db: DbOrTx, menu: MenuName, input: MenuItemInput): Promise<number> {
  const { label, target } = readInput(input);
  return db.transaction(async (tx) => {
    let parentId: number | null = null;
    if (input.parentId) {
      const [parent] = await tx
        .select({ id: menuItems.id, parentId: menuItems.parentId })
        .from(menuItems)
        .where(and(eq(menuItems.id, Number(input.parentId) || 0), eq(menuItems.menu, menu)));
      if (!parent) throw fieldError("parentId", "That item is no longer in the menu");
      if (parent.parentId !== null)
        throw fieldError("parentId", "Menus have one level: put the item under a top-level item");
      parentId = parent.id;
    }
    const [{ count }] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(menuItems)
      .where(eq(menuItems.menu, menu));
    if (count >= MENU_MAX_ITEMS) throw fieldError("label", `A menu holds at most ${MENU_MAX_ITEMS} items`);
    const [{ next }] = await tx
      .select({ next: sql<number>`coalesce(max(${menuItems.position}) + 1, 0)::int` })
      .from(menuItems)
      .where(
        and(
          eq(menuItems.menu, menu),
          parentId === null ? isNull(menuItems.parentId) : eq(menuItems.parentId, parentId),
        ),
      );
    const [row] = await tx
      .insert(menuItems)
      .values({ menu, parentId, position: next, label, ...(await targetColumnsFor(tx, target)) })
      .returning({ id: menuItems.id });
    return row.id;
  });
}

/** Changes an item's label and link. */
export async function updateMenuItem(db: DbOrTx, id: number, input: MenuItemInput): Promise<void> {
  const { label, target } = readInput(input);
  const updated = await db
    .update(menuItems)
    .set({ label, ...(await targetColumnsFor(db, target)) })
    .where(eq(menuItems.id, id))
    .returning({ id: menuItems.id });
  if (!updated.length) throw new AppError("NOT_FOUND", "That menu item no longer exists");
}

/** Deletes an item (and, for a top-level item, its children). */
export async function deleteMenuItem(db: DbOrTx, id: number): Promise<void> {
  await db.delete(menuItems).where(eq(menuItems.id, id));
}

type Sibling = { id: number; parentId: number | null; position: number };

async function siblingsOf(tx: DbOrTx, menu: MenuName, parentId: number | null): Promise<Sibling[]> {
  return tx
    .select({ id: menuItems.id, parentId: menuItems.parentId, position: menuItems.position })
    .from(menuItems)
    .where(
      and(eq(menuItems.menu, menu), parentId === null ? isNull(menuItems.parentId) : eq(menuItems.parentId, parentId)),
    )
    .orderBy(asc(menuItems.position), asc(menuItems.id));
}

async function renumber(tx: DbOrTx, ids: number[], parentId: number | null): Promise<void> {
  for (const [position, id] of ids.entries())
    await tx.update(menuItems).set({ position, parentId }).where(eq(menuItems.id, id));
}

/**
 * Moves an item: up or down among its siblings; indent makes it the last child of the top-level item
 * above it (refused for an item that has children of its own: menus have one level); outdent puts a
 * child back at the top level, just after its parent. A move that cannot go further does nothing.
 */
export async function moveMenuItem(db: DbOrTx, id: number, move: MenuMove): Promise<void> {
  await db.transaction(async (tx) => {
    const [item] = await tx
      .select({ id: menuItems.id, menu: menuItems.menu, parentId: menuItems.parentId })
      .from(menuItems)
      .where(eq(menuItems.id, id));
    if (!item) throw new AppError("NOT_FOUND", "That menu item no longer exists");
    const siblings = await siblingsOf(tx, item.menu, item.parentId);
    const ids = siblings.map((s) => s.id);
    const at = ids.indexOf(id);
    if (move === "up" || move === "down") {
      const to = move === "up" ? at - 1 : at + 1;
      if (to < 0 || to >= ids.length) return;
      [ids[at], ids[to]] = [ids[to], ids[at]];
      await renumber(tx, ids, item.parentId);
      return;
    }
    if (move === "indent") {
      if (item.parentId !== null)
        throw new AppError("VALIDATION", "Menus have one level: this item is already under another");
      if (at <= 0) throw new AppError("VALIDATION", "There is no item above to put this one under");
      const [{ children }] = await tx
        .select({ children: sql<number>`count(*)::int` })
        .from(menuItems)
        .where(eq(menuItems.parentId, id));
      if (children > 0) throw new AppError("VALIDATION", "Menus have one level: move this item's own links out first");
      const parentId = ids[at - 1];
      const under = await siblingsOf(tx, item.menu, parentId);
      await renumber(tx, [...under.map((s) => s.id), id], parentId);
      await renumber(
        tx,
        ids.filter((x) => x !== id),
        null,
      );
      return;
    }
    // outdent
    if (item.parentId === null) return;
    const top = (await siblingsOf(tx, item.menu, null)).map((s) => s.id);
    top.splice(top.indexOf(item.parentId) + 1, 0, id);
    await renumber(
      tx,
      ids.filter((x) => x !== id),
      item.parentId,
    );
    await renumber(tx, top, null);
  });
}
