import { Link, NavLink, useLocation } from "react-router";

/** `also`: a path under which the tab is lit too (a category's edit page lights Categories). */
type SectionTab = { to: string; label: string; end: boolean; also?: string };

/** Catalogue: what the shop's products are made of (issue 29). */
export const CATALOGUE_TABS: readonly SectionTab[] = [
  { to: "/seller/catalogue", label: "Categories", end: true, also: "/seller/catalogue/categories/" },
  { to: "/seller/catalogue/colours", label: "Colours", end: true },
  { to: "/seller/catalogue/sizes", label: "Size sets", end: true },
];

/** Storefront: the shop's words and pictures (issue 29). */
export const STOREFRONT_TABS: readonly SectionTab[] = [
  { to: "/seller/storefront", label: "Home page", end: true },
  { to: "/seller/storefront/collections", label: "Collections", end: false },
  { to: "/seller/storefront/menus", label: "Menus", end: true },
  { to: "/seller/storefront/pages", label: "Pages", end: false },
  { to: "/seller/storefront/brand", label: "Brand", end: true },
];

/**
 * The pages of one dashboard section, as a row of links under its heading: on a phone the row
 * scrolls sideways like the dashboard's own tabs.
 */
export function SectionTabs({ label, tabs }: { label: string; tabs: readonly SectionTab[] }) {
  const { pathname } = useLocation();
  const itemClass = ({ isActive }: { isActive: boolean }) =>
    `inline-flex min-h-10 items-center whitespace-nowrap rounded-full px-4 text-sm font-medium ${
      isActive ? "bg-stone-900 text-white" : "border border-stone-300 bg-white text-stone-700 hover:bg-stone-100"
    }`;
  return (
    <nav aria-label={label} className="mb-6">
      <ul className="-mx-1 flex gap-2 overflow-x-auto px-1 py-1 [scrollbar-width:none] [&::-webkit-scrollbar]:hidden">
        {tabs.map((tab) => (
          <li key={tab.to} className="shrink-0">
            {tab.also && pathname.startsWith(tab.also) ? (
              // NavLink marks only its own path: a page below `also` is this tab's too.
              <Link to={tab.to} prefetch="intent" aria-current="page" className={itemClass({ isActive: true })}>
                {tab.label}
              </Link>
            ) : (
              <NavLink to={tab.to} end={tab.end} prefetch="intent" className={itemClass}>
                {tab.label}
              </NavLink>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
