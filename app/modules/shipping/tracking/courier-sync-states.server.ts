import { and, asc, count, eq, isNotNull, isNull, ne, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { couriers, shipments } from "~/modules/shipping/tables";
import type { CourierProviderKind } from "~/db/schema/statuses";

/** An API courier as the Shipping page's "Couriers' APIs" panel shows it. Dates are ISO strings; never a credential. */
export type CourierSyncState = {
  id: number;
  name: string;
  provider: CourierProviderKind;
  connected: boolean;
  syncEveryMinutes: number;
  trackedAt: string | null;
  paymentsCheckedAt: string | null;
  apiError: string | null;
  apiErrorAt: string | null;
  /** Parcels on their way (booked, not delivered or returned): what the next sync asks about. */
  openParcels: number;
};

/** The active couriers reached through their APIs, with their sync times, last failure and open parcels (counted in SQL). */
export async function listCourierSyncStates(db: DbOrTx): Promise<CourierSyncState[]> {
  const open = db
    .select({ courierId: shipments.courierId, n: count().as("n") })
    .from(shipments)
    .where(and(isNull(shipments.deliveredAt), isNull(shipments.returnedAt), isNotNull(shipments.trackingNumber)))
    .groupBy(shipments.courierId)
    .as("open");
  const rows = await db
    .select({
      id: couriers.id,
      name: couriers.name,
      provider: couriers.provider,
      connected: sql<boolean>`${couriers.apiCredentials} is not null`,
      syncEveryMinutes: couriers.syncEveryMinutes,
      trackedAt: couriers.trackedAt,
      paymentsCheckedAt: couriers.paymentsCheckedAt,
      apiError: couriers.apiError,
      apiErrorAt: couriers.apiErrorAt,
      openParcels: sql<number>`coalesce(${open.n}, 0)`.mapWith(Number),
    })
    .from(couriers)
    .leftJoin(open, eq(open.courierId, couriers.id))
    .where(and(eq(couriers.active, true), ne(couriers.provider, "file")))
    .orderBy(asc(couriers.name));
  return rows.map((r) => ({
    ...r,
    connected: Boolean(r.connected),
    trackedAt: r.trackedAt?.toISOString() ?? null,
    paymentsCheckedAt: r.paymentsCheckedAt?.toISOString() ?? null,
    apiErrorAt: r.apiErrorAt?.toISOString() ?? null,
  }));
}

/** The connected API couriers Sync now asks (one, or all): ids and names. */
export async function connectedApiCouriers(
  db: DbOrTx,
  courierId: number | null,
): Promise<{ id: number; name: string }[]> {
  return db
    .select({ id: couriers.id, name: couriers.name })
    .from(couriers)
    .where(
      and(
        eq(couriers.active, true),
        ne(couriers.provider, "file"),
        isNotNull(couriers.apiCredentials),
        courierId === null ? undefined : eq(couriers.id, courierId),
      ),
    )
    .orderBy(asc(couriers.name));
}
