import { publishLiveEvent } from "~/db/live-events.server";
import { getSettings } from "~/modules/settings/reads";
import { formatPrice } from "~/lib/money";
import { takeStock } from "~/modules/catalog/variant-stock.server";
import { estimateDelivery } from "~/modules/checkout/delivery-estimate";
import { queueReturnEmails } from "~/modules/messages/return-emails.server";
import { createOrder } from "~/modules/orders/create-order.server";
import type { OrderActor } from "~/modules/orders/order-actor";
import { lockOrder } from "~/modules/orders/order-row-moves.server";
import { lockReplacementLines, readOrderToReplace } from "~/modules/returns/replacement-lines.server";
import {
  assertReturnStatus,
  findReturn,
  lockReturn,
  readReturnMoney,
  recordReturnEvent,
  setReturnStatus,
} from "~/modules/returns/return-records.server";
import { exchangeMoney } from "~/modules/returns/return-rules";
import type { FlowContext } from "./flow-context";

export type ApproveReturnResult = {
  returnId: string;
  returnNumber: string;
  status: "approved";
  /** The exchange's replacement order, with the cash it collects (the price difference); null for a return only. */
  replacement: { orderId: string; orderNumber: string; total: number } | null;
  /** Store credit the buyer will get when the old items are received (the exchange's lower price). */
  creditOnReceipt: number;
};

/**
 * The owner approves a request, in one transaction. For exchanged items the new variants' stock is
 * taken at once (guarded: refused with a clear message if it ran out since the request) and ONE
 * replacement order is written: "EX-" numbered, pointing at the original, the same buyer, address,
 * phone, e-mail, channel and WhatsApp choice (an opted-out buyer gets no WhatsApp about it), the new
 * variants at today's price, no shipping fee, the order's discount carried over and the old items'
 * paid value as its exchange credit, so its cash to collect is only a real price rise (return-rules'
 * exchangeMoney: the same price is Rs 0 whatever code or sale the order had). It
 * goes through the order lifecycle like any order; its own "placed" e-mails are not sent (the
 * approval e-mail tells of it). A return only just moves to approved.
 */
export async function approveReturn(
  { db, now = new Date() }: FlowContext,
  actor: OrderActor,
  returnId: string,
): Promise<ApproveReturnResult> {
  const found = await findReturn(db, returnId);
  return db.transaction(async (tx) => {
    // The order first, then the request: the lock order of every return step.
    await lockOrder(tx, found.orderId);
    const request = await lockReturn(tx, returnId);
    assertReturnStatus(request, ["requested"]);
    const money = await readReturnMoney(tx, request);
    const exchanged = money.items.filter((i) => i.kind === "exchange");

    let replacement: ApproveReturnResult["replacement"] = null;
    let creditOnReceipt = 0;
    if (exchanged.length > 0) {
      const lines = await lockReplacementLines(tx, exchanged, now);
      await takeStock(tx, lines);
      const original = await readOrderToReplace(tx, request.orderId);
      const {
        newTotal: subtotal,
        discountCarried,
        exchangeCredit,
        cashToCollect,
        storeCredit,
      } = exchangeMoney(
        exchanged.map((item) => ({
          oldPrice: money.lines.find((l) => l.id === item.orderItemId)?.price ?? 0,
          newPrice: lines.find((l) => l.variantId === item.exchangeVariantId)?.price ?? 0,
          quantity: item.quantity,
          paidValue: item.paidValue,
        })),
      );
      const delivery = estimateDelivery(original.city, now, await getSettings(tx));
      const { id: orderId, orderNumber } = await createOrder(
        tx,
        {
          userId: original.userId,
          status: "pending",
          paymentStatus: "unpaid",
          paymentMethod: "cod",
          channel: original.channel,
          placedBy: original.placedBy,
          subtotal,
          discountTotal: discountCarried,
          storeCreditUsed: 0,
          exchangeCredit,
          shippingFee: 0,
          total: cashToCollect,
          replacesOrderId: original.id,
          fullName: original.fullName,
          email: original.email,
          phone: original.phone,
          whatsappOptOut: original.whatsappOptOut,
          address: original.address,
          city: original.city,
          postalCode: original.postalCode,
          country: original.country,
          deliveryFrom: delivery.from,
          deliveryTo: delivery.to,
          createdAt: now,
          updatedAt: now,
        },
        lines,
        {
          actor,
          enteredBy: null,
          at: now,
          note: `Exchange for ${original.orderNumber} (${request.returnNumber}): collect the old item at the door`,
        },
        { numberPrefix: "EX" },
      );
      replacement = { orderId, orderNumber, total: cashToCollect };
      creditOnReceipt = storeCredit;
    }

    await setReturnStatus(tx, request.id, "approved", now, { replacementOrderId: replacement?.orderId ?? null });
    const note = replacement
      ? [
          `Replacement ${replacement.orderNumber}: ${replacement.total > 0 ? `${formatPrice(replacement.total)} to collect` : "nothing to collect"}`,
          creditOnReceipt > 0 ? `${formatPrice(creditOnReceipt)} store credit when the item is received` : null,
        ]
          .filter(Boolean)
          .join("; ")
      : null;
    await recordReturnEvent(tx, {
      returnId: request.id,
      orderId: request.orderId,
      step: "approved",
      actor,
      note,
      at: now,
    });
    await queueReturnEmails(tx, request.id, { step: "approved" });
    if (request.userId) await publishLiveEvent(tx, { topic: "orders", userId: request.userId });
    return {
      returnId: request.id,
      returnNumber: request.returnNumber,
      status: "approved" as const,
      replacement,
      creditOnReceipt,
    };
  });
}
