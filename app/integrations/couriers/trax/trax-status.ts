import type { TrackingEventKind } from "~/modules/shipping/couriers/courier-api";

/**
 * Trax's tracking words (Sonic API v2.0: tracking_history[].status, with its status_reason) as the
 * shop reads them. Trax has no status codes and publishes no full list; the texts seen are
 * "Shipment - Booked", "Shipment - Arrived at Origin", "Shipment - Arrival Service Center",
 * "Shipment - Out for Delivery", "Shipment - Delivery Unsuccessful" (reason "Address Closed"),
 * "Shipment - Delivered", "Replacement-Exchanged" (an exchange handed over, the old piece taken),
 * "Shipment - Return Confirm", "Re-Attempt - Call Requested" and "Cancelled by Shipper". A refusal
 * at the door is an unsuccessful delivery whose reason says so. Anything else is "other".
 */
const REFUSAL = /refus|not accept|denied|declin/i;

export function traxEventKind(status: string, reason: string | null): TrackingEventKind {
  const s = status.trim().toLowerCase();
  if (/cancel/.test(s)) return "cancelled";
  // Shipper advice taken: the parcel waits for its next attempt, nothing has happened to it yet.
  if (/re-?attempt/.test(s)) return "other";
  // Waiting for the shop's advice after a failed attempt: still an attempt.
  if (/confirmation pending/.test(s)) return "attempted";
  if (/(returned|delivered) to (shipper|origin|sender)|return(ed)? - delivered|return delivered/.test(s))
    return "returned";
  if (/return/.test(s)) return "returning";
  if (REFUSAL.test(s)) return "refused";
  if (/unsuccessful|undelivered|not delivered|attempt/.test(s))
    return reason && REFUSAL.test(reason) ? "refused" : "attempted";
  if (/exchanged|delivered/.test(s)) return "delivered";
  if (/out for delivery/.test(s)) return "out-for-delivery";
  if (/picked|arrived at origin|received at origin/.test(s)) return "picked-up";
  if (/arriv|transit|dispatch|depart|route|service center|hub/.test(s)) return "in-transit";
  if (/booked/.test(s)) return "booked";
  return "other";
}
