import { useState } from "react";
import { Form, Link, NavLink, useLocation } from "react-router";
import { useRootData, type RootData, type RootMenuLink } from "~/lib/root-data";
import { CartIcon, ChevronDownIcon, MenuIcon, UserIcon } from "~/components/ui/icons";
import { mediaUrl, pickSource, srcSet } from "~/modules/media/image-url";

type LinkClass = (s: { isActive: boolean }) => string;

export function SiteHeader() {
  const root = useRootData();
  const location = useLocation();
  const brand = root?.shop.brandName ?? "Kapra";
  const menu = root?.menus.header ?? [];
  const logo = root?.brand.logo ?? null;
  const cartCount = root?.cartCount ?? 0;
  // Sign In brings you back to this page (but not back to the sign-in page itself).
  const signInHref =
    location.pathname === "/auth"
      ? "/auth?mode=login"
      : `/auth?mode=login&redirectTo=${encodeURIComponent(location.pathname + location.search)}`;
  const navLinkClass = ({ isActive }: { isActive: boolean }) =>
    `rounded-md px-3 py-2 text-sm font-medium ${isActive ? "text-brand-700" : "text-stone-700 hover:text-brand-700"}`;

  return (
    <header className="sticky top-0 z-30 print:hidden border-b border-stone-200 bg-white/95 backdrop-blur">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <div className="container-page flex h-16 items-center gap-3">
        <MobileMenu key={location.pathname} items={menu} linkClass={navLinkClass} />
        <Link to="/" className="text-xl font-extrabold tracking-tight text-brand-800">
          {logo ? (
            <img
              src={mediaUrl(pickSource(logo.sources, 320).key)}
              srcSet={srcSet(logo.sources)}
              sizes="160px"
              width={logo.width}
              height={logo.height}
              alt={brand}
              className="h-10 w-auto max-w-40 object-contain"
            />
          ) : (
            brand
          )}
        </Link>
        <nav aria-label="Main" className="ml-6 hidden items-center gap-1 md:flex">
          {menu.map((item) =>
            item.children.length ? (
              <DesktopDropdown key={`${location.pathname}-${item.id}`} item={item} linkClass={navLinkClass} />
            ) : (
              <MenuEntry key={item.id} item={item} className={navLinkClass} />
            ),
          )}
        </nav>
        <div className="ml-auto flex items-center gap-2">
          <Link
            to="/cart"
            className="relative flex h-11 w-11 items-center justify-center rounded-md text-stone-700 hover:bg-stone-100"
            aria-label={`Cart, ${cartCount} ${cartCount === 1 ? "item" : "items"}`}
          >
            <CartIcon />
            {cartCount > 0 && (
              <span
                data-testid="cart-badge"
                className="absolute right-0.5 top-0.5 min-w-5 rounded-full bg-accent-500 px-1 text-center text-xs font-bold leading-5 text-white"
              >
                {cartCount}
              </span>
            )}
          </Link>
          {root?.user ? (
            <UserMenu key={location.pathname} user={root.user} />
          ) : (
            <Link to={signInHref} className="btn-primary px-3 py-2">
              Sign In
            </Link>
          )}
        </div>
      </div>
    </header>
  );
}

/** One menu link (the home page's link is active only on the home page), or a heading as plain text. */
function MenuEntry({ item, className }: { item: RootMenuLink; className: LinkClass }) {
  if (item.href === null)
    return <span className={`${className({ isActive: false })} text-stone-900`}>{item.label}</span>;
  return (
    <NavLink to={item.href} end={item.href === "/"} className={className}>
      {item.label}
    </NavLink>
  );
}

/** A top-level item with children on a laptop: a <details> dropdown, so it opens before JavaScript loads. */
function DesktopDropdown({ item, linkClass }: { item: RootMenuLink; linkClass: LinkClass }) {
  const [open, setOpen] = useState(false);
  return (
    <details className="relative" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary
        aria-expanded={open}
        className="flex cursor-pointer list-none items-center gap-1 rounded-md px-3 py-2 text-sm font-medium text-stone-700 hover:text-brand-700 [&::-webkit-details-marker]:hidden"
      >
        {item.label}
        <ChevronDownIcon className="h-4 w-4" />
      </summary>
      <ul className="absolute left-0 top-11 z-40 w-56 rounded-lg border border-stone-200 bg-white p-2 shadow-lg">
        {item.href !== null && (
          <li>
            <MenuEntry item={{ ...item, children: [] }} className={(s) => `block ${linkClass(s)}`} />
          </li>
        )}
        {item.children.map((child) => (
          <li key={child.id}>
            <MenuEntry item={child} className={(s) => `block ${linkClass(s)}`} />
          </li>
        ))}
      </ul>
    </details>
  );
}

/** The phone menu: a <details> so it opens before JavaScript loads; closes on every navigation. Children are indented under their item. */
function MobileMenu({ items, linkClass }: { items: RootMenuLink[]; linkClass: LinkClass }) {
  const [open, setOpen] = useState(false);
  return (
    <details className="group relative md:hidden" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary
        aria-expanded={open}
        className="flex h-11 w-11 cursor-pointer list-none items-center justify-center rounded-md text-stone-700 hover:bg-stone-100 [&::-webkit-details-marker]:hidden"
      >
        <MenuIcon />
        <span className="sr-only">Menu</span>
      </summary>
      <nav
        aria-label="Main menu"
        className="absolute left-0 top-12 w-56 rounded-lg border border-stone-200 bg-white p-2 shadow-lg"
      >
        <ul>
          {items.map((item) => (
            <li key={item.id}>
              <MenuEntry item={item} className={(s) => `block ${linkClass(s)}`} />
              {item.children.length > 0 && (
                <ul className="ml-3 border-l border-stone-200 pl-2">
                  {item.children.map((child) => (
                    <li key={child.id}>
                      <MenuEntry item={child} className={(s) => `block ${linkClass(s)}`} />
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      </nav>
    </details>
  );
}

// The role's own name, as in SPEC.md's user menu. Only the dashboard's greeting says "Owner": the
// (closed) menu is in every page, and a second "Owner" there would make that label ambiguous.
const ROLE_LABELS = { buyer: "Buyer", seller: "Seller" } as const;

/** Name, e-mail and role, the way to the right dashboard, and Sign Out; works before JavaScript loads. */
function UserMenu({ user }: { user: NonNullable<RootData["user"]> }) {
  const [open, setOpen] = useState(false);
  const dashboard =
    user.role === "seller"
      ? { to: "/seller-dashboard", label: "Seller Dashboard" }
      : { to: "/buyer-dashboard", label: "My Dashboard" };
  return (
    <details className="relative" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary
        aria-expanded={open}
        aria-label={`Account menu for ${user.name}`}
        className="flex h-11 cursor-pointer list-none items-center gap-2 rounded-md px-2 text-stone-700 hover:bg-stone-100 [&::-webkit-details-marker]:hidden"
      >
        <UserIcon />
        <span className="hidden max-w-32 truncate text-sm font-medium sm:inline">{user.name}</span>
      </summary>
      <div className="absolute right-0 top-12 w-64 rounded-lg border border-stone-200 bg-white p-3 shadow-lg">
        <p className="truncate font-semibold text-stone-900">{user.name}</p>
        <p className="truncate text-sm text-stone-600">{user.email}</p>
        <p className="mt-1 text-xs font-semibold uppercase tracking-wide text-brand-700">{ROLE_LABELS[user.role]}</p>
        <hr className="my-2 border-stone-200" />
        <Link
          to={dashboard.to}
          className="block rounded-md px-2 py-2 text-sm font-medium text-stone-800 hover:bg-stone-100"
        >
          {dashboard.label}
        </Link>
        <Form method="post" action="/sign-out">
          <button
            type="submit"
            className="block w-full rounded-md px-2 py-2 text-left text-sm font-medium text-stone-800 hover:bg-stone-100"
          >
            Sign Out
          </button>
        </Form>
      </div>
    </details>
  );
}
