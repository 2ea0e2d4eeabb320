import { Outlet } from "react-router";
import { SellerNav } from "~/components/seller/seller-nav";
import { requireSeller } from "~/http/auth-guard.server";
import { countWaiting } from "~/modules/seller/count-waiting.server";
import type { Route } from "./+types/layout";

/**
 * The owner's dashboard frame: greeting, tabs and the page of the tab. Every tab's own loader and
 * action checks the seller again: loaders run side by side, so this one guards nothing alone.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireSeller(request, context);
  return { name: user.name || user.email, counts: await countWaiting(context.db) };
}

/**
 * On a phone the greeting is one short line and the tabs one scrolling strip that stays under the
 * site header, so the page's own content (orders, stat cards) starts within the first screen. From
 * `lg` up the tabs are a sidebar. A flex column on phones (not a grid) lets the strip stick for the
 * whole page: a sticky grid item would only stick within its own row.
 */
export default function SellerLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="container-page pb-6 pt-3 lg:py-8">
      <header className="flex flex-wrap items-baseline gap-x-3 lg:mb-6 lg:block">
        <h1 className="min-w-0 break-words text-lg font-bold text-stone-900 sm:text-2xl lg:text-3xl">
          Welcome back, {loaderData.name}
        </h1>
        <p className="text-xs font-semibold uppercase tracking-wide text-brand-700 lg:mt-1 lg:text-sm">Owner</p>
      </header>
      <div className="flex flex-col gap-3 lg:grid lg:grid-cols-[13rem_minmax(0,1fr)] lg:gap-8">
        <aside
          data-sticky-tabs
          className="sticky top-16 z-20 -mx-4 min-w-0 border-b border-stone-200 bg-white/95 px-4 py-2 backdrop-blur sm:-mx-6 sm:px-6 lg:top-20 lg:mx-0 lg:self-start lg:border-0 lg:bg-transparent lg:p-0 lg:backdrop-blur-none"
        >
          <SellerNav counts={loaderData.counts} />
        </aside>
        <div className="min-w-0">
          <Outlet />
        </div>
      </div>
    </div>
  );
}
