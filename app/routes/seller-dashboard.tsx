import { Link } from "react-router";
import { OrderTable } from "~/components/orders/order-table";
import { requireSeller } from "~/lib/auth-guard.server";
import { pageMeta } from "~/lib/seo";
import { listOrders } from "~/modules/orders/list-orders.server";
import type { Route } from "./+types/seller-dashboard";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ matches, title: "Seller Dashboard", description: "Run the shop: orders, products and e-mail.", path: "/seller-dashboard", noindex: true });

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireSeller(request, context);
  const orders = await listOrders(context.db, user);
  return { recent: orders.slice(0, 5), pending: orders.filter((o) => o.status === "pending").length, total: orders.length };
}

/** The owner's landing page; the full dashboard (products, revenue, e-mail logs) builds on this. */
export default function SellerDashboard({ loaderData }: Route.ComponentProps) {
  const { recent, pending, total } = loaderData;
  return (
    <div>
      <h2 className="text-xl font-semibold text-stone-900">Overview</h2>
      <dl className="mt-4 grid gap-4 sm:grid-cols-2">
        <div className="rounded-xl border border-stone-200 bg-white p-4"><dt className="text-sm text-stone-600">Total Orders</dt><dd className="text-2xl font-bold">{total}</dd></div>
        <div className="rounded-xl border border-stone-200 bg-white p-4"><dt className="text-sm text-stone-600">Pending Orders</dt><dd className="text-2xl font-bold">{pending}</dd></div>
      </dl>
      <div className="mt-8 flex items-center justify-between">
        <h3 className="text-lg font-semibold text-stone-900">Recent Orders</h3>
        <Link to="/seller/orders" className="font-medium text-brand-700 underline">View All</Link>
      </div>
      <OrderTable orders={recent} caption="The five most recent orders" />
    </div>
  );
}
