// The shoppers of the launch benchmark (scripts/bench-launch.ts): each one a browser with its own
// cookies, arriving at its time and sending one request after the other (pages waited out on the
// countdown and in the waiting room as a browser would, a piece added, the cart, checkout, Place
// Order), every answer recorded. What they want and how answers are counted is in bench-launch-plan.ts.
import http from "node:http";
import { performance } from "node:perf_hooks";
import { sleep } from "./bench-support.mjs";
import { applySetCookies, cookieHeader, errorCodeOf, orderIdFromAnswer } from "./bench-load-mix";
import { BROWSER, send, type Answer, type Buyer } from "./bench-shop-client";
import {
  classifyLaunch,
  isComingSoon,
  isWaitingPage,
  type LaunchKind,
  type LaunchSample,
  type ShopperPlan,
} from "./bench-launch-plan";

/** A launch product as shoppers know it: its id, its collection and its variants. */
export type LaunchProduct = {
  id: string;
  categorySlug: string;
  variants: { id: number; color: string; size: string }[];
};

const SIGN_UP_PASSWORD = "bench-launch-Password-2026";

export type Run = {
  samples: LaunchSample[];
  waitedMs: number[];
  ordersAnswered: number;
  unfinished: number;
  /** Shoppers the waiting page told that everything had sold out, who left. */
  leftSoldOut: number;
  turnedAway: number;
  seconds: number;
  lastOrderMs: number;
  errorExamples: string[];
  /**
   * The variants every product page shows sold out. The shop says so within a second on every page
   * (issue 43), so a shopper does not ask for a size the page shows gone: the run learns it from the
   * refusals instead of reading each page's HTML.
   */
  soldOut: Set<number>;
};

/** Where shoppers send requests, and the origin their API calls name (nginx passes the host without its port). */
export type Shop = { origin: string; requestOrigin: string };

/** One shopper's visit, request after request, until they have ordered, given up, or the run ends. */
async function visit(
  plan: ShopperPlan,
  c: {
    shop: Shop;
    agent: http.Agent;
    launch: LaunchProduct[];
    buyer: Buyer | null;
    opensAtMs: number;
    startMs: number;
    deadline: number;
    run: Run;
    runId: string;
    key: () => string;
  },
): Promise<void> {
  const { shop, agent, launch, run } = c;
  let jar = c.buyer ? new Map(c.buyer.jar) : new Map<string, string>();
  let waitStarted: number | null = null;
  const phone = c.buyer?.phone ?? `0301 ${String(1000000 + plan.n).slice(-7)}`;

  /** One request; the waiting page and a coming-soon product are waited out as a browser would (it refreshes itself). */
  const ask = async (
    kind: LaunchKind,
    method: string,
    urlPath: string,
    body?: unknown,
    extra: Record<string, string> = {},
  ): Promise<Answer> => {
    const page = method === "GET";
    for (;;) {
      if (performance.now() > c.deadline) throw new Unfinished();
      const headers = page
        ? { ...BROWSER, cookie: cookieHeader(jar) }
        : { origin: shop.requestOrigin, accept: "application/json", cookie: cookieHeader(jar), ...extra };
      const t0 = performance.now();
      const answer = await send(agent, shop.origin, method, urlPath, headers, body, { keepText: page });
      const ms = performance.now() - t0;
      jar = applySetCookies(jar, answer.setCookies);
      const waiting = page && isWaitingPage(answer.status, answer.text);
      const outcome = classifyLaunch(kind, answer.status, errorCodeOf(answer.body), waiting);
      run.samples.push({
        kind: waiting ? "waiting" : kind,
        ms,
        status: answer.status,
        outcome,
        atMs: t0 - c.startMs,
      });
      if (outcome === "waiting" || outcome === "turned-away") {
        if (outcome === "turned-away") run.turnedAway++;
        waitStarted ??= t0;
        if (answer.text?.includes("Everything in this launch has sold out")) {
          // Told in line that nothing is left: a shopper leaves.
          run.waitedMs.push(performance.now() - waitStarted);
          throw new LeftSoldOut();
        }
        await sleep((answer.retryAfter ?? 5) * 1000);
        continue;
      }
      if (waitStarted !== null && ADMITTED.has(kind) && outcome === "ok") {
        run.waitedMs.push(performance.now() - waitStarted);
        waitStarted = null;
      }
      if (outcome === "error" && run.errorExamples.length < 10)
        run.errorExamples.push(
          `${method} ${urlPath}: HTTP ${answer.status} ${JSON.stringify(answer.body)?.slice(0, 160) ?? answer.text?.slice(0, 160) ?? ""}`,
        );
      if (kind === "product" && outcome === "ok" && isComingSoon(answer.text)) {
        // The countdown asks again at zero, spread over a couple of seconds (launch-countdown.tsx).
        const wake = c.opensAtMs + 500 + Math.random() * 2000;
        if (performance.now() > c.opensAtMs + 30_000) return answer; // still not open: counted by the caller
        await sleep(Math.max(1000, wake - performance.now()));
        continue;
      }
      return answer;
    }
  };

  const product = launch[plan.wants[0]];
  try {
    if (plan.role !== "buyer") {
      await ask("home", "GET", "/");
      await ask("listing", "GET", `/products?category=${encodeURIComponent(product.categorySlug)}`);
    }
    const shown = await ask("product", "GET", `/product/${product.id}`);
    if (isComingSoon(shown.text)) {
      run.samples.push({ kind: "product", ms: 0, status: 200, outcome: "error" });
      run.errorExamples.push(`/product/${product.id} still coming soon 30 s after the opening`);
      return;
    }
    if (plan.role === "browser") {
      await ask("product", "GET", `/product/${launch[plan.wants[1] ?? plan.wants[0]].id}`);
      return;
    }
    if (plan.role === "new-buyer") {
      const answer = await ask("signup", "POST", "/api/auth/sign-up/email", {
        name: `Launch Shopper ${plan.n}`,
        email: `launch-${c.runId}-${plan.n}@shop.test`,
        password: SIGN_UP_PASSWORD,
      });
      if (answer.status !== 200) return;
    }
    // Up to two rounds: a piece sold out between the cart and Place Order sends the buyer back once.
    for (let round = 0; round < 2; round++) {
      let inCart = 0;
      for (const index of plan.wants) {
        const p = launch[index];
        if (index !== plan.wants[0]) await ask("product", "GET", `/product/${p.id}`);
        const want = index === plan.wants[0] ? plan.pieces : 1;
        let taken = 0;
        const order = p.variants.filter((v) => !run.soldOut.has(v.id)).sort(() => Math.random() - 0.5);
        for (const v of order) {
          if (taken >= want) break;
          const answer = await ask("add", "POST", "/api/cart/items", {
            productId: p.id,
            color: v.color,
            size: v.size,
            quantity: 1,
          });
          if (answer.status === 200 || answer.status === 201) taken++;
          else if (errorCodeOf(answer.body) === "OUT_OF_STOCK") run.soldOut.add(v.id);
          else break; // the limit, or worse: stop asking
        }
        inCart += taken;
        if (inCart > 0) break;
      }
      if (!inCart) return;
      await ask("cart", "GET", "/cart");
      await ask("checkout", "GET", "/checkout");
      const placed = await ask(
        "order",
        "POST",
        "/api/orders",
        {
          shipping: {
            fullName: `Launch Shopper ${plan.n}`,
            email: `launch-${plan.n}@shop.test`,
            phone,
            address: "House 12, Street 4, Gulberg III",
            city: "Lahore",
            postalCode: "54000",
          },
          paymentMethod: "cod",
        },
        { "idempotency-key": c.key() },
      );
      if (placed.status === 201 && orderIdFromAnswer(placed.body)) {
        run.ordersAnswered++;
        run.lastOrderMs = Math.max(run.lastOrderMs, performance.now());
        return;
      }
      if (errorCodeOf(placed.body) !== "OUT_OF_STOCK") return;
      await ask("add", "DELETE", "/api/cart");
    }
  } catch (error) {
    if (error instanceof Unfinished) run.unfinished++;
    else if (error instanceof LeftSoldOut) run.leftSoldOut++;
    else throw error;
  }
}

const ADMITTED = new Set<LaunchKind>(["product", "cart", "checkout", "add", "order"]);
class Unfinished extends Error {}
class LeftSoldOut extends Error {}

/** Every shopper arrives at their time and shops; resolves when all have finished (or the grace is over). */
export async function drive({
  shop,
  launch,
  plans,
  buyers,
  startMs,
  opensAtMs,
  deadline,
  runId,
  keyPrefix,
}: {
  shop: Shop;
  launch: LaunchProduct[];
  plans: ShopperPlan[];
  buyers: Buyer[];
  startMs: number;
  opensAtMs: number;
  /** Past this (performance.now()), a shopper still going is counted unfinished. */
  deadline: number;
  /** Sign-ups' e-mail addresses carry it. */
  runId: string;
  /** The run's orders' Idempotency-Key prefix: how they are found afterwards. */
  keyPrefix: string;
}): Promise<Run> {
  // Shoppers are many browsers: plenty of sockets, each kept alive between a shopper's requests.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 4000, maxFreeSockets: 512 });
  const run: Run = {
    samples: [],
    waitedMs: [],
    ordersAnswered: 0,
    unfinished: 0,
    leftSoldOut: 0,
    turnedAway: 0,
    seconds: 0,
    lastOrderMs: 0,
    errorExamples: [],
    soldOut: new Set(),
  };
  let keys = 0;
  let nextBuyer = 0;
  const visits = plans.map(async (plan) => {
    await sleep(Math.max(0, startMs + plan.arriveMs - performance.now()));
    const buyer = plan.role === "buyer" ? buyers[nextBuyer++ % buyers.length] : null;
    await visit(plan, {
      shop,
      agent,
      launch,
      buyer,
      opensAtMs,
      startMs,
      deadline,
      run,
      runId,
      key: () => `${keyPrefix}-${++keys}`,
    });
  });
  await Promise.all(visits);
  run.seconds = (performance.now() - startMs) / 1000;
  agent.destroy();
  return run;
}
