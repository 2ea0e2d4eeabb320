/**
 * What a courier's status words mean for an order: delivered, back with the shop, refused by the
 * buyer (on its way back: the stock is not on the shelf until it is returned), or neither yet.
 */
export type CourierStatusKind = "delivered" | "returned" | "refused" | "other";

// A return under way is not a return: the parcel is not back, and may still be delivered.
const RETURN_UNDER_WAY =
  /\b(being returned|returning|to be returned|ready for return|pending return|return (in process|in progress|in transit|initiated|requested|pending|booked|dispatched)|(rto|return to origin) (in transit|in process|in progress|initiated|pending))\b/;
// Back with the shop.
const RETURNED =
  /\b(returned|rto|return to (origin|shipper|sender|vendor|merchant)|return delivered|return received|delivered to (shipper|sender|origin|vendor|merchant))\b/;
// Refused at the door: nothing to deliver any more, but the parcel is still with the courier.
const REFUSED = /\b(refused|refuse|refusal|rejected|declined)\b/;
// "Not delivered", "Could not be delivered", "Attempted, not delivered" ("Undelivered" is one word: \b keeps it out).
const NOT_DELIVERED = /\b(not|non|failed|unable|cannot|attempted)\b.*\bdelivered\b/;
const DELIVERED = /\bdelivered\b/;

/**
 * The kind of a courier's status text, from the words TCS, Leopards, PostEx, Trax, M&P, Call Courier
 * and BlueEx use: "Delivered", "DELIVERED TO CONSIGNEE", "Shipment Delivered" are delivered;
 * "Returned", "Return to Origin", "RTO", "Return Delivered to Shipper" are returned; "Refused by
 * consignee", "Refused - return in process" are refused (a refused parcel that is back, "Returned
 * (refused by consignee)", is returned); "In Transit", "Out for Delivery", "Being Returned",
 * "Return in process" are other.
 */
export function courierStatusKind(text: string): CourierStatusKind {
  const words = text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
  if (RETURN_UNDER_WAY.test(words)) return REFUSED.test(words) ? "refused" : "other";
  if (RETURNED.test(words)) return "returned";
  if (REFUSED.test(words)) return "refused";
  if (NOT_DELIVERED.test(words)) return "other";
  if (DELIVERED.test(words)) return "delivered";
  return "other";
}
