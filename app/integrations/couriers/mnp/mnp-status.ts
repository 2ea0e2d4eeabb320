import type { TrackingEventKind } from "~/modules/shipping/couriers/courier-api";

/**
 * M&P's tracking words (Bulk_Consignment_Tracking_New: CNTrackingDetail[].TrackingStatus, with
 * Event beside it) as the shop reads them. M&P publishes no status table (docs/couriers/mnp-api.md
 * §2 track): real clients show "Booking", "Arrived at OPS", "Loading", "Unloading", "ROUTED", "On
 * Delivery", "Delivered", "RD" (refused), "Return to Origin", "Return to Shipper", and "Undelivered"
 * / "Unsuccessful Delivery Attempt" / "Hold for advice" for a failed attempt (its reason in
 * TrackingNarration). Words it does not know are read from Event, else "other".
 */
const REFUSAL = /refus|not accept|denied|declin/i;

export function mnpEventKind(status: string, event: string | null, narration: string | null): TrackingEventKind {
  const kind = readWords(status, narration);
  return kind === "other" && event ? readWords(event, narration) : kind;
}

function readWords(words: string, narration: string | null): TrackingEventKind {
  const s = words
    .trim()
    .toLowerCase()
    .replace(/[\u2012-\u2015]/g, "-")
    .replace(/\s+/g, " ");
  if (/^rd$|refus/.test(s)) return "refused";
  if (/return(ed)? to (shipper|vendor)|^rts$/.test(s)) return "returned";
  if (/^return|return to origin|^rto$|unsuccessful return|being return/.test(s)) return "returning";
  if (/^delivered/.test(s)) return "delivered";
  if (/undeliver|not deliver|failed deliver|unsuccessful delivery|attempt|hold for advice|not available/.test(s))
    return narration && REFUSAL.test(narration) ? "refused" : "attempted";
  if (/on delivery|out for delivery/.test(s)) return "out-for-delivery";
  if (/void|cancel/.test(s)) return "cancelled";
  if (/pick/.test(s)) return "picked-up";
  if (/arrived|loading|routed|transit|reached|dispatch|\bops\b/.test(s)) return "in-transit";
  if (/^booking$|booked|order created/.test(s)) return "booked";
  return "other";
}
