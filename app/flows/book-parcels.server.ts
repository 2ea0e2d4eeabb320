import type { OrderActor } from "~/modules/orders/order-actor";
import { bookShipments, cancelBooking, type BookingRequest, type BookingResult } from "~/modules/shipping/booking/book-shipments.server";
import type { FlowContext } from "./flow-context";
import { orderDesk } from "./move-order.server";

/**
 * Books the chosen orders with a courier (one parcel each: weight, pieces, cash to collect, the rate
 * card's estimate); each booked order's history says so and its buyer's page follows live. Shipping
 * does the booking; the orders' history is written through the orders port (`orderDesk`).
 */
export function bookParcels(ctx: FlowContext, actor: { id: string | null; name?: string }, request: BookingRequest): Promise<BookingResult> {
  return bookShipments(ctx.db, actor, request, orderDesk, ctx.now);
}

/** Takes a booking back before the parcel leaves; the order's history says so (shipping's cancelBooking). */
export function cancelParcelBooking(ctx: FlowContext, actor: OrderActor, orderId: string): Promise<{ orderNumber: string; courier: string }> {
  return cancelBooking(ctx.db, actor, orderId, orderDesk, ctx.now);
}
