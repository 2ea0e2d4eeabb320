// The pure parts of `npm run bench:load` (scripts/bench-load.ts): which request comes next (the
// 70/20/10 mix, realistic listing query strings, a buyer's next cart step), how an answer is
// classified (ok, a sold-out refusal or an error), the per-kind figures (nearest-rank percentiles)
// and the correctness checks made against the database afterwards. No I/O here, so each can be
// unit-tested (bench-load-mix.test.ts) with a fixed random source.

/** A number in [0, 1): Math.random in the benchmark, a fixed sequence in tests. */
export type Rand = () => number;

/** The kinds a request is counted under; browsing is split into the listing and search rows. */
export const KINDS = ["listing", "search", "product", "cart", "checkout"] as const;
export type Kind = (typeof KINDS)[number];
/** What a connection does next: browse (listing or search), open a product page, or act as a buyer. */
export type Activity = "browse" | "product" | "buyer";

/** The issue's mix: 70 % browsing, 20 % product pages, 10 % signed-in cart changes and checkouts. */
export const MIX: [Activity, number][] = [
  ["browse", 70],
  ["product", 20],
  ["buyer", 10],
];

export function weighted<T>(rand: Rand, list: readonly (readonly [T, number])[]): T {
  let r = rand() * list.reduce((sum, [, w]) => sum + w, 0);
  for (const [value, w] of list) if ((r -= w) < 0) return value;
  return list[list.length - 1][0];
}

export const pick = <T>(rand: Rand, list: readonly T[]): T =>
  list[Math.min(list.length - 1, Math.floor(rand() * list.length))];

export function pickActivity(rand: Rand): Activity {
  return weighted(rand, MIX);
}

// --- Browsing -----------------------------------------------------------------------------------

export type Catalogue = {
  /** Category slugs on sale. */
  categories: string[];
  /** Words shoppers type: most find products, some find nothing. */
  searchTerms: string[];
  productIds: string[];
  /** Listing pages there are (12 per page) with no filter. */
  pages: number;
};

const SORTS = ["newest", "price-asc", "price-desc", "name", "rating"] as const;
/** Price bands a shopper sets with the slider, inside SPEC.md's 0 to 10,000 range. */
export const PRICE_BANDS: [number, number][] = [
  [0, 2000],
  [1000, 3000],
  [2000, 5000],
  [3000, 10000],
  [5000, 10000],
];

/**
 * A /products URL as shoppers make them: the first page most often, later pages, a category, a sort,
 * a price band, or a search (`kind` "search"). Query strings are built as the listing's own links are.
 */
export function browseRequest(rand: Rand, catalogue: Catalogue): { kind: "listing" | "search"; path: string } {
  const params = new URLSearchParams();
  const x = rand();
  let kind: "listing" | "search" = "listing";
  if (x < 0.25) {
    kind = "search";
    params.set("q", pick(rand, catalogue.searchTerms));
    if (rand() < 0.3) params.set("sort", pick(rand, SORTS));
  } else if (x < 0.6) {
    params.set("category", pick(rand, catalogue.categories));
    if (rand() < 0.5) params.set("sort", pick(rand, SORTS));
    if (rand() < 0.3) params.set("page", "2");
  } else if (x < 0.75) {
    const [min, max] = pick(rand, PRICE_BANDS);
    params.set("min", String(min));
    params.set("max", String(max));
    if (rand() < 0.5) params.set("category", pick(rand, catalogue.categories));
  } else {
    // Page 1 half the time, otherwise a later page, the early ones more often.
    const page = rand() < 0.5 ? 1 : 2 + Math.floor(rand() * rand() * Math.max(1, catalogue.pages - 1));
    if (page > 1) params.set("page", String(Math.min(page, catalogue.pages)));
    if (rand() < 0.4) params.set("sort", pick(rand, SORTS));
  }
  const query = params.toString();
  return { kind, path: `/products${query ? `?${query}` : ""}` };
}

export function productPath(rand: Rand, catalogue: Catalogue): string {
  return `/product/${encodeURIComponent(pick(rand, catalogue.productIds))}`;
}

// --- Buyers -------------------------------------------------------------------------------------

/** A line of the buyer's cart as GET /api/cart shows it. */
export type CartLine = { id: string; productId: string; color: string; size: string; quantity: number; stock: number };
export type BuyerStep = "add" | "change" | "remove" | "clear" | "checkout";

/**
 * A buyer's next step from what their cart holds: fill an empty cart, otherwise mostly check out,
 * add more, change a quantity or drop a line; a cart whose checkout was refused (sold out) is emptied.
 */
export function nextBuyerStep(rand: Rand, cart: readonly CartLine[], checkoutRefused: boolean): BuyerStep {
  if (checkoutRefused) return "clear";
  if (cart.length === 0) return "add";
  if (cart.length >= 3) return rand() < 0.7 ? "checkout" : "remove";
  return weighted(rand, [
    ["checkout", 45],
    ["add", 25],
    ["change", 20],
    ["remove", 10],
  ] as const);
}

export type Variant = { productId: string; color: string; size: string };

/** What a buyer adds: one of the scarce variants that many want (`scarceShare` of adds) or anything else on sale. */
export function variantToAdd(
  rand: Rand,
  scarce: readonly Variant[],
  others: readonly Variant[],
  scarceShare = 0.3,
): { variant: Variant; quantity: number } {
  if (scarce.length && rand() < scarceShare) return { variant: pick(rand, scarce), quantity: 1 };
  return { variant: pick(rand, others), quantity: rand() < 0.8 ? 1 : 2 };
}

/** A new quantity for a line: 1 to 3, never the one it has. */
export function changedQuantity(rand: Rand, current: number): number {
  const options = [1, 2, 3].filter((q) => q !== current);
  return pick(rand, options);
}

/** The lines of a cart from an API answer (`{ data: { items } }` or `{ data: { cart: { items } } }`); null when there are none. */
export function cartFromAnswer(body: unknown): CartLine[] | null {
  const data = (body as { data?: { items?: unknown; cart?: { items?: unknown } } } | null)?.data;
  const items = Array.isArray(data?.items) ? data.items : Array.isArray(data?.cart?.items) ? data.cart.items : null;
  if (!items) return null;
  return items.map((i: CartLine) => ({
    id: i.id,
    productId: i.productId,
    color: i.color,
    size: i.size,
    quantity: i.quantity,
    stock: i.stock,
  }));
}

/** The order id of a 201 from POST /api/orders, or null. */
export function orderIdFromAnswer(body: unknown): string | null {
  const id = (body as { data?: { orderId?: unknown } } | null)?.data?.orderId;
  return typeof id === "string" && id ? id : null;
}

/** A cookie jar after an answer's Set-Cookie headers: a cleared or expired cookie leaves it. */
export function applySetCookies(jar: Map<string, string>, setCookies: readonly string[]): Map<string, string> {
  const next = new Map(jar);
  for (const set of setCookies) {
    const pair = set.split(";")[0];
    const eq = pair.indexOf("=");
    if (eq <= 0) continue;
    const name = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1).trim();
    if (!value || /;\s*max-age=0\b/i.test(set) || /;\s*expires=Thu, 01 Jan 1970/i.test(set)) next.delete(name);
    else next.set(name, value);
  }
  return next;
}

export const cookieHeader = (jar: Map<string, string>) =>
  [...jar].map(([name, value]) => `${name}=${value}`).join("; ");

// --- Answers and figures ------------------------------------------------------------------------

export type Outcome = "ok" | "refused" | "error";

/**
 * 2xx and 3xx are fine. For cart changes and checkouts a 409 `OUT_OF_STOCK` or a 422 is the shop
 * saying "sold out" (or not that many left): a refusal, which is right under scarcity. Anything
 * else (a 5xx, a 4xx the request did not deserve, no answer at all: status 0) is an error.
 */
export function classify(kind: Kind, status: number, errorCode: string | null): Outcome {
  if (status >= 200 && status < 400) return "ok";
  if ((kind === "cart" || kind === "checkout") && ((status === 409 && errorCode === "OUT_OF_STOCK") || status === 422))
    return "refused";
  return "error";
}

/** The `error.code` of a documented error answer, or null. */
export function errorCodeOf(body: unknown): string | null {
  const code = (body as { error?: { code?: unknown } } | null)?.error?.code;
  return typeof code === "string" ? code : null;
}

/** Nearest-rank percentile (`p` in 0..100) of values sorted ascending; NaN for none. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

export type Sample = { kind: Kind; ms: number; outcome: Outcome; status: number };

/** Errors by kind and status ("no answer" for status 0), e.g. "checkout: 503 x 2, no answer x 1", to tell overload from bugs. */
export function errorBreakdown(samples: readonly Sample[]): string[] {
  const counts = new Map<string, Map<string, number>>();
  for (const s of samples) {
    if (s.outcome !== "error") continue;
    const byStatus = counts.get(s.kind) ?? new Map<string, number>();
    const status = s.status === 0 ? "no answer" : String(s.status);
    byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
    counts.set(s.kind, byStatus);
  }
  return KINDS.filter((k) => counts.has(k)).map(
    (k) => `${k}: ${[...counts.get(k)!].map(([status, n]) => `${status} x ${n}`).join(", ")}`,
  );
}
export type KindRow = {
  kind: Kind | "all";
  requests: number;
  rps: number;
  p50Ms: number;
  p99Ms: number;
  refusals: number;
  errors: number;
};

/** Per kind (in KINDS order, kinds with no request left out) and in all: requests, req/s over `seconds`, p50, p99, refusals, errors. */
export function summarise(samples: readonly Sample[], seconds: number): KindRow[] {
  const row = (kind: Kind | "all", of: readonly Sample[]): KindRow => {
    const sorted = Float64Array.from(of, (s) => s.ms).sort();
    const values = Array.from(sorted);
    return {
      kind,
      requests: of.length,
      rps: of.length / seconds,
      p50Ms: percentile(values, 50),
      p99Ms: percentile(values, 99),
      refusals: of.filter((s) => s.outcome === "refused").length,
      errors: of.filter((s) => s.outcome === "error").length,
    };
  };
  const rows = KINDS.map((kind) =>
    row(
      kind,
      samples.filter((s) => s.kind === kind),
    ),
  ).filter((r) => r.requests > 0);
  return [...rows, row("all", samples)];
}

const fmtMs = (ms: number) =>
  Number.isFinite(ms)
    ? ms >= 1000
      ? `${(ms / 1000).toFixed(2)} s`
      : ms < 10
        ? `${ms.toFixed(1)} ms`
        : `${Math.round(ms)} ms`
    : "n/a";

/** The figures as a Markdown table (for the terminal and docs/performance.md). */
export function formatTable(rows: readonly KindRow[]): string {
  const lines = [
    "| kind | requests | req/s | p50 | p99 | refusals (sold out) | errors |",
    "|---|---:|---:|---:|---:|---:|---:|",
  ];
  for (const r of rows)
    lines.push(
      `| ${r.kind} | ${r.requests} | ${r.rps.toFixed(1)} | ${fmtMs(r.p50Ms)} | ${fmtMs(r.p99Ms)} | ${r.refusals} | ${r.errors} |`,
    );
  return lines.join("\n");
}

// --- Correctness --------------------------------------------------------------------------------

export type VariantStock = { variantId: number; startStock: number; stock: number; unitsOrdered: number };
const addsUp = (v: VariantStock) => v.startStock === v.stock + v.unitsOrdered;

/** What the database holds after the run, and what the answers said. */
export type RunFacts = {
  errors: number;
  /** Variants whose stock is below 0. */
  negativeStock: { variantId: number; stock: number }[];
  /** Each scarce variant: its stock before the run, now, and the units in this run's non-cancelled orders. */
  scarce: VariantStock[];
  /** The same for every variant on sale when the run began. */
  variants: VariantStock[];
  /** Every order in the database: its total, shipping fee and the sum of price x quantity of its items. */
  orders: { id: string; total: number; shippingFee: number; itemsSum: number; items: number }[];
  /** Orders this run placed (found by its idempotency keys), and the ids its 201 answers named. */
  runOrderIds: string[];
  answeredOrderIds: string[];
};

export type Check = { name: string; pass: boolean; detail: string };

export function checkRun(f: RunFacts): Check[] {
  const checks: Check[] = [];
  checks.push({ name: "0 errors", pass: f.errors === 0, detail: `${f.errors} error answer(s)` });
  checks.push({
    name: "no variant's stock below 0",
    pass: f.negativeStock.length === 0,
    detail: f.negativeStock.length
      ? f.negativeStock
          .slice(0, 5)
          .map((v) => `variant ${v.variantId}: ${v.stock}`)
          .join(", ")
      : "none below 0",
  });
  const oversold = f.scarce.filter((v) => !addsUp(v));
  checks.push({
    name: "0 oversells: each scarce variant's starting stock = stock now + units ordered",
    pass: f.scarce.length > 0 && oversold.length === 0,
    detail:
      f.scarce.map((v) => `${v.startStock} = ${v.stock} + ${v.unitsOrdered}${addsUp(v) ? "" : " WRONG"}`).join("; ") ||
      "no scarce variant",
  });
  const wrongStock = f.variants.filter((v) => !addsUp(v));
  checks.push({
    name: "stock adds up for every variant: starting stock = stock now + units ordered",
    pass: f.variants.length > 0 && wrongStock.length === 0,
    detail: wrongStock.length
      ? `${wrongStock.length} wrong, e.g. ${wrongStock
          .slice(0, 3)
          .map((v) => `variant ${v.variantId}: ${v.startStock} != ${v.stock} + ${v.unitsOrdered}`)
          .join(", ")}`
      : `${f.variants.length} variants, ${f.variants.filter((v) => v.unitsOrdered > 0).length} of them ordered`,
  });
  const wrongTotals = f.orders.filter((o) => o.items === 0 || o.total !== o.itemsSum + o.shippingFee);
  checks.push({
    name: "every order's total = its items (price x quantity) + shipping",
    pass: wrongTotals.length === 0,
    detail: wrongTotals.length
      ? `${wrongTotals.length} wrong, e.g. ${wrongTotals
          .slice(0, 3)
          .map((o) => `${o.id}: ${o.total} != ${o.itemsSum} + ${o.shippingFee} (${o.items} items)`)
          .join(", ")}`
      : `${f.orders.length} orders add up`,
  });
  const inDatabase = new Set(f.runOrderIds);
  const answered = new Set(f.answeredOrderIds);
  const missing = f.answeredOrderIds.filter((id) => !inDatabase.has(id)).length;
  const unanswered = f.runOrderIds.filter((id) => !answered.has(id)).length;
  checks.push({
    name: "orders placed = successful checkout answers",
    pass: answered.size === f.answeredOrderIds.length && missing === 0 && unanswered === 0,
    detail: `${f.runOrderIds.length} in the database, ${f.answeredOrderIds.length} answered 201${missing ? `, ${missing} answered but missing` : ""}${unanswered ? `, ${unanswered} never answered` : ""}`,
  });
  return checks;
}

export function formatChecks(checks: readonly Check[]): string {
  return checks.map((c) => `${c.pass ? "PASS" : "FAIL"}  ${c.name}: ${c.detail}`).join("\n");
}
