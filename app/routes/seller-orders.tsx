import { Link } from "react-router";
import { OrderTable } from "~/components/orders/order-table";
import { requireUser } from "~/lib/auth-guard.server";
import { pageMeta } from "~/lib/seo";
import { listOrders } from "~/modules/orders/list-orders.server";
import type { Route } from "./+types/seller-orders";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ matches, title: "Orders", description: "Every order in the shop.", path: "/seller/orders", noindex: true });

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context, "seller");
  return { orders: await listOrders(context.db, user) };
}

/** Every order, newest first; it updates live as buyers order and cancel. */
export default function SellerOrders({ loaderData }: Route.ComponentProps) {
  return (
    <div className="container-page py-8">
      <Link to="/seller-dashboard" className="text-sm font-medium text-stone-700 underline">← Seller Dashboard</Link>
      <h1 className="mt-2 text-3xl font-bold text-stone-900">Orders</h1>
      <p className="mt-1 text-stone-700">{loaderData.orders.length} {loaderData.orders.length === 1 ? "order" : "orders"}</p>
      <OrderTable orders={loaderData.orders} caption="All orders, newest first" />
    </div>
  );
}
