import { createHash } from "node:crypto";
import { normalizePakistaniMobile } from "~/lib/phone";

/**
 * The customer information parameters of a Conversions API event, normalised and hashed as Meta's
 * documentation asks ("Customer Information Parameters"): SHA-256 in lower-case hex of
 * - em: the e-mail, trimmed and lower-cased;
 * - ph: the phone's digits with the country code and no leading zeros or "+" (923001234567);
 * - fn, ln: the first and last name, lower-cased, without punctuation;
 * - ct: the city, lower-cased, letters only (no spaces or punctuation);
 * - zp: the postal code, lower-cased, without spaces;
 * - country: the ISO 3166 code, "pk";
 * - external_id: the shop's own id of the buyer.
 * Never hashed: client_ip_address, client_user_agent, fbp and fbc (Meta reads them as they are).
 */
export function sha256Hex(value: string): string {
  return createHash("sha256").update(value, "utf8").digest("hex");
}

export function normalizeEmail(email: string): string | null {
  const value = email.trim().toLowerCase();
  return value.includes("@") ? value : null;
}

/** International digits: a Pakistani mobile in any spelling becomes 92..., another number keeps its digits. */
export function normalizePhone(phone: string): string | null {
  const pakistani = normalizePakistaniMobile(phone);
  if (pakistani) return pakistani.slice(1);
  const digits = phone.replace(/\D/g, "").replace(/^0+/, "");
  return digits.length >= 8 ? digits : null;
}

/** Lower-case letters (any script) only: Meta's names and cities drop spaces and punctuation. */
function lettersOnly(value: string): string | null {
  const cleaned = value
    .normalize("NFC")
    .toLowerCase()
    .replace(/[^\p{L}\p{M}]/gu, "");
  return cleaned || null;
}

/** A full name split as Meta takes it: the first word, and the last (none when there is one word). */
export function splitName(fullName: string): { first: string | null; last: string | null } {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  return {
    first: words.length > 0 ? lettersOnly(words[0]) : null,
    last: words.length > 1 ? lettersOnly(words[words.length - 1]) : null,
  };
}

export type MetaCustomer = {
  email?: string | null;
  phone?: string | null;
  fullName?: string | null;
  city?: string | null;
  postalCode?: string | null;
  userId?: string | null;
};

export type MetaBrowser = {
  ip?: string | null;
  userAgent?: string | null;
  fbp?: string | null;
  fbc?: string | null;
};

/** The event's `user_data`: hashed customer fields and the browser's own, each left out when unknown. */
export function metaUserData(customer: MetaCustomer, browser: MetaBrowser): Record<string, string> {
  const name = customer.fullName ? splitName(customer.fullName) : { first: null, last: null };
  const hashed: Record<string, string | null> = {
    em: customer.email ? normalizeEmail(customer.email) : null,
    ph: customer.phone ? normalizePhone(customer.phone) : null,
    fn: name.first,
    ln: name.last,
    ct: customer.city ? lettersOnly(customer.city) : null,
    zp: customer.postalCode ? customer.postalCode.replace(/\s+/g, "").toLowerCase() || null : null,
    country: "pk",
    external_id: customer.userId ?? null,
  };
  const data: Record<string, string> = {};
  for (const [key, value] of Object.entries(hashed)) if (value) data[key] = sha256Hex(value);
  const plain = {
    client_ip_address: browser.ip && browser.ip !== "unknown" ? browser.ip : null,
    client_user_agent: browser.userAgent ?? null,
    fbp: browser.fbp ?? null,
    fbc: browser.fbc ?? null,
  };
  for (const [key, value] of Object.entries(plain)) if (value) data[key] = value;
  return data;
}
