import { and, eq, gt, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { notifySubscriptions } from "~/modules/notify-me/tables";
import { products, productVariants } from "~/modules/catalog/reads";
import type { NotifyMeEmailData } from "~/modules/messages/email-messages";
import type { QueueMessages } from "~/modules/messages/outbox";
import { outboxMessage } from "~/modules/messages/email-messages";
import { loadUnsubscribeSecret, signUnsubscribeToken, unsubscribePath } from "./unsubscribe-token.server";

/** Something that just went on sale, and the sign-ups (`target`) waiting for it. */
export type OnSale = { target: string; what: NotifyMeEmailData["what"]; name: string; path: string };

export const productTarget = (id: string) => `product:${id}`;
export const categoryTarget = (slug: string) => `category:${slug}`;

/**
 * Claims every waiting sign-up (confirmed, not yet notified, not unsubscribed) for what went on sale, and
 * queues one Notify Me e-mail for each, in the caller's transaction. The claim is one
 * UPDATE ... RETURNING: a second transaction racing for the same sign-ups waits on their row locks
 * and then finds them notified, so each sign-up is e-mailed once. The e-mails go to modules/messages'
 * outbox through `queueMessages`, the port a flow gives.
 */
export async function deliverNotifyMe(
  tx: DbOrTx,
  onSale: OnSale[],
  reason: NotifyMeEmailData["reason"],
  queueMessages: QueueMessages,
): Promise<number> {
  if (onSale.length === 0) return 0;
  const byTarget = new Map(onSale.map((item) => [item.target, item]));
  const claimed = await tx
    .update(notifySubscriptions)
    .set({ notifiedAt: new Date() })
    // Double opt-in: a sign-up whose address was never confirmed gets nothing.
    .where(
      and(
        inArray(notifySubscriptions.target, [...byTarget.keys()]),
        isNotNull(notifySubscriptions.confirmedAt),
        isNull(notifySubscriptions.notifiedAt),
        isNull(notifySubscriptions.unsubscribedAt),
      ),
    )
    .returning({ id: notifySubscriptions.id, email: notifySubscriptions.email, target: notifySubscriptions.target });
  if (claimed.length === 0) return 0;
  const secret = await loadUnsubscribeSecret(tx);
  const emails = claimed.map((sub) => {
    const item = byTarget.get(sub.target)!;
    return outboxMessage({
      kind: "notify_me",
      to: sub.email,
      data: {
        what: item.what,
        name: item.name,
        reason,
        path: item.path,
        unsubscribePath: unsubscribePath(signUnsubscribeToken(secret, sub.id)),
      },
    });
  });
  await queueMessages(tx, emails);
  return claimed.length;
}

/**
 * Of these products, the ones a shopper can buy now (active, with stock), by id with their names.
 * Total stock is a SQL aggregate over the product's variants.
 */
export async function buyableProducts(tx: DbOrTx, productIds: string[]): Promise<Map<string, string>> {
  if (productIds.length === 0) return new Map();
  const rows = await tx
    .select({ id: products.id, name: products.name })
    .from(products)
    .innerJoin(productVariants, eq(productVariants.productId, products.id))
    .where(and(inArray(products.id, [...new Set(productIds)]), eq(products.status, "active")))
    .groupBy(products.id, products.name)
    .having(gt(sql`sum(${productVariants.stock})`, 0));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export function productOnSale(id: string, name: string): OnSale {
  return { target: productTarget(id), what: "product", name, path: `/product/${encodeURIComponent(id)}` };
}
