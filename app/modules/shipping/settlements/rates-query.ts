/** The windows and groupings the delivery-rates view offers. */
export const RATE_WINDOWS = [30, 90] as const;
export type RateWindow = (typeof RATE_WINDOWS)[number];
export const RATE_GROUPINGS = ["courier", "city"] as const;
export type RateGrouping = (typeof RATE_GROUPINGS)[number];

export type RatesQuery = { days: RateWindow; by: RateGrouping };

/** `?days=90&by=city`, anything else the default (30 days, per courier). */
export function readRatesQuery(params: URLSearchParams): RatesQuery {
  return { days: params.get("days") === "90" ? 90 : 30, by: params.get("by") === "city" ? "city" : "courier" };
}

/** The search a switch link carries, e.g. "?days=90&by=city". */
export function ratesSearch(query: RatesQuery): string {
  return `?${new URLSearchParams({ days: String(query.days), by: query.by })}`;
}

/** delivered / (delivered + returned) as a whole percent; null when no parcel has finished either way. */
export function deliveryRate(delivered: number, returned: number): number | null {
  const finished = delivered + returned;
  return finished === 0 ? null : Math.round((delivered / finished) * 100);
}
