import { z } from "~/lib/zod";
import { normalizePakistaniMobile } from "~/lib/phone";
import { shopDayRange } from "~/lib/shop-time";

/**
 * The Customers list's filter as it sits in the URL (?q=&city=&tag=&ordersMin=...&sort=&dir=&page=),
 * read safely: a value that is not what its field takes is left out and named in `errors`, so the
 * filter form shows the message beside the field and the list still answers.
 */

export const CUSTOMERS_PAGE_SIZE = 25;
export const CUSTOMER_SEARCH_MAX = 100;

/** What the list sorts by; the default is the newest last order first. */
export const CUSTOMER_SORTS = [
  "lastOrder",
  "firstOrder",
  "orders",
  "delivered",
  "returned",
  "deliveryRate",
  "lifetimeValue",
  "averageOrder",
  "name",
  "city",
] as const;
export type CustomerSort = (typeof CUSTOMER_SORTS)[number];

export const CUSTOMER_SORT_LABELS: Record<CustomerSort, string> = {
  lastOrder: "Last order",
  firstOrder: "First order",
  orders: "Orders",
  delivered: "Delivered",
  returned: "Returned or refused",
  deliveryRate: "Delivery rate",
  lifetimeValue: "Lifetime value",
  averageOrder: "Average order",
  name: "Name",
  city: "City",
};

/** Whole-number bounds of the filter form, by URL name. */
export const CUSTOMER_NUMBER_FILTERS = [
  "ordersMin",
  "ordersMax",
  "deliveredMin",
  "deliveredMax",
  "returnedMin",
  "returnedMax",
  "rateBelow",
  "rateAbove",
  "valueMin",
  "valueMax",
] as const;
export type CustomerNumberFilter = (typeof CUSTOMER_NUMBER_FILTERS)[number];

export const CUSTOMER_DATE_FILTERS = ["lastFrom", "lastTo"] as const;
export type CustomerDateFilter = (typeof CUSTOMER_DATE_FILTERS)[number];

export type CustomerQueryField = "q" | "city" | "tag" | CustomerNumberFilter | CustomerDateFilter;

export type CustomerQuery = {
  q: string;
  city: string;
  tag: string;
  sort: CustomerSort;
  dir: "asc" | "desc";
  page: number;
} & Record<CustomerNumberFilter, number | null> &
  Record<CustomerDateFilter, string | null>;

export const DEFAULT_CUSTOMER_QUERY: CustomerQuery = {
  q: "",
  city: "",
  tag: "",
  sort: "lastOrder",
  dir: "desc",
  page: 1,
  ordersMin: null,
  ordersMax: null,
  deliveredMin: null,
  deliveredMax: null,
  returnedMin: null,
  returnedMax: null,
  rateBelow: null,
  rateAbove: null,
  valueMin: null,
  valueMax: null,
  lastFrom: null,
  lastTo: null,
};

const NUMBER_MESSAGES: Record<CustomerNumberFilter, { max: number; message: string }> = {
  ordersMin: { max: 1_000_000, message: "Enter a whole number of orders, e.g. 2" },
  ordersMax: { max: 1_000_000, message: "Enter a whole number of orders, e.g. 10" },
  deliveredMin: { max: 1_000_000, message: "Enter a whole number of parcels, e.g. 1" },
  deliveredMax: { max: 1_000_000, message: "Enter a whole number of parcels, e.g. 5" },
  returnedMin: { max: 1_000_000, message: "Enter a whole number of parcels, e.g. 1" },
  returnedMax: { max: 1_000_000, message: "Enter a whole number of parcels, e.g. 0" },
  rateBelow: { max: 100, message: "Enter a percentage from 0 to 100, e.g. 50" },
  rateAbove: { max: 100, message: "Enter a percentage from 0 to 100, e.g. 80" },
  valueMin: { max: 1_000_000_000, message: "Enter whole rupees, e.g. 5000" },
  valueMax: { max: 1_000_000_000, message: "Enter whole rupees, e.g. 50000" },
};

const text = (max: number) => z.string().trim().max(max, `Please keep this under ${max} characters`);
// A whole number as typed ("5,000" too); an empty box is no filter.
const whole = ({ max, message }: { max: number; message: string }) =>
  z
    .string()
    .trim()
    .transform((v) => v.replace(/,/g, ""))
    .refine((v) => v === "" || (/^\d+$/.test(v) && Number(v) <= max), message)
    .transform((v) => (v === "" ? null : Number(v)));
const shopDate = z
  .string()
  .trim()
  .refine((v) => v === "" || shopDayRange(v) !== null, "Enter a date, e.g. 2026-01-31")
  .transform((v) => v || null);

/** The list's URL, one schema per field, so a refused field leaves the others standing. */
export const customerQuerySchema = z.object({
  q: text(CUSTOMER_SEARCH_MAX),
  city: text(60),
  tag: text(30),
  ...(Object.fromEntries(CUSTOMER_NUMBER_FILTERS.map((n) => [n, whole(NUMBER_MESSAGES[n])])) as Record<
    CustomerNumberFilter,
    ReturnType<typeof whole>
  >),
  lastFrom: shopDate,
  lastTo: shopDate,
  sort: z.enum(CUSTOMER_SORTS).catch("lastOrder"),
  dir: z.enum(["asc", "desc"]).nullable().catch(null),
  page: z.coerce
    .number()
    .int()
    .min(1)
    .catch(1)
    .transform((n) => Math.min(n, 100_000)),
});

/** The sort's natural direction: names and cities A to Z, figures and dates biggest or newest first. */
export function defaultDirection(sort: CustomerSort): "asc" | "desc" {
  return sort === "name" || sort === "city" ? "asc" : "desc";
}

export type ReadCustomerQuery = { query: CustomerQuery; errors: Partial<Record<CustomerQueryField, string>> };

const FIELD_NAMES: CustomerQueryField[] = ["q", "city", "tag", ...CUSTOMER_NUMBER_FILTERS, ...CUSTOMER_DATE_FILTERS];

/** Reads the list's URL (or an API request's, or a saved segment's query string). */
export function readCustomerQuery(params: URLSearchParams): ReadCustomerQuery {
  const errors: Partial<Record<CustomerQueryField, string>> = {};
  const query: CustomerQuery = { ...DEFAULT_CUSTOMER_QUERY };
  const shape = customerQuerySchema.shape;
  for (const name of FIELD_NAMES) {
    const parsed = shape[name].safeParse(params.get(name) ?? "");
    if (!parsed.success) errors[name] = parsed.error.issues[0].message;
    else
      (query as Record<string, unknown>)[name] =
        name === "q" || name === "city" || name === "tag" ? (parsed.data ?? "") : parsed.data;
  }
  if (query.lastFrom && query.lastTo && query.lastFrom > query.lastTo)
    errors.lastTo = "The end date comes before the start date";
  query.sort = shape.sort.parse(params.get("sort"));
  query.dir = shape.dir.parse(params.get("dir")) ?? defaultDirection(query.sort);
  query.page = shape.page.parse(params.get("page") ?? undefined);
  return { query, errors };
}

/**
 * The canonical query string of a filter (no leading "?"): values left out when empty or default,
 * in a fixed order, so a segment saved from the list opens the same list. `page` only when above 1.
 */
export function customerQueryString(query: Partial<CustomerQuery>, { page = true }: { page?: boolean } = {}): string {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.city) params.set("city", query.city);
  if (query.tag) params.set("tag", query.tag);
  for (const name of CUSTOMER_NUMBER_FILTERS) {
    const value = query[name];
    if (value !== null && value !== undefined) params.set(name, String(value));
  }
  for (const name of CUSTOMER_DATE_FILTERS) {
    const value = query[name];
    if (value) params.set(name, value);
  }
  const sort = query.sort ?? "lastOrder";
  if (sort !== "lastOrder") params.set("sort", sort);
  if (query.dir && query.dir !== defaultDirection(sort)) params.set("dir", query.dir);
  if (page && query.page && query.page > 1) params.set("page", String(query.page));
  return params.toString();
}

/** Whether anything narrows the list (a search or a filter; sorting does not). */
export function isFiltered(query: CustomerQuery): boolean {
  return (
    Boolean(query.q || query.city || query.tag) ||
    CUSTOMER_NUMBER_FILTERS.some((n) => query[n] !== null) ||
    CUSTOMER_DATE_FILTERS.some((n) => query[n] !== null)
  );
}

/**
 * What the owner typed in the search box: a phone number in any spelling ("0300 1234567",
 * "+92 300 1234567", "923001234567") is matched exactly in E.164; a part of one (five digits or
 * more, "0300 123") by its start; an e-mail (with @) within the e-mail; anything else within the
 * name or the e-mail.
 */
export type CustomerSearch =
  | { kind: "none" }
  | { kind: "phone"; phone: string }
  | { kind: "phone-prefix"; prefix: string }
  | { kind: "email"; pattern: string }
  | { kind: "text"; pattern: string };

const likeEscape = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

export function parseCustomerSearch(input: string): CustomerSearch {
  const q = input.trim().slice(0, CUSTOMER_SEARCH_MAX);
  if (!q) return { kind: "none" };
  const phone = normalizePakistaniMobile(q);
  if (phone) return { kind: "phone", phone };
  const compact = q.replace(/[\s\-()]/g, "");
  const digits = /^\+?\d{4,}$/.test(compact) ? compact.replace(/^\+/, "") : null;
  if (digits) {
    // Trunk 0, 0092, 92 or a bare 3: all become the stored +92 3...
    const national = digits.replace(/^(?:0092|92)/, "").replace(/^0/, "");
    if (national.startsWith("3")) return { kind: "phone-prefix", prefix: `+92${national}` };
  }
  if (q.includes("@")) return { kind: "email", pattern: `%${likeEscape(q.toLowerCase())}%` };
  return { kind: "text", pattern: `%${likeEscape(q)}%` };
}
