import { AppError } from "~/lib/errors";
import { formatPrice } from "~/lib/money";

/**
 * The shop settings behind PRODUCT.md's COD risk controls. The customer rules (issue 31) are
 * optional here so checkout's refusal, which never uses them, can pass the two it needs.
 */
export type CodRiskSettings = {
  maxCodOrderValue: number | null;
  blockedPhones: readonly string[];
  /** A customer with one of these tags (any case) is flagged ("risky" by default). */
  riskTags?: readonly string[];
  /** A delivery rate below this percentage is flagged (null: off)... */
  minDeliveryRate?: number | null;
  /** ...once this many parcels have finished their journey (delivered or came back). */
  minFinishedParcels?: number;
};

/** What the risk rules know of the order's customer (the customers row of its phone and its tags). */
export type CodRiskCustomer = {
  tags: readonly string[];
  delivered: number;
  returned: number;
  deliveryRate: number | null;
};

export const BLOCKED_PHONE_MESSAGE =
  "We cannot take cash on delivery orders from this phone number. Please contact the shop.";

export function codLimitMessage(limit: number): string {
  return `Cash on delivery is available for orders up to ${formatPrice(limit)}. Please lower the order total or contact the shop.`;
}

export type CodRiskFlag = {
  kind: "blocked-phone" | "above-cod-limit" | "risk-tag" | "low-delivery-rate";
  label: string;
};

/**
 * Why an order (phone in E.164, total in rupees) breaks the shop's COD rules, if it does. Checkout
 * refuses an order from a blocked phone or above the limit; the owner's order list flags older ones
 * (the rules may have changed since). With its customer, two more flags say why the owner should
 * call first, without refusing anything: a tag the settings name as risky ("Tagged risky"), and a
 * delivery rate below the setting once enough parcels have finished ("Delivery rate 25 % (1 of 4
 * parcels), below 50 %").
 */
export function codRiskFlags(
  settings: CodRiskSettings,
  order: { phone: string; total: number },
  customer?: CodRiskCustomer | null,
): CodRiskFlag[] {
  const flags: CodRiskFlag[] = [];
  if (order.phone && settings.blockedPhones.includes(order.phone))
    flags.push({ kind: "blocked-phone", label: "Blocked phone number" });
  if (settings.maxCodOrderValue !== null && order.total > settings.maxCodOrderValue) {
    flags.push({ kind: "above-cod-limit", label: `Above the COD limit of ${formatPrice(settings.maxCodOrderValue)}` });
  }
  if (customer && order.phone) flags.push(...customerRiskFlags(settings, customer));
  return flags;
}

/** The customer's own flags: a risk tag (each named as the owner wrote it), a low delivery rate. */
export function customerRiskFlags(settings: CodRiskSettings, customer: CodRiskCustomer): CodRiskFlag[] {
  const flags: CodRiskFlag[] = [];
  const risky = new Set((settings.riskTags ?? []).map((t) => t.trim().toLowerCase()).filter(Boolean));
  for (const tag of customer.tags) {
    if (risky.has(tag.trim().toLowerCase())) flags.push({ kind: "risk-tag", label: `Tagged ${tag}` });
  }
  const min = settings.minDeliveryRate ?? null;
  const finished = customer.delivered + customer.returned;
  if (
    min !== null &&
    customer.deliveryRate !== null &&
    finished > 0 &&
    finished >= (settings.minFinishedParcels ?? 2) &&
    customer.deliveryRate < min
  ) {
    flags.push({
      kind: "low-delivery-rate",
      label: `Delivery rate ${customer.deliveryRate} % (${customer.delivered} of ${finished} ${finished === 1 ? "parcel" : "parcels"}), below ${min} %`,
    });
  }
  return flags;
}

/** PRODUCT.md's COD risk controls at checkout: an order from a blocked phone, or above the COD limit, is refused. */
export function refuseCodRisk(settings: CodRiskSettings, phone: string, total: number): void {
  // Only these two refuse: a customer's tag or delivery rate flags the order for the owner, never refuses it.
  for (const flag of codRiskFlags(settings, { phone, total })) {
    if (flag.kind !== "blocked-phone" && flag.kind !== "above-cod-limit") continue;
    if (flag.kind === "blocked-phone")
      throw new AppError("FORBIDDEN", BLOCKED_PHONE_MESSAGE, { phone: BLOCKED_PHONE_MESSAGE });
    const message = codLimitMessage(settings.maxCodOrderValue ?? 0);
    throw new AppError("CONFLICT", message, { items: message });
  }
}
