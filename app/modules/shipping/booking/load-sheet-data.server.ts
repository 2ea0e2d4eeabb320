import { and, asc, eq, gte, lt, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { orders } from "~/modules/orders/reads";
import { shipments } from "~/modules/shipping/tables";
import { AppError } from "~/lib/errors";
import { normalizePakistaniMobile } from "~/lib/phone";
import { shopDayRange } from "~/lib/shop-time";
import { getSettings } from "~/modules/settings/reads";
import { getCourier } from "../couriers/couriers.server";

export const BAD_DAY = "Pick a date, such as 2026-11-25";

/** One parcel on the sheet (components/shipping/load-sheet.tsx's LoadSheetParcel). */
export type LoadSheetParcel = {
  orderNumber: string;
  trackingNumber: string | null;
  city: string;
  codAmount: number;
  weightGrams: number;
};

export type LoadSheetData = {
  courier: { id: number; name: string; accountCode: string | null };
  /** The Pakistan calendar day, "YYYY-MM-DD", and as printed ("25 Nov 2026"). */
  day: string;
  date: string;
  shop: { brandName: string; phone: string; address: string; city: string };
  parcels: LoadSheetParcel[];
  totals: { parcels: number; codAmount: number; weightGrams: number };
};

const printedDay = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});

/**
 * The parcels booked with a courier between two instants, in booking order: a range scan of the
 * shipments' (courier_id, booked_at) index, then each order by its key. Exported for the test that
 * asks the planner which index it reads.
 */
export function bookedParcels(db: DbOrTx, courierId: number, range: { start: Date; end: Date }) {
  return db
    .select({
      orderNumber: orders.orderNumber,
      // The courier's number from its booking, or the one the owner typed on the order.
      trackingNumber: sql<string | null>`coalesce(${shipments.trackingNumber}, ${orders.trackingNumber})`,
      city: orders.city,
      codAmount: shipments.codAmount,
      weightGrams: shipments.weightGrams,
    })
    .from(shipments)
    .innerJoin(orders, eq(orders.id, shipments.orderId))
    .where(
      and(
        eq(shipments.courierId, courierId),
        eq(shipments.bookingState, "booked"),
        gte(shipments.bookedAt, range.start),
        lt(shipments.bookedAt, range.end),
      ),
    )
    .orderBy(asc(shipments.bookedAt), asc(shipments.id));
}

/**
 * The courier's load sheet for one Pakistan calendar day: every parcel booked with it from that
 * day's midnight to the next (shop time), in booking order, with the totals the rider signs for.
 * An unknown courier is NOT_FOUND; a day that is not a real "YYYY-MM-DD" date is a VALIDATION error.
 * The parcels are read by the (courier_id, booked_at) index.
 */
export async function loadSheet(
  db: DbOrTx,
  { courierId, day }: { courierId: number; day: string },
): Promise<LoadSheetData> {
  const range = shopDayRange(day);
  if (!range) throw new AppError("VALIDATION", BAD_DAY, { date: BAD_DAY });
  const [courier, settings] = await Promise.all([getCourier(db, courierId), getSettings(db)]);
  const parcels = await bookedParcels(db, courier.id, range);
  return {
    courier: { id: courier.id, name: courier.name, accountCode: courier.accountCode },
    day,
    date: printedDay.format(new Date(`${day}T12:00:00Z`)),
    shop: {
      brandName: settings.brandName,
      phone: normalizePakistaniMobile(settings.phone) ?? settings.phone,
      address: settings.address,
      city: settings.city,
    },
    parcels,
    totals: {
      parcels: parcels.length,
      codAmount: parcels.reduce((sum, p) => sum + p.codAmount, 0),
      weightGrams: parcels.reduce((sum, p) => sum + p.weightGrams, 0),
    },
  };
}
