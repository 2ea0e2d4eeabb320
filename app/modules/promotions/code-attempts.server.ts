import type { Db } from "~/db/client.server";
import { AppError } from "~/lib/errors";
import { RATE_RULES } from "~/modules/abuse/abuse-limits";
import { hitRateLimit, refundRateLimit } from "~/db/rate-limit.server";
import type { DiscountVerdict } from "./discount-rules";

export type LimitedVerdict =
  DiscountVerdict | { ok: false; refusal: "limited"; message: string; retryAfterSeconds: number };
type Who = { address: string; userId: string | null };

/**
 * A discount code tried with the abuse limits of /track: every try counts against the client's
 * address, every refused one against the account (a try that works gives that count back), so the
 * codes an owner hands out cannot be found by trying one after another, whether by Apply, by
 * `GET /api/cart?discountCode=` or by placing orders with one code after another.
 */
async function admit(
  db: Db,
  who: Who,
  now: Date,
): Promise<{ account: string } | { limited: string; retryAfterSeconds: number }> {
  const byAddress = await hitRateLimit(db, RATE_RULES.discountPerAddress, who.address, now);
  if (!byAddress.allowed) return { limited: byAddress.message, retryAfterSeconds: byAddress.retryAfterSeconds };
  const account = who.userId ?? `address:${who.address}`;
  const byAccount = await hitRateLimit(db, RATE_RULES.discountFailedPerAccount, account, now);
  if (!byAccount.allowed) return { limited: byAccount.message, retryAfterSeconds: byAccount.retryAfterSeconds };
  return { account };
}

/** Judges a code (Apply, the cart API) within the limits. */
export async function tryDiscountCode(
  db: Db,
  who: Who,
  judge: () => Promise<DiscountVerdict>,
  now = new Date(),
): Promise<LimitedVerdict> {
  const gate = await admit(db, who, now);
  if ("limited" in gate)
    return { ok: false, refusal: "limited", message: gate.limited, retryAfterSeconds: gate.retryAfterSeconds };
  const verdict = await judge();
  if (verdict.ok) await refundRateLimit(db, RATE_RULES.discountFailedPerAccount, gate.account);
  return verdict;
}

/**
 * Places an order that carries a code within the same limits: over them, the order is refused
 * (RATE_LIMITED, beside the Discount code field) before anything is read. An order refused for a
 * reason other than its code (stock, a phone number) does not count as a wrong guess.
 */
export async function placeWithDiscountCode<T>(
  db: Db,
  who: Who,
  code: string | null,
  place: () => Promise<T>,
  now = new Date(),
): Promise<T> {
  if (!code?.trim()) return place();
  const gate = await admit(db, who, now);
  if ("limited" in gate) throw new AppError("RATE_LIMITED", gate.limited, { discountCode: gate.limited });
  try {
    const placed = await place();
    await refundRateLimit(db, RATE_RULES.discountFailedPerAccount, gate.account);
    return placed;
  } catch (error) {
    if (!(error instanceof AppError && error.fields?.discountCode))
      await refundRateLimit(db, RATE_RULES.discountFailedPerAccount, gate.account);
    throw error;
  }
}
