import { Link } from "react-router";
import { StatusBadge } from "~/components/ui/status-badge";
import { formatPrice } from "~/lib/money";
import { formatShopDayMonth } from "~/lib/shop-time";
import type { OrderStatus } from "~/modules/orders/order-lifecycle";

export type OrderRow = {
  id: string;
  orderNumber: string;
  fullName: string;
  city: string;
  total: number;
  status: OrderStatus;
  createdAt: Date | string;
};

/** Orders as a table for the shop owner: number, customer, city, total, status, date. */
export function OrderTable({ orders, caption }: { orders: OrderRow[]; caption: string }) {
  if (orders.length === 0) return <p className="mt-4 text-stone-700">No orders yet</p>;
  return (
    <div className="mt-4 overflow-x-auto rounded-xl border border-stone-200 bg-white">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-stone-50 text-stone-700">
          <tr>
            <th scope="col" className="px-3 py-2">
              Order
            </th>
            <th scope="col" className="px-3 py-2">
              Customer
            </th>
            <th scope="col" className="px-3 py-2">
              City
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              Total
            </th>
            <th scope="col" className="px-3 py-2">
              Status
            </th>
            <th scope="col" className="px-3 py-2">
              Placed
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100">
          {orders.map((o) => (
            <tr key={o.id}>
              <td className="px-3 py-2">
                <Link to={`/orders/${o.id}`} className="font-medium text-brand-700 underline">
                  {o.orderNumber}
                </Link>{" "}
                <span className="text-xs text-stone-500">#{o.id.slice(-8)}</span>
              </td>
              <td className="px-3 py-2">{o.fullName}</td>
              <td className="px-3 py-2">{o.city}</td>
              <td className="px-3 py-2 text-right font-medium">{formatPrice(o.total)}</td>
              <td className="px-3 py-2">
                <StatusBadge status={o.status} />
              </td>
              <td className="px-3 py-2">{formatShopDayMonth(o.createdAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
