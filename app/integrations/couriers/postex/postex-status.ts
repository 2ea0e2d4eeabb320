import type { TrackingEventKind } from "~/modules/shipping/couriers/courier-api";

/**
 * PostEx's status codes (Merchant API Integration Guide v4.1.9, 3.8.3 and 3.9.3:
 * transactionStatusHistory[].transactionStatusMessageCode) as the shop reads them. The guide lists
 * 0001-0008 and 0013; codes it does not list are read from their words (readPostexWords).
 */
const CODE_KINDS: Record<string, TrackingEventKind> = {
  "0001": "booked", // At Merchant's Warehouse
  "0002": "returned", // Returned
  "0003": "picked-up", // At PostEx Warehouse
  "0004": "in-transit", // Package on Route
  "0005": "delivered", // Delivered
  "0006": "returned", // Returned
  "0007": "returned", // Returned
  "0008": "other", // Delivery Under Review
  "0013": "attempted", // Attempt Made: <reason>
};

/** A refusal at the door comes as an attempt whose reason says so ("Attempt Made: Customer refused to accept"). */
const REFUSAL = /refus|not accept|denied|declin/i;

/** What a PostEx status means, from its code, else its words. */
export function postexEventKind(code: string | null, status: string, reason: string | null): TrackingEventKind {
  const known = code ? CODE_KINDS[code.padStart(4, "0")] : undefined;
  if (known === "attempted" && reason && REFUSAL.test(reason)) return "refused";
  return known ?? readPostexWords(status, reason);
}

/** PostEx's words for the statuses of its List Orders API (3.15: Out For Delivery, Out For Return, Attempted...). */
export function readPostexWords(status: string, reason: string | null): TrackingEventKind {
  const s = status.toLowerCase();
  if (/out for delivery/.test(s)) return "out-for-delivery";
  if (/out for return|return in process|being return|en-?route to merchant/.test(s)) return "returning";
  if (/returned/.test(s)) return "returned";
  if (/refus/.test(s)) return "refused";
  if (/attempt/.test(s)) return reason && REFUSAL.test(reason) ? "refused" : "attempted";
  if (/delivered/.test(s) && !/under review/.test(s)) return "delivered";
  if (/cancel|un-?assigned|expired/.test(s)) return "cancelled";
  if (/picked|at postex warehouse|postex warehouse/.test(s)) return "picked-up";
  if (/route|transit|dispatch|arrived/.test(s)) return "in-transit";
  if (/booked|merchant'?s warehouse/.test(s)) return "booked";
  return "other";
}

/** "Attempt Made: Customer not answering" -> the status and the courier's reason. */
export function splitPostexMessage(code: string | null, message: string): { status: string; reason: string | null } {
  const at = message.indexOf(":");
  if (at > 0 && (code === "0013" || /^attempt/i.test(message))) {
    return { status: message.slice(0, at).trim(), reason: message.slice(at + 1).trim() || null };
  }
  return { status: message.trim(), reason: null };
}
