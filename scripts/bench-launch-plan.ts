// The pure parts of the launch benchmark (scripts/bench-launch.ts, `npm run bench -- --only=launch`):
// when shoppers arrive, who they are and what they want, how an answer is classified, the figures
// per kind and per shopper, and the checks made against the database afterwards. No I/O here, so
// each can be unit-tested (bench-launch-plan.test.ts) with a fixed random source.
import { percentile, type Rand } from "./bench-load-mix";

/**
 * What a request was: the guest pages around a launch, the launch's product page, the waiting
 * room's page, sign-up, the cart's API and pages, and Place Order.
 */
export const LAUNCH_KINDS = [
  "home",
  "listing",
  "product",
  "waiting",
  "signup",
  "add",
  "cart",
  "checkout",
  "order",
] as const;
export type LaunchKind = (typeof LAUNCH_KINDS)[number];
/** The pages the waiting room guards: a shopper who reaches one of them was admitted (or never queued). */
export const ADMITTED_KINDS: readonly LaunchKind[] = ["product", "cart", "checkout"];

/** A shopper's part: one who only looks, a returning customer already signed in, or a guest who signs up to buy. */
export type Role = "browser" | "buyer" | "new-buyer";

export type ShopperPlan = {
  n: number;
  /** When they arrive, ms after the run starts. */
  arriveMs: number;
  role: Role;
  /** The launch products they look at, most wanted first (indexes into the launch's products). */
  wants: number[];
  /** Pieces of their first choice they want (each a different variant): the limit refuses a 3rd. */
  pieces: number;
};

export type PlanOptions = {
  shoppers: number;
  /** Arrivals are spread over this many seconds, most of them early (a midnight rush). */
  seconds: number;
  products: number;
  /** Share of shoppers signed in already (returning customers). */
  signedIn: number;
  /** Share of the other shoppers (guests) who sign up to buy. */
  signUp: number;
};

/**
 * The run's shoppers: arrivals front-loaded (t = seconds x u^2, so half arrive in the first quarter,
 * as a crowd does at the opening); most want the first products of the launch (the campaign's hero
 * pieces: index = products x u^2); a quarter of buyers want 2 pieces of it and a few 3.
 */
export function planShoppers(rand: Rand, o: PlanOptions): ShopperPlan[] {
  const plans: ShopperPlan[] = [];
  for (let n = 0; n < o.shoppers; n++) {
    const u = rand();
    const arriveMs = Math.round(o.seconds * 1000 * u * u);
    const r = rand();
    const role: Role = r < o.signedIn ? "buyer" : rand() < o.signUp ? "new-buyer" : "browser";
    const wants: number[] = [];
    while (wants.length < Math.min(3, o.products)) {
      const v = rand();
      const i = Math.min(o.products - 1, Math.floor(o.products * v * v));
      if (!wants.includes(i)) wants.push(i);
    }
    const p = rand();
    plans.push({ n, arriveMs, role, wants, pieces: p < 0.05 ? 3 : p < 0.3 ? 2 : 1 });
  }
  return plans.sort((a, b) => a.arriveMs - b.arriveMs);
}

// --- Answers ------------------------------------------------------------------------------------

export type LaunchOutcome = "ok" | "waiting" | "refused" | "turned-away" | "error";

/** The waiting room's own page (server/waiting-room-gate.ts): a 200 that says so. */
export function isWaitingPage(status: number, text: string | undefined): boolean {
  return status === 200 && Boolean(text?.includes("You are in line"));
}

/** The product page before its launch opens. */
export function isComingSoon(text: string | undefined): boolean {
  return Boolean(text?.includes("This product is coming soon"));
}

/**
 * An answer's outcome: the waiting page; a documented refusal (sold out, the launch's limit, bad
 * input) of the cart or an order; a 503 WAITING_ROOM to an API call (a client that skipped the
 * line: our shoppers never should); anything else 4xx/5xx, or no answer, is an error.
 */
export function classifyLaunch(
  kind: LaunchKind,
  status: number,
  errorCode: string | null,
  waitingPage: boolean,
): LaunchOutcome {
  if (waitingPage) return "waiting";
  if (status >= 200 && status < 400) return "ok";
  if (status === 503 && errorCode === "WAITING_ROOM") return "turned-away";
  if (
    (kind === "add" || kind === "order") &&
    ((status === 409 && (errorCode === "OUT_OF_STOCK" || errorCode === "LAUNCH_LIMIT_REACHED")) || status === 422)
  )
    return "refused";
  return "error";
}

// --- Figures ------------------------------------------------------------------------------------

/** One request: its kind, how long it took, its status and outcome, and when it was sent (ms into the run). */
export type LaunchSample = { kind: LaunchKind; ms: number; status: number; outcome: LaunchOutcome; atMs?: number };

/** The run second by second, in `bucketS` slices: requests, waiting pages, p50 and p99 of what was sent then. */
export function timeline(samples: readonly LaunchSample[], bucketS = 5) {
  const buckets = new Map<number, LaunchSample[]>();
  for (const s of samples) {
    if (s.atMs === undefined) continue;
    const at = Math.floor(s.atMs / 1000 / bucketS) * bucketS;
    buckets.set(at, [...(buckets.get(at) ?? []), s]);
  }
  return [...buckets]
    .sort(([a], [b]) => a - b)
    .map(([fromS, of]) => {
      const sorted = of.map((s) => s.ms).sort((a, b) => a - b);
      return {
        fromS,
        requests: of.length,
        waiting: of.filter((s) => s.outcome === "waiting").length,
        p50Ms: percentile(sorted, 50),
        p99Ms: percentile(sorted, 99),
      };
    });
}
export type LaunchRow = {
  kind: LaunchKind | "admitted pages" | "all";
  requests: number;
  p50Ms: number;
  p99Ms: number;
  refused: number;
  errors: number;
};

function row(kind: LaunchRow["kind"], of: readonly LaunchSample[]): LaunchRow {
  const sorted = Array.from(Float64Array.from(of, (s) => s.ms).sort());
  return {
    kind,
    requests: of.length,
    p50Ms: percentile(sorted, 50),
    p99Ms: percentile(sorted, 99),
    refused: of.filter((s) => s.outcome === "refused").length,
    errors: of.filter((s) => s.outcome === "error").length,
  };
}

/**
 * Per kind, then the admitted pages (the guarded pages a shopper was shown, not the waiting page:
 * the goal is their p99), then all requests.
 */
export function launchRows(samples: readonly LaunchSample[]): LaunchRow[] {
  const rows = LAUNCH_KINDS.map((kind) =>
    row(
      kind,
      samples.filter((s) => s.kind === kind),
    ),
  ).filter((r) => r.requests > 0);
  rows.push(
    row(
      "admitted pages",
      samples.filter((s) => ADMITTED_KINDS.includes(s.kind) && s.outcome === "ok"),
    ),
  );
  rows.push(row("all", samples));
  return rows;
}

/** Shoppers who saw the waiting page, and how long each waited (first waiting page to the page they came for). */
export function waitFigures(waitedMs: readonly number[], shoppers: number) {
  const sorted = [...waitedMs].sort((a, b) => a - b);
  return {
    waited: sorted.length,
    share: shoppers ? sorted.length / shoppers : 0,
    p50Ms: percentile(sorted, 50),
    p99Ms: percentile(sorted, 99),
    maxMs: sorted.at(-1) ?? NaN,
  };
}

/** Errors by kind and status ("no answer" for 0), e.g. "order: 500 x 2". */
export function launchErrors(samples: readonly LaunchSample[]): string[] {
  const counts = new Map<string, number>();
  for (const s of samples)
    if (s.outcome === "error") {
      const key = `${s.kind}: ${s.status === 0 ? "no answer" : s.status}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  return [...counts].map(([key, n]) => `${key} x ${n}`);
}

// --- Correctness --------------------------------------------------------------------------------

export type LaunchFacts = {
  /** The launch's pieces when it opened, and what is left of them now. */
  stockAtOpening: number;
  stockLeft: number;
  /** Pieces in the run's orders that are not cancelled. */
  unitsOrdered: number;
  /** Launch variants whose stock is below 0, or that sold more than they had. */
  oversold: number;
  /** Most pieces of one launch product one phone number got, and the limit. */
  mostPerBuyer: number;
  limit: number | null;
  /** Orders in the database for the run, and Place Order answers 201. */
  ordersInDb: number;
  ordersAnswered: number;
  /** 5xx answers (the waiting room's 503 to a client that skipped it is counted apart), and requests with no answer. */
  serverErrors: number;
  noAnswer: number;
  otherErrors: number;
  /** Shoppers still in line or still shopping when the run was stopped. */
  unfinished: number;
};

export type LaunchCheck = { name: string; pass: boolean; detail: string };

/**
 * The verdict: nothing oversold, the limit held, every order answered is in the database,
 * no 5xx and no request unanswered, every shopper finished, and (when the crowd wanted more than
 * there was) the launch sold out exactly.
 */
export function checkLaunch(f: LaunchFacts, { demandExceedsStock }: { demandExceedsStock: boolean }): LaunchCheck[] {
  const sold = f.stockAtOpening - f.stockLeft;
  const checks: LaunchCheck[] = [
    {
      name: "nothing oversold",
      pass: f.oversold === 0 && f.stockLeft >= 0,
      detail: `${f.oversold} variant(s) oversold`,
    },
    {
      name: "stock sold = pieces ordered",
      pass: sold === f.unitsOrdered,
      detail: `${sold} sold, ${f.unitsOrdered} in orders`,
    },
    {
      name: "the limit per customer held",
      pass: f.limit === null || f.mostPerBuyer <= f.limit,
      detail: `at most ${f.mostPerBuyer} of a product per phone (limit ${f.limit ?? "none"})`,
    },
    {
      name: "every order answered is in the database",
      pass: f.ordersInDb === f.ordersAnswered,
      detail: `${f.ordersAnswered} answered 201, ${f.ordersInDb} in the database`,
    },
    { name: "no 5xx", pass: f.serverErrors === 0, detail: `${f.serverErrors} answer(s) 5xx` },
    { name: "every request answered", pass: f.noAnswer === 0, detail: `${f.noAnswer} without an answer` },
    { name: "no other error", pass: f.otherErrors === 0, detail: `${f.otherErrors} unexpected 4xx` },
    { name: "every shopper finished", pass: f.unfinished === 0, detail: `${f.unfinished} still going at the end` },
  ];
  if (demandExceedsStock)
    checks.push({
      name: "sold out exactly",
      pass: f.stockLeft === 0,
      detail: `${sold} of ${f.stockAtOpening} pieces sold`,
    });
  return checks;
}
