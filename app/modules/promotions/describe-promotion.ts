import { formatShopDateTimeAmPm } from "~/lib/shop-time";
import { formatPrice } from "~/lib/money";
import type { CodeState, DiscountCodeRow } from "./manage-discount-codes.server";
import type { SaleRow, SaleState } from "./manage-scheduled-sales.server";
import type { DiscountCodeInput, PromotionTargets, Scope } from "./promotion-forms";

/** The owner's words for a promotion's rules, as the Discounts page lists them. */

export const CODE_STATE_LABELS: Record<CodeState, string> = {
  active: "Active",
  paused: "Paused",
  scheduled: "Not started",
  expired: "Expired",
  "used-up": "Used up",
};
export const SALE_STATE_LABELS: Record<SaleState, string> = {
  running: "Running",
  upcoming: "Upcoming",
  ended: "Ended",
};

export function describeOff(code: Pick<DiscountCodeInput, "kind" | "value">): string {
  return code.kind === "percent" ? `${code.value}% off` : `${formatPrice(code.value)} off`;
}

/** "Everything", "Lawn, Kurtas" or "3 products", with the names the catalogue gives them now. */
export function describeScope(scope: Scope, names: TargetNames): string {
  if (scope.appliesTo === "all") return "Everything";
  if (scope.appliesTo === "categories")
    return scope.categorySlugs.map((slug) => names.categories.get(slug) ?? slug).join(", ");
  const shown = scope.productIds.slice(0, 3).map((id) => names.products.get(id) ?? id);
  const more = scope.productIds.length - shown.length;
  return more > 0 ? `${shown.join(", ")} and ${more} more` : shown.join(", ");
}

/** "From 1 Apr 2026, 12:00 am to 10 Apr 2026, 11:59 pm", "Until ...", "From ...", or "No end date". */
export function describeWindow(startsAt: Date | null, endsAt: Date | null): string {
  if (startsAt && endsAt) return `${formatShopDateTimeAmPm(startsAt)} to ${formatShopDateTimeAmPm(endsAt)}`;
  if (endsAt) return `Until ${formatShopDateTimeAmPm(endsAt)}`;
  if (startsAt) return `From ${formatShopDateTimeAmPm(startsAt)}, no end date`;
  return "No start or end date";
}

/** The limits of a code in a line: minimum, total uses and per customer, and whether it adds to a sale. */
export function describeLimits(
  code: Pick<DiscountCodeInput, "minOrder" | "maxUses" | "maxUsesPerCustomer" | "combinesWithSale">,
): string {
  return [
    code.minOrder !== null ? `minimum order ${formatPrice(code.minOrder)}` : "no minimum order",
    code.maxUses !== null ? `${code.maxUses} ${code.maxUses === 1 ? "use" : "uses"} in all` : "no limit on uses",
    code.maxUsesPerCustomer !== null ? `${code.maxUsesPerCustomer} per customer` : null,
    code.combinesWithSale ? null : "not on sale items",
  ]
    .filter(Boolean)
    .join("; ");
}

/** A code as its card on the Discounts page shows it. */
export type CodeCardData = {
  id: number;
  code: string;
  state: CodeState;
  stateLabel: string;
  off: string;
  scope: string;
  window: string;
  limits: string;
  uses: number;
  maxUses: number | null;
  orders: number;
  given: number;
  paused: boolean;
};
/** A sale as its card shows it. */
export type SaleCardData = {
  id: number;
  name: string;
  state: SaleState;
  stateLabel: string;
  percent: number;
  scope: string;
  window: string;
};

export type TargetNames = { categories: Map<string, string>; products: Map<string, string> };

export function targetNames(targets: PromotionTargets): TargetNames {
  return {
    categories: new Map(targets.categories.map((c) => [c.slug, c.name])),
    products: new Map(targets.products.map((p) => [p.id, p.name])),
  };
}

export function codeCardData(code: DiscountCodeRow, names: TargetNames): CodeCardData {
  return {
    id: code.id,
    code: code.code,
    state: code.state,
    stateLabel: CODE_STATE_LABELS[code.state],
    off: describeOff(code),
    scope: describeScope(code, names),
    window: describeWindow(code.startsAt, code.endsAt),
    limits: describeLimits(code),
    uses: code.uses,
    maxUses: code.maxUses,
    orders: code.orders,
    given: code.given,
    paused: code.paused,
  };
}

export function saleCardData(sale: SaleRow, names: TargetNames): SaleCardData {
  return {
    id: sale.id,
    name: sale.name,
    state: sale.state,
    stateLabel: SALE_STATE_LABELS[sale.state],
    percent: sale.percent,
    scope: describeScope(sale, names),
    window: describeWindow(sale.startsAt, sale.endsAt),
  };
}
