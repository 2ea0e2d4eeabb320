import { AppError } from "~/lib/errors";
import { MAX_LINE_QUANTITY, MAX_ORDER_ITEMS, ORDER_ITEMS_MESSAGE } from "~/modules/cart/order-limits";
import { notForSaleMessage } from "~/modules/catalog/product-availability";
import type { ProductImageData } from "~/modules/catalog/product-card";

/** One item of a Buy Now or API order. Only these fields are read: a price or total sent along is ignored. */
export type OrderItemRequest = { productId: string; color?: string; size?: string; quantity: number };

/** A line to order, priced and named from the database. `cartLineIds` are the cart rows it came from. */
export type OrderLine = {
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

export const EMPTY_CART_MESSAGE = "Your cart is empty";
export const CART_CHANGED_MESSAGE =
  "Your cart changed while you were checking out. Please check your items and place the order again.";
export const KEY_REUSED_MESSAGE = "This Idempotency-Key was already used for a different order";
export const PRICES_CHANGED_MESSAGE = "Prices changed since you opened checkout";

/**
 * An order's money as it would be placed now: `total` is the cash to collect (after the discount
 * and the store credit), the Total line of the checkout page and `total` of GET /api/orders/{id}.
 */
export type OrderMoney = {
  itemCount: number;
  subtotal: number;
  discountCode: string | null;
  discountTotal: number;
  shippingFee: number;
  storeCreditUsed: number;
  total: number;
};

/**
 * A price, a sale or the shipping fee changed since the buyer was shown the total (checkout's page,
 * an API client's `expectedTotal`): nothing is placed, and the refusal carries the order's money now
 * (`current`) so the page is redrawn with it and an API client sees it.
 */
export class PricesChanged extends AppError {
  readonly current: OrderMoney;
  constructor(current: OrderMoney) {
    super("PRICES_CHANGED", PRICES_CHANGED_MESSAGE, undefined, { current });
    this.current = current;
  }
}

const IDEMPOTENCY_KEY_MAX = 200;

export function normalizeIdempotencyKey(key: string | null | undefined): string | null {
  if (typeof key !== "string") return null;
  const trimmed = key.trim();
  if (!trimmed) return null;
  if (trimmed.length > IDEMPOTENCY_KEY_MAX) throw new AppError("VALIDATION", "Idempotency key is too long");
  return trimmed;
}

/** The request shape is checked here too: the API may place an order without the form's schema. */
export function checkRequestedItems(items: OrderItemRequest[]): void {
  if (!Array.isArray(items)) throw new AppError("VALIDATION", "Items must be a list");
  if (items.length > MAX_ORDER_ITEMS) throw new AppError("VALIDATION", ORDER_ITEMS_MESSAGE);
  for (const item of items) {
    if (!item || typeof item.productId !== "string" || !item.productId)
      throw new AppError("VALIDATION", "Product is required");
    for (const field of [item.color, item.size]) {
      if (field !== undefined && field !== null && typeof field !== "string")
        throw new AppError("VALIDATION", "Please select color and size");
    }
    if (!Number.isInteger(item.quantity) || item.quantity < 1 || item.quantity > MAX_LINE_QUANTITY) {
      const message = `Quantity must be a whole number from 1 to ${MAX_LINE_QUANTITY}`;
      throw new AppError("VALIDATION", message, { quantity: message });
    }
  }
}

export function smallestImageKey(image: ProductImageData | null | undefined): string | null {
  // Sources are stored smallest first; the small one is what order lists and e-mails show.
  return image?.sources?.[0]?.key ?? null;
}

/** The refusal for a product that is not for sale (draft, coming soon), beside the items. */
export function notForSale(name: string, status: string): AppError | null {
  const message = notForSaleMessage(name, status);
  return message ? new AppError("CONFLICT", message, { items: message }) : null;
}

/** One line per variant (the same item twice is one line), in variant id order so concurrent orders lock rows in the same order. */
export function mergeByVariant(lines: OrderLine[]): OrderLine[] {
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
