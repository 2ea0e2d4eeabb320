import { STATUS_LABELS, type OrderStatus } from "~/modules/orders/order-lifecycle";

// SPEC.md's colours: pending yellow, confirmed blue, shipped purple, delivered green, cancelled red.
// Full class names, written out so Tailwind finds them when it scans the source.
export const STATUS_BADGE_CLASSES: Record<OrderStatus, string> = {
  awaiting_payment: "bg-sky-100 text-sky-900",
  pending: "bg-yellow-100 text-yellow-900",
  confirmed: "bg-blue-100 text-blue-900",
  processing: "bg-indigo-100 text-indigo-900",
  shipped: "bg-purple-100 text-purple-900",
  delivered: "bg-green-100 text-green-900",
  cancelled: "bg-red-100 text-red-900",
  returned: "bg-stone-200 text-stone-900",
};

/** An order's status as a coloured pill. */
export function StatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span
      data-testid="order-status"
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_BADGE_CLASSES[status]}`}
    >
      {STATUS_LABELS[status]}
    </span>
  );
}
