import type { ReactNode } from "react";
import { Form, Link, Outlet, redirect, useLocation, useNavigation } from "react-router";
import { ACCOUNT_TABS, accountTabAt, movedAccountTab, type AccountTabId } from "~/components/account/account-tabs";
import { OrdersTab } from "~/components/account/orders-tab";
import { ProfileTab, type AccountSummary } from "~/components/account/profile-tab";
import { SettingsTab } from "~/components/account/settings-tab";
import { StoreCreditTab } from "~/components/account/store-credit-tab";
import { WishlistTab } from "~/components/account/wishlist-tab";
import { requireUser } from "~/http/auth-guard.server";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/layout";

/**
 * The buyer's account frame: greeting, Sign Out, the tabs, and the page of the tab. Each tab is a
 * child route (account-tabs.ts lists them) whose own loader loads only what it shows and checks the
 * buyer again: loaders run side by side, so this one guards nothing alone.
 */
export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta({
    matches,
    title: "My Account",
    description: "Your orders, wishlist, store credit, profile and settings.",
    path: location.pathname,
    noindex: true,
  });

// Someone's orders and profile: never kept by a shared cache or the page cache.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request, context }: Route.LoaderArgs) {
  // The account was one page whose tabs were `?tab=X`: bookmarks and e-mails go to the tab's own URL.
  const moved = movedAccountTab(new URL(request.url));
  if (moved) throw redirect(moved, 301);
  const user = await requireUser(request, context, "buyer");
  return { account: { name: user.name, email: user.email, memberSince: user.createdAt } };
}

/** A tab on its way, until its data comes: its own frame with "Loading your ...". */
const PENDING: Record<AccountTabId, (account: AccountSummary) => ReactNode> = {
  orders: () => <OrdersTab orders={null} refreshing={false} />,
  wishlist: () => <WishlistTab items={null} />,
  "store-credit": () => <StoreCreditTab credit={null} />,
  profile: (account) => <ProfileTab account={account} profile={null} />,
  settings: () => <SettingsTab profile={null} />,
};

export default function BuyerLayout({ loaderData }: Route.ComponentProps) {
  const { account } = loaderData;
  const location = useLocation();
  const navigation = useNavigation();
  const shown = accountTabAt(location.pathname) ?? "orders";

  // A tab link was followed and its data is on the way: show that tab at once, loading.
  const going =
    navigation.state === "loading" && !navigation.formMethod ? accountTabAt(navigation.location.pathname) : null;
  const pendingTab = going !== null && going !== shown ? going : null;
  const activeTab = pendingTab ?? shown;

  return (
    <div className="container-page py-8">
      <header className="flex flex-wrap items-start justify-between gap-4 rounded-2xl border border-stone-200 bg-white p-5 sm:p-6">
        <div>
          <h1 className="text-2xl font-bold text-stone-900 sm:text-3xl">Welcome back, {account.name || "Guest"}</h1>
          <p className="mt-1 text-stone-700">
            Account type:{" "}
            <span className="font-semibold text-stone-900" data-testid="account-type">
              Customer
            </span>
          </p>
        </div>
        <Form method="post" action="/sign-out">
          <button type="submit" className="btn-secondary">
            Sign Out
          </button>
        </Form>
      </header>

      <nav aria-label="My account" className="mt-6 overflow-x-auto">
        <ul className="flex min-w-max gap-1 border-b border-stone-200">
          {ACCOUNT_TABS.map((tab) => {
            const current = tab.id === activeTab;
            // My Orders at /orders stays at /orders.
            const to = tab.id === "orders" && shown === "orders" ? location.pathname : tab.to;
            return (
              <li key={tab.id}>
                <Link
                  to={to}
                  preventScrollReset
                  aria-current={current ? "page" : undefined}
                  className={`-mb-px inline-block border-b-2 px-4 py-3 text-sm font-semibold sm:text-base ${
                    current
                      ? "border-brand-700 text-brand-800"
                      : "border-transparent text-stone-600 hover:text-stone-900"
                  }`}
                >
                  {tab.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>

      <div className="mt-6">{pendingTab ? PENDING[pendingTab](account) : <Outlet />}</div>
    </div>
  );
}
