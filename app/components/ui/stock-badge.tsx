import type { StockStatus } from "~/modules/catalog/stock-status";

const TONE: Record<StockStatus["kind"], string> = {
  "coming-soon": "bg-sky-100 text-sky-900",
  "out-of-stock": "bg-red-100 text-red-800",
  "low-stock": "bg-amber-100 text-amber-900",
  "in-stock": "bg-emerald-100 text-emerald-900",
};

export function StockBadge({ status }: { status: StockStatus }) {
  return (
    <span
      data-testid="stock-status"
      className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${TONE[status.kind]}`}
    >
      {status.label}
    </span>
  );
}
