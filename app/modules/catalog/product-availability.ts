import type { ProductStatus } from "~/db/schema/statuses";

/**
 * What a shopper may see and what they may buy, decided here once for the catalogue, the cart,
 * checkout and the owner's order entry. Drafts and archived products are invisible to shoppers;
 * coming-soon products are shown but cannot be bought.
 */
export const SHOPPER_VISIBLE_STATUSES = ["active", "coming-soon"] as const satisfies readonly ProductStatus[];

/** The one status that can be put in a cart and ordered. */
export const FOR_SALE_STATUS = "active" satisfies ProductStatus;

export function isShopperVisible(status: string): boolean {
  return (SHOPPER_VISIBLE_STATUSES as readonly string[]).includes(status);
}

export function isForSale(status: string): boolean {
  return status === FOR_SALE_STATUS;
}

/** Why a product cannot be bought now (SPEC.md's "{name} is coming soon!"), or null when it can. */
export function notForSaleMessage(name: string, status: string): string | null {
  if (isForSale(status)) return null;
  if (status === "coming-soon") return `${name} is coming soon!`;
  return `${name} is no longer available. Please remove it from your cart.`;
}
