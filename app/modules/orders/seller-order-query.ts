import { normalizePakistaniMobile } from "~/lib/phone";
import { isOrderStatus, type OrderStatus } from "./order-lifecycle";
import { normalizeOrderNumber } from "./order-number";
import { isWhatsappOrderFilter, type WhatsappOrderFilter } from "./whatsapp-order-state";
import { isOrderSource, type OrderSource } from "./order-source";

/** Orders per page the owner can choose on the Orders tab (?per=) and in the seller's GET /api/orders; the first is the default. */
export const ORDERS_PER_PAGE = [20, 50, 100, 200] as const;
export type OrdersPerPage = (typeof ORDERS_PER_PAGE)[number];
/** Orders per page when none (or an unknown number) is asked for. */
export const SELLER_ORDERS_PAGE_SIZE: OrdersPerPage = 20;
export const SEARCH_MAX = 100;

/**
 * The Orders tab's filter as it sits in the URL (?status=&q=&returns=1&page=), made safe to use.
 * `returns`: only orders a buyer asked to return or exchange something from (any return request).
 */
export type SellerOrderQuery = {
  status: OrderStatus | null;
  q: string;
  returns?: boolean;
  /** ?whatsapp=awaiting (Awaiting WhatsApp reply) or needs-call (Needs call): pending orders by their WhatsApp confirmation. */
  whatsapp?: WhatsappOrderFilter | null;
  /** ?source=instagram (issue 44): web orders whose buyer first came from there (ORDER_SOURCES). */
  source?: OrderSource | null;
  page: number;
  /** Orders a page (?per=20|50|100|200); left out: 20. */
  per?: OrdersPerPage;
};

/**
 * What the owner typed in the search box, read the way they meant it: an order number ("ORD-123456"
 * or its six digits), a phone number in any common spelling (matched in E.164, as stored), or else
 * part of the customer's name.
 */
export type OrderSearch =
  | { kind: "none" }
  | { kind: "order-number"; orderNumber: string }
  | { kind: "phone"; phone: string }
  | { kind: "name"; pattern: string };

export function parseOrderSearch(input: string): OrderSearch {
  const q = input.trim().slice(0, SEARCH_MAX);
  if (!q) return { kind: "none" };
  const orderNumber = normalizeOrderNumber(q);
  if (orderNumber) return { kind: "order-number", orderNumber };
  const phone = normalizePakistaniMobile(q);
  if (phone) return { kind: "phone", phone };
  // Wildcards typed by the owner are searched for as themselves.
  return { kind: "name", pattern: `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` };
}

/** ?per= as one of the sizes offered; anything else (missing, 25, "all") is the default, 20. */
export function readOrdersPerPage(value: string | null | undefined): OrdersPerPage {
  const per = Number(value);
  return ORDERS_PER_PAGE.find((n) => n === per) ?? SELLER_ORDERS_PAGE_SIZE;
}

/** Reads ?status=&q=&returns=1&whatsapp=&source=&page=&per= (from a URL or an API request); anything unknown falls back to "all", page 1, 20 a page. */
export function readSellerOrderQuery(params: URLSearchParams): SellerOrderQuery {
  const status = params.get("status");
  const page = Number.parseInt(params.get("page") ?? "", 10);
  return {
    status: isOrderStatus(status) ? status : null,
    q: (params.get("q") ?? "").trim().slice(0, SEARCH_MAX),
    returns: isOn(params.get("returns")),
    whatsapp: isWhatsappOrderFilter(params.get("whatsapp")) ? (params.get("whatsapp") as WhatsappOrderFilter) : null,
    source: isOrderSource(params.get("source")) ? (params.get("source") as OrderSource) : null,
    page: Number.isFinite(page) && page >= 1 ? Math.min(page, 100_000) : 1,
    per: readOrdersPerPage(params.get("per")),
  };
}

/** The query string for a filter (empty values left out), for links to pages and the CSV export. */
export function sellerOrderSearchParams(query: Partial<SellerOrderQuery>): string {
  const params = new URLSearchParams();
  if (query.status) params.set("status", query.status);
  if (query.q) params.set("q", query.q);
  if (query.returns) params.set("returns", "1");
  if (query.whatsapp) params.set("whatsapp", query.whatsapp);
  if (query.source) params.set("source", query.source);
  if (query.page && query.page > 1) params.set("page", String(query.page));
  if (query.per && query.per !== SELLER_ORDERS_PAGE_SIZE) params.set("per", String(query.per));
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** A checkbox's or a link's "on": ?returns=1 (or =on, =true, as a browser or a script may send it). */
function isOn(value: string | null): boolean {
  return value === "1" || value === "on" || value === "true";
}
