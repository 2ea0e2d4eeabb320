import { Form, NavLink } from "react-router";

/** The dashboard's tabs (SPEC.md's sidebar plus Settings and Inbox), each a real URL. */
export const SELLER_TABS = [
  { to: "/seller-dashboard", label: "Overview", end: true },
  { to: "/seller/orders", label: "Orders", end: false },
  { to: "/seller-dashboard/products", label: "Products", end: true },
  { to: "/seller-dashboard/products/new", label: "Add Product", end: true },
  { to: "/seller-dashboard/email-logs", label: "Email Logs", end: true },
  { to: "/seller-dashboard/settings", label: "Settings", end: true },
  { to: "/seller-dashboard/inbox", label: "Inbox", end: true },
  { to: "/seller-dashboard/team", label: "Team", end: true },
] as const;

export type SellerNavCounts = { pendingOrders: number; unreadMessages: number };

/**
 * A sidebar on a laptop, a row of tabs that scrolls sideways on a phone. Counts beside Orders and
 * Inbox tell the owner at a glance what waits for them.
 */
export function SellerNav({ counts }: { counts: SellerNavCounts }) {
  const badge: Partial<Record<string, number>> = { "/seller/orders": counts.pendingOrders, "/seller-dashboard/inbox": counts.unreadMessages };
  const itemClass = ({ isActive }: { isActive: boolean }) =>
    `flex shrink-0 items-center justify-between gap-2 whitespace-nowrap rounded-lg px-3 py-2 text-sm font-medium ${
      isActive ? "bg-brand-700 text-white" : "text-stone-700 hover:bg-stone-100"
    }`;
  return (
    <nav aria-label="Dashboard" className="-mx-4 overflow-x-auto px-4 lg:mx-0 lg:overflow-visible lg:px-0">
      <ul className="flex gap-1 lg:flex-col">
        {SELLER_TABS.map((tab) => {
          const count = badge[tab.to] ?? 0;
          return (
            <li key={tab.to}>
              <NavLink to={tab.to} end={tab.end} className={itemClass} prefetch="intent">
                <span>{tab.label}</span>
                {count > 0 && (
                  <span className="rounded-full bg-amber-100 px-2 text-xs font-semibold text-amber-900" aria-label={`${count} waiting`}>
                    {count}
                  </span>
                )}
              </NavLink>
            </li>
          );
        })}
        <li>
          <Form method="post" action="/sign-out">
            <button type="submit" className="w-full shrink-0 whitespace-nowrap rounded-lg px-3 py-2 text-left text-sm font-medium text-stone-700 hover:bg-stone-100">
              Sign Out
            </button>
          </Form>
        </li>
      </ul>
    </nav>
  );
}
