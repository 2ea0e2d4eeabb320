import type { CourierRuleKind } from "~/db/schema/statuses";

/** A routing rule as stored; a null courier means "hold for a call". */
export type CourierRule = {
  kind: CourierRuleKind;
  city: string | null;
  amount: number | null;
  courierId: number | null;
};

/** What routing knows of an order: where it goes, its total, and whether its phone is risky. */
export type RoutedOrder = { city: string; total: number; risky: boolean };

export type CourierSuggestion =
  { kind: "courier"; courierId: number; rule: number } | { kind: "hold"; rule: number } | { kind: "none" };

const sameCity = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

function matches(rule: CourierRule, order: RoutedOrder): boolean {
  if (rule.kind === "city") return rule.city !== null && sameCity(rule.city, order.city);
  if (rule.kind === "total-above") return rule.amount !== null && order.total > rule.amount;
  return order.risky;
}

/**
 * The courier booking suggests for an order: the first rule in priority order that matches names
 * it (or says hold for a call); with no match, none (the owner picks). `rule` is the matching
 * rule's index, to say why.
 */
export function suggestCourier(rules: readonly CourierRule[], order: RoutedOrder): CourierSuggestion {
  const index = rules.findIndex((rule) => matches(rule, order));
  if (index < 0) return { kind: "none" };
  const { courierId } = rules[index];
  return courierId === null ? { kind: "hold", rule: index } : { kind: "courier", courierId, rule: index };
}

/** How a rule reads in the settings list and beside a suggestion. */
export function describeRule(
  rule: CourierRule,
  courierName: string | null,
  formatAmount: (n: number) => string,
): string {
  const when =
    rule.kind === "city"
      ? `Orders to ${rule.city}`
      : rule.kind === "total-above"
        ? `Orders above ${formatAmount(rule.amount ?? 0)}`
        : "Orders from a blocked phone or one with earlier returns";
  return `${when}: ${courierName ?? "hold for a call"}`;
}
