import { formatPrice } from "~/lib/money";
import type { DiscountCodeInput } from "./promotion-forms";
import { percentOffPrice } from "./sale-price";

/** A discount code as its rules read it: what the owner set, whether it is paused, and the uses it holds. */
export type DiscountCodeRules = DiscountCodeInput & { paused: boolean; uses: number };

/** A line of the order, at the price the buyer pays for it (a running sale's price included). */
export type DiscountLine = {
  productId: string;
  categorySlug: string;
  price: number;
  quantity: number;
  onSale: boolean;
};

export type DiscountRefusal =
  "unknown" | "expired" | "paused" | "used-up" | "customer-limit" | "not-applicable" | "minimum";
export type DiscountVerdict =
  { ok: true; code: string; amount: number } | { ok: false; refusal: DiscountRefusal; message: string };

/** What the buyer reads beside the Discount code field, for each reason a code is refused. */
export function refusalMessage(refusal: DiscountRefusal, code: string, minOrder?: number | null): string {
  switch (refusal) {
    case "unknown":
      return "This code is not valid";
    case "expired":
      return "This code has expired";
    case "paused":
      return "This code is paused at the moment";
    case "used-up":
      return "This code has been used up";
    case "customer-limit":
      return `You have already used ${code}`;
    case "not-applicable":
      return `${code} does not apply to the items in your order`;
    case "minimum":
      return `Minimum order for ${code} is ${formatPrice(minOrder ?? 0)}`;
  }
}

const refuse = (refusal: DiscountRefusal, rules: Pick<DiscountCodeRules, "code" | "minOrder">): DiscountVerdict => ({
  ok: false,
  refusal,
  message: refusalMessage(refusal, rules.code, rules.minOrder),
});

/** Whether a code or a sale with this scope covers the product. */
export function inScope(
  scope: Pick<DiscountCodeRules, "appliesTo" | "categorySlugs" | "productIds">,
  line: Pick<DiscountLine, "productId" | "categorySlug">,
): boolean {
  if (scope.appliesTo === "all") return true;
  if (scope.appliesTo === "categories") return scope.categorySlugs.includes(line.categorySlug);
  return scope.productIds.includes(line.productId);
}

/**
 * Judges a code against an order's lines at `now`: the amount it takes off, or why it is refused.
 * A code that has not started yet is refused exactly like an unknown one, before any other rule
 * (paused included): a scheduled code's existence is not told before it starts (decision 0023).
 * `customerUses` is how many uses the buyer already holds (by account or by phone number, the
 * larger). The minimum is the order's subtotal at the prices paid; the discount applies to the
 * lines in the code's scope (not to sale items when the code does not combine with a sale). A
 * percentage is taken so that what the buyer pays is rounded down to the rupee; an amount is at
 * most what it applies to.
 */
export function judgeDiscountCode(
  rules: DiscountCodeRules,
  lines: readonly DiscountLine[],
  { now, customerUses }: { now: Date; customerUses: number },
): DiscountVerdict {
  if (rules.startsAt && now < rules.startsAt) return refuse("unknown", rules);
  if (rules.paused) return refuse("paused", rules);
  if (rules.endsAt && now >= rules.endsAt) return refuse("expired", rules);
  if (rules.maxUses !== null && rules.uses >= rules.maxUses) return refuse("used-up", rules);
  if (rules.maxUsesPerCustomer !== null && customerUses >= rules.maxUsesPerCustomer)
    return refuse("customer-limit", rules);
  const subtotal = lines.reduce((sum, l) => sum + l.price * l.quantity, 0);
  if (rules.minOrder !== null && subtotal < rules.minOrder) return refuse("minimum", rules);
  const eligible = lines
    .filter((l) => inScope(rules, l) && (rules.combinesWithSale || !l.onSale))
    .reduce((sum, l) => sum + l.price * l.quantity, 0);
  if (eligible === 0) return refuse("not-applicable", rules);
  const amount =
    rules.kind === "percent" ? eligible - percentOffPrice(eligible, rules.value) : Math.min(rules.value, eligible);
  return { ok: true, code: rules.code, amount };
}

/** A code as the buyer may type it: trimmed, upper-case; null when blank. */
export function normalizeDiscountCode(typed: unknown): string | null {
  if (typeof typed !== "string") return null;
  const code = typed.trim().toUpperCase();
  return code === "" ? null : code;
}
