import { and, eq, isNull } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { orders } from "~/modules/orders/reads";
import { returnItems } from "~/modules/returns/tables";
import type { ReturnCondition } from "~/db/schema/statuses";
import { AppError } from "~/lib/errors";
import { parseOrRefuse, receiveInput } from "./return-input";
import type { ReturnMoney } from "./return-records.server";

export type ItemCondition = { returnItemId: number; condition: ReturnCondition };

export type ReceivedItems = {
  /** Units to put back in stock, by the ORIGINAL variant (resellable items whose variant still exists). */
  byVariant: Map<number, number>;
  productIds: string[];
  resellable: number;
  damaged: number;
  /** Resellable units whose variant was deleted since: nothing to put them back on. */
  notRestocked: number;
};

export const EVERY_ITEM_NEEDS_A_CONDITION = "Please say how each item came back: resellable or damaged";

/**
 * Writes what came back on each item of the locked request: its condition, and for a resellable
 * one the time it went back into stock. Each row is written only while it has no condition yet (in
 * the same statement), so a double submit or a second process finds nothing to write and is refused:
 * stock goes back exactly once. Answers what to put back; the receive-return flow puts it back.
 */
export async function receiveItems(
  tx: DbOrTx,
  money: Pick<ReturnMoney, "items" | "lines">,
  input: { conditions: ItemCondition[] },
  now: Date,
): Promise<ReceivedItems> {
  const { conditions } = parseOrRefuse(receiveInput, input);
  const given = new Map<number, ReturnCondition>();
  for (const c of conditions) {
    if (!money.items.some((i) => i.id === c.returnItemId))
      throw new AppError("VALIDATION", "That item is not part of this return", {
        conditions: "That item is not part of this return",
      });
    given.set(c.returnItemId, c.condition);
  }
  const missing = money.items.filter((i) => !given.has(i.id));
  if (missing.length > 0) {
    throw new AppError(
      "VALIDATION",
      EVERY_ITEM_NEEDS_A_CONDITION,
      Object.fromEntries([
        ["conditions", EVERY_ITEM_NEEDS_A_CONDITION],
        ...missing.map((i) => [`conditions.${i.id}`, EVERY_ITEM_NEEDS_A_CONDITION]),
      ]),
    );
  }

  const result: ReceivedItems = { byVariant: new Map(), productIds: [], resellable: 0, damaged: 0, notRestocked: 0 };
  const products = new Set<string>();
  for (const item of money.items) {
    const condition = given.get(item.id)!;
    const line = money.lines.find((l) => l.id === item.orderItemId);
    const restock = condition === "resellable" && line?.variantId != null;
    const [written] = await tx
      .update(returnItems)
      .set({ condition, restockedAt: restock ? now : null })
      .where(and(eq(returnItems.id, item.id), isNull(returnItems.condition), isNull(returnItems.restockedAt)))
      .returning({ id: returnItems.id });
    if (!written) throw new AppError("CONFLICT", "This return's items were already received");
    if (condition === "damaged") {
      result.damaged += item.quantity;
      continue;
    }
    result.resellable += item.quantity;
    if (!restock || !line?.variantId) {
      result.notRestocked += item.quantity;
      continue;
    }
    result.byVariant.set(line.variantId, (result.byVariant.get(line.variantId) ?? 0) + item.quantity);
    if (line.productId) products.add(line.productId);
  }
  result.productIds = [...products];
  return result;
}

/**
 * The store credit an exchange leaves the buyer once the old items are back: what the exchanged
 * items were paid, less what the replacement order took of it (its exchange credit). A replacement
 * that never went out (cancelled, or refused at the door) took nothing: the whole value is credit.
 */
export async function exchangeCreditDue(
  db: DbOrTx,
  replacementOrderId: string | null,
  paidExchanged: number,
): Promise<number> {
  if (paidExchanged <= 0) return 0;
  if (!replacementOrderId) return paidExchanged;
  const [replacement] = await db
    .select({ status: orders.status, exchangeCredit: orders.exchangeCredit })
    .from(orders)
    .where(eq(orders.id, replacementOrderId));
  if (!replacement || replacement.status === "cancelled" || replacement.status === "returned") return paidExchanged;
  return Math.max(0, paidExchanged - replacement.exchangeCredit);
}
