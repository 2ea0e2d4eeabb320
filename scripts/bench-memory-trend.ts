// The pure parts of the memory soak (scripts/bench-memory.ts): whether resident memory keeps growing
// (a least-squares slope after a warm-up), the per-minute figures (requests, errors, p50/p99, RSS),
// and the PASS/FAIL verdicts against the targets. No I/O, so the rule is unit-tested
// (bench-memory-trend.test.ts) on flat, growing and noisy series.
import { percentile } from "./bench-load-mix";

/** Resident memory (MB) `minute` minutes after the traffic began. */
export type Point = { minute: number; mb: number };

/** The targets the soak is run to show: the whole PGlite shop, and each process of a PostgreSQL shop. */
export const TARGETS_MB = { pglite: 350, postgresPerProcess: 250 } as const;

/**
 * "Keeps growing": after the warm-up, the least-squares slope is over `slopeMbPerMin` (and the slope
 * of the last half of that stretch over half of it, so one step up to a plateau, a cache filling to
 * its budget, is not growth), and the last sample is over the warm-up's highest by more than
 * `marginMb` or `marginShare` of it, whichever is more (so GC noise is not growth either).
 */
export type TrendRule = { slopeMbPerMin: number; marginMb: number; marginShare: number };
export const DEFAULT_RULE: TrendRule = { slopeMbPerMin: 1, marginMb: 10, marginShare: 0.05 };

/** The warm-up left out of the trend: the first third of the run or its first 5 minutes, whichever is shorter. */
export function warmUpMinutes(totalMinutes: number): number {
  return Math.min(totalMinutes / 3, 5);
}

/** The least-squares slope of mb over minute (MB per minute); NaN with fewer than two distinct minutes. */
export function slope(points: readonly Point[]): number {
  const n = points.length;
  if (n < 2) return NaN;
  const mx = points.reduce((s, p) => s + p.minute, 0) / n;
  const my = points.reduce((s, p) => s + p.mb, 0) / n;
  let sxy = 0;
  let sxx = 0;
  for (const p of points) {
    sxy += (p.minute - mx) * (p.mb - my);
    sxx += (p.minute - mx) ** 2;
  }
  return sxx === 0 ? NaN : sxy / sxx;
}

export type Trend = {
  /** "growing" fails the run; "unknown": too few samples after the warm-up to say (a run of a minute or less). */
  verdict: "flat" | "growing" | "unknown";
  warmUpMinutes: number;
  warmUpMaxMb: number;
  slopeMbPerMin: number;
  lateSlopeMbPerMin: number;
  lastMb: number;
  /** How far the last sample is over the warm-up's highest, and how far it may be. */
  overWarmUpMb: number;
  marginMb: number;
  samplesJudged: number;
  reason: string;
};

const MIN_SAMPLES = 4;
const f1 = (x: number) => (Number.isFinite(x) ? x.toFixed(1) : "n/a");

/** Judges one series (a process, or the sum of them) of a run `totalMinutes` long. */
export function judgeTrend(points: readonly Point[], totalMinutes: number, rule: TrendRule = DEFAULT_RULE): Trend {
  const warm = warmUpMinutes(totalMinutes);
  const warmUp = points.filter((p) => p.minute < warm);
  const rest = points.filter((p) => p.minute >= warm);
  const warmUpMaxMb = warmUp.length ? Math.max(...warmUp.map((p) => p.mb)) : (rest[0]?.mb ?? NaN);
  const lastMb = points.at(-1)?.mb ?? NaN;
  const marginMb = Math.max(rule.marginMb, rule.marginShare * warmUpMaxMb);
  const s = slope(rest);
  const lateFrom = (warm + (rest.at(-1)?.minute ?? warm)) / 2;
  const late = slope(rest.filter((p) => p.minute >= lateFrom));
  const over = lastMb - warmUpMaxMb;
  const base = {
    warmUpMinutes: warm,
    warmUpMaxMb,
    slopeMbPerMin: s,
    lateSlopeMbPerMin: late,
    lastMb,
    overWarmUpMb: over,
    marginMb,
    samplesJudged: rest.length,
  };
  if (rest.length < MIN_SAMPLES || !Number.isFinite(s)) {
    return {
      ...base,
      verdict: "unknown",
      reason: `${rest.length} sample(s) after the ${f1(warm)} min warm-up: too few to judge a trend`,
    };
  }
  const slopeOver = s > rule.slopeMbPerMin;
  // Too few late samples for a slope of their own: the whole stretch's slope decides.
  const lateOver = Number.isFinite(late) ? late > rule.slopeMbPerMin / 2 : true;
  const aboveWarmUp = over > marginMb;
  const growing = slopeOver && lateOver && aboveWarmUp;
  const figures = `slope ${f1(s)} MB/min after the ${f1(warm)} min warm-up (last half ${f1(late)}), last ${f1(lastMb)} MB vs warm-up max ${f1(warmUpMaxMb)} MB (${over >= 0 ? "+" : ""}${f1(over)}, margin ${f1(marginMb)})`;
  let why: string;
  if (growing) why = "keeps growing";
  else if (!slopeOver) why = `slope at most ${rule.slopeMbPerMin} MB/min`;
  else if (!lateOver) why = "levelled off in the last half";
  else why = "no higher than the warm-up by more than the margin";
  return { ...base, verdict: growing ? "growing" : "flat", reason: `${why}: ${figures}` };
}

// --- Per-minute figures -------------------------------------------------------------------------

/** One request: its kind (guest, media, ...), when it ended (ms since the traffic began), how long it took, its status, URL and outcome. */
export type Done = {
  kind: string;
  atMs: number;
  ms: number;
  status: number;
  what: string;
  outcome: "ok" | "refused" | "error" | "unexpected";
};
/** One memory sample: ms since the traffic began, each process's VmRSS (MB) by name. */
export type RssSample = { atMs: number; rssMb: Record<string, number> };

export type MinuteRow = {
  /** The minute's end, in minutes since the traffic began (the last may be a fraction). */
  minute: number;
  requests: number;
  errors: number;
  unexpected: number;
  refused: number;
  p50Ms: number;
  p99Ms: number;
  /** The sample nearest the minute's end (the last taken by then). */
  rssMb: Record<string, number>;
  totalMb: number;
};

export const totalOf = (rss: Record<string, number>) => Object.values(rss).reduce((a, b) => a + b, 0);

/**
 * The figures of requests that ended in [fromMs, toMs), with the last memory sample taken by toMs
 * (or up to `slackMs` after it: the timer that takes the sample closing a minute fires a little late).
 */
export function minuteRow(
  done: readonly Done[],
  samples: readonly RssSample[],
  fromMs: number,
  toMs: number,
  slackMs = 5_000,
): MinuteRow {
  const inside = done.filter((d) => d.atMs >= fromMs && d.atMs < toMs);
  const sorted = Array.from(Float64Array.from(inside, (d) => d.ms).sort());
  const sample = [...samples].reverse().find((s) => s.atMs <= toMs + slackMs) ?? samples[0];
  const rssMb = sample?.rssMb ?? {};
  return {
    minute: toMs / 60_000,
    requests: inside.length,
    errors: inside.filter((d) => d.outcome === "error").length,
    unexpected: inside.filter((d) => d.outcome === "unexpected").length,
    refused: inside.filter((d) => d.outcome === "refused").length,
    p50Ms: percentile(sorted, 50),
    p99Ms: percentile(sorted, 99),
    rssMb,
    totalMb: totalOf(rssMb),
  };
}

/** "502 GET /products?page=3 x 2; no answer POST /api/orders x 1": errors (or unexpected 4xx) by status and URL, the most frequent first. */
export function breakdown(done: readonly Done[], outcome: Done["outcome"], limit = 5): string[] {
  const counts = new Map<string, number>();
  for (const d of done) {
    if (d.outcome !== outcome) continue;
    const key = `${d.status === 0 ? "no answer" : d.status} ${d.what}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, limit)
    .map(([key, n]) => `${key} x ${n}`);
}

/** "guest 612 (p50 9 ms, p99 80 ms), media 180 (...)": requests and latency by kind, in `kinds` order. */
export function byKind(done: readonly Done[], kinds: readonly string[], fmtMs: (ms: number) => string): string {
  return kinds
    .map((kind) => {
      const sorted = Array.from(
        Float64Array.from(
          done.filter((d) => d.kind === kind),
          (d) => d.ms,
        ).sort(),
      );
      return sorted.length
        ? `${kind} ${sorted.length} (p50 ${fmtMs(percentile(sorted, 50))}, p99 ${fmtMs(percentile(sorted, 99))})`
        : null;
    })
    .filter(Boolean)
    .join(", ");
}

// --- Verdicts -----------------------------------------------------------------------------------

export type Verdict = { name: string; pass: boolean | null; detail: string };

/** What one database's run came to: each process's samples (MB), requests, errors and restarts. */
export type RunFigures = {
  database: "PGlite" | "PostgreSQL";
  minutes: number;
  /** Each serving process by name ("shop"; or "primary", "worker 1", ...), its points over the run. */
  processes: { name: string; points: Point[] }[];
  requests: number;
  errors: number;
  unexpected: number;
  /** Serving processes that went away during the run (a worker died and was replaced). */
  restarts: number;
};

/** The peak of a series (MB), NaN for none. */
const peak = (points: readonly Point[]) => (points.length ? Math.max(...points.map((p) => p.mb)) : NaN);

/** Sums the processes' points taken at the same minute. */
export function summed(processes: RunFigures["processes"]): Point[] {
  const byMinute = new Map<number, number>();
  for (const p of processes)
    for (const point of p.points) byMinute.set(point.minute, (byMinute.get(point.minute) ?? 0) + point.mb);
  return [...byMinute].sort((a, b) => a[0] - b[0]).map(([minute, mb]) => ({ minute, mb }));
}

/**
 * PASS/FAIL lines: each process's (and with several, the sum's) memory does not keep growing; the
 * peak is under the target (the whole shop on PGlite, each process on PostgreSQL); no 5xx and no
 * request left unanswered; no serving process died. A trend too short to judge is a SKIP (null).
 */
export function verdicts(
  run: RunFigures,
  rule: TrendRule = DEFAULT_RULE,
): { verdicts: Verdict[]; trends: Record<string, Trend> } {
  const out: Verdict[] = [];
  const trends: Record<string, Trend> = {};
  const series =
    run.processes.length > 1
      ? [...run.processes, { name: "all processes", points: summed(run.processes) }]
      : run.processes;
  for (const s of series) {
    const t = judgeTrend(s.points, run.minutes, rule);
    trends[s.name] = t;
    out.push({
      name: `${run.database}: RSS of ${s.name} does not keep growing`,
      pass: t.verdict === "unknown" ? null : t.verdict === "flat",
      detail: t.reason,
    });
  }
  if (run.database === "PGlite") {
    const top = peak(summed(run.processes));
    out.push({
      name: `PGlite: peak RSS under ${TARGETS_MB.pglite} MB`,
      pass: top < TARGETS_MB.pglite,
      detail: `${f1(top)} MB`,
    });
  } else {
    for (const p of run.processes) {
      const top = peak(p.points);
      out.push({
        name: `PostgreSQL: peak RSS of ${p.name} under ${TARGETS_MB.postgresPerProcess} MB`,
        pass: top < TARGETS_MB.postgresPerProcess,
        detail: `${f1(top)} MB`,
      });
    }
  }
  out.push({
    name: `${run.database}: 0 errors (5xx or no answer)`,
    pass: run.errors === 0,
    detail: `${run.errors} of ${run.requests} requests`,
  });
  out.push({
    name: `${run.database}: no serving process died`,
    pass: run.restarts === 0,
    detail: `${run.restarts} went away`,
  });
  return { verdicts: out, trends };
}

export function formatVerdicts(list: readonly Verdict[]): string {
  return list.map((v) => `${v.pass === null ? "SKIP" : v.pass ? "PASS" : "FAIL"}  ${v.name}: ${v.detail}`).join("\n");
}
