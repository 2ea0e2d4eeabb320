/** The placeholder a courier's tracking link pattern carries: `https://courier.pk/track/{tracking}`. */
export const TRACKING_PLACEHOLDER = "{tracking}";

/** The buyer's link to the courier's tracking page, or null without a pattern or a tracking number. */
export function trackingLink(
  pattern: string | null | undefined,
  trackingNumber: string | null | undefined,
): string | null {
  if (!pattern || !trackingNumber) return null;
  return pattern.split(TRACKING_PLACEHOLDER).join(encodeURIComponent(trackingNumber));
}
