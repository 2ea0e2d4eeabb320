import { createHash } from "node:crypto";
import type { ShippingDetails } from "./checkout-schema";

type FingerprintInput = {
  items: { productId: string; color?: string; size?: string; quantity: number }[];
  shipping: ShippingDetails;
  /** The cart the checkout page showed (cartVersion), when the order is of the cart. */
  cartVersion?: string | null;
  /** The discount code asked for, normalised; left out of the hash when none, so older fingerprints still match. */
  discountCode?: string | null;
  /** The buyer asked to pay with store credit; left out of the hash when not, so older fingerprints still match. */
  useStoreCredit?: boolean;
  /** How the order is paid online ("online:safepay", or the advance's "advance:jazzcash"); left out for plain COD. */
  payOnline?: string | null;
};

/**
 * What makes two order requests "the same request" for idempotency: the items asked for (or the
 * cart, with the version the page showed), the shipping details, the discount code and whether
 * store credit pays, normalised so that spacing and letter case of the e-mail do not count. A key
 * sent again with another fingerprint is refused.
 */
export function orderFingerprint({
  items,
  shipping,
  cartVersion,
  discountCode,
  useStoreCredit,
  payOnline,
}: FingerprintInput): string {
  const text = (v: string | null | undefined) => (v ?? "").trim().replace(/\s+/g, " ");
  const normalised = {
    items: items.map((i) => [i.productId, i.color ?? "", i.size ?? "", i.quantity]),
    cart: items.length === 0 ? (cartVersion ?? "") : "",
    shipping: [
      text(shipping.fullName),
      text(shipping.email).toLowerCase(),
      text(shipping.phone),
      text(shipping.address),
      text(shipping.city),
      text(shipping.postalCode),
      text(shipping.country),
    ],
    ...(discountCode ? { discountCode } : {}),
    ...(useStoreCredit ? { useStoreCredit: true } : {}),
    ...(payOnline ? { payOnline } : {}),
  };
  return createHash("sha256").update(JSON.stringify(normalised)).digest("base64url");
}

/** A short, stable name of a cart's contents (its lines and quantities) that the checkout form carries. */
export function cartVersionOf(lines: { id: string; quantity: number }[]): string {
  const parts = lines.map((l) => `${l.id}:${l.quantity}`).sort();
  return createHash("sha256").update(parts.join(",")).digest("base64url").slice(0, 22);
}
