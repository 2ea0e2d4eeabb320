import { releaseCustomerOrders } from "~/modules/orders/release-customer-orders.server";
import { removeReviewsOf } from "./product-reviews.server";
import type { FlowContext } from "./flow-context";
import { putOrderItemsBack } from "./move-order.server";

/**
 * What the shop does before an account is deleted (better-auth deletes it, modules/accounts): its
 * orders stay for the shop's books without the person, none left stranded (orders not yet shipped
 * are cancelled and their stock put back); its reviews go, and the products they rated are recounted.
 */
export async function prepareAccountDeletion({ db, now }: FlowContext, userId: string): Promise<void> {
  await releaseCustomerOrders(db, userId, putOrderItemsBack, now);
  await removeReviewsOf(db, userId);
}
