import { STATUS_BADGE_CLASSES, STATUS_LABELS, type OrderStatus } from "~/modules/orders/order-lifecycle";

/** An order's status as a coloured pill (SPEC.md: pending yellow, confirmed blue, shipped purple...). */
export function StatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span data-testid="order-status" className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_BADGE_CLASSES[status]}`}>
      {STATUS_LABELS[status]}
    </span>
  );
}
