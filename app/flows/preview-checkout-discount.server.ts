import type { Db } from "~/db/client.server";
import { getSettings } from "~/modules/settings/reads";
import { listCartLines } from "~/modules/cart/cart-lines.server";
import { resolveVariant } from "~/modules/cart/cart-mutations.server";
import { cartTotals, type CartTotals } from "~/modules/cart/cart-totals";
import type { OrderItemRequest } from "~/modules/checkout/order-request";
import { cartVersionOf } from "~/modules/checkout/order-fingerprint";
import { tryDiscountCode, type LimitedVerdict } from "~/modules/promotions/code-attempts.server";
import type { DiscountLine } from "~/modules/promotions/discount-rules";
import { previewDiscountCode } from "~/modules/promotions/redeem-discount-code.server";
import type { FlowContext } from "./flow-context";

/** A discount code as a shopper tries it: on these lines, for this account and phone. */
export type CodeTry = {
  code: string;
  lines: readonly DiscountLine[];
  userId: string;
  phone: string;
  requestAddress?: string;
};

/**
 * What the code would take off, without using it. A code tried from a request (`requestAddress`)
 * counts against the abuse limits of code guessing (modules/promotions, code-attempts). The cart
 * (view-cart) and checkout's Apply judge codes through here.
 */
export async function judgeCodeTry(
  db: Db,
  now: Date,
  { code, lines, userId, phone, requestAddress }: CodeTry,
): Promise<LimitedVerdict> {
  const judge = () => previewDiscountCode(db, { code, lines, userId, phone, now });
  return requestAddress === undefined ? judge() : tryDiscountCode(db, { address: requestAddress, userId }, judge, now);
}

export type CheckoutDiscountPreview = {
  verdict: LimitedVerdict;
  /** The totals with the code's amount when it is accepted, without it when refused. */
  totals: CartTotals;
  /** The cart these totals are for (an order of the cart, not Buy Now). */
  cartVersion?: string;
};

/**
 * Checkout's Apply: what a code would take off the order's lines now (the cart, or the Buy Now
 * items) and the totals with it, the server's, under the abuse limits of code guessing.
 */
export async function previewCheckoutDiscount(
  { db, now = new Date() }: FlowContext,
  input: { userId: string; code: string; phone: string; items?: OrderItemRequest[]; requestAddress?: string },
): Promise<CheckoutDiscountPreview> {
  const [lines, settings] = await Promise.all([linesToOrder(db, input.userId, input.items, now), getSettings(db)]);
  const verdict = await judgeCodeTry(db, now, {
    code: input.code,
    lines,
    userId: input.userId,
    phone: input.phone,
    requestAddress: input.requestAddress,
  });
  const cartVersion = input.items ? undefined : cartVersionOf(lines as Awaited<ReturnType<typeof listCartLines>>);
  return { verdict, totals: cartTotals(lines, settings, verdict.ok ? verdict.amount : 0), cartVersion };
}

async function linesToOrder(db: Db, userId: string, items: OrderItemRequest[] | undefined, now: Date) {
  if (!items) return listCartLines(db, userId, now);
  return Promise.all(
    items.map(async (item) => ({ ...(await resolveVariant(db, item, now)), quantity: item.quantity })),
  );
}
