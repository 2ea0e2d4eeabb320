import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Db, DbOrTx, Tx } from "~/db/client.server";
import { notify } from "~/db/notify.server";
import { cartItems, orderItems, orders, productVariants, type OrderChannel } from "~/db/schema";
import { AppError, errorChain } from "~/lib/errors";
import { normalizePakistaniMobile, PHONE_MESSAGE } from "~/lib/phone";
import { listCartLines } from "~/modules/cart/cart-lines.server";
import { resolveVariant } from "~/modules/cart/cart-mutations.server";
import { cartTotals } from "~/modules/cart/cart-totals";
import { MAX_LINE_QUANTITY, MAX_ORDER_ITEMS, ORDER_ITEMS_MESSAGE } from "~/modules/cart/order-limits";
import { notForSaleMessage } from "~/modules/catalog/product-availability";
import type { ProductImageData } from "~/modules/catalog/product-card";
import { liveNotice } from "~/db/live-events.server";
import { refuseOverOpenOrderLimits } from "~/modules/abuse/open-order-limits.server";
import { BLOCKED_PHONE_MESSAGE, codLimitMessage, codRiskFlags } from "~/modules/orders/cod-risk";
import { generateOrderNumber } from "~/modules/orders/order-number";
import { queuePlacedOrderEmails } from "~/modules/messages/order-emails.server";
import { MAIL_WAKE } from "~/db/outbox.server";
import { recordStatusChange, type OrderActor } from "~/modules/orders/record-status-change.server";
import { normalizeDiscountCode } from "~/modules/promotions/discount-rules";
import { previewDiscountCode, recordRedemption, redeemDiscountCode, type DiscountRequest } from "~/modules/promotions/redeem-discount-code.server";
import { getSettings } from "~/db/shop-settings.server";
import type { ShippingDetails } from "./checkout-schema";
import { estimateDelivery } from "./delivery-estimate";
import { cartVersionOf, orderFingerprint } from "./order-fingerprint";

/** One item of a Buy Now or API order. Only these fields are read: a price or total sent along is ignored. */
export type OrderItemRequest = { productId: string; color?: string; size?: string; quantity: number };

/** An order the owner enters for a customer who called, wrote on WhatsApp or messaged on Instagram. */
export type EnteredBy = { actor: OrderActor & { id: string }; channel: Exclude<OrderChannel, "web"> };

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
  now?: Date;
};

export type PlaceOrderResult = { orderId: string; orderNumber: string; created: boolean };

// A transaction that lost a race on the order number (or a deadlock) is simply run again.
const MAX_ATTEMPTS = 5;
const IDEMPOTENCY_KEY_MAX = 200;

const EMPTY_CART_MESSAGE = "Your cart is empty";
export const CART_CHANGED_MESSAGE = "Your cart changed while you were checking out. Please check your items and place the order again.";
export const KEY_REUSED_MESSAGE = "This Idempotency-Key was already used for a different order";

/** A line to order, priced and named from the database. `cartLineIds` are the cart rows it came from. */
type OrderLine = {
  productId: string;
  categorySlug: string;
  /** Priced by a running scheduled sale. */
  onSale: boolean;
  variantId: number;
  name: string;
  color: string;
  size: string;
  price: number;
  quantity: number;
  imageKey: string | null;
  cartLineIds: string[];
};

/**
 * Places a cash-on-delivery order in one transaction: prices, shipping and totals come from the
 * database, stock is taken with guarded updates (two buyers can never get the same last item), and
 * anything that fails rolls the whole order back. Idempotent per buyer and `idempotencyKey`.
 */
export async function placeOrder(db: Db, input: PlaceOrderInput): Promise<PlaceOrderResult> {
  const key = normalizeIdempotencyKey(input.idempotencyKey);
  const phone = normalizePakistaniMobile(input.shipping.phone);
  if (!phone) throw new AppError("VALIDATION", PHONE_MESSAGE, { phone: PHONE_MESSAGE });
  const items = input.items ?? [];
  checkRequestedItems(items);
  if (!input.userId && (!input.enteredBy || items.length === 0)) throw new AppError("VALIDATION", EMPTY_CART_MESSAGE, { items: EMPTY_CART_MESSAGE });
  const shipping = { ...input.shipping, phone };
  const now = input.now ?? new Date();
  const cartVersion = input.cartVersion || null;
  // The key names one request: the same key with other items, cart or address is refused (422).
  const discountCode = normalizeDiscountCode(input.discountCode);
  const fingerprint = key ? orderFingerprint({ items, shipping, cartVersion, discountCode }) : null;
  const order: OrderToPlace = { userId: input.userId, items, shipping, key, fingerprint, cartVersion, now, enteredBy: input.enteredBy ?? null, discountCode };

  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction((tx) => placeOrderOnce(tx, order));
    } catch (error) {
      // A twin request with the same key may have committed while this one ran (it hit the unique
      // index, or found the last item already taken by the twin): the twin's order is the answer.
      if (key) {
        const existing = await findOrderByKey(db, order, key);
        if (existing) return sameRequestOrRefuse(existing, order);
      }
      if (attempt < MAX_ATTEMPTS && isRetryable(error)) continue;
      throw error;
    }
  }
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
};

async function placeOrderOnce(tx: Tx, input: OrderToPlace): Promise<PlaceOrderResult> {
  const { userId, shipping, key, now, enteredBy } = input;
  if (key) {
    const existing = await findOrderByKey(tx, input, key);
    if (existing) return sameRequestOrRefuse(existing, input);
  }

  const fromCart = input.items.length === 0 && userId !== null;
  const lines = mergeByVariant(fromCart ? await linesFromCart(tx, userId, input.cartVersion, now) : await linesFromItems(tx, input.items, now));
  if (lines.length === 0) throw new AppError("VALIDATION", EMPTY_CART_MESSAGE, { items: EMPTY_CART_MESSAGE });

  const settings = await getSettings(tx);
  refuseCodRisk(settings, shipping.phone, cartTotals(lines, settings).total);
  await refuseOverOpenOrderLimits(tx, { userId, phone: shipping.phone, lines, enteredBy });
  // The code is judged here without a lock and used at the end under its row's lock (useCode).
  const discount = input.discountCode ? await judgeCode(tx, { code: input.discountCode, lines, userId, phone: shipping.phone, now }) : null;
  const totals = cartTotals(lines, settings, discount?.amount ?? 0);

  const delivery = estimateDelivery(shipping.city, now);
  const { id: orderId, orderNumber } = await insertOrder(tx, {
    userId,
    status: "pending",
    paymentStatus: "unpaid",
    paymentMethod: "cod",
    channel: enteredBy?.channel ?? "web",
    placedBy: enteredBy?.actor.id ?? null,
    subtotal: totals.subtotal,
    discountCode: discount?.code ?? null,
    discountTotal: totals.discountTotal,
    shippingFee: totals.shippingFee,
    total: totals.total,
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
    createdAt: now,
    updatedAt: now,
  });
  await tx.insert(orderItems).values(
    lines.map((line) => ({
      orderId,
      productId: line.productId,
      variantId: line.variantId,
      name: line.name,
      color: line.color,
      size: line.size,
      price: line.price,
      quantity: line.quantity,
      imageKey: line.imageKey,
    })),
  );

  await recordStatusChange(tx, {
    orderId, from: null, to: "pending", at: now,
    actor: enteredBy?.actor ?? { id: userId, name: "Customer" },
    note: enteredBy ? `${CHANNEL_NOTE[enteredBy.channel]} entered by the shop` : null,
  });
  await queuePlacedOrderEmails(tx, {
    id: orderId, orderNumber, userId, customerName: shipping.fullName, email: shipping.email, phone: shipping.phone, address: shipping.address,
    city: shipping.city, items: lines.map(({ name, color, size, quantity, price }) => ({ name, color, size, quantity, price })),
    subtotal: totals.subtotal, shippingFee: totals.shippingFee, discountCode: discount?.code ?? null, discountTotal: totals.discountTotal,
    total: totals.total, deliveryFrom: delivery.from, deliveryTo: delivery.to,
  }, settings);

  if (fromCart) await removeOrderedCartLines(tx, userId, lines);
  // The buyer's other tabs, the owner's dashboard and the mail workers hear of it on commit.
  await notify(tx, [...(fromCart ? [liveNotice({ topic: "cart", userId })] : []), liveNotice({ topic: "orders", userId }), MAIL_WAKE]);

  // Stock and the code's uses last: their rows stay locked only from here to the commit, so orders
  // for the same item (a drop's hot size) queue for a moment, not for the whole order. Variants
  // first, then the code's row: the same lock order as a cancel.
  await takeStock(tx, lines);
  if (discount) await useCode(tx, discount, { code: input.discountCode!, lines, userId, phone: shipping.phone, now }, orderId);
  return { orderId, orderNumber, created: true };
}

const CHANNEL_NOTE: Record<EnteredBy["channel"], string> = { phone: "Phone order", whatsapp: "WhatsApp order", instagram: "Instagram order" };

/** PRODUCT.md's COD risk controls: blocked phone numbers and the largest order taken on cash on delivery. */
function refuseCodRisk(settings: Parameters<typeof codRiskFlags>[0], phone: string, total: number): void {
  for (const flag of codRiskFlags(settings, { phone, total })) {
    if (flag.kind === "blocked-phone") throw new AppError("FORBIDDEN", BLOCKED_PHONE_MESSAGE, { phone: BLOCKED_PHONE_MESSAGE });
    const message = codLimitMessage(settings.maxCodOrderValue ?? 0);
    throw new AppError("CONFLICT", message, { items: message });
  }
}

function normalizeIdempotencyKey(key: string | null | undefined): string | null {
  if (typeof key !== "string") return null;
  const trimmed = key.trim();
  if (!trimmed) return null;
  if (trimmed.length > IDEMPOTENCY_KEY_MAX) throw new AppError("VALIDATION", "Idempotency key is too long");
  return trimmed;
}

/** The request shape is checked here too: the API may call this without the form's schema. */
function checkRequestedItems(items: OrderItemRequest[]): void {
  if (!Array.isArray(items)) throw new AppError("VALIDATION", "Items must be a list");
  if (items.length > MAX_ORDER_ITEMS) throw new AppError("VALIDATION", ORDER_ITEMS_MESSAGE);
  for (const item of items) {
    if (!item || typeof item.productId !== "string" || !item.productId) throw new AppError("VALIDATION", "Product is required");
    for (const field of [item.color, item.size]) {
      if (field !== undefined && field !== null && typeof field !== "string") throw new AppError("VALIDATION", "Please select color and size");
    }
    if (!Number.isInteger(item.quantity) || item.quantity < 1 || item.quantity > MAX_LINE_QUANTITY) {
      const message = `Quantity must be a whole number from 1 to ${MAX_LINE_QUANTITY}`;
      throw new AppError("VALIDATION", message, { quantity: message });
    }
  }
}

function smallestImageKey(image: ProductImageData | null | undefined): string | null {
  // Sources are stored smallest first; the small one is what order lists and e-mails show.
  return image?.sources?.[0]?.key ?? null;
}

function unavailable(name: string, status: string): AppError | null {
  const message = notForSaleMessage(name, status);
  return message ? new AppError("CONFLICT", message, { items: message }) : null;
}

/** The buyer's cart, locked until the order commits: a quantity changed meanwhile waits, then finds the line ordered. */
async function linesFromCart(tx: Tx, userId: string, cartVersion: string | null, now: Date): Promise<OrderLine[]> {
  // A change committed just before is seen here (FOR UPDATE reads the latest version) and is ordered.
  await tx.select({ id: cartItems.id }).from(cartItems).where(eq(cartItems.userId, userId)).orderBy(cartItems.id).for("update");
  const cart = await listCartLines(tx, userId, now);
  if (cartVersion && cart.length > 0 && cartVersionOf(cart) !== cartVersion) throw new AppError("CONFLICT", CART_CHANGED_MESSAGE, { items: CART_CHANGED_MESSAGE });
  return cart.map((line) => {
    const refused = unavailable(line.name, line.status);
    if (refused) throw refused;
    return {
      productId: line.productId, categorySlug: line.categorySlug, onSale: line.onSale, variantId: line.variantId, name: line.name, color: line.color, size: line.size,
      price: line.price, quantity: line.quantity, imageKey: smallestImageKey(line.image), cartLineIds: [line.id],
    };
  });
}

async function linesFromItems(tx: Tx, items: OrderItemRequest[], now: Date): Promise<OrderLine[]> {
  const lines: OrderLine[] = [];
  for (const item of items) {
    // Throws for unknown, draft and coming-soon products; the price is today's, from the database.
    const variant = await resolveVariant(tx, { productId: item.productId, color: item.color || undefined, size: item.size || undefined }, now);
    lines.push({
      productId: variant.productId, categorySlug: variant.categorySlug, onSale: variant.onSale, variantId: variant.variantId, name: variant.name, color: variant.color, size: variant.size,
      price: variant.price, quantity: item.quantity, imageKey: variant.imageKey, cartLineIds: [],
    });
  }
  return lines;
}

/** One line per variant (the same item twice is one line), in variant id order so concurrent orders lock rows in the same order. */
function mergeByVariant(lines: OrderLine[]): OrderLine[] {
  const byVariant = new Map<number, OrderLine>();
  for (const line of lines) {
    const seen = byVariant.get(line.variantId);
    if (seen) {
      seen.quantity += line.quantity;
      seen.cartLineIds.push(...line.cartLineIds);
    } else {
      byVariant.set(line.variantId, { ...line, cartLineIds: [...line.cartLineIds] });
    }
  }
  return [...byVariant.values()].sort((a, b) => a.variantId - b.variantId);
}

/**
 * Takes each line's quantity from its variant with a guarded update: the row lock and the
 * `stock >= quantity` check happen in one statement, so stock never oversells. Throwing rolls
 * back whatever earlier lines took.
 */
async function takeStock(tx: Tx, lines: OrderLine[]): Promise<void> {
  for (const line of lines) {
    const taken = await tx
      .update(productVariants)
      .set({ stock: sql`${productVariants.stock} - ${line.quantity}` })
      .where(and(eq(productVariants.id, line.variantId), sql`${productVariants.stock} >= ${line.quantity}`))
      .returning({ stock: productVariants.stock });
    if (taken.length > 0) continue;
    const [left] = await tx.select({ stock: productVariants.stock }).from(productVariants).where(eq(productVariants.id, line.variantId));
    const stock = left?.stock ?? 0;
    const item = `${line.name} (${line.color}, ${line.size})`;
    const message = stock > 0 ? `Only ${stock} left of ${item}. Please lower the quantity.` : `${item} is out of stock.`;
    throw new AppError("OUT_OF_STOCK", message, { items: message });
  }
}

/** The code judged before anything is locked; refused with the reason beside the field. */
async function judgeCode(tx: Tx, request: DiscountRequest): Promise<{ code: string; amount: number }> {
  const verdict = await previewDiscountCode(tx, request);
  if (!verdict.ok) throw new AppError("VALIDATION", verdict.message, { discountCode: verdict.message });
  return { code: verdict.code.toUpperCase(), amount: verdict.amount };
}

/** The code changed between the judging and its use (the owner edited it): the order is placed again. */
class DiscountChanged extends Error {}

/**
 * Uses the code under its row's lock (the last use goes to one order only) and records it against
 * the order. A code refused now (used up meanwhile) throws and nothing is ordered.
 */
async function useCode(tx: Tx, judged: { amount: number }, request: DiscountRequest, orderId: string): Promise<void> {
  const redeemed = await redeemDiscountCode(tx, request);
  if (redeemed.amount !== judged.amount) throw new DiscountChanged("The discount code changed while the order was placed");
  await recordRedemption(tx, redeemed, { id: orderId, userId: request.userId, phone: request.phone, at: request.now });
}

/**
 * Writes the order under a random order number nobody has. A number already taken is skipped by
 * the insert itself (no read first, and the transaction goes on); a number taken by an order
 * committing at the same moment raises the unique index's error and the order is placed again.
 */
async function insertOrder(tx: Tx, values: Omit<typeof orders.$inferInsert, "orderNumber">): Promise<{ id: string; orderNumber: string }> {
  for (let i = 0; i < 20; i++) {
    const orderNumber = generateOrderNumber();
    const [order] = await tx.insert(orders).values({ ...values, orderNumber }).onConflictDoNothing({ target: orders.orderNumber }).returning({ id: orders.id });
    if (order) return { id: order.id, orderNumber };
  }
  throw new Error("Could not find a free order number");
}

/**
 * Removes exactly the cart rows this order was made from (a line added meanwhile stays). If one is
 * already gone, another checkout of the same cart got there first: refuse rather than order twice.
 */
async function removeOrderedCartLines(tx: Tx, userId: string, lines: OrderLine[]): Promise<void> {
  const ids = lines.flatMap((l) => l.cartLineIds);
  const removed = await tx
    .delete(cartItems)
    .where(and(eq(cartItems.userId, userId), inArray(cartItems.id, ids)))
    .returning({ id: cartItems.id });
  if (removed.length !== ids.length) {
    throw new AppError("CONFLICT", "Your cart changed while the order was being placed. Please check it and try again.");
  }
}

type OrderByKey = { orderId: string; orderNumber: string; fingerprint: string | null };

/** The first order again for the same request; a different request under the same key is refused. */
function sameRequestOrRefuse(existing: OrderByKey, order: Pick<OrderToPlace, "fingerprint">): PlaceOrderResult {
  // Orders placed before fingerprints were kept have none: they answer as before.
  if (existing.fingerprint && existing.fingerprint !== order.fingerprint) throw new AppError("IDEMPOTENCY_KEY_REUSED", KEY_REUSED_MESSAGE);
  return { orderId: existing.orderId, orderNumber: existing.orderNumber, created: false };
}

/** The order a key already made: the buyer's own key, or the owner's for an order they entered. */
async function findOrderByKey(db: DbOrTx, order: Pick<OrderToPlace, "userId" | "enteredBy">, key: string): Promise<OrderByKey | null> {
  const owner: SQL = order.enteredBy ? eq(orders.placedBy, order.enteredBy.actor.id) : eq(orders.userId, order.userId ?? "");
  const [row] = await db
    .select({ orderId: orders.id, orderNumber: orders.orderNumber, fingerprint: orders.idempotencyFingerprint })
    .from(orders)
    .where(and(owner, eq(orders.idempotencyKey, key)))
    .limit(1);
  return row ?? null;
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
