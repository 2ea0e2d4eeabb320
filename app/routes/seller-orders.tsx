import { OrderTable } from "~/components/orders/order-table";
import { requireSeller } from "~/lib/auth-guard.server";
import { pageMeta } from "~/lib/seo";
import { listOrders } from "~/modules/orders/list-orders.server";
import type { Route } from "./+types/seller-orders";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ matches, title: "Orders", description: "Every order in the shop.", path: "/seller/orders", noindex: true });

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireSeller(request, context);
  return { orders: await listOrders(context.db, user) };
}

/** Every order, newest first; it updates live as buyers order and cancel. */
export default function SellerOrders({ loaderData }: Route.ComponentProps) {
  return (
    <div>
      <h2 className="text-xl font-semibold text-stone-900">Orders</h2>
      <p className="mt-1 text-stone-700">{loaderData.orders.length} {loaderData.orders.length === 1 ? "order" : "orders"}</p>
      <OrderTable orders={loaderData.orders} caption="All orders, newest first" />
    </div>
  );
}
