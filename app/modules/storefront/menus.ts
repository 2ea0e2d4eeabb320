import { MENUS, type MenuName } from "~/modules/storefront/tables";

export { MENUS, type MenuName };

/**
 * The header's and the footer's menus as the storefront shows them: top-level items in order, each
 * with its children (one level only). A link is a path on the shop, or null for a heading.
 */
export type MenuLink = { id: number; label: string; href: string | null; children: MenuLink[] };
export type StorefrontMenus = Record<MenuName, MenuLink[]>;

export type MenuRow = { id: number; parentId: number | null; position: number; label: string; href: string | null };

/**
 * Rows (any order) into the menu's tree: children under their top-level parent, both by position.
 * A child whose parent is not among the rows (its parent's target is hidden) goes with it, and a
 * grandchild (which the editor never makes) is left out rather than shown at the wrong level.
 */
export function buildMenuTree(rows: MenuRow[]): MenuLink[] {
  const byPosition = (a: MenuRow, b: MenuRow) => a.position - b.position || a.id - b.id;
  const top = rows.filter((r) => r.parentId === null).sort(byPosition);
  return top.map((item) => ({
    id: item.id,
    label: item.label,
    href: item.href,
    children: rows
      .filter((r) => r.parentId === item.id)
      .sort(byPosition)
      .map((c) => ({ id: c.id, label: c.label, href: c.href, children: [] })),
  }));
}

export const MENU_LABEL_MAX = 60;
export const MENU_MAX_ITEMS = 60;

/** The editor's moves: up and down among its siblings, indent under the item above, outdent to the top level. */
export const MENU_MOVES = ["up", "down", "indent", "outdent"] as const;
export type MenuMove = (typeof MENU_MOVES)[number];

export function menuTitle(menu: MenuName): string {
  return menu === "header" ? "Header menu" : "Footer menu";
}
