import { describe, expect, it } from "vitest";
import {
  breakdown,
  byKind,
  DEFAULT_RULE,
  formatVerdicts,
  judgeTrend,
  minuteRow,
  slope,
  summed,
  verdicts,
  warmUpMinutes,
  type Done,
  type Point,
  type RssSample,
  type RunFigures,
} from "./bench-memory-trend";
import { seededRandom } from "./seeded-random";

/** A sample every 10 s over `minutes`, of `mb(minute)`. */
function series(minutes: number, mb: (minute: number) => number): Point[] {
  const points: Point[] = [];
  for (let s = 0; s <= minutes * 60; s += 10) points.push({ minute: s / 60, mb: mb(s / 60) });
  return points;
}

describe("the warm-up", () => {
  it("is the first third of the run or its first 5 minutes, whichever is shorter", () => {
    expect(warmUpMinutes(30)).toBe(5);
    expect(warmUpMinutes(15)).toBe(5);
    expect(warmUpMinutes(6)).toBe(2);
    expect(warmUpMinutes(2)).toBeCloseTo(2 / 3);
  });
});

describe("the least-squares slope", () => {
  it("is the slope of a straight line, whatever its start", () => {
    expect(slope(series(10, (m) => 200 + 3 * m))).toBeCloseTo(3, 10);
    expect(slope(series(10, (m) => 150 - 0.5 * m))).toBeCloseTo(-0.5, 10);
  });
  it("is 0 for a flat series and NaN when it cannot be had", () => {
    expect(slope(series(5, () => 180))).toBe(0);
    expect(slope([{ minute: 1, mb: 100 }])).toBeNaN();
    expect(
      slope([
        { minute: 1, mb: 100 },
        { minute: 1, mb: 120 },
      ]),
    ).toBeNaN();
  });
});

describe("keeps growing", () => {
  it("a flat series is flat", () => {
    const t = judgeTrend(
      series(30, () => 210),
      30,
    );
    expect(t.verdict).toBe("flat");
    expect(t.slopeMbPerMin).toBe(0);
  });

  it("a warm-up that climbs and then holds is flat: the warm-up is left out", () => {
    // 120 MB at start, 230 by minute 4 (caches filling), then level.
    const t = judgeTrend(
      series(30, (m) => (m < 4 ? 120 + 27.5 * m : 230)),
      30,
    );
    expect(t.verdict).toBe("flat");
  });

  it("a steady leak of 2 MB a minute grows", () => {
    const t = judgeTrend(
      series(30, (m) => 200 + 2 * m),
      30,
    );
    expect(t.verdict).toBe("growing");
    expect(t.slopeMbPerMin).toBeCloseTo(2, 6);
    expect(t.reason).toMatch(/keeps growing/);
  });

  it("a slow leak of 1.5 MB a minute under GC noise of +-15 MB still grows over 30 minutes", () => {
    const rand = seededRandom(7);
    const t = judgeTrend(
      series(30, (m) => 220 + 1.5 * m + (rand() - 0.5) * 30),
      30,
    );
    expect(t.verdict).toBe("growing");
    expect(t.slopeMbPerMin).toBeGreaterThan(1);
  });

  it("a noisy but flat series (+-20 MB of GC saw-tooth) is flat, for many seeds", () => {
    for (let seed = 1; seed <= 50; seed++) {
      const rand = seededRandom(seed);
      const t = judgeTrend(
        series(30, (m) => 240 + (rand() - 0.5) * 40 + 8 * Math.sin(m * 3)),
        30,
      );
      expect(t.verdict, `seed ${seed}: ${t.reason}`).toBe("flat");
    }
  });

  it("one step up to a plateau after the warm-up (a cache reaching its budget) is not growth", () => {
    // 200 MB until minute 12, then 230 MB to the end: the slope is positive, but the last half is level.
    const t = judgeTrend(
      series(30, (m) => (m < 12 ? 200 : 230)),
      30,
    );
    expect(t.slopeMbPerMin).toBeGreaterThan(DEFAULT_RULE.slopeMbPerMin);
    expect(t.verdict).toBe("flat");
    expect(t.reason).toMatch(/levelled off/);
  });

  it("a slope over the limit that ends within the margin of the warm-up's highest is not growth", () => {
    // The warm-up peaked at 260 (a spike), then 200 rising 1.5 MB/min to 237.5: under the warm-up max.
    const t = judgeTrend(
      series(30, (m) => (m < 5 ? (m > 4 ? 260 : 200) : 200 + 1.5 * (m - 5))),
      30,
    );
    expect(t.slopeMbPerMin).toBeGreaterThan(1);
    expect(t.verdict).toBe("flat");
    expect(t.reason).toMatch(/margin/);
  });

  it("a leak that starts half way through is caught", () => {
    const t = judgeTrend(
      series(30, (m) => (m < 15 ? 200 : 200 + 3 * (m - 15))),
      30,
    );
    expect(t.verdict).toBe("growing");
  });

  it("a 2-minute run judges the 80 s after its 40 s warm-up", () => {
    expect(
      judgeTrend(
        series(2, () => 190),
        2,
      ).verdict,
    ).toBe("flat");
    expect(
      judgeTrend(
        series(2, (m) => 150 + 20 * m),
        2,
      ).verdict,
    ).toBe("growing");
  });

  it("too few samples after the warm-up is unknown, not a pass", () => {
    const t = judgeTrend(
      series(0.5, (m) => 150 + 100 * m),
      0.5,
    );
    expect(t.verdict).toBe("unknown");
  });
});

describe("the minute's figures", () => {
  const done: Done[] = [
    { kind: "guest", atMs: 1_000, ms: 10, status: 200, what: "GET /", outcome: "ok" },
    { kind: "guest", atMs: 30_000, ms: 30, status: 200, what: "GET /products", outcome: "ok" },
    { kind: "guest", atMs: 59_999, ms: 20, status: 502, what: "GET /products?page=3", outcome: "error" },
    { kind: "guest", atMs: 60_000, ms: 500, status: 0, what: "POST /api/orders", outcome: "error" },
    { kind: "guest", atMs: 61_000, ms: 5, status: 409, what: "POST /api/orders", outcome: "refused" },
    { kind: "guest", atMs: 62_000, ms: 7, status: 404, what: "GET /orders/x", outcome: "unexpected" },
  ];
  const samples: RssSample[] = [
    { atMs: 0, rssMb: { primary: 50, "worker 1": 100 } },
    { atMs: 50_000, rssMb: { primary: 51, "worker 1": 110 } },
    { atMs: 60_000, rssMb: { primary: 52, "worker 1": 120 } },
    { atMs: 70_000, rssMb: { primary: 53, "worker 1": 130 } },
  ];

  it("counts the requests that ended in the minute, with its p50, p99 and the sample at its end", () => {
    const row = minuteRow(done, samples, 0, 60_000);
    expect(row).toMatchObject({
      minute: 1,
      requests: 3,
      errors: 1,
      unexpected: 0,
      refused: 0,
      p50Ms: 20,
      p99Ms: 30,
      totalMb: 172,
    });
    expect(row.rssMb).toEqual({ primary: 52, "worker 1": 120 });
  });

  it("takes the sample of a timer that fired a little after the minute's end", () => {
    const late = [samples[0], samples[1], { atMs: 60_040, rssMb: { primary: 60, "worker 1": 140 } }];
    expect(minuteRow(done, late, 0, 60_000).totalMb).toBe(200);
    expect(minuteRow(done, late, 0, 60_000, 0).totalMb).toBe(161);
  });

  it("a last, partial minute ends where the run did", () => {
    const row = minuteRow(done, samples, 60_000, 90_000);
    expect(row).toMatchObject({ minute: 1.5, requests: 3, errors: 1, unexpected: 1, refused: 1, totalMb: 183 });
  });

  it("gives requests and latency by kind, in the order asked, kinds with none left out", () => {
    expect(byKind(done, ["media", "guest"], (ms) => `${ms} ms`)).toBe("guest 6 (p50 10 ms, p99 500 ms)");
  });

  it("breaks errors down by status and URL, the most frequent first", () => {
    const more: Done[] = [
      ...done,
      { kind: "guest", atMs: 3, ms: 1, status: 502, what: "GET /products?page=3", outcome: "error" },
    ];
    expect(breakdown(more, "error")).toEqual(["502 GET /products?page=3 x 2", "no answer POST /api/orders x 1"]);
    expect(breakdown(more, "unexpected")).toEqual(["404 GET /orders/x x 1"]);
  });
});

describe("the verdicts", () => {
  const flat = (mb: number) => series(30, () => mb);
  const run = (over: Partial<RunFigures>): RunFigures => ({
    database: "PGlite",
    minutes: 30,
    processes: [{ name: "shop", points: flat(240) }],
    requests: 36_000,
    errors: 0,
    unexpected: 0,
    restarts: 0,
    ...over,
  });
  const failed = (v: { verdicts: { pass: boolean | null; name: string }[] }) =>
    v.verdicts.filter((x) => x.pass === false).map((x) => x.name);

  it("a flat PGlite shop under 350 MB with no errors passes everything", () => {
    const v = verdicts(run({}));
    expect(failed(v)).toEqual([]);
    expect(formatVerdicts(v.verdicts)).toMatch(/^PASS {2}PGlite: RSS of shop does not keep growing/);
  });

  it("a PGlite shop over 350 MB fails its target even when flat", () => {
    expect(failed(verdicts(run({ processes: [{ name: "shop", points: flat(360) }] })))).toEqual([
      "PGlite: peak RSS under 350 MB",
    ]);
  });

  it("a growing shop fails", () => {
    expect(failed(verdicts(run({ processes: [{ name: "shop", points: series(30, (m) => 200 + 2 * m) }] })))).toEqual([
      "PGlite: RSS of shop does not keep growing",
    ]);
  });

  it("any 5xx or unanswered request fails; a dead worker fails", () => {
    expect(failed(verdicts(run({ errors: 1 })))).toEqual(["PGlite: 0 errors (5xx or no answer)"]);
    expect(failed(verdicts(run({ restarts: 1 })))).toEqual(["PGlite: no serving process died"]);
  });

  it("on PostgreSQL each process is held to 250 MB and judged on its own, and their sum too", () => {
    const v = verdicts(
      run({
        database: "PostgreSQL",
        processes: [
          { name: "primary", points: flat(60) },
          { name: "worker 1", points: flat(240) },
          { name: "worker 2", points: series(30, (m) => 230 + 1.5 * m) },
        ],
      }),
    );
    expect(failed(v)).toEqual([
      "PostgreSQL: RSS of worker 2 does not keep growing",
      "PostgreSQL: RSS of all processes does not keep growing",
      "PostgreSQL: peak RSS of worker 2 under 250 MB",
    ]);
    expect(v.trends["worker 1"].verdict).toBe("flat");
  });

  it("a run too short to judge is a SKIP, not a PASS", () => {
    const v = verdicts(run({ minutes: 0.5, processes: [{ name: "shop", points: series(0.5, () => 200) }] }));
    expect(v.verdicts[0].pass).toBeNull();
    expect(formatVerdicts(v.verdicts)).toMatch(/^SKIP/);
  });

  it("sums the processes minute by minute", () => {
    expect(
      summed([
        {
          name: "a",
          points: [
            { minute: 0, mb: 1 },
            { minute: 1, mb: 2 },
          ],
        },
        { name: "b", points: [{ minute: 1, mb: 5 }] },
      ]),
    ).toEqual([
      { minute: 0, mb: 1 },
      { minute: 1, mb: 7 },
    ]);
  });
});
