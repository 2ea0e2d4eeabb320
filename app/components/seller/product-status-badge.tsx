import type { ProductStatus } from "~/modules/catalog/owner-catalog-types";

export const PRODUCT_STATUS_LABELS: Record<ProductStatus, string> = {
  active: "Active",
  draft: "Draft",
  "coming-soon": "Coming Soon",
  archived: "Archived",
};

// Full class names, written out so Tailwind finds them.
const TONE: Record<ProductStatus, string> = {
  active: "bg-green-100 text-green-900",
  draft: "bg-stone-200 text-stone-900",
  "coming-soon": "bg-sky-100 text-sky-900",
  archived: "bg-stone-800 text-white",
};

/** A product's status as the owner sees it (Active, Draft, Coming Soon, Archived). */
export function ProductStatusBadge({ status }: { status: ProductStatus }) {
  return (
    <span
      data-testid="product-status"
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${TONE[status]}`}
    >
      {PRODUCT_STATUS_LABELS[status]}
    </span>
  );
}
