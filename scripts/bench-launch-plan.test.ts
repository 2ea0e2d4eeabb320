import { describe, expect, it } from "vitest";
import {
  checkLaunch,
  classifyLaunch,
  isComingSoon,
  isWaitingPage,
  launchRows,
  planShoppers,
  waitFigures,
  type LaunchFacts,
  type LaunchSample,
} from "./bench-launch-plan";
import { renderWaitingPage } from "../server/waiting-room-gate";

/** A fixed sequence in [0, 1), the same every run. */
function sequence(seed = 1) {
  let x = seed;
  return () => {
    x = (x * 16807) % 2147483647;
    return (x - 1) / 2147483646;
  };
}

describe("the launch's shoppers", () => {
  const plans = planShoppers(sequence(), { shoppers: 5000, seconds: 60, products: 50, signedIn: 0.5, signUp: 0.1 });

  it("arrive within the window, most of them early, in arrival order", () => {
    expect(plans).toHaveLength(5000);
    expect(plans.every((p) => p.arriveMs >= 0 && p.arriveMs <= 60_000)).toBe(true);
    expect(plans.map((p) => p.arriveMs)).toEqual([...plans.map((p) => p.arriveMs)].sort((a, b) => a - b));
    const firstQuarter = plans.filter((p) => p.arriveMs < 15_000).length;
    expect(firstQuarter / 5000).toBeGreaterThan(0.45);
    expect(firstQuarter / 5000).toBeLessThan(0.55);
  });

  it("are half signed in, a tenth of the guests sign up, and the rest browse", () => {
    const share = (role: string) => plans.filter((p) => p.role === role).length / 5000;
    expect(share("buyer")).toBeCloseTo(0.5, 1);
    expect(share("new-buyer")).toBeCloseTo(0.05, 1);
    expect(share("browser")).toBeCloseTo(0.45, 1);
  });

  it("want three different products, the hero pieces most, and some want two or three pieces", () => {
    for (const p of plans) {
      expect(new Set(p.wants).size).toBe(3);
      expect(p.wants.every((i) => i >= 0 && i < 50)).toBe(true);
    }
    const firstTen = plans.filter((p) => p.wants[0] < 10).length / 5000;
    expect(firstTen).toBeGreaterThan(0.4);
    expect(plans.some((p) => p.pieces === 3)).toBe(true);
    expect(plans.filter((p) => p.pieces === 1).length / 5000).toBeCloseTo(0.7, 1);
  });
});

describe("answers", () => {
  it("knows the waiting room's page and a product not open yet", () => {
    const page = renderWaitingPage({ brand: "Kapra", place: 12, wait: "about a minute", refresh: 5 });
    expect(isWaitingPage(200, page)).toBe(true);
    expect(isWaitingPage(200, "<h1>Lawn 3-piece</h1>")).toBe(false);
    expect(isComingSoon("<p>This product is coming soon and cannot be ordered yet.</p>")).toBe(true);
    expect(isComingSoon("<button>Add to Cart</button>")).toBe(false);
  });

  it("counts sold out and the limit as refusals, a skipped line apart, and anything else as an error", () => {
    expect(classifyLaunch("product", 200, null, true)).toBe("waiting");
    expect(classifyLaunch("add", 201, null, false)).toBe("ok");
    expect(classifyLaunch("add", 409, "OUT_OF_STOCK", false)).toBe("refused");
    expect(classifyLaunch("order", 409, "LAUNCH_LIMIT_REACHED", false)).toBe("refused");
    expect(classifyLaunch("order", 503, "WAITING_ROOM", false)).toBe("turned-away");
    expect(classifyLaunch("order", 503, null, false)).toBe("error");
    expect(classifyLaunch("product", 409, "OUT_OF_STOCK", false)).toBe("error");
    expect(classifyLaunch("order", 0, null, false)).toBe("error");
    expect(classifyLaunch("cart", 401, null, false)).toBe("error");
  });
});

describe("figures", () => {
  const sample = (kind: LaunchSample["kind"], ms: number, outcome: LaunchSample["outcome"] = "ok"): LaunchSample => ({
    kind,
    ms,
    status: outcome === "error" ? 500 : 200,
    outcome,
  });

  it("the admitted pages are the guarded pages shown, not the waiting page", () => {
    const rows = launchRows([
      sample("product", 100),
      sample("waiting", 5),
      sample("cart", 300),
      sample("checkout", 200),
      sample("home", 9000),
      sample("order", 50, "error"),
    ]);
    const admitted = rows.find((r) => r.kind === "admitted pages")!;
    expect(admitted.requests).toBe(3);
    expect(admitted.p99Ms).toBe(300);
    expect(admitted.p50Ms).toBe(200);
    const all = rows.find((r) => r.kind === "all")!;
    expect(all.requests).toBe(6);
    expect(all.errors).toBe(1);
    expect(rows.map((r) => r.kind)).toEqual([
      "home",
      "product",
      "waiting",
      "cart",
      "checkout",
      "order",
      "admitted pages",
      "all",
    ]);
  });

  it("waits: how many, and p50/p99 of how long", () => {
    const w = waitFigures([1000, 3000, 2000, 10_000], 100);
    expect(w).toMatchObject({ waited: 4, share: 0.04, p50Ms: 2000, p99Ms: 10_000, maxMs: 10_000 });
    expect(waitFigures([], 10).waited).toBe(0);
  });
});

describe("the verdict", () => {
  const good: LaunchFacts = {
    stockAtOpening: 300,
    stockLeft: 0,
    unitsOrdered: 300,
    oversold: 0,
    mostPerBuyer: 2,
    limit: 2,
    ordersInDb: 250,
    ordersAnswered: 250,
    serverErrors: 0,
    noAnswer: 0,
    otherErrors: 0,
    unfinished: 0,
  };
  const failing = (f: Partial<LaunchFacts>, demandExceedsStock = true) =>
    checkLaunch({ ...good, ...f }, { demandExceedsStock })
      .filter((c) => !c.pass)
      .map((c) => c.name);

  it("passes a launch that sold out exactly with no error", () => {
    expect(failing({})).toEqual([]);
  });

  it("fails an oversell, a broken limit, a lost order, a 5xx, no answer, or a shopper left waiting", () => {
    expect(failing({ oversold: 1, stockLeft: -1, unitsOrdered: 301 })).toContain("nothing oversold");
    expect(failing({ mostPerBuyer: 3 })).toEqual(["the limit per customer held"]);
    expect(failing({ ordersInDb: 249 })).toEqual(["every order answered is in the database"]);
    expect(failing({ serverErrors: 1 })).toEqual(["no 5xx"]);
    expect(failing({ noAnswer: 2 })).toEqual(["every request answered"]);
    expect(failing({ unfinished: 1 })).toEqual(["every shopper finished"]);
  });

  it("asks for a sell-out only when the crowd wanted more than there was", () => {
    expect(failing({ stockLeft: 10, unitsOrdered: 290 })).toEqual(["sold out exactly"]);
    expect(failing({ stockLeft: 10, unitsOrdered: 290 }, false)).toEqual([]);
    expect(failing({ stockLeft: 10, unitsOrdered: 280 }, false)).toEqual(["stock sold = pieces ordered"]);
  });
});
