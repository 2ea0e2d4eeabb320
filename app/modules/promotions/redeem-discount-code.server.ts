import { and, eq, isNull, or, sql } from "drizzle-orm";
import type { DbOrTx, Tx } from "~/db/client.server";
import { discountCodes, discountRedemptions } from "~/modules/promotions/tables";
import { AppError } from "~/lib/errors";
import { judgeDiscountCode, refusalMessage, type DiscountLine, type DiscountVerdict } from "./discount-rules";

export type DiscountRequest = {
  code: string;
  lines: readonly DiscountLine[];
  userId: string | null;
  phone: string;
  now: Date;
};
export type Redeemed = { codeId: number; code: string; amount: number };

/** How many uses the customer holds now: by account and by phone number, each counted, the larger. */
async function customerUses(db: DbOrTx, codeId: number, userId: string | null, phone: string): Promise<number> {
  const held = and(eq(discountRedemptions.codeId, codeId), isNull(discountRedemptions.releasedAt));
  const [row] = await db
    .select({
      byAccount: sql<number>`count(*) filter (where ${userId === null ? sql`false` : eq(discountRedemptions.userId, userId)})::int`,
      byPhone: sql<number>`count(*) filter (where ${eq(discountRedemptions.phone, phone)})::int`,
    })
    .from(discountRedemptions)
    .where(
      and(
        held,
        userId === null
          ? eq(discountRedemptions.phone, phone)
          : or(eq(discountRedemptions.userId, userId), eq(discountRedemptions.phone, phone)),
      ),
    );
  return Math.max(row?.byAccount ?? 0, row?.byPhone ?? 0);
}

/**
 * What a code would take off these lines, without using it (the cart and checkout show it before
 * Place Order). An unknown code is refused like any other, with no hint of which codes exist.
 */
export async function previewDiscountCode(db: DbOrTx, request: DiscountRequest): Promise<DiscountVerdict> {
  const [code] = await db
    .select()
    .from(discountCodes)
    .where(eq(sql`upper(${discountCodes.code})`, request.code.toUpperCase()));
  if (!code) return { ok: false, refusal: "unknown", message: refusalMessage("unknown", request.code) };
  return judgeDiscountCode(code, request.lines, {
    now: request.now,
    customerUses: await customerUses(db, code.id, request.userId, request.phone),
  });
}

/**
 * Uses a code for an order, inside the order's transaction. The code's row is locked first, so
 * orders using the same code at once take turns: each reads the uses the one before committed, and
 * a code with one use left gives exactly one discounted order. A refused code throws (VALIDATION,
 * beside the Discount code field) and the order changes nothing.
 */
export async function redeemDiscountCode(tx: Tx, request: DiscountRequest): Promise<Redeemed> {
  const [code] = await tx
    .select()
    .from(discountCodes)
    .where(eq(sql`upper(${discountCodes.code})`, request.code.toUpperCase()))
    .for("update");
  const verdict: DiscountVerdict = code
    ? judgeDiscountCode(code, request.lines, {
        now: request.now,
        customerUses: await customerUses(tx, code.id, request.userId, request.phone),
      })
    : { ok: false, refusal: "unknown", message: refusalMessage("unknown", request.code) };
  if (!verdict.ok) throw new AppError("VALIDATION", verdict.message, { discountCode: verdict.message });
  await tx
    .update(discountCodes)
    .set({ uses: sql`${discountCodes.uses} + 1` })
    .where(eq(discountCodes.id, code!.id));
  return { codeId: code!.id, code: code!.code.toUpperCase(), amount: verdict.amount };
}

/** Records the use against the order, once it exists. */
export async function recordRedemption(
  tx: Tx,
  redeemed: Redeemed,
  order: { id: string; userId: string | null; phone: string; at: Date },
): Promise<void> {
  await tx.insert(discountRedemptions).values({
    codeId: redeemed.codeId,
    orderId: order.id,
    userId: order.userId,
    phone: order.phone,
    amount: redeemed.amount,
    createdAt: order.at,
  });
}

/** A cancelled or returned order gives its use back (once: a released use is not released again). */
export async function releaseRedemption(tx: DbOrTx, orderId: string, at: Date): Promise<void> {
  const released = await tx
    .update(discountRedemptions)
    .set({ releasedAt: at })
    .where(and(eq(discountRedemptions.orderId, orderId), isNull(discountRedemptions.releasedAt)))
    .returning({ codeId: discountRedemptions.codeId });
  for (const { codeId } of released) {
    await tx
      .update(discountCodes)
      .set({ uses: sql`greatest(${discountCodes.uses} - 1, 0)` })
      .where(eq(discountCodes.id, codeId));
  }
}

/** The code judged before anything is locked; refused with the reason beside the field. */
export async function judgeOrderCode(tx: Tx, request: DiscountRequest): Promise<{ code: string; amount: number }> {
  const verdict = await previewDiscountCode(tx, request);
  if (!verdict.ok) throw new AppError("VALIDATION", verdict.message, { discountCode: verdict.message });
  return { code: verdict.code.toUpperCase(), amount: verdict.amount };
}

/** The code changed between the judging and its use (the owner edited it): the order is placed again. */
export class DiscountChanged extends Error {}

/**
 * Uses the code under its row's lock (the last use goes to one order only) and records it against
 * the order. A code refused now (used up meanwhile) throws and nothing is ordered.
 */
export async function useOrderCode(
  tx: Tx,
  judged: { amount: number },
  request: DiscountRequest,
  orderId: string,
): Promise<void> {
  const redeemed = await redeemDiscountCode(tx, request);
  if (redeemed.amount !== judged.amount)
    throw new DiscountChanged("The discount code changed while the order was placed");
  await recordRedemption(tx, redeemed, { id: orderId, userId: request.userId, phone: request.phone, at: request.now });
}
