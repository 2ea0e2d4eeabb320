// The pure parts of the memory soak's traffic (scripts/bench-memory.ts): which request comes next in
// a small brand's busy hour (guests browsing, their photos, signed-in buyers' pages, cart changes and
// checkouts, the owner's dashboard), the URLs each kind asks for, the photos a page shows, and how an
// answer counts. No I/O here, so each can be unit-tested (bench-memory-mix.test.ts) with a fixed
// random source. Listing and product URLs come from bench-load-mix.ts, as the load bench makes them.
import {
  browseRequest,
  classify,
  pick,
  productPath,
  weighted,
  type Catalogue,
  type Kind,
  type Rand,
} from "./bench-load-mix";

/** What the next request is: a guest's page, a photo, a signed-in buyer's page, a buyer's cart step or checkout, the owner's page. */
export type SoakActivity = "guest" | "media" | "buyer-page" | "buyer-cart" | "seller";

/**
 * Guests are most of the traffic; the photos they load come from the pages they were shown; one
 * request in four is a signed-in buyer's (a page, or a cart change or a checkout), and the owner
 * keeps the dashboard open.
 */
export const SOAK_MIX: [SoakActivity, number][] = [
  ["guest", 50],
  ["media", 15],
  ["buyer-page", 15],
  ["buyer-cart", 12],
  ["seller", 8],
];

export function pickSoakActivity(rand: Rand): SoakActivity {
  return weighted(rand, SOAK_MIX);
}

/** The rows the soak counts requests under (cart and checkout as the load bench has them). */
export type SoakKind = "guest" | "media" | "buyer" | Extract<Kind, "cart" | "checkout"> | "seller";
export const SOAK_KINDS: readonly SoakKind[] = ["guest", "media", "buyer", "cart", "checkout", "seller"];

/** A guest's page: the home page, the listing (pages, sorts, categories, price bands, searches), a category page or a product. */
export function guestPath(rand: Rand, catalogue: Catalogue): string {
  const x = rand();
  if (x < 0.12) return "/";
  if (x < 0.7) return browseRequest(rand, catalogue).path;
  if (x < 0.95) return productPath(rand, catalogue);
  return `/category/${encodeURIComponent(pick(rand, catalogue.categories))}`;
}

/**
 * A signed-in buyer's page: their cart, their orders (the list, the account page, one of their own
 * orders when they have placed one), or the catalogue seen signed in (not from the guests' page cache).
 */
export function buyerPagePath(rand: Rand, catalogue: Catalogue, orderIds: readonly string[]): string {
  const page = weighted(rand, [
    ["cart", 25],
    ["orders", 15],
    ["account", 10],
    ["order", 15],
    ["listing", 20],
    ["product", 15],
  ] as const);
  if (page === "cart") return "/cart";
  if (page === "account") return "/buyer-dashboard";
  if (page === "order") return orderIds.length ? `/orders/${encodeURIComponent(pick(rand, orderIds))}` : "/orders";
  if (page === "orders") return "/orders";
  if (page === "listing") return browseRequest(rand, catalogue).path;
  return productPath(rand, catalogue);
}

/** What the owner's pages are asked about, read from the seeded shop. */
export type SellerView = {
  /** Order ids (some of the past orders, and those placed during the run). */
  orderIds: string[];
  /** What the owner types in the Orders search: order numbers, phone numbers, customer names. */
  searches: string[];
  /** Pages of the Orders tab with no filter (20 per page). */
  orderPages: number;
  /** Pages of the Products tab (20 per page). */
  productPages: number;
  categories: string[];
};

const ORDER_STATUSES = ["pending", "confirmed", "processing", "shipped", "delivered", "cancelled", "returned"] as const;
const INVENTORY_SORTS = ["name", "price-low", "price-high", "stock", "sales"] as const;
const INVENTORY_STATUSES = ["active", "draft", "coming-soon", "archived"] as const;

/** A page number, the early ones far more often (`pages` at least 1). */
function skewedPage(rand: Rand, pages: number): number {
  return Math.min(pages, 1 + Math.floor(rand() * rand() * pages));
}

/**
 * The owner's next page: the Overview (/seller-dashboard), the Orders tab (first page, a status
 * filter, a later page, a search by order number, phone or name), the Products tab (sorts, filters,
 * pages, a search), one order (/orders/{id}, which shows the owner's view) or its invoice.
 */
export function sellerPath(rand: Rand, view: SellerView): string {
  const page = weighted(rand, [
    ["overview", 18],
    ["orders", 35],
    ["products", 20],
    ["order", 20],
    ["invoice", 4],
    ["overview-api", 3],
  ] as const);
  if (page === "overview") return "/seller-dashboard";
  if (page === "overview-api") return "/api/seller/overview";
  if ((page === "order" || page === "invoice") && view.orderIds.length) {
    const id = encodeURIComponent(pick(rand, view.orderIds));
    return page === "order" ? `/orders/${id}` : `/seller/orders/${id}/invoice`;
  }
  if (page === "products") {
    const params = new URLSearchParams();
    const x = rand();
    if (x < 0.3) params.set("sort", pick(rand, INVENTORY_SORTS));
    else if (x < 0.5) params.set("status", pick(rand, INVENTORY_STATUSES));
    else if (x < 0.65 && view.categories.length) params.set("category", pick(rand, view.categories));
    else if (x < 0.75) params.set("view", "list");
    if (rand() < 0.3 && view.productPages > 1) params.set("page", String(1 + skewedPage(rand, view.productPages - 1)));
    const query = params.toString();
    return `/seller/products${query ? `?${query}` : ""}`;
  }
  const params = new URLSearchParams();
  const x = rand();
  if (x < 0.3) {
    params.set("status", pick(rand, ORDER_STATUSES));
    if (rand() < 0.3) params.set("page", "2");
  } else if (x < 0.5 && view.orderPages > 1) {
    params.set("page", String(1 + skewedPage(rand, view.orderPages - 1)));
  } else if (x < 0.7 && view.searches.length) {
    params.set("q", pick(rand, view.searches));
  }
  const query = params.toString();
  return `/seller/orders${query ? `?${query}` : ""}`;
}

/** The product photos a page shows: every /media/... URL in its <img> src and srcset attributes, once each. */
export function imageSources(html: string): string[] {
  const found = new Set<string>();
  for (const tag of html.match(/<img\b[^>]*>/gi) ?? []) {
    for (const [, name, value] of tag.matchAll(/\s(src|srcset)="([^"]*)"/gi)) {
      const candidates =
        name.toLowerCase() === "srcset" ? value.split(",").map((c) => c.trim().split(/\s+/)[0]) : [value];
      for (const c of candidates) {
        const url = c.replace(/&amp;/g, "&");
        if (url.startsWith("/media/")) found.add(url);
      }
    }
  }
  return [...found];
}

/**
 * Adds a page's photos to the pool the photo requests are drawn from, at most `max` of them: once
 * full, a new photo takes a random one's place, so the pool keeps up with what the pages show.
 */
export function addToPool(pool: string[], known: Set<string>, urls: readonly string[], max: number, rand: Rand): void {
  for (const url of urls) {
    if (known.has(url)) continue;
    if (pool.length < max) {
      pool.push(url);
    } else {
      const at = Math.floor(rand() * pool.length);
      known.delete(pool[at]);
      pool[at] = url;
    }
    known.add(url);
  }
}

/**
 * How an answer counts in the soak: "ok" (2xx, 3xx), "refused" (a cart change or checkout the shop
 * turned down because the stock ran out: right, not an error), "error" (a 5xx, or no answer at all:
 * status 0) or "unexpected" (any other 4xx: a request the bench should not have made, reported but
 * not a memory failure).
 */
export function soakOutcome(
  kind: SoakKind,
  status: number,
  errorCode: string | null,
): "ok" | "refused" | "error" | "unexpected" {
  if (status === 0 || status >= 500) return "error";
  const outcome = classify(kind === "cart" || kind === "checkout" ? kind : "listing", status, errorCode);
  return outcome === "error" ? "unexpected" : outcome;
}
