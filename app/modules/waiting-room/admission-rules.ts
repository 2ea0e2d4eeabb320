/**
 * How the waiting room decides, with no database or clock of its own (decision 0034): when the shop
 * is busy, how fast it admits, and what a waiting shopper is told.
 *
 * Busy is measured in each process, every second: requests in flight, the event loop's delay (p99
 * over the last second: a CPU-bound process answers late whatever its queue), requests waiting for
 * a database connection, and how long its answers took (p90 of those of the last second: what the
 * shoppers let in feel, whatever the cause). Any one past its threshold is busy.
 */
export type LoadSample = { inFlight: number; loopDelayMs: number; poolWaiting: number; answerMs?: number };

export type AdmissionLimits = {
  maxInFlight: number;
  maxLoopDelayMs: number;
  maxPoolWaiting: number;
  maxAnswerMs: number;
};

/**
 * Past these, answers on this 2-core machine start taking over half a second. In the launch
 * benchmark on PostgreSQL (docs/performance.md), 16 in flight and a p90 of 120 ms held the admitted
 * pages' p99 to 1.5 s where 48 and 250 ms gave 3.3 s, with the same sell-out time and waits.
 */
export const DEFAULT_LIMITS: AdmissionLimits = {
  maxInFlight: 16,
  maxLoopDelayMs: 150,
  maxPoolWaiting: 4,
  maxAnswerMs: 120,
};

export function isBusy(sample: LoadSample, limits: AdmissionLimits = DEFAULT_LIMITS): boolean {
  return (
    sample.inFlight > limits.maxInFlight ||
    sample.loopDelayMs > limits.maxLoopDelayMs ||
    sample.poolWaiting > limits.maxPoolWaiting ||
    (sample.answerMs ?? 0) > limits.maxAnswerMs
  );
}

/** The p90 of answer times (ms), or 0 for none: a second's answers, as the gate collects them. */
export function answerP90(durations: number[]): number {
  if (!durations.length) return 0;
  const sorted = [...durations].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(0.9 * sorted.length) - 1)];
}

/**
 * Admissions per second a process may add: grows by a tenth while it keeps up (gently: a shopper let
 * in asks for pages over the next ten seconds or so, so a faster growth overshoots before the
 * measurements show it), halves as soon as it does not,
 * and starts again from `start` at a launch's opening (a slow start: the crowd on the countdown
 * comes in at once, and the pace the quiet hour before reached says nothing about it).
 */
export const STEP_RANGE = { min: 1, start: 10, max: 200 } as const;

export function nextStep(step: number, busy: boolean): number {
  return busy
    ? Math.max(STEP_RANGE.min, Math.floor(step / 2))
    : Math.min(STEP_RANGE.max, step + Math.max(1, Math.ceil(step / 10)));
}

/** A waiting shopper's place (1 = next) and about how long, at the admissions per second of late. */
export function placeInLine(ticket: number, admittedThrough: number, perSecond: number) {
  const place = Math.max(1, ticket - admittedThrough);
  const seconds = Math.ceil(place / Math.max(0.5, perSecond));
  return { place, seconds };
}

/** "less than a minute", "about 3 minutes". */
export function waitText(seconds: number): string {
  if (seconds < 60) return "less than a minute";
  const minutes = Math.round(seconds / 60);
  return minutes === 1 ? "about a minute" : `about ${minutes} minutes`;
}

/** How soon the waiting page asks again: sooner near the front, never faster than every 3 s. */
export function refreshSeconds(place: number): number {
  return place <= 50 ? 3 : place <= 500 ? 6 : 12;
}

/**
 * The opening a pass must be newer than: the latest of the launches' openings that has come. A pass
 * given before it (to a shopper on the countdown, when the shop was quiet) does not let its holder
 * skip the line the opening forms; null when no opening has come yet.
 */
export function latestOpening(openings: readonly Date[], now: Date): number | null {
  let latest: number | null = null;
  for (const at of openings) {
    const t = Math.floor(at.getTime() / 1000);
    if (t <= Math.floor(now.getTime() / 1000) && (latest === null || t > latest)) latest = t;
  }
  return latest;
}

/** Whether a pass (ending at `expiresAt`, given `passSeconds` before) was given before `opening` (seconds). */
export function passPredates(expiresAt: number, passSeconds: number, opening: number | null): boolean {
  return opening !== null && expiresAt - passSeconds < opening;
}
