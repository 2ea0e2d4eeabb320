import { formatShopDayMonth, shopDayNoon } from "~/lib/shop-time";

/** What the dashboard's charts (Overview, Reports) share: colours, axis text and day labels. */
export const BRAND = "#2f5d50";
export const AMBER = "#b45309";
export const chartStyle = { width: "100%", height: "100%" } as const;
export const axisTick = { fontSize: 11, fill: "#57534e" };
export const compactNumber = new Intl.NumberFormat("en-PK", { notation: "compact", maximumFractionDigits: 1 });
export const shortDay = (day: string) => formatShopDayMonth(shopDayNoon(day));
