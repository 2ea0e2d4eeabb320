import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { couriers, shipments } from "~/modules/shipping/tables";
import { customers, customerTags } from "~/modules/customers/reads";
import { orderItems, orders } from "~/modules/orders/reads";
import { products } from "~/modules/catalog/reads";
import { customerRiskFlags } from "~/modules/orders/cod-risk";
import { isUuid } from "~/lib/uuid";
import { getSettings } from "~/modules/settings/reads";
import { suggestCourier, type CourierSuggestion } from "../couriers/courier-routing";
import { listCourierRules } from "../couriers/couriers.server";
import { codAmountFor, parcelOf } from "./parcel";
import type { BookingState } from "~/db/schema/statuses";

export type BookingCandidate = {
  id: string;
  orderNumber: string;
  fullName: string;
  city: string;
  total: number;
  /** The cash the rider collects: the total less what was paid online (nothing when paid in whole). */
  codAmount: number;
  status: string;
  weightGrams: number;
  pieces: number;
  bookedWith: string | null;
  risky: boolean;
  suggestion: CourierSuggestion;
  /** The order's booking, if it has one: its state with the courier (an API courier's answer, or its words when it failed). */
  booking: {
    courierId: number;
    state: BookingState;
    error: string | null;
    trackingNumber: string | null;
    api: boolean;
  } | null;
};

/**
 * The selected orders as the booking page shows them: each one's parcel (the items' weight), the
 * courier it is already booked with, and the courier the routing rules suggest. A phone is risky
 * when it is blocked or has had an order returned before, or when its customer carries a risk tag
 * or a delivery rate below the setting (the flags the Orders tab shows, modules/orders/cod-risk.ts).
 */
export async function listBookingCandidates(db: DbOrTx, orderIds: readonly string[]): Promise<BookingCandidate[]> {
  const ids = [...new Set(orderIds.filter(isUuid))].slice(0, 200);
  if (!ids.length) return [];
  const [rows, items, rules, settings] = await Promise.all([
    db
      .select({
        id: orders.id,
        orderNumber: orders.orderNumber,
        fullName: orders.fullName,
        city: orders.city,
        total: orders.total,
        amountPaid: orders.amountPaid,
        paymentStatus: orders.paymentStatus,
        status: orders.status,
        phone: orders.phone,
        bookedWith: couriers.name,
        bookedCourierId: shipments.courierId,
        bookingState: shipments.bookingState,
        bookingError: shipments.bookingError,
        trackingNumber: shipments.trackingNumber,
        bookedProvider: couriers.provider,
        // Earlier returns on this phone: the courier could not hand it over, or the buyer sent it back.
        returns: sql<number>`(select count(*)::int from ${orders} p where p.phone = ${orders.phone} and p.status = 'returned' and p.id <> ${orders.id})`,
        customerDelivered: customers.delivered,
        customerReturned: customers.returned,
        deliveryRate: customers.deliveryRate,
        // One text per row (tags never hold control characters: modules/customers strips them).
        tags: sql<
          string | null
        >`(select string_agg(t.tag, chr(31)) from ${customerTags} t where t.customer_id = ${customers.id})`,
      })
      .from(orders)
      .leftJoin(shipments, eq(shipments.orderId, orders.id))
      .leftJoin(couriers, eq(couriers.id, shipments.courierId))
      .leftJoin(customers, and(eq(customers.phone, orders.phone), sql`${orders.phone} <> ''`))
      .where(inArray(orders.id, ids))
      .orderBy(asc(orders.createdAt)),
    db
      .select({ orderId: orderItems.orderId, quantity: orderItems.quantity, weightGrams: products.weightGrams })
      .from(orderItems)
      .leftJoin(products, eq(products.id, orderItems.productId))
      .where(inArray(orderItems.orderId, ids)),
    listCourierRules(db),
    getSettings(db),
  ]);
  return rows.map(
    ({
      phone,
      returns,
      customerDelivered,
      customerReturned,
      deliveryRate,
      tags,
      bookedCourierId,
      bookingState,
      bookingError,
      trackingNumber,
      bookedProvider,
      amountPaid,
      paymentStatus,
      ...order
    }) => {
      const customer =
        customerDelivered === null
          ? null
          : {
              tags: tags ? tags.split("\u001f") : [],
              delivered: customerDelivered,
              returned: customerReturned ?? 0,
              deliveryRate,
            };
      const risky =
        settings.blockedPhones.includes(phone) ||
        Number(returns) > 0 ||
        (customer !== null && customerRiskFlags(settings, customer).length > 0);
      return {
        ...order,
        codAmount: codAmountFor({ total: order.total, amountPaid, paymentStatus }),
        ...parcelOf(items.filter((i) => i.orderId === order.id)),
        risky,
        booking:
          bookedCourierId === null || bookingState === null
            ? null
            : {
                courierId: bookedCourierId,
                state: bookingState,
                error: bookingError,
                trackingNumber,
                api: bookedProvider !== null && bookedProvider !== "file",
              },
        suggestion: suggestCourier(rules, { city: order.city, total: order.total, risky }),
      };
    },
  );
}

/** The active couriers booking offers, by name, with how each is reached (files or its API). */
export function listActiveCouriers(db: DbOrTx) {
  return db
    .select({ id: couriers.id, name: couriers.name, provider: couriers.provider })
    .from(couriers)
    .where(and(eq(couriers.active, true)))
    .orderBy(asc(couriers.name));
}
