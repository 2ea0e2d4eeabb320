/** What a courier's status words mean for an order: delivered, back with the shop, or neither yet. */
export type CourierStatusKind = "delivered" | "returned" | "other";

// A return under way is not a return: the parcel is not back, and may still be delivered.
const RETURN_UNDER_WAY = /\b(being returned|returning|to be returned|ready for return|pending return|return (in process|in progress|in transit|initiated|requested|pending|booked|dispatched)|(rto|return to origin) (in transit|in process|in progress|initiated|pending))\b/;
// Back with the shop, or refused at the door (on its way back, nothing to deliver any more).
const RETURNED = /\b(returned|rto|return to (origin|shipper|sender|vendor|merchant)|return delivered|return received|delivered to (shipper|sender|origin|vendor|merchant)|refused)\b/;
// "Not delivered", "Could not be delivered", "Attempted, not delivered" ("Undelivered" is one word: \b keeps it out).
const NOT_DELIVERED = /\b(not|non|failed|unable|cannot|attempted)\b.*\bdelivered\b/;
const DELIVERED = /\bdelivered\b/;

/**
 * The kind of a courier's status text, from the words TCS, Leopards, PostEx, Trax, M&P, Call Courier
 * and BlueEx use: "Delivered", "DELIVERED TO CONSIGNEE", "Shipment Delivered" are delivered;
 * "Returned", "Return to Origin", "RTO", "Return Delivered to Shipper", "Refused by consignee" are
 * returned; "In Transit", "Out for Delivery", "Being Returned", "Return in process" are other.
 */
export function courierStatusKind(text: string): CourierStatusKind {
  const words = text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, " ").trim();
  if (RETURN_UNDER_WAY.test(words)) return "other";
  if (RETURNED.test(words)) return "returned";
  if (NOT_DELIVERED.test(words)) return "other";
  if (DELIVERED.test(words)) return "delivered";
  return "other";
}
