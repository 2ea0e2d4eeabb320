import type { RateRule } from "~/lib/rate-rule";

/**
 * Every abuse limit of the shop, in one place: how many requests of a kind one address, phone
 * number or account may make, and what a refused person is told. The numbers follow what Shopify
 * puts on public storefront forms: generous for a person, useless for a script.
 * Per-address numbers leave room for carrier-grade NAT: Pakistani mobile networks put many phones
 * behind one address, so the per-phone and per-account rules do the finer work.
 */

export const RATE_RULES = {
  /** /track from one address: order numbers cannot be guessed from one machine. */
  trackPerAddress: { name: "track-address", limit: 30, windowSeconds: 10 * 60, message: "Too many tracking attempts." },
  /** Failed /track lookups against one phone number: all 900,000 order numbers cannot be tried from many machines. */
  trackFailedPerPhone: {
    name: "track-phone-failed",
    limit: 10,
    windowSeconds: 60 * 60,
    message: "Too many tracking attempts for this phone number.",
  },
  /** Contact form messages from one address. */
  contactPerAddress: {
    name: "contact-address",
    limit: 10,
    windowSeconds: 60 * 60,
    message: "You have sent several messages in a short time.",
  },
  /** Discount codes tried (cart, checkout, order) from one address: codes cannot be guessed from one machine. */
  discountPerAddress: {
    name: "discount-address",
    limit: 30,
    windowSeconds: 10 * 60,
    message: "Too many discount codes tried.",
  },
  /** Codes refused for one account: the codes handed out cannot be guessed from many machines either. */
  discountFailedPerAccount: {
    name: "discount-account-failed",
    limit: 10,
    windowSeconds: 60 * 60,
    message: "Too many discount codes tried.",
  },
  /** Notify Me requests (each sends a confirmation e-mail) from one address. */
  notifyPerAddress: {
    name: "notify-address",
    limit: 10,
    windowSeconds: 60 * 60,
    message: "Too many Notify Me requests.",
  },
  /**
   * Webhook deliveries refused (unsigned, or not signed with the app secret) from one address: each
   * signed one makes the shop read up to 3 MB and open the app secret. Meta's own deliveries are
   * signed and never counted.
   */
  webhookRefusedPerAddress: {
    name: "webhook-refused-address",
    limit: 20,
    windowSeconds: 10 * 60,
    message: "Too many unsigned webhook deliveries.",
  },
} as const satisfies Record<string, RateRule>;

/**
 * Orders not yet delivered (or cancelled, or returned) hold stock. One account, and one phone
 * number, may hold at most this many such orders and units: scripted free sign-ups cannot reserve
 * a drop's whole stock, while a real family ordering for a wedding still fits.
 */
export const OPEN_ORDER_LIMITS = { orders: 10, units: 60 } as const;

/** Live-event streams (/api/events) open at once in one server process. */
export const LIVE_STREAM_LIMITS = {
  perAccount: 6,
  perAddress: 20,
  /** How often an open stream asks the database whether its session still stands. */
  recheckSeconds: 45,
} as const;

export const LIVE_STREAMS_MESSAGE =
  "Too many live-update connections are open. Please close some tabs of the shop and try again.";

/** The contact form's timing check: faster than a person can type, or a form left open too long. */
export const CONTACT_FORM_TIMING = { minSeconds: 3, maxSeconds: 24 * 60 * 60 } as const;

/** Notify Me sign-ups not confirmed within this time are deleted. */
export const NOTIFY_CONFIRM_HOURS = 48;

export function openOrdersMessage(limit: number): string {
  return `You already have ${limit} orders on the way. Please wait until one is delivered (or cancel one) before placing another.`;
}

export function openUnitsMessage(limit: number, open: number): string {
  const left = Math.max(0, limit - open);
  return `Orders on the way may hold at most ${limit} items in all; you can order ${left} more until one is delivered. Please lower the quantity.`;
}
