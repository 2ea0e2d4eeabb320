/**
 * The tabs of the buyer's account (routes/account/layout.tsx), each a child route with a URL of its
 * own. My Orders is `/buyer-dashboard`, and `/orders` too (SPEC.md names both).
 */
export const ACCOUNT_TABS = [
  { id: "orders", label: "My Orders", to: "/buyer-dashboard" },
  { id: "wishlist", label: "Wishlist", to: "/buyer-dashboard/wishlist" },
  { id: "store-credit", label: "Store Credit", to: "/buyer-dashboard/store-credit" },
  { id: "profile", label: "Profile", to: "/buyer-dashboard/profile" },
  { id: "settings", label: "Settings", to: "/buyer-dashboard/settings" },
] as const;

export type AccountTabId = (typeof ACCOUNT_TABS)[number]["id"];

const ORDERS_PATHS = ["/buyer-dashboard", "/orders"];

/** The tab a path shows, or null when the path is not the account's. */
export function accountTabAt(pathname: string): AccountTabId | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  if (ORDERS_PATHS.includes(path)) return "orders";
  return ACCOUNT_TABS.find((t) => t.to === path)?.id ?? null;
}

/**
 * Where an address of the one-page account (`/buyer-dashboard?tab=X`, `/orders?tab=X`, in bookmarks
 * and e-mails) lives now, with its other query parameters; null when the URL names no tab. An
 * unknown tab was My Orders, and still is.
 */
export function movedAccountTab(url: URL): string | null {
  const tab = url.searchParams.get("tab");
  if (tab === null) return null;
  const to = ACCOUNT_TABS.find((t) => t.id === tab)?.to ?? "/buyer-dashboard";
  const path =
    to === "/buyer-dashboard" && accountTabAt(url.pathname) === "orders" ? url.pathname.replace(/(.)\/+$/, "$1") : to;
  const rest = new URLSearchParams(url.search);
  rest.delete("tab");
  const search = rest.toString();
  return search ? `${path}?${search}` : path;
}

/** The URL of a tab. */
export function accountTabPath(id: AccountTabId): string {
  return ACCOUNT_TABS.find((t) => t.id === id)!.to;
}
