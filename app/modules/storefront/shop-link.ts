/**
 * Links the owner writes (menu items, hero buttons, the announcement bar): a category, a collection,
 * a page, or a path on the shop itself. An address on another site is refused, so a storefront link
 * can never send a buyer away (or to `javascript:`).
 */

export const SHOP_PATH_MAX = 300;

/** Why `value` is not a path on the shop, or null when it is one ("/category/lawn", "/products?sort=new"). */
export function shopPathProblem(value: string): string | null {
  if (value.length > SHOP_PATH_MAX) return `Keep the path under ${SHOP_PATH_MAX} characters`;
  if (/^[a-z][a-z0-9+.-]*:/i.test(value) || value.startsWith("//") || value.startsWith("/\\")) {
    return "Links must stay on the shop: write a path such as /category/lawn, not an address on another site";
  }
  if (!value.startsWith("/")) return "Write a path on the shop starting with /, such as /products";
  // eslint-disable-next-line no-control-regex
  if (/[\s\\\u0000-\u001f\u007f]/.test(value)) return "A path has no spaces or backslashes";
  return null;
}

/** What a link points at, as the owner's pickers post it. */
export type LinkTarget =
  | { kind: "none" }
  | { kind: "category"; slug: string }
  | { kind: "collection"; id: number }
  | { kind: "page"; id: number }
  | { kind: "path"; path: string };

/**
 * A picker's value ("category:lawn", "collection:3", "page:2", "path", "none") with the free path
 * typed beside it, read into a target; or the message for the field that is wrong.
 */
export function readLinkTarget(
  choice: string,
  path: string,
  { allowNone }: { allowNone: boolean },
): { target: LinkTarget } | { error: string; field: "link" | "path" } {
  const [kind, ...rest] = choice.split(":");
  const value = rest.join(":");
  if (kind === "none" || (kind === "" && allowNone && !path.trim())) {
    return allowNone ? { target: { kind: "none" } } : { error: "Choose where the link goes", field: "link" };
  }
  if (kind === "category" && value) return { target: { kind: "category", slug: value } };
  if ((kind === "collection" || kind === "page") && /^\d+$/.test(value)) return { target: { kind, id: Number(value) } };
  if (kind === "path" || kind === "") {
    const trimmed = path.trim();
    if (!trimmed) return { error: "Write the path the link goes to, such as /products", field: "path" };
    const problem = shopPathProblem(trimmed);
    return problem ? { error: problem, field: "path" } : { target: { kind: "path", path: trimmed } };
  }
  return { error: "Choose where the link goes", field: "link" };
}

/** The picker's value for a stored target (the reverse of readLinkTarget). */
export function linkChoice(target: LinkTarget): { link: string; path: string } {
  switch (target.kind) {
    case "none":
      return { link: "none", path: "" };
    case "category":
      return { link: `category:${target.slug}`, path: "" };
    case "collection":
      return { link: `collection:${target.id}`, path: "" };
    case "page":
      return { link: `page:${target.id}`, path: "" };
    case "path":
      return { link: "path", path: target.path };
  }
}

/** Built-in pages that have had their own address since before pages were editable. */
const BUILTIN_PAGE_PATHS: Record<string, string> = {
  about: "/about",
  returns: "/returns",
  privacy: "/privacy",
  terms: "/terms",
};

/** Where a page is on the storefront: a built-in page at its old address, any other at /pages/{slug}. */
export function pageHref(page: { slug: string; builtin: string | null }): string {
  return (page.builtin && BUILTIN_PAGE_PATHS[page.builtin]) || `/pages/${page.slug}`;
}

export const categoryHref = (slug: string) => `/category/${slug}`;
export const collectionHref = (slug: string) => `/collections/${slug}`;

/** What the owner's pickers offer: every category, collection and page, with whether shoppers can see it. */
export type LinkOptions = {
  categories: { slug: string; name: string; hidden: boolean }[];
  collections: { id: number; title: string; published: boolean }[];
  pages: { id: number; title: string; published: boolean }[];
};
