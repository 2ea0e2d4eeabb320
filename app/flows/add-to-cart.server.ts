import { cartPiecesOf } from "~/modules/cart/cart-lines.server";
import { addToCart, type AddToCartResult } from "~/modules/cart/cart-mutations.server";
import { limitedLines, refuseOverLimit } from "~/modules/launches/buyer-limits.server";
import type { FlowContext } from "./flow-context";

type CartItemInput = Parameters<typeof addToCart>[2];

/**
 * Adds to the buyer's cart (modules/cart), refused first with the launch's words when the product's
 * launch limits pieces per customer and the account's orders since it opened plus its cart would
 * pass it. Only the account is known here; checkout counts the phone number too.
 */
export async function addToCartWithinLimits(
  ctx: FlowContext,
  userId: string,
  input: CartItemInput,
  options?: Parameters<typeof addToCart>[3],
): Promise<AddToCartResult> {
  const limited = await limitedLines(ctx.db, {
    userId,
    phone: null,
    lines: [{ productId: input.productId, quantity: input.quantity }],
    now: ctx.now ?? new Date(),
  });
  // Only a product whose launch limits it costs a look at the cart: every other add is one query more, not two.
  if (limited.length > 0) {
    const inCart = await cartPiecesOf(ctx.db, userId, input.productId);
    refuseOverLimit(
      limited.map((line) => ({ ...line, asked: line.asked + inCart })),
      "quantity",
    );
  }
  return addToCart(ctx.db, userId, input, options);
}
