import { z } from "~/lib/zod";

/** The owner's inventory view, all of it in the URL so it works without JavaScript and can be bookmarked. */
export const INVENTORY_SORTS = [
  { value: "newest", label: "Newest" },
  { value: "name", label: "Name" },
  { value: "price-low", label: "Price: Low to High" },
  { value: "price-high", label: "Price: High to Low" },
  { value: "stock", label: "Stock: Lowest first" },
  { value: "sales", label: "Sales: Best selling" },
] as const;

/** "current" is everything but archived (deleted products that orders still name). */
export const INVENTORY_STATUS_FILTERS = [
  { value: "current", label: "All products" },
  { value: "active", label: "Active" },
  { value: "draft", label: "Draft" },
  { value: "coming-soon", label: "Coming Soon" },
  { value: "archived", label: "Archived" },
] as const;

export const INVENTORY_PAGE_SIZE = 20;

const values = <T extends readonly { value: string }[]>(list: T) =>
  list.map((x) => x.value) as [T[number]["value"], ...T[number]["value"][]];

const inventoryQuerySchema = z.object({
  q: z.string().trim().max(100).catch(""),
  category: z.string().trim().max(60).catch(""),
  status: z.enum(values(INVENTORY_STATUS_FILTERS)).catch("current"),
  sort: z.enum(values(INVENTORY_SORTS)).catch("newest"),
  view: z.enum(["grid", "list"]).catch("grid"),
  /** Only products with a colour and size at or under their low-stock alert (`low=1`). */
  low: z.boolean().catch(false),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});
export type InventoryQuery = z.infer<typeof inventoryQuerySchema>;

/** Unknown or broken parameters fall back to the defaults rather than failing the page. */
export function parseInventoryQuery(params: URLSearchParams): InventoryQuery {
  return inventoryQuerySchema.parse({
    q: params.get("q") ?? "",
    category: params.get("category") ?? "",
    status: params.get("status") ?? undefined,
    sort: params.get("sort") ?? undefined,
    view: params.get("view") ?? undefined,
    page: params.get("page") ?? undefined,
    low: params.get("low") === "1",
  });
}

/** The same view with some parameters changed, defaults left out of the URL. */
export function inventoryHref(
  query: InventoryQuery,
  change: Partial<InventoryQuery> & { delete?: string | null },
): string {
  const next = { ...query, page: 1, ...change };
  const params = new URLSearchParams();
  if (next.q) params.set("q", next.q);
  if (next.category) params.set("category", next.category);
  if (next.status !== "current") params.set("status", next.status);
  if (next.sort !== "newest") params.set("sort", next.sort);
  if (next.view !== "grid") params.set("view", next.view);
  if (next.low) params.set("low", "1");
  if (next.page > 1) params.set("page", String(next.page));
  if (change.delete) params.set("delete", change.delete);
  const search = params.toString();
  return `/seller/products${search ? `?${search}` : ""}`;
}
