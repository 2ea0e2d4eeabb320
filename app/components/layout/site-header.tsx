import { useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { useRootData } from "~/lib/root-data";
import { CartIcon, MenuIcon } from "~/components/ui/icons";

const NAV = [
  { to: "/", label: "Home", end: true },
  { to: "/products", label: "Products", end: false },
  { to: "/about", label: "About", end: false },
  { to: "/contact", label: "Contact", end: false },
];

export function SiteHeader() {
  const root = useRootData();
  const location = useLocation();
  const brand = root?.shop.brandName ?? "Kapra";
  const cartCount = root?.cartCount ?? 0;
  const returnTo = encodeURIComponent(location.pathname + location.search);
  const navLinkClass = ({ isActive }: { isActive: boolean }) =>
    `rounded-md px-3 py-2 text-sm font-medium ${isActive ? "text-brand-700" : "text-stone-700 hover:text-brand-700"}`;

  return (
    <header className="sticky top-0 z-30 border-b border-stone-200 bg-white/95 backdrop-blur">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:rounded focus:bg-white focus:px-3 focus:py-2">
        Skip to content
      </a>
      <div className="container-page flex h-16 items-center gap-3">
        <MobileMenu key={location.pathname} linkClass={navLinkClass} />
        <Link to="/" className="text-xl font-extrabold tracking-tight text-brand-800">
          {brand}
        </Link>
        <nav aria-label="Main" className="ml-6 hidden items-center gap-1 md:flex">
          {NAV.map((item) => (
            <NavLink key={item.to} to={item.to} end={item.end} className={navLinkClass}>
              {item.label}
            </NavLink>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-2">
          <Link
            to="/cart"
            className="relative flex h-11 w-11 items-center justify-center rounded-md text-stone-700 hover:bg-stone-100"
            aria-label={`Cart, ${cartCount} ${cartCount === 1 ? "item" : "items"}`}
          >
            <CartIcon />
            {cartCount > 0 && (
              <span data-testid="cart-badge" className="absolute right-0.5 top-0.5 min-w-5 rounded-full bg-accent-500 px-1 text-center text-xs font-bold leading-5 text-white">
                {cartCount}
              </span>
            )}
          </Link>
          <Link to={`/auth?mode=login&redirectTo=${returnTo}`} className="btn-primary px-3 py-2">
            Sign In
          </Link>
        </div>
      </div>
    </header>
  );
}

/** The phone menu: a <details> so it opens before JavaScript loads; closes on every navigation. */
function MobileMenu({ linkClass }: { linkClass: (s: { isActive: boolean }) => string }) {
  const [open, setOpen] = useState(false);
  return (
    <details className="group relative md:hidden" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary role="button" aria-expanded={open} className="flex h-11 w-11 cursor-pointer list-none items-center justify-center rounded-md text-stone-700 hover:bg-stone-100 [&::-webkit-details-marker]:hidden">
        <MenuIcon />
        <span className="sr-only">Menu</span>
      </summary>
      <nav aria-label="Main" className="absolute left-0 top-12 w-56 rounded-lg border border-stone-200 bg-white p-2 shadow-lg">
        {NAV.map((item) => (
          <NavLink key={item.to} to={item.to} end={item.end} className={(s) => `block ${linkClass(s)}`}>
            {item.label}
          </NavLink>
        ))}
      </nav>
    </details>
  );
}
