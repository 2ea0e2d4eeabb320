import { toShopDateTimeLocal } from "~/lib/shop-time";
import type { CourierStatusKind } from "../imports/courier-status";
import type { DeliveryImportRow, TrackingImportRow } from "../imports/column-mapping";
import type { TrackingEvent, TrackingEventKind } from "../couriers/courier-api";

/**
 * What an API courier's typed event means to the order, in the words the delivery import reads:
 * delivered, back with the shop, or neither. "Refused" is not "returned": the parcel is on its way
 * back, and its stock goes back when it arrives.
 */
export function statusKindOf(kind: TrackingEventKind): CourierStatusKind {
  if (kind === "delivered") return "delivered";
  if (kind === "returned") return "returned";
  return "other";
}

/** Events that say the courier has the parcel: a booked order (confirmed or processing) is shipped by them. */
const IN_COURIER_HANDS: ReadonlySet<TrackingEventKind> = new Set([
  "picked-up",
  "in-transit",
  "out-for-delivery",
  "attempted",
  "delivered",
  "refused",
  "returning",
  "returned",
]);

export function showsParcelPickedUp(kind: TrackingEventKind): boolean {
  return IN_COURIER_HANDS.has(kind);
}

/**
 * The courier's time as the imports read it: Pakistan time to the minute, "YYYY-MM-DD HH:mm" (the
 * form courier-date.ts gives and courierTime reads). Events are matched to those already stored by status and this time, so an event seen
 * on every sync is applied once.
 */
export function eventTimeText(at: Date): string {
  return toShopDateTimeLocal(at).replace("T", " ");
}

/** The courier's time cut to the minute, as the imports store it. */
export function eventMinute(at: Date): number {
  return Math.floor(at.getTime() / 60_000) * 60_000;
}

/** The delivery import's row for one typed event. */
export function deliveryRowOf(
  parcel: { orderNumber: string; trackingNumber: string },
  event: TrackingEvent,
): DeliveryImportRow {
  return {
    line: 0,
    problems: [],
    orderNumber: parcel.orderNumber,
    trackingNumber: parcel.trackingNumber,
    status: event.status.slice(0, 200) || event.kind,
    statusKind: statusKindOf(event.kind),
    date: eventTimeText(event.at),
    reason: event.reason?.slice(0, 500) || null,
  };
}

/** The tracking import's row that ships a booked order the courier has picked up. */
export function trackingRowOf(
  parcel: { orderNumber: string; trackingNumber: string },
  courierName: string,
  event: TrackingEvent,
): TrackingImportRow {
  return {
    line: 0,
    problems: [],
    orderNumber: parcel.orderNumber,
    trackingNumber: parcel.trackingNumber,
    courierName,
    date: eventTimeText(event.at),
  };
}
