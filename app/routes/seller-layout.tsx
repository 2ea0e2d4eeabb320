import { Outlet } from "react-router";
import { SellerNav } from "~/components/seller/seller-nav";
import { requireSeller } from "~/lib/auth-guard.server";
import { countWaiting } from "~/modules/seller/count-waiting.server";
import type { Route } from "./+types/seller-layout";

/**
 * The owner's dashboard frame: greeting, tabs and the page of the tab. Every tab's own loader and
 * action checks the seller again: loaders run side by side, so this one guards nothing alone.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireSeller(request, context);
  return { name: user.name || user.email, counts: await countWaiting(context.db) };
}

export default function SellerLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="container-page py-6 lg:py-8">
      <header className="mb-4 lg:mb-6">
        <h1 className="text-2xl font-bold text-stone-900 sm:text-3xl">Welcome back, {loaderData.name}</h1>
        <p className="mt-1 text-sm font-semibold uppercase tracking-wide text-brand-700">Owner</p>
      </header>
      <div className="grid gap-4 lg:grid-cols-[13rem_1fr] lg:gap-8">
        <aside className="min-w-0 lg:sticky lg:top-20 lg:self-start">
          <SellerNav counts={loaderData.counts} />
        </aside>
        <div className="min-w-0">
          <Outlet />
        </div>
      </div>
    </div>
  );
}
