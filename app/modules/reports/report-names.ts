/** The owner's reports, in the order their tabs show (Dashboard -> Reports). Plain, browser-safe. */
export const REPORTS = [
  { name: "profit", label: "Profit", title: "Profit" },
  { name: "products", label: "Products", title: "Sales by product" },
  { name: "variants", label: "Variants", title: "Sales by variant" },
  { name: "cities", label: "By city", title: "Orders by city" },
  { name: "channels", label: "By channel", title: "Orders by channel" },
  { name: "codes", label: "By code", title: "Orders by discount code" },
  { name: "inventory", label: "Inventory", title: "Inventory" },
] as const;

export type ReportName = (typeof REPORTS)[number]["name"];
export const REPORT_NAMES = REPORTS.map((r) => r.name) as ReportName[];

export function isReportName(name: string | undefined): name is ReportName {
  return REPORT_NAMES.includes(name as ReportName);
}

export function reportTitle(name: ReportName): string {
  return REPORTS.find((r) => r.name === name)!.title;
}
