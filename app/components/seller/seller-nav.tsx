import { useEffect, useRef } from "react";
import { Form, NavLink, useLocation } from "react-router";

/** The dashboard's tabs (SPEC.md's sidebar plus Settings and Inbox), each a real URL. */
export const SELLER_TABS = [
  { to: "/seller-dashboard", label: "Overview", end: true },
  { to: "/seller/orders", label: "Orders", end: false },
  // Not `end`: a request's own page (/seller/returns/{id}) keeps the tab lit.
  { to: "/seller/returns", label: "Returns", end: false },
  // Not `end`: a customer's own page (/seller/customers/{id}) keeps the tab lit.
  { to: "/seller/customers", label: "Customers", end: false },
  { to: "/seller/shipping", label: "Shipping", end: false },
  { to: "/seller/products", label: "Products", end: true },
  { to: "/seller/products/new", label: "Add Product", end: true },
  // Not `end`: Categories, Colours and Size sets (/seller/catalogue/...) keep the tab lit.
  { to: "/seller/catalogue", label: "Catalogue", end: false },
  // Home page, Collections, Menus, Pages, Brand (/seller/storefront/...).
  { to: "/seller/storefront", label: "Storefront", end: false },
  // Not `end`: a code's own page (/seller/discounts/7) keeps the tab lit.
  { to: "/seller/discounts", label: "Discounts", end: false },
  // Not `end`: every report (/seller/reports/profit, /cities ...) keeps the tab lit.
  { to: "/seller/reports", label: "Reports", end: false },
  // Every online payment, refunds (issue 42).
  { to: "/seller/payments", label: "Payments", end: true },
  { to: "/seller/email-logs", label: "Email Logs", end: true },
  { to: "/seller/whatsapp-logs", label: "WhatsApp Log", end: true },
  // Not `end`: Settings -> Couriers and -> WhatsApp (/seller/settings/couriers, /whatsapp) keep the tab lit.
  { to: "/seller/settings", label: "Settings", end: false },
  { to: "/seller/inbox", label: "Inbox", end: true },
  { to: "/seller/reviews", label: "Reviews", end: true },
  { to: "/seller/team", label: "Team", end: true },
  { to: "/seller/password", label: "Password", end: true },
] as const;

export type SellerNavCounts = {
  pendingOrders: number;
  newReturns: number;
  unreadMessages: number;
  failedEmails: number;
};

/**
 * A sidebar on a laptop; on a phone one row of tabs that scrolls sideways (a thumb's swipe), with
 * the current tab brought into view. Counts beside Orders, Returns, Email Logs and Inbox say what
 * waits for the owner.
 */
export function SellerNav({ counts }: { counts: SellerNavCounts }) {
  const listRef = useRef<HTMLUListElement>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    const list = listRef.current;
    const current = list?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!list || !current || list.scrollWidth <= list.clientWidth) return;
    // Scroll the strip itself, not the page: the tab is centred where it can be.
    list.scrollLeft = current.offsetLeft - (list.clientWidth - current.offsetWidth) / 2;
  }, [pathname]);
  const badge: Partial<Record<string, { count: number; says: string }>> = {
    "/seller/orders": { count: counts.pendingOrders, says: "waiting" },
    "/seller/returns": { count: counts.newReturns, says: counts.newReturns === 1 ? "new request" : "new requests" },
    "/seller/inbox": { count: counts.unreadMessages, says: "waiting" },
    "/seller/email-logs": {
      count: counts.failedEmails,
      says: counts.failedEmails === 1 ? "failed e-mail" : "failed e-mails",
    },
  };
  const itemClass = ({ isActive }: { isActive: boolean }) =>
    `flex min-h-10 items-center justify-between gap-2 whitespace-nowrap rounded-lg px-3 py-2 text-sm font-medium ${
      isActive
        ? "border border-brand-700 bg-brand-700 text-white"
        : "border border-stone-200 bg-white text-stone-700 hover:bg-stone-100 lg:border-transparent lg:bg-transparent"
    }`;
  return (
    <nav aria-label="Dashboard">
      <ul
        ref={listRef}
        className="relative -my-1 flex gap-1.5 overflow-x-auto overscroll-x-contain py-1 [scrollbar-width:none] lg:my-0 lg:flex-col lg:gap-1 lg:overflow-visible lg:py-0 [&::-webkit-scrollbar]:hidden"
      >
        {SELLER_TABS.map((tab) => {
          const count = badge[tab.to]?.count ?? 0;
          // The count is the link's description, not part of its name: the tab is always just "Orders".
          const countId = `seller-tab-count-${tab.label.toLowerCase().replace(/\s+/g, "-")}`;
          return (
            <li key={tab.to} className="shrink-0">
              <NavLink
                to={tab.to}
                end={tab.end}
                className={itemClass}
                prefetch="intent"
                aria-describedby={count > 0 ? countId : undefined}
              >
                <span>{tab.label}</span>
                {count > 0 && (
                  <>
                    <span
                      className="rounded-full bg-amber-100 px-2 text-xs font-semibold text-amber-900"
                      aria-hidden="true"
                    >
                      {count}
                    </span>
                    <span id={countId} hidden>{`${count} ${badge[tab.to]?.says}`}</span>
                  </>
                )}
              </NavLink>
            </li>
          );
        })}
        <li className="shrink-0">
          <Form method="post" action="/sign-out">
            <button
              type="submit"
              className="min-h-10 w-full whitespace-nowrap rounded-lg border border-stone-200 bg-white px-3 py-2 text-left text-sm font-medium text-stone-700 hover:bg-stone-100 lg:border-transparent lg:bg-transparent"
            >
              Sign Out
            </button>
          </Form>
        </li>
      </ul>
    </nav>
  );
}
