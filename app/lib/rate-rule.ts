// The shape of an abuse limit and the words a refused person reads: the limits themselves are
// modules/abuse/abuse-limits.ts; the counters are app/db/rate-limit.server.ts.

/** A fixed-window rate limit: at most `limit` hits per subject in `windowSeconds`. */
export type RateRule = {
  /** Key of the rule's counters in the database; never change it for a live rule. */
  name: string;
  limit: number;
  windowSeconds: number;
  /** Said first; "Please wait N minutes and try again." follows. */
  message: string;
};

/** "Please wait 10 minutes and try again.": rounded up to a whole minute, or hours past two hours. */
export function waitPhrase(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  if (minutes > 120) return `Please wait ${Math.ceil(minutes / 60)} hours and try again.`;
  return `Please wait ${minutes} ${minutes === 1 ? "minute" : "minutes"} and try again.`;
}
