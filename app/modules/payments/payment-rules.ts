/**
 * The shop's rules for asking money before a parcel ships (issue 42), in one place, for checkout,
 * the API, the invoice and Settings alike. Whole rupees, as prices are. Plain functions of plain
 * data (importing only the status lists), so the browser's checkout shows the figures the server charges.
 */

import type { AdvanceKind } from "~/db/schema/statuses";

export { ADVANCE_KINDS, type AdvanceKind } from "~/db/schema/statuses";

export const ADVANCE_KIND_LABELS: Record<AdvanceKind, string> = {
  none: "No advance",
  delivery_fee: "The delivery fee",
  fixed: "A fixed amount",
  percent: "A percentage of the total",
};

export type PaymentRules = {
  holdMinutes: number;
  codFee: number;
  codFeeWaivedAbove: number | null;
  advanceKind: AdvanceKind;
  advanceValue: number;
  advanceAbove: number | null;
  advanceCities: string[];
  advanceTags: string[];
  advanceIfRefusedBefore: boolean;
};

export const DEFAULT_PAYMENT_RULES: PaymentRules = {
  holdMinutes: 30,
  codFee: 0,
  codFeeWaivedAbove: null,
  advanceKind: "none",
  advanceValue: 0,
  advanceAbove: null,
  advanceCities: [],
  advanceTags: [],
  advanceIfRefusedBefore: false,
};

export const HOLD_MINUTES_RANGE = { min: 5, max: 1440 } as const;

/** The COD fee on an order of `goodsTotal` (what is due before the fee): none when it is waived above an amount. */
export function codFeeFor(rules: Pick<PaymentRules, "codFee" | "codFeeWaivedAbove">, goodsTotal: number): number {
  if (rules.codFee <= 0) return 0;
  if (rules.codFeeWaivedAbove !== null && goodsTotal > rules.codFeeWaivedAbove) return 0;
  return rules.codFee;
}

/** What checkout knows of a COD order when it decides whether to ask an advance. */
export type AdvanceCase = {
  /** The cash due on delivery (after discounts, credit and the COD fee). */
  total: number;
  shippingFee: number;
  city: string;
  /** The customer's tags (modules/customers), any case. */
  customerTags: readonly string[];
  /** The customer (by phone) refused or returned a parcel before. */
  refusedBefore: boolean;
};

export type Advance = { amount: number; reasons: string[] };

/**
 * The advance a COD order must pay online before it ships, and why (the buyer is told): none when
 * no rule applies or the shop asks none. Never more than the total; a percentage rounds up to a
 * whole rupee so the rest to collect stays whole.
 */
export function advanceFor(rules: PaymentRules, order: AdvanceCase): Advance {
  if (rules.advanceKind === "none" || order.total <= 0) return { amount: 0, reasons: [] };
  const reasons: string[] = [];
  if (rules.advanceAbove !== null && order.total > rules.advanceAbove)
    reasons.push(`orders above Rs ${rules.advanceAbove.toLocaleString("en-PK")} pay an advance`);
  const city = order.city.trim().toLowerCase();
  if (city && rules.advanceCities.some((c) => c.trim().toLowerCase() === city))
    reasons.push(`orders to ${order.city.trim()} pay an advance`);
  const tags = new Set(order.customerTags.map((t) => t.trim().toLowerCase()));
  if (rules.advanceTags.some((t) => tags.has(t.trim().toLowerCase())))
    reasons.push("this account's orders pay an advance");
  if (rules.advanceIfRefusedBefore && order.refusedBefore)
    reasons.push("a parcel to this phone number was refused before");
  if (reasons.length === 0) return { amount: 0, reasons };
  const asked =
    rules.advanceKind === "delivery_fee"
      ? order.shippingFee
      : rules.advanceKind === "fixed"
        ? rules.advanceValue
        : Math.ceil((order.total * rules.advanceValue) / 100);
  const amount = Math.min(order.total, Math.max(0, asked));
  return amount > 0 ? { amount, reasons } : { amount: 0, reasons: [] };
}

/** What the checkout form shows of payment: the gateways offered, and the COD fee's rule (applied in the browser as on the server). */
export type CheckoutPaymentOptions = {
  gateways: { gateway: "safepay" | "jazzcash"; label: string }[];
  codFee: number;
  codFeeWaivedAbove: number | null;
};
