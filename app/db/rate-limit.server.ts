import { createHash } from "node:crypto";
import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { rateLimitCounters } from "./schema/infrastructure";
import { waitPhrase, type RateRule } from "~/lib/rate-rule";

export type RateLimitVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number; message: string };

/**
 * ABUSE_LIMITS_SCALE (a whole number, default 1) multiplies every limit of abuse-limits.ts. Test
 * suites and load benches, which send hundreds of requests from one address, set it high; a shop
 * never needs to. Read per call so a test can set it for its own file.
 */
export function abuseLimitScale(): number {
  const scale = Number(process.env.ABUSE_LIMITS_SCALE ?? "1");
  return Number.isSafeInteger(scale) && scale >= 1 ? scale : 1;
}

/** What is counted, hashed with the rule: an address or phone number is not kept in clear. */
function subjectKey(rule: RateRule, subject: string): string {
  return createHash("sha256").update(`${rule.name}\0${subject}`).digest("base64url");
}

// One hit in this many also deletes the counters whose windows have ended.
const SWEEP_ONE_IN = 200;

/**
 * Counts one request of `subject` against `rule` and says whether it is allowed. One atomic
 * INSERT ... ON CONFLICT DO UPDATE ... RETURNING, so concurrent requests in any number of server
 * processes each get their own count. A window that has ended starts again at 1.
 */
export async function hitRateLimit(
  db: DbOrTx,
  rule: RateRule,
  subject: string,
  now = new Date(),
): Promise<RateLimitVerdict> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const ends = new Date(now.getTime() + rule.windowSeconds * 1000);
  const ended = sql`${rateLimitCounters.windowEndsAt} <= ${at}`;
  const [row] = await db
    .insert(rateLimitCounters)
    .values({ rule: rule.name, subject: subjectKey(rule, subject), hits: 1, windowEndsAt: ends })
    .onConflictDoUpdate({
      target: [rateLimitCounters.rule, rateLimitCounters.subject],
      set: {
        hits: sql`case when ${ended} then 1 else ${rateLimitCounters.hits} + 1 end`,
        windowEndsAt: sql`case when ${ended} then excluded.window_ends_at else ${rateLimitCounters.windowEndsAt} end`,
      },
    })
    .returning({ hits: rateLimitCounters.hits, windowEndsAt: rateLimitCounters.windowEndsAt });
  if (Math.random() * SWEEP_ONE_IN < 1) await sweepRateLimits(db, now);
  if (row.hits <= rule.limit * abuseLimitScale()) return { allowed: true };
  const retryAfterSeconds = Math.max(1, Math.ceil((new Date(row.windowEndsAt).getTime() - now.getTime()) / 1000));
  return { allowed: false, retryAfterSeconds, message: `${rule.message} ${waitPhrase(retryAfterSeconds)}` };
}

/**
 * Whether `subject` is over `rule` now, without counting a hit: for a gate that counts only what it
 * refuses (hitRateLimit), and must not make every accepted request a write.
 */
export async function readRateLimit(
  db: DbOrTx,
  rule: RateRule,
  subject: string,
  now = new Date(),
): Promise<RateLimitVerdict> {
  const [row] = await db
    .select({ hits: rateLimitCounters.hits, windowEndsAt: rateLimitCounters.windowEndsAt })
    .from(rateLimitCounters)
    .where(
      and(
        eq(rateLimitCounters.rule, rule.name),
        eq(rateLimitCounters.subject, subjectKey(rule, subject)),
        gt(rateLimitCounters.windowEndsAt, now),
      ),
    );
  if (!row || row.hits < rule.limit * abuseLimitScale()) return { allowed: true };
  const retryAfterSeconds = Math.max(1, Math.ceil((new Date(row.windowEndsAt).getTime() - now.getTime()) / 1000));
  return { allowed: false, retryAfterSeconds, message: `${rule.message} ${waitPhrase(retryAfterSeconds)}` };
}

/** Takes back one hit (a lookup that turned out fine, when only failures count). */
export async function refundRateLimit(db: DbOrTx, rule: RateRule, subject: string): Promise<void> {
  await db
    .update(rateLimitCounters)
    .set({ hits: sql`greatest(${rateLimitCounters.hits} - 1, 0)` })
    .where(
      sql`${rateLimitCounters.rule} = ${rule.name} and ${rateLimitCounters.subject} = ${subjectKey(rule, subject)}`,
    );
}

/** Deletes the counters whose windows have ended; returns how many. */
export async function sweepRateLimits(db: DbOrTx, now = new Date()): Promise<number> {
  const gone = await db
    .delete(rateLimitCounters)
    .where(lt(rateLimitCounters.windowEndsAt, now))
    .returning({ rule: rateLimitCounters.rule });
  return gone.length;
}
