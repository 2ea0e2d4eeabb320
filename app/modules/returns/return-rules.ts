import type {
  OrderStatus,
  PaymentStatus,
  RefundMethod,
  ReturnCondition,
  ReturnItemKind,
  ReturnReason,
  ReturnStatus,
} from "~/db/schema/statuses";

/** The statuses and kinds of a return request, owned here: components and routes name them from this module, never db/. */
export type { RefundMethod, ReturnCondition, ReturnItemKind, ReturnReason, ReturnStatus };
import { AppError } from "~/lib/errors";
import { formatPrice } from "~/lib/money";
import { DEFAULT_RETURN_WINDOW_DAYS, returnWindowEnd, withinReturnWindow } from "~/modules/orders/order-lifecycle";

/**
 * The rules of a return request (issue 30), pure so they are unit-tested without a database: the
 * return window, the quantities still returnable, what each item was paid, the exchange's price
 * difference and the refund ceiling. The steps (`*.server.ts` here and the flows) apply them.
 */

export const RETURN_REASON_LABELS: Record<ReturnReason, string> = {
  wrong_size: "Wrong size",
  defective: "Defective",
  not_as_pictured: "Not as pictured",
  changed_mind: "Changed my mind",
  other: "Other",
};

export const RETURN_STATUS_LABELS: Record<ReturnStatus, string> = {
  requested: "Requested",
  approved: "Approved",
  received: "Received",
  closed: "Closed",
  rejected: "Rejected",
};

export const RETURN_ITEM_KIND_LABELS: Record<ReturnItemKind, string> = { return: "Return", exchange: "Exchange" };

export const RETURN_CONDITION_LABELS: Record<ReturnCondition, string> = {
  resellable: "Resellable",
  damaged: "Damaged",
};

export const REFUND_METHOD_LABELS: Record<RefundMethod, string> = {
  store_credit: "Store credit",
  jazzcash: "JazzCash",
  easypaisa: "Easypaisa",
  bank_transfer: "Bank transfer",
  cash: "Cash",
};

/** Photos a buyer may attach to a request (same upload rules as product photos). */
export const MAX_RETURN_PHOTOS = 3;
/** The buyer's own words about the reason ("other" needs them). */
export const REASON_TEXT_MAX = 500;
/** The owner's reason for saying no, shown to the buyer. */
export const REJECTION_REASON_MAX = 500;
/** A refund's transaction ID or note. */
export const REFUND_REFERENCE_MAX = 100;

// ---------------------------------------------------------------------------------------------
// The return window

export const NOT_DELIVERED_MESSAGE = "Only delivered orders can be returned";

export function windowClosedMessage(days: number): string {
  // A window of 0 days (the shop takes no returns) closes at delivery: "more than 0 days ago" reads oddly.
  if (days <= 0) return "This shop does not take returns once an order is delivered: its return window has closed";
  return `This order was delivered more than ${days} ${days === 1 ? "day" : "days"} ago: its return window has closed`;
}

export type ReturnWindow = {
  /** True while a request may be made. */
  open: boolean;
  /** The last moment a request may be made (delivery + the window); null when the order is not delivered. */
  closesAt: Date | null;
  /** Why a request is refused now, in the buyer's words; null when the window is open. */
  refusal: string | null;
};

/**
 * Whether a buyer may ask to return or exchange items of the order now: only a delivered order
 * (status delivered with its delivery time), up to and including `returnWindowDays` days after the
 * delivery (Settings, default 7).
 */
export function returnWindow(
  order: { status: OrderStatus; deliveredAt: Date | null },
  returnWindowDays: number = DEFAULT_RETURN_WINDOW_DAYS,
  now: Date = new Date(),
): ReturnWindow {
  if (order.status !== "delivered" || !order.deliveredAt)
    return { open: false, closesAt: null, refusal: NOT_DELIVERED_MESSAGE };
  const closesAt = returnWindowEnd(order.deliveredAt, returnWindowDays);
  if (!withinReturnWindow({ deliveredAt: order.deliveredAt, now, returnWindowDays }))
    return { open: false, closesAt, refusal: windowClosedMessage(returnWindowDays) };
  return { open: true, closesAt, refusal: null };
}

/** Throws the window's refusal (CONFLICT) when a request may not be made now. */
export function assertReturnWindowOpen(
  order: { status: OrderStatus; deliveredAt: Date | null },
  returnWindowDays: number,
  now: Date,
): void {
  const window = returnWindow(order, returnWindowDays, now);
  if (window.refusal) throw new AppError("CONFLICT", window.refusal, { items: window.refusal });
}

// ---------------------------------------------------------------------------------------------
// What the buyer paid

/** An order line as priced when the order was placed. */
export type PricedLine = { id: number; price: number; quantity: number };

/**
 * The order's discount split over its lines in proportion to each line's value (price x quantity),
 * in whole rupees rounded down, the remainder on the largest line (the first of equals), so the
 * shares add up exactly to `discountTotal`.
 */
export function discountShares(lines: readonly PricedLine[], discountTotal: number): Map<number, number> {
  const shares = new Map<number, number>(lines.map((l) => [l.id, 0]));
  const total = lines.reduce((sum, l) => sum + l.price * l.quantity, 0);
  if (discountTotal <= 0 || total <= 0) return shares;
  let given = 0;
  let largest: PricedLine | null = null;
  for (const line of lines) {
    const value = line.price * line.quantity;
    const share = Math.floor((discountTotal * value) / total);
    shares.set(line.id, share);
    given += share;
    if (!largest || value > largest.price * largest.quantity) largest = line;
  }
  if (largest) shares.set(largest.id, (shares.get(largest.id) ?? 0) + discountTotal - given);
  return shares;
}

/** What each whole line was paid: price x quantity less its share of the discount. */
export function linePaidValues(lines: readonly PricedLine[], discountTotal: number): Map<number, number> {
  const shares = discountShares(lines, discountTotal);
  return new Map(lines.map((l) => [l.id, l.price * l.quantity - (shares.get(l.id) ?? 0)]));
}

/**
 * What `quantity` units of a line were paid when `before` of its units were already returned: the
 * line's paid value spread over its units, rounded down cumulatively, so however a line is
 * returned (one unit now, the rest later) its parts add up exactly to the line's paid value.
 */
export function unitsPaidValue(linePaid: number, lineQuantity: number, before: number, quantity: number): number {
  const upTo = (units: number) => Math.floor((linePaid * Math.min(units, lineQuantity)) / lineQuantity);
  return upTo(before + quantity) - upTo(before);
}

/** One item of a request (a return_items row) as its paid value needs it. */
export type ReturnedUnits = { id: number; orderItemId: number; quantity: number };

/**
 * The paid value of every item of an order's requests (rejected ones left out), `items` in the
 * order the requests were made: each takes the next units of its line (`unitsPaidValue`).
 */
export function returnItemValues(
  lines: readonly PricedLine[],
  discountTotal: number,
  items: readonly ReturnedUnits[],
): Map<number, number> {
  const paid = linePaidValues(lines, discountTotal);
  const quantityOf = new Map(lines.map((l) => [l.id, l.quantity]));
  const before = new Map<number, number>();
  const values = new Map<number, number>();
  for (const item of items) {
    const done = before.get(item.orderItemId) ?? 0;
    values.set(
      item.id,
      unitsPaidValue(
        paid.get(item.orderItemId) ?? 0,
        quantityOf.get(item.orderItemId) ?? item.quantity,
        done,
        item.quantity,
      ),
    );
    before.set(item.orderItemId, done + item.quantity);
  }
  return values;
}

// ---------------------------------------------------------------------------------------------
// Quantities

/** An order line as the buyer reads it, for the messages. */
export type NamedLine = PricedLine & { name: string; color: string; size: string };

export function alreadyAskedMessage(already: number, ordered: number): string {
  return `You have already asked to return ${already} of these ${ordered} items`;
}

/**
 * Refuses quantities beyond what was ordered: per order line, what open or finished requests
 * (any status but rejected) already hold plus what is asked now may not exceed the line's
 * quantity. Several items of the request on the same line (one exchanged, one returned) count together.
 */
export function checkReturnQuantities(
  lines: readonly NamedLine[],
  alreadyRequested: ReadonlyMap<number, number>,
  items: readonly { orderItemId: number; quantity: number }[],
): void {
  const byLine = new Map(lines.map((l) => [l.id, l]));
  const asked = new Map<number, number>();
  for (const item of items) {
    if (!byLine.has(item.orderItemId))
      throw new AppError("VALIDATION", "That item is not part of this order", {
        items: "That item is not part of this order",
      });
    asked.set(item.orderItemId, (asked.get(item.orderItemId) ?? 0) + item.quantity);
  }
  for (const [orderItemId, quantity] of asked) {
    const line = byLine.get(orderItemId)!;
    const already = alreadyRequested.get(orderItemId) ?? 0;
    if (already + quantity <= line.quantity) continue;
    const message =
      already > 0
        ? alreadyAskedMessage(already, line.quantity)
        : `You ordered ${line.quantity} of ${line.name} (${line.color}, ${line.size})`;
    throw new AppError("CONFLICT", message, { items: message, [`items.${orderItemId}`]: message });
  }
}

// ---------------------------------------------------------------------------------------------
// Exchanges

/** An exchange's replacement variant as the request checks it. */
export type ExchangeChoice = {
  variantId: number;
  productId: string;
  color: string;
  size: string;
  stock: number;
  forSale: boolean;
};

/**
 * The new variant of an exchange must be another colour or size of the same product, on sale, with
 * the quantity in stock; the variant bought is refused. Throws the buyer's message.
 */
export function checkExchangeChoice(
  line: { variantId: number | null; productId: string | null; name: string },
  choice: ExchangeChoice | undefined,
  quantity: number,
): void {
  const fail = (message: string) => {
    throw new AppError("VALIDATION", message, { items: message });
  };
  if (!choice || !line.productId || choice.productId !== line.productId)
    return fail(`Please choose another size or colour of ${line.name}`);
  if (choice.variantId === line.variantId)
    return fail(`Please choose a different size or colour of ${line.name} than the one you have`);
  if (!choice.forSale) return fail(`${line.name} is no longer available for exchange`);
  if (choice.stock < quantity) {
    fail(
      choice.stock > 0
        ? `Only ${choice.stock} left of ${line.name} (${choice.color}, ${choice.size})`
        : `${line.name} (${choice.color}, ${choice.size}) is out of stock`,
    );
  }
}

/** One exchanged item as its money needs it: the old line's unit price, today's price of the new variant, what the units were paid. */
export type ExchangedUnits = { oldPrice: number; newPrice: number; quantity: number; paidValue: number };

export type ExchangeMoney = {
  /** The new items at today's price (the replacement order's subtotal). */
  newTotal: number;
  /** The original order's discount carried over onto the replacement (its discount_total). */
  discountCarried: number;
  /** What the old items' paid value pays of the replacement (its exchange_credit). */
  exchangeCredit: number;
  /** The replacement's cash to collect: only a real price rise, never the order's discount. */
  cashToCollect: number;
  /** The old items' paid value the replacement does not take: store credit once they are received. */
  storeCredit: number;
  /** newTotal less the old items' prices (not their paid value): what the owner reads as the price difference. */
  difference: number;
};

/**
 * The money of an exchange, compared like with like: each new item is priced at what the buyer
 * paid for the item it replaces (the line's price, sale included, less its share of the order's
 * discount), unless the new variant now costs more than the old line's price; then only that rise
 * is collected (new Rs 2,500 against old Rs 2,000 bought for Rs 1,800 with 10 % off: Rs 500, never
 * Rs 700). A cheaper new item keeps the order's discount in proportion (old Rs 2,000 paid Rs 1,800,
 * new Rs 1,500: priced Rs 1,350, Rs 450 store credit). Whole rupees, rounded for the buyer.
 */
export function exchangeMoney(items: readonly ExchangedUnits[]): ExchangeMoney {
  const money: ExchangeMoney = {
    newTotal: 0,
    discountCarried: 0,
    exchangeCredit: 0,
    cashToCollect: 0,
    storeCredit: 0,
    difference: 0,
  };
  for (const item of items) {
    const newValue = item.newPrice * item.quantity;
    const oldValue = item.oldPrice * item.quantity;
    const paid = Math.min(item.paidValue, oldValue);
    money.newTotal += newValue;
    money.difference += newValue - oldValue;
    if (newValue >= oldValue) {
      // The old price is met by what was paid plus the discount it had; the rise is collected.
      money.discountCarried += oldValue - paid;
      money.exchangeCredit += paid;
      money.cashToCollect += newValue - oldValue;
    } else {
      // The new item at the old item's paid rate: the rest of what was paid is the buyer's.
      const priced = oldValue > 0 ? Math.floor((paid * newValue) / oldValue) : 0;
      money.discountCarried += newValue - priced;
      money.exchangeCredit += priced;
      money.storeCredit += paid - priced;
    }
  }
  return money;
}

// ---------------------------------------------------------------------------------------------
// Refunds

/** Cash was taken for the order: delivered and collected, or the courier has paid it to the shop. */
export function orderWasPaid(paymentStatus: PaymentStatus): boolean {
  return paymentStatus === "collected" || paymentStatus === "settled" || paymentStatus === "refunded";
}

export const NOTHING_PAID_MESSAGE = "Nothing was paid for this order, so there is nothing to refund";

export function refundCeilingMessage(left: number): string {
  return `At most ${formatPrice(left)} can be refunded for this return`;
}

export type RefundRoom = {
  /** The paid value of the request's return-kind items: no refund may go past it. */
  ceiling: number;
  /** What refunds already gave back. */
  refunded: number;
  /** What may still be refunded: 0 when the order was never paid. */
  left: number;
  paid: boolean;
};

export function refundRoom(ceiling: number, refunded: number, paymentStatus: PaymentStatus): RefundRoom {
  const paid = orderWasPaid(paymentStatus);
  return { ceiling, refunded, left: paid ? Math.max(0, ceiling - refunded) : 0, paid };
}

/** Refuses a refund the order never paid for, or one above what is left; `amount` is whole rupees above zero. */
export function checkRefundAmount(amount: number, room: RefundRoom): void {
  if (!Number.isInteger(amount) || amount <= 0)
    throw new AppError("VALIDATION", "Please enter a whole number of rupees above 0", {
      amount: "Please enter a whole number of rupees above 0",
    });
  if (!room.paid) throw new AppError("CONFLICT", NOTHING_PAID_MESSAGE, { amount: NOTHING_PAID_MESSAGE });
  if (amount > room.left)
    throw new AppError("CONFLICT", refundCeilingMessage(room.left), { amount: refundCeilingMessage(room.left) });
}

/**
 * A received request is done (closed) when nothing is left to refund and its replacement, if it
 * has one, is delivered (or no longer on its way: cancelled or returned at the door).
 */
export function returnIsDone(leftToRefund: number, replacementStatus: OrderStatus | null): boolean {
  if (leftToRefund > 0) return false;
  return (
    replacementStatus === null ||
    replacementStatus === "delivered" ||
    replacementStatus === "cancelled" ||
    replacementStatus === "returned"
  );
}

// ---------------------------------------------------------------------------------------------
// Words

/** "1 exchange, 2 returns": the kinds of a request's items, by quantity. */
export function kindSummary(items: readonly { kind: ReturnItemKind; quantity: number }[]): string {
  const count = (kind: ReturnItemKind) => items.filter((i) => i.kind === kind).reduce((n, i) => n + i.quantity, 0);
  const exchanges = count("exchange");
  const returns = count("return");
  return [
    exchanges && `${exchanges} ${exchanges === 1 ? "exchange" : "exchanges"}`,
    returns && `${returns} ${returns === 1 ? "return" : "returns"}`,
  ]
    .filter(Boolean)
    .join(", ");
}

/** "2 resellable (back in stock), 1 damaged": what came back, for the request's history. */
export function receivedNote(resellable: number, damaged: number, notRestocked = 0): string {
  const parts = [];
  if (resellable > 0)
    parts.push(
      `${resellable} resellable (back in stock${notRestocked > 0 ? `, except ${notRestocked} whose variant no longer exists` : ""})`,
    );
  if (damaged > 0) parts.push(`${damaged} damaged (not restocked)`);
  return parts.join(", ");
}

/** "Rs 1,299 by JazzCash, reference 0123" / "Rs 1,299 as store credit": a refund's line in the history and e-mails. */
export function refundNote(method: RefundMethod, amount: number, reference: string | null): string {
  if (method === "store_credit") return `${formatPrice(amount)} added to store credit`;
  return `${formatPrice(amount)} refunded by ${REFUND_METHOD_LABELS[method]}${reference ? `, reference ${reference}` : ""}`;
}

/** Where the owner handles a request (the Returns page of the dashboard). */
export function ownerReturnPath(returnId: string): string {
  return `/seller/returns/${returnId}`;
}
