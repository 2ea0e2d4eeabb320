import { createHmac, timingSafeEqual } from "node:crypto";
import { SHOP_UTC_OFFSET_MS } from "~/lib/shop-time";

/**
 * JazzCash's pp_SecureHash (Page Redirection v1.1 and the REST APIs): HMAC-SHA256, keyed with the
 * integrity salt, over the salt and the values of every non-empty field whose name starts with
 * "pp" (pp_ and ppmpf_), pp_SecureHash left out, sorted by field name (ASCII), joined with "&".
 * Written to the merchant integration guide and the published SDKs, which all build it this way;
 * JazzCash's answers carry it in upper-case hex, so it is compared without regard to case.
 */
export function jazzcashHash(fields: Record<string, string>, integritySalt: string): string {
  const values = Object.keys(fields)
    .filter((key) => key.startsWith("pp") && key !== "pp_SecureHash" && fields[key] !== "")
    .sort()
    .map((key) => fields[key]);
  return createHmac("sha256", integritySalt)
    .update([integritySalt, ...values].join("&"), "utf8")
    .digest("hex")
    .toUpperCase();
}

/** Whether `fields` carry JazzCash's hash of themselves under this salt. */
export function jazzcashHashValid(fields: Record<string, string>, integritySalt: string): boolean {
  const given = (fields.pp_SecureHash ?? "").toUpperCase();
  if (!/^[0-9A-F]{64}$/.test(given)) return false;
  return timingSafeEqual(Buffer.from(given), Buffer.from(jazzcashHash(fields, integritySalt)));
}

/** yyyyMMddHHmmss in Pakistan time, as pp_TxnDateTime and pp_TxnExpiryDateTime are written. */
export function jazzcashTime(at: Date): string {
  return new Date(at.getTime() + SHOP_UTC_OFFSET_MS).toISOString().replace(/[-:T]/g, "").slice(0, 14);
}

/** +923001234567 -> 03001234567, the way JazzCash takes a mobile number. */
export function jazzcashMobile(phone: string): string {
  return phone.startsWith("+92") ? `0${phone.slice(3)}` : phone;
}
