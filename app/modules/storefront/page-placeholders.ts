import { formatPrice } from "~/lib/money";
import { shippingHeadline, shippingSentence } from "~/modules/settings/shipping-rule";

/**
 * The {placeholders} an owner's page (and any storefront text the owner writes) may use, each
 * standing for a setting, so changing the setting changes every page that mentions it. A page
 * stores the placeholder, never the figure.
 */
export const PLACEHOLDERS = [
  { name: "brand_name", says: "The brand name" },
  { name: "contact_email", says: "The contact e-mail" },
  { name: "phone", says: "The shop's phone number" },
  { name: "shop_address", says: "The store's street address" },
  { name: "shop_city", says: "The shop's city" },
  { name: "instagram", says: "The Instagram handle" },
  { name: "return_window_days", says: "Days after delivery to return or exchange" },
  { name: "delivery_days_local", says: "Working days to deliver in the shop's city" },
  { name: "delivery_days_national", says: "Working days to deliver elsewhere in Pakistan" },
  { name: "shipping_fee", says: "The shipping fee" },
  { name: "free_shipping_threshold", says: 'The order total that ships free ("none" without one)' },
  { name: "shipping_headline", says: "One line about shipping, as the home page says it" },
  { name: "shipping_sentence", says: "A sentence about what shipping costs" },
] as const;

export type PlaceholderName = (typeof PLACEHOLDERS)[number]["name"];
export type PlaceholderValues = Record<PlaceholderName, string>;

/** The settings the placeholders are made from (a shop_settings row has them all). */
export type PlaceholderSettings = {
  brandName: string;
  contactEmail: string;
  phone: string;
  address: string;
  city: string;
  instagram: string;
  shippingFee: number;
  freeShippingThreshold: number | null;
  returnWindowDays: number;
  localDeliveryMinDays: number;
  localDeliveryMaxDays: number;
  nationalDeliveryMinDays: number;
  nationalDeliveryMaxDays: number;
};

/** "3-5", or "3" when both ends are the same day. */
export function dayRange(min: number, max: number): string {
  return min === max ? String(min) : `${min}-${max}`;
}

/** What each placeholder says now, as plain text. */
export function placeholderValues(s: PlaceholderSettings): PlaceholderValues {
  return {
    brand_name: s.brandName,
    contact_email: s.contactEmail,
    phone: s.phone,
    shop_address: s.address,
    shop_city: s.city,
    instagram: s.instagram,
    return_window_days: String(s.returnWindowDays),
    delivery_days_local: dayRange(s.localDeliveryMinDays, s.localDeliveryMaxDays),
    delivery_days_national: dayRange(s.nationalDeliveryMinDays, s.nationalDeliveryMaxDays),
    shipping_fee: formatPrice(s.shippingFee),
    free_shipping_threshold: s.freeShippingThreshold === null ? "none" : formatPrice(s.freeShippingThreshold),
    shipping_headline: shippingHeadline(s),
    shipping_sentence: shippingSentence(s),
  };
}

const PLACEHOLDER_PATTERN = /\{([a-z_]+)\}/g;

function isPlaceholder(name: string, values: PlaceholderValues): name is PlaceholderName {
  return Object.prototype.hasOwnProperty.call(values, name);
}

/** The known placeholders a text uses, in the order they first appear. */
export function placeholdersIn(text: string): PlaceholderName[] {
  const known = new Set<string>(PLACEHOLDERS.map((p) => p.name));
  const found: PlaceholderName[] = [];
  for (const [, name] of text.matchAll(PLACEHOLDER_PATTERN))
    if (known.has(name) && !found.includes(name as PlaceholderName)) found.push(name as PlaceholderName);
  return found;
}

/** The {words} in braces a text uses that are no placeholder (a typo the owner should see). */
export function unknownPlaceholdersIn(text: string): string[] {
  const known = new Set<string>(PLACEHOLDERS.map((p) => p.name));
  const found: string[] = [];
  for (const [whole, name] of text.matchAll(PLACEHOLDER_PATTERN))
    if (!known.has(name) && !found.includes(whole)) found.push(whole);
  return found;
}

/** A plain text with its placeholders filled in (for text shown as text, such as a perk's line). Unknown ones stay as typed. */
export function fillPlaceholders(text: string, values: PlaceholderValues): string {
  return text.replace(PLACEHOLDER_PATTERN, (whole, name: string) =>
    isPlaceholder(name, values) ? values[name] : whole,
  );
}

/**
 * Markdown with its placeholders filled in, each value escaped so that it reads as the text it is:
 * every ASCII punctuation mark is backslash-escaped (a brand name "<b>*Kapra*</b>" or a value
 * starting "1." stays text, never markup, emphasis or a list), and line breaks become spaces.
 * Unknown placeholders stay as typed, so the owner sees a typo.
 */
export function fillMarkdownPlaceholders(markdown: string, values: PlaceholderValues): string {
  return markdown.replace(PLACEHOLDER_PATTERN, (whole, name: string) =>
    isPlaceholder(name, values) ? escapeMarkdown(values[name]) : whole,
  );
}

/** Text made literal for Markdown (CommonMark lets any ASCII punctuation be backslash-escaped). */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\r\n]+/g, " ").replace(/[!-/:-@[-`{-~]/g, (c) => `\\${c}`);
}
