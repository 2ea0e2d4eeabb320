import type { TrackingEventKind } from "~/modules/shipping/couriers/courier-api";

/**
 * Leopards' packet statuses (eCom Merchant APIs v2: booked_packet_status and each "Tracking Detail"
 * entry's Status) as the shop reads them. Leopards writes words, not codes: "Pickup Request not
 * Send", "Consignment Booked", "Arrived at Station", "Dispatched", "Missroute", "Assign to Courier",
 * "Pending" (a failed attempt, with its reason: "Consignee not available"), "Delivered", "Being
 * Return", "Ready for Return", "Returned to shipper", "Cancelled". A refusal comes as its own
 * status ("Refused") or as an attempt whose reason says so.
 */
const REFUSAL = /refus|not accept|denied|declin/i;

export function leopardsEventKind(status: string, reason: string | null): TrackingEventKind {
  const s = status.trim().toLowerCase();
  if (/^returned|return(ed)? to (shipper|origin|sender)|^rts\b/.test(s)) return "returned";
  if (/being return|ready for return|return in (process|transit)|returning|dispatched for return/.test(s))
    return "returning";
  if (REFUSAL.test(s)) return "refused";
  if (/^delivered/.test(s)) return "delivered";
  if (
    /pending|attempt|not available|not responding|address (not found|incorrect|incomplete)|consignee|undelivered|not delivered|closed/.test(
      s,
    )
  ) {
    return reason && REFUSAL.test(reason) ? "refused" : "attempted";
  }
  if (/assign(ed)? to courier|out for delivery|on route for delivery/.test(s)) return "out-for-delivery";
  if (/cancel/.test(s)) return "cancelled";
  if (/consignment booked|picked|received at origin/.test(s)) return "picked-up";
  if (/arrived|dispatch|missroute|mis-route|in transit|transit|forwarded/.test(s)) return "in-transit";
  if (/pickup request|booked/.test(s)) return "booked";
  return "other";
}
