import type { TrackingEventKind } from "~/modules/shipping/couriers/courier-api";

/**
 * TCS's tracking (GetDynamicTrackDetail) as the shop reads it. Only `deliveryinfo` rows carry a
 * code; the guide and its payment data name OK (Delivered), RO (Returned to origin), RT (Return in
 * transit), CN (Cancelled) and SC (Awaiting Receiver Collection). SC is read as a failed attempt:
 * the parcel was not delivered and waits at TCS's station, as after an attempt. `checkpoints` carry
 * words only ("Arrived at TCS Facility", "Out For Delivery", "Shipment Delivered"); TCS publishes
 * no full list of them, so they are read by their words.
 */
const CODE_KINDS: Record<string, TrackingEventKind> = {
  OK: "delivered",
  RO: "returned",
  RT: "returning",
  CN: "cancelled",
  SC: "attempted",
};

/** A refusal at the door, in a status or in the reason of an attempt. */
const REFUSAL = /refus|not accept|denied|declin/i;

/** What a TCS status means: refusal words first (a refused parcel also runs back: RT), then the code, then the words. */
export function tcsEventKind(code: string | null, status: string, reason: string | null): TrackingEventKind {
  const words = readTcsWords(status, reason);
  if (words === "refused") return words;
  const known = code ? CODE_KINDS[code.trim().toUpperCase()] : undefined;
  if (known === "attempted" && reason && REFUSAL.test(reason)) return "refused";
  return known ?? words;
}

export function readTcsWords(status: string, reason: string | null): TrackingEventKind {
  const s = status.trim().toLowerCase();
  if (/out for delivery|on route for delivery/.test(s)) return "out-for-delivery";
  if (/returned to (shipper|origin|sender)|^returned|return delivered/.test(s)) return "returned";
  if (/return/.test(s)) return "returning";
  if (REFUSAL.test(s)) return "refused";
  if (
    /undeliver|not deliver|attempt|not available|not responding|awaiting receiver|incomplete address|address not/.test(
      s,
    )
  )
    return reason && REFUSAL.test(reason) ? "refused" : "attempted";
  if (/deliver/.test(s)) return "delivered";
  if (/cancel/.test(s)) return "cancelled";
  if (/picked|pick ?up|received at origin/.test(s)) return "picked-up";
  if (/arrived|depart|transit|dispatch|forwarded|route|facility/.test(s)) return "in-transit";
  if (/booked/.test(s)) return "booked";
  return "other";
}

/** "Undelivered - Consignee Not Available" (or with ":") -> the status and TCS's reason; other words stay whole. */
export function splitTcsStatus(words: string): { status: string; reason: string | null } {
  const match = /^(.+?)\s*(?:\s-\s|:)\s*(.+)$/.exec(words.trim());
  if (match && /undeliver|not deliver|attempt|refus|return/i.test(match[1]))
    return { status: match[1].trim(), reason: match[2].trim() || null };
  return { status: words.trim(), reason: null };
}
