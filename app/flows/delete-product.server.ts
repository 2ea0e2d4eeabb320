import { removeProductFromCarts } from "~/modules/cart/remove-product-from-carts.server";
import {
  deleteOrArchiveProduct,
  lockProductForDeletion,
  type DeleteOutcome,
} from "~/modules/catalog/delete-product.server";
import { removeProductFromWishlists } from "~/modules/wishlist/remove-product-from-wishlists.server";
import type { FlowContext } from "./flow-context";

/**
 * The owner's Delete, in one transaction: the product locked (modules/catalog), taken out of every
 * cart (modules/cart) and wishlist (modules/wishlist), whose owners are told, then deleted for real
 * or, when any order names it, archived (every order keeps its items).
 */
export async function deleteProduct(ctx: FlowContext, id: string): Promise<DeleteOutcome> {
  return ctx.db.transaction(async (tx) => {
    const product = await lockProductForDeletion(tx, id);
    await removeProductFromCarts(tx, id);
    await removeProductFromWishlists(tx, id);
    return deleteOrArchiveProduct(tx, product);
  });
}
