import { formatShopDateLong } from "~/lib/shop-time";

/** "November 2026": when a page was last changed, in shop time. */
export function formatShopMonthYear(value: Date | string): string {
  return formatShopDateLong(value).replace(/^\d+\s+/, "");
}
