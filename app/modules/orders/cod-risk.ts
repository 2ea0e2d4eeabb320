import { AppError } from "~/lib/errors";
import { formatPrice } from "~/lib/money";

/** The shop settings behind PRODUCT.md's COD risk controls. */
export type CodRiskSettings = { maxCodOrderValue: number | null; blockedPhones: readonly string[] };

export const BLOCKED_PHONE_MESSAGE = "We cannot take cash on delivery orders from this phone number. Please contact the shop.";

export function codLimitMessage(limit: number): string {
  return `Cash on delivery is available for orders up to ${formatPrice(limit)}. Please lower the order total or contact the shop.`;
}

export type CodRiskFlag = { kind: "blocked-phone" | "above-cod-limit"; label: string };

/**
 * Why an order (phone in E.164, total in rupees) breaks the shop's COD rules, if it does. Checkout
 * refuses such an order; the owner's order list flags older ones (the rules may have changed since).
 */
export function codRiskFlags(settings: CodRiskSettings, order: { phone: string; total: number }): CodRiskFlag[] {
  const flags: CodRiskFlag[] = [];
  if (order.phone && settings.blockedPhones.includes(order.phone)) flags.push({ kind: "blocked-phone", label: "Blocked phone number" });
  if (settings.maxCodOrderValue !== null && order.total > settings.maxCodOrderValue) {
    flags.push({ kind: "above-cod-limit", label: `Above the COD limit of ${formatPrice(settings.maxCodOrderValue)}` });
  }
  return flags;
}

/** PRODUCT.md's COD risk controls at checkout: an order from a blocked phone, or above the COD limit, is refused. */
export function refuseCodRisk(settings: CodRiskSettings, phone: string, total: number): void {
  for (const flag of codRiskFlags(settings, { phone, total })) {
    if (flag.kind === "blocked-phone") throw new AppError("FORBIDDEN", BLOCKED_PHONE_MESSAGE, { phone: BLOCKED_PHONE_MESSAGE });
    const message = codLimitMessage(settings.maxCodOrderValue ?? 0);
    throw new AppError("CONFLICT", message, { items: message });
  }
}
