import { cartPiecesOf } from "~/modules/cart/cart-lines.server";
import { addToCart, type AddToCartResult } from "~/modules/cart/cart-mutations.server";
import { refuseOverLaunchLimits } from "~/modules/launches/buyer-limits.server";
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
  const inCart = await cartPiecesOf(ctx.db, userId, input.productId);
  await refuseOverLaunchLimits(
    ctx.db,
    {
      userId,
      phone: null,
      lines: [{ productId: input.productId, quantity: inCart + input.quantity }],
      now: ctx.now ?? new Date(),
    },
    "quantity",
  );
  return addToCart(ctx.db, userId, input, options);
}
