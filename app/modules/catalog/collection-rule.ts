import { formatPrice } from "~/lib/money";

/**
 * A rule collection's rule: every field that is set must hold (a product in Lawn AND tagged "eid"
 * AND under Rs 5,000). A field left empty asks nothing; a rule with no field set matches every
 * product a shopper may see. Plain data, so the owner's form, the query and the tests share it.
 */
export type CollectionRule = {
  categorySlug: string | null;
  tag: string | null;
  minPrice: number | null;
  maxPrice: number | null;
  onSale: boolean;
  newDays: number | null;
};

export const EMPTY_RULE: CollectionRule = {
  categorySlug: null,
  tag: null,
  minPrice: null,
  maxPrice: null,
  onSale: false,
  newDays: null,
};

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * "New in the last N days": products created at or after this moment. N days back from `now` to
 * the millisecond, so a product made exactly N days ago is still new and one a moment older is not.
 */
export function newSince(now: Date, days: number): Date {
  return new Date(now.getTime() - days * DAY_MS);
}

/** Whether the rule asks anything at all. */
export function ruleIsEmpty(rule: CollectionRule): boolean {
  return (
    !rule.categorySlug &&
    !rule.tag &&
    rule.minPrice === null &&
    rule.maxPrice === null &&
    !rule.onSale &&
    rule.newDays === null
  );
}

/** The rule in words for the owner's list ("Shirts, tagged summer, Rs 1,000 to Rs 2,000, on sale, new in 30 days"). */
export function describeRule(rule: CollectionRule, categoryName?: string | null): string {
  const parts: string[] = [];
  if (rule.categorySlug) parts.push(categoryName ?? rule.categorySlug);
  if (rule.tag) parts.push(`tagged ${rule.tag}`);
  if (rule.minPrice !== null && rule.maxPrice !== null)
    parts.push(`${formatPrice(rule.minPrice)} to ${formatPrice(rule.maxPrice)}`);
  else if (rule.minPrice !== null) parts.push(`${formatPrice(rule.minPrice)} or more`);
  else if (rule.maxPrice !== null) parts.push(`up to ${formatPrice(rule.maxPrice)}`);
  if (rule.onSale) parts.push("on sale");
  if (rule.newDays !== null) parts.push(`new in the last ${rule.newDays} ${rule.newDays === 1 ? "day" : "days"}`);
  return parts.length ? parts.join(", ") : "Every product";
}
