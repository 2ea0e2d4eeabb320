import type { Tx } from "~/db/client.server";
import { liveNotice } from "~/db/live-events.server";
import { notify } from "~/db/notify.server";
import { MAIL_WAKE } from "~/modules/messages/outbox.server";
import { getSettings } from "~/modules/settings/reads";
import { AppError, errorChain } from "~/lib/errors";
import { normalizePakistaniMobile, PHONE_MESSAGE } from "~/lib/phone";
import { refuseOverOpenOrderLimits } from "~/modules/abuse/open-order-limits.server";
import { refuseOverLaunchLimits } from "~/modules/launches/buyer-limits.server";
import { lockCart, listCartLines, removeOrderedCartLines } from "~/modules/cart/cart-lines.server";
import { resolveVariant } from "~/modules/cart/cart-mutations.server";
import { cartTotals } from "~/modules/cart/cart-totals";
import { takeStock } from "~/modules/catalog/variant-stock.server";
import type { ShippingDetails } from "~/modules/checkout/checkout-schema";
import { estimateDelivery } from "~/modules/checkout/delivery-estimate";
import { cartVersionOf, orderFingerprint } from "~/modules/checkout/order-fingerprint";
import {
  CART_CHANGED_MESSAGE,
  checkRequestedItems,
  EMPTY_CART_MESSAGE,
  KEY_REUSED_MESSAGE,
  mergeByVariant,
  normalizeIdempotencyKey,
  notForSale,
  PricesChanged,
  smallestImageKey,
  type OrderItemRequest,
  type OrderLine,
} from "~/modules/checkout/order-request";
import { queuePlacedOrderEmails } from "~/modules/messages/order-emails.server";
import { refuseCodRisk } from "~/modules/orders/cod-risk";
import type { MetaBrowserDetails, OrderSourceDetails } from "~/modules/orders/reads";
import type { OrderSource } from "~/modules/orders/order-source";
import { advanceFacts } from "~/modules/payments/advance-facts.server";
import type { PaymentGatewayName } from "~/modules/payments/payment-gateway";
import { advanceFor, codFeeFor } from "~/modules/payments/payment-rules";
import { offeredGatewayNames, readPaymentRules } from "~/modules/payments/payment-settings.server";
import {
  createOrder,
  findOrderByKey,
  sameRequestOrRefuse,
  type EnteredBy,
  type PlaceOrderResult,
} from "~/modules/orders/create-order.server";
import { placeWithDiscountCode } from "~/modules/promotions/code-attempts.server";
import { normalizeDiscountCode } from "~/modules/promotions/discount-rules";
import {
  DiscountChanged,
  judgeOrderCode,
  useOrderCode,
  type DiscountRequest,
} from "~/modules/promotions/redeem-discount-code.server";
import { storeCreditBalance } from "~/modules/store-credit/read-store-credit.server";
import { spendStoreCredit } from "~/modules/store-credit/spend-store-credit.server";
import { STORE_CREDIT_CHANGED_MESSAGE, storeCreditToUse } from "~/modules/store-credit/store-credit-rules";
import type { FlowContext } from "./flow-context";
import { queueWhatsappConfirmation } from "./whatsapp-order-notices.server";

export type { EnteredBy, OrderItemRequest, PlaceOrderResult };

/**
 * Where a buyer's checkout came from (issue 44; app/http/order-visit.server.ts reads it): the first
 * visit's source, its campaign and record, and the browser's ids for Meta's Conversions API.
 */
export type OrderVisit = {
  source: OrderSource;
  sourceCampaign: string | null;
  sourceDetails: OrderSourceDetails | null;
  metaBrowser: MetaBrowserDetails | null;
};

export type PlaceOrderInput = {
  /** The buyer's account; null for an order the owner enters for a customer (see `enteredBy`). */
  userId: string | null;
  /** Leave out (or empty) to order the buyer's cart; given, the cart is left as it is (Buy Now). */
  items?: OrderItemRequest[];
  shipping: ShippingDetails;
  /** The same key from the same buyer always means the same order (double-click, retried request). */
  idempotencyKey?: string | null;
  /**
   * The version of the cart the buyer saw at checkout (`cartVersionOf`). Given, an order of the cart
   * is refused when the cart has changed since, rather than ordering what the buyer did not see.
   */
  cartVersion?: string | null;
  /** Set when the owner enters the order; the idempotency key is then the owner's. */
  enteredBy?: EnteredBy;
  /** A discount code as typed; any case. Blank means none. */
  discountCode?: string | null;
  /**
   * The address the request came from (the checkout page and POST /api/orders give it): a discount
   * code tried from there counts against the abuse limits of code guessing (modules/abuse).
   */
  requestAddress?: string;
  /**
   * Pay with the buyer's store credit before cash on delivery (the checkout's "Use my store
   * credit"; `useStoreCredit: true` on POST /api/orders). The order is refused, and nothing
   * changes, when there is no credit left to use: another order spent it meanwhile.
   */
  useStoreCredit?: boolean;
  /**
   * The balance the checkout page showed. Given, an order using credit is refused when the balance
   * is no longer that, rather than asking for more (or less) cash than the buyer was shown.
   */
  storeCreditSeen?: number | null;
  /**
   * The buyer's "Don't confirm on WhatsApp (the shop will call instead)" at checkout
   * (`whatsappOptOut: true` on POST /api/orders): no WhatsApp message is ever sent for this order.
   */
  whatsappOptOut?: boolean;
  /**
   * The total the buyer was shown: the cash to collect after the discount and the store credit
   * (checkout's Total; `expectedTotal` on POST /api/orders). Given and not the total worked out now
   * from the database's prices, sales and shipping fee, the order is refused (`PricesChanged`, with
   * the total now) and nothing changes.
   */
  expectedTotal?: number | null;
  /** The total shown did not count a code typed since: a lower total is placed (never more than shown), only a higher one refused. */
  lowerTotalAccepted?: boolean;
  /**
   * Cash on delivery (the default) or paid online in whole before it ships (`paymentMethod:
   * "online"` on POST /api/orders). Online, and a COD order the shop asks an advance of, need the
   * gateway the buyer pays with (`gateway`): the order waits for its payment (awaiting payment).
   */
  paymentMethod?: "cod" | "online";
  gateway?: PaymentGatewayName | null;
  /** The buyer's visit (the checkout page and POST /api/orders give it); an order the owner enters keeps none. */
  visit?: OrderVisit | null;
};

export const CHOOSE_GATEWAY = "Choose how to pay online.";
export const GATEWAY_NOT_OFFERED_AT_CHECKOUT = "That way to pay online is not offered: choose another.";
export const advanceMessage = (amount: number, reasons: string[]) =>
  `This order asks an advance of Rs ${amount.toLocaleString("en-PK")} paid online now (${reasons.join("; ")}); the rest is paid in cash on delivery. Choose how to pay the advance.`;

// A transaction that lost a race on the order number (or a deadlock) is simply run again.
const MAX_ATTEMPTS = 5;

/**
 * Places a cash-on-delivery order in one transaction: prices, shipping and totals come from the
 * database, stock is taken with guarded updates (two buyers can never get the same last item), and
 * anything that fails rolls the whole order back. Idempotent per buyer and `idempotencyKey`. The
 * checkout page and POST /api/orders both come here, so their rules and limits are the same.
 */
export async function placeOrder(ctx: FlowContext, input: PlaceOrderInput): Promise<PlaceOrderResult> {
  const place = () => placeOrderAttempts(ctx, input);
  if (input.requestAddress === undefined) return place();
  return placeWithDiscountCode(
    ctx.db,
    { address: input.requestAddress, userId: input.userId },
    input.discountCode ?? null,
    place,
    ctx.now,
  );
}

type OrderToPlace = {
  userId: string | null;
  items: OrderItemRequest[];
  shipping: ShippingDetails;
  key: string | null;
  fingerprint: string | null;
  cartVersion: string | null;
  now: Date;
  enteredBy: EnteredBy | null;
  discountCode: string | null;
  useStoreCredit: boolean;
  storeCreditSeen: number | null;
  whatsappOptOut: boolean;
  expectedTotal: number | null;
  lowerTotalAccepted: boolean;
  paymentMethod: "cod" | "online";
  gateway: PaymentGatewayName | null;
  visit: OrderVisit | null;
};

async function placeOrderAttempts(
  { db, now: fixedNow }: FlowContext,
  input: PlaceOrderInput,
): Promise<PlaceOrderResult> {
  const key = normalizeIdempotencyKey(input.idempotencyKey);
  const phone = normalizePakistaniMobile(input.shipping.phone);
  if (!phone) throw new AppError("VALIDATION", PHONE_MESSAGE, { phone: PHONE_MESSAGE });
  const items = input.items ?? [];
  checkRequestedItems(items);
  if (!input.userId && (!input.enteredBy || items.length === 0))
    throw new AppError("VALIDATION", EMPTY_CART_MESSAGE, { items: EMPTY_CART_MESSAGE });
  const shipping = { ...input.shipping, phone };
  const now = fixedNow ?? new Date();
  const cartVersion = input.cartVersion || null;
  // The key names one request: the same key with other items, cart or address is refused (422).
  const discountCode = normalizeDiscountCode(input.discountCode);
  // Store credit is the buyer's own: an order the owner enters for a customer never spends it.
  const useStoreCredit = Boolean(input.useStoreCredit) && input.userId !== null && !input.enteredBy;
  const paymentMethod = input.paymentMethod === "online" ? "online" : "cod";
  const gateway = input.gateway ?? null;
  // The owner's phone orders are cash on delivery: nobody is at a browser to pay.
  if (paymentMethod === "online" && input.enteredBy)
    throw new AppError("VALIDATION", "An order the shop enters is cash on delivery", {
      paymentMethod: "An order the shop enters is cash on delivery",
    });
  const payOnline = gateway ? `${paymentMethod === "online" ? "online" : "advance"}:${gateway}` : null;
  const fingerprint = key
    ? orderFingerprint({ items, shipping, cartVersion, discountCode, useStoreCredit, payOnline })
    : null;
  const order: OrderToPlace = {
    userId: input.userId,
    items,
    shipping,
    key,
    fingerprint,
    cartVersion,
    now,
    enteredBy: input.enteredBy ?? null,
    discountCode,
    useStoreCredit,
    storeCreditSeen: input.storeCreditSeen ?? null,
    whatsappOptOut: input.whatsappOptOut === true,
    expectedTotal: input.expectedTotal ?? null,
    lowerTotalAccepted: input.lowerTotalAccepted === true,
    paymentMethod,
    gateway,
    visit: input.enteredBy ? null : (input.visit ?? null),
  };

  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction((tx) => placeOrderOnce(tx, order));
    } catch (error) {
      // A twin request with the same key may have committed while this one ran (it hit the unique
      // index, or found the last item already taken by the twin): the twin's order is the answer.
      if (key) {
        const existing = await findOrderByKey(db, order, key);
        if (existing) return sameRequestOrRefuse(existing, order.fingerprint, KEY_REUSED_MESSAGE);
      }
      if (attempt < MAX_ATTEMPTS && isRetryable(error)) continue;
      throw error;
    }
  }
}

async function placeOrderOnce(tx: Tx, input: OrderToPlace): Promise<PlaceOrderResult> {
  const { userId, shipping, key, now, enteredBy } = input;
  if (key) {
    const existing = await findOrderByKey(tx, input, key);
    if (existing) return sameRequestOrRefuse(existing, input.fingerprint, KEY_REUSED_MESSAGE);
  }

  const fromCart = input.items.length === 0 && userId !== null;
  const lines = mergeByVariant(
    fromCart ? await linesFromCart(tx, userId, input.cartVersion, now) : await linesFromItems(tx, input.items, now),
  );
  if (lines.length === 0) throw new AppError("VALIDATION", EMPTY_CART_MESSAGE, { items: EMPTY_CART_MESSAGE });

  const settings = await getSettings(tx);
  await refuseOverOpenOrderLimits(tx, { userId, phone: shipping.phone, lines, enteredBy });
  // Under the account's and the phone's locks just taken: a buyer's two orders racing are counted in turn.
  if (!enteredBy) await refuseOverLaunchLimits(tx, { userId, phone: shipping.phone, lines, now });
  // The code is judged here without a lock and used at the end under its row's lock (useOrderCode).
  const codeRequest: DiscountRequest | null = input.discountCode
    ? { code: input.discountCode, lines, userId, phone: shipping.phone, now }
    : null;
  const discount = codeRequest ? await judgeOrderCode(tx, codeRequest) : null;
  const totals = cartTotals(lines, settings, discount?.amount ?? 0);
  // Credit pays first; the COD limit and the blocked phones are about the cash left to collect.
  const storeCreditUsed =
    input.useStoreCredit && userId ? await creditToUse(tx, userId, totals.total, input.storeCreditSeen) : 0;
  const payment = await paymentTerms(tx, input, {
    due: totals.total - storeCreditUsed,
    shippingFee: totals.shippingFee,
    city: shipping.city,
    phone: shipping.phone,
    now,
  });
  const cashDue = payment.total;
  // Read in this transaction, so the order is placed at exactly the total the buyer was shown (or less, for a code typed since), or not at all.
  const shown = input.expectedTotal;
  if (shown !== null && (input.lowerTotalAccepted ? cashDue > shown : cashDue !== shown))
    throw new PricesChanged({ ...totals, discountCode: discount?.code ?? null, storeCreditUsed, total: cashDue });
  // The COD limit and the blocked phones are about cash at the door: an order paid online in whole has none.
  if (input.paymentMethod === "cod") refuseCodRisk(settings, shipping.phone, cashDue - payment.advanceDue);

  const delivery = estimateDelivery(shipping.city, now, settings);
  const { id: orderId, orderNumber } = await createOrder(
    tx,
    {
      userId,
      status: payment.awaitingPayment ? "awaiting_payment" : "pending",
      paymentStatus: "unpaid",
      paymentMethod: input.paymentMethod,
      codFee: payment.codFee,
      advanceDue: payment.advanceDue,
      paymentDueBy: payment.dueBy,
      channel: enteredBy?.channel ?? "web",
      placedBy: enteredBy?.actor.id ?? null,
      subtotal: totals.subtotal,
      discountCode: discount?.code ?? null,
      discountTotal: totals.discountTotal,
      shippingFee: totals.shippingFee,
      storeCreditUsed,
      total: cashDue,
      fullName: shipping.fullName,
      email: shipping.email,
      phone: shipping.phone,
      address: shipping.address,
      city: shipping.city,
      postalCode: shipping.postalCode,
      country: shipping.country,
      deliveryFrom: delivery.from,
      deliveryTo: delivery.to,
      idempotencyKey: key,
      idempotencyFingerprint: input.fingerprint,
      whatsappOptOut: input.whatsappOptOut,
      source: input.visit?.source ?? null,
      sourceCampaign: input.visit?.sourceCampaign ?? null,
      sourceDetails: input.visit?.sourceDetails ?? null,
      metaBrowser: input.visit?.metaBrowser ?? null,
      createdAt: now,
      updatedAt: now,
    },
    lines.map(({ productId, variantId, name, color, size, price, quantity, imageKey }) => ({
      productId,
      variantId,
      name,
      color,
      size,
      price,
      quantity,
      imageKey,
    })),
    { actor: { id: userId, name: "Customer" }, enteredBy, at: now },
  );

  // An order that waits for its online payment is told of (e-mails) when it is paid, and needs no
  // COD confirmation on WhatsApp: paying is the confirmation.
  if (!payment.awaitingPayment)
    await queuePlacedOrderEmails(
      tx,
      {
        id: orderId,
        orderNumber,
        userId,
        customerName: shipping.fullName,
        email: shipping.email,
        phone: shipping.phone,
        address: shipping.address,
        city: shipping.city,
        items: lines.map(({ name, color, size, quantity, price }) => ({ name, color, size, quantity, price })),
        subtotal: totals.subtotal,
        shippingFee: totals.shippingFee,
        discountCode: discount?.code ?? null,
        discountTotal: totals.discountTotal,
        storeCreditUsed,
        total: cashDue,
        deliveryFrom: delivery.from,
        deliveryTo: delivery.to,
      },
      settings,
    );

  // The COD confirmation on WhatsApp (Confirm / Cancel), queued with the order: it exists exactly
  // when the order does. Not when WhatsApp is not set up or the buyer opted out (the shop calls).
  if (!payment.awaitingPayment)
    await queueWhatsappConfirmation(
      tx,
      {
        id: orderId,
        orderNumber,
        customerName: shipping.fullName,
        phone: shipping.phone,
        address: shipping.address,
        city: shipping.city,
        total: cashDue,
        optOut: input.whatsappOptOut,
      },
      now,
    );

  if (fromCart)
    await removeOrderedCartLines(
      tx,
      userId,
      lines.flatMap((l) => l.cartLineIds),
    );
  // The buyer's other tabs, the owner's dashboard and the mail workers hear of it on commit.
  await notify(tx, [
    ...(fromCart ? [liveNotice({ topic: "cart", userId })] : []),
    liveNotice({ topic: "orders", userId }),
    MAIL_WAKE,
  ]);

  // Stock, the code's uses and the credit last: their rows stay locked only from here to the commit,
  // so orders for the same item (a drop's hot size) queue for a moment, not for the whole order.
  // Variants first, then the code's row, then the buyer's credit: the same lock order as a cancel.
  await takeStock(tx, lines);
  if (discount && codeRequest) await useOrderCode(tx, discount, codeRequest, orderId);
  // One guarded update: a twin order that spent the credit first leaves too little, and this one is refused.
  if (storeCreditUsed > 0 && userId) await spendStoreCredit(tx, { userId, amount: storeCreditUsed, orderId });
  return { orderId, orderNumber, created: true, storeCreditUsed, awaitingPayment: payment.awaitingPayment };
}

type PaymentTerms = {
  /** What the order's total is: the goods and delivery after credit, plus the COD fee when it is COD. */
  total: number;
  codFee: number;
  advanceDue: number;
  awaitingPayment: boolean;
  dueBy: Date | null;
};

/**
 * How the order is paid, by the shop's rules (Settings -> Payments): online in whole with an
 * offered gateway; or cash on delivery with the COD fee (unless waived above an amount) and, for
 * a risky order, an advance paid online first, which needs an offered gateway to pay it with (no
 * gateway offered: no advance is asked). Either way online, the order waits for its payment for
 * the settable hold time, its stock held.
 */
async function paymentTerms(
  tx: Tx,
  input: OrderToPlace,
  order: { due: number; shippingFee: number; city: string; phone: string; now: Date },
): Promise<PaymentTerms> {
  const rules = await readPaymentRules(tx);
  // A COD order of a shop that asks no advance never needs the gateways: one query less per order.
  const offered = input.paymentMethod === "online" || rules.advanceKind !== "none" ? await offeredGatewayNames(tx) : [];
  const dueBy = new Date(order.now.getTime() + rules.holdMinutes * 60_000);
  const gatewayChosen = () => {
    if (!input.gateway) throw new AppError("VALIDATION", CHOOSE_GATEWAY, { gateway: CHOOSE_GATEWAY });
    if (!offered.includes(input.gateway))
      throw new AppError("VALIDATION", GATEWAY_NOT_OFFERED_AT_CHECKOUT, { gateway: GATEWAY_NOT_OFFERED_AT_CHECKOUT });
  };
  if (input.paymentMethod === "online") {
    gatewayChosen();
    if (order.due <= 0) return { total: order.due, codFee: 0, advanceDue: 0, awaitingPayment: false, dueBy: null };
    return { total: order.due, codFee: 0, advanceDue: 0, awaitingPayment: true, dueBy };
  }
  const codFee = order.due > 0 ? codFeeFor(rules, order.due) : 0;
  const total = order.due + codFee;
  // The owner's own phone orders are not asked an advance: they know the buyer on the line.
  if (offered.length === 0 || input.enteredBy || rules.advanceKind === "none")
    return { total, codFee, advanceDue: 0, awaitingPayment: false, dueBy: null };
  const advance = advanceFor(rules, {
    total,
    shippingFee: order.shippingFee,
    city: order.city,
    ...(await advanceFacts(tx, order.phone)),
  });
  if (advance.amount === 0) return { total, codFee, advanceDue: 0, awaitingPayment: false, dueBy: null };
  if (!input.gateway || !offered.includes(input.gateway)) {
    const message = advanceMessage(advance.amount, advance.reasons);
    throw new AppError(
      "VALIDATION",
      message,
      { gateway: message },
      { advance: advance.amount, reasons: advance.reasons },
    );
  }
  return { total, codFee, advanceDue: advance.amount, awaitingPayment: true, dueBy };
}

/**
 * What the buyer's store credit pays of `due`, read without a lock (the spend's guarded update is
 * the check that counts). Asked for and none left, or not the balance the page showed: refused.
 */
async function creditToUse(tx: Tx, userId: string, due: number, seen: number | null): Promise<number> {
  const balance = await storeCreditBalance(tx, userId);
  if (balance === 0 || (seen !== null && seen !== balance)) {
    throw new AppError("CONFLICT", STORE_CREDIT_CHANGED_MESSAGE, { storeCredit: STORE_CREDIT_CHANGED_MESSAGE });
  }
  return storeCreditToUse(balance, due);
}

/** The buyer's cart, locked until the order commits; refused when it is not the cart the buyer saw. */
async function linesFromCart(tx: Tx, userId: string, cartVersion: string | null, now: Date): Promise<OrderLine[]> {
  await lockCart(tx, userId);
  const cart = await listCartLines(tx, userId, now);
  if (cartVersion && cart.length > 0 && cartVersionOf(cart) !== cartVersion)
    throw new AppError("CONFLICT", CART_CHANGED_MESSAGE, { items: CART_CHANGED_MESSAGE });
  return cart.map((line) => {
    const refused = notForSale(line.name, line.status);
    if (refused) throw refused;
    return {
      productId: line.productId,
      categorySlug: line.categorySlug,
      onSale: line.onSale,
      variantId: line.variantId,
      name: line.name,
      color: line.color,
      size: line.size,
      price: line.price,
      quantity: line.quantity,
      imageKey: smallestImageKey(line.image),
      cartLineIds: [line.id],
    };
  });
}

async function linesFromItems(tx: Tx, items: OrderItemRequest[], now: Date): Promise<OrderLine[]> {
  const lines: OrderLine[] = [];
  for (const item of items) {
    // Throws for unknown, draft and coming-soon products; the price is today's, from the database.
    const variant = await resolveVariant(
      tx,
      { productId: item.productId, color: item.color || undefined, size: item.size || undefined },
      now,
    );
    lines.push({
      productId: variant.productId,
      categorySlug: variant.categorySlug,
      onSale: variant.onSale,
      variantId: variant.variantId,
      name: variant.name,
      color: variant.color,
      size: variant.size,
      price: variant.price,
      quantity: item.quantity,
      imageKey: variant.imageKey,
      cartLineIds: [],
    });
  }
  return lines;
}

/** The Postgres error behind Drizzle's wrapper (`cause`), from either driver. */
function postgresError(error: unknown): { code: string; constraint?: string } | null {
  for (const { code, constraint } of errorChain(error)) {
    if (code && /^[0-9A-Z]{5}$/.test(code)) return { code, constraint };
  }
  return null;
}

/** Worth running the whole transaction again: an order number taken meanwhile, a deadlock or a serialization failure. */
function isRetryable(error: unknown): boolean {
  if (error instanceof DiscountChanged) return true;
  const pg = postgresError(error);
  if (!pg) return false;
  if (pg.code === "40P01" || pg.code === "40001") return true;
  return pg.code === "23505" && (pg.constraint === undefined || pg.constraint.includes("order_number"));
}
