import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { couriers, orders, shipments } from "~/schema";
import { createSecretBox } from "~/db/secret-box.server";
import { bookParcels } from "~/flows/book-parcels.server";
import type { Providers } from "~/integrations/providers.server";
import type { ApiCourierKind } from "~/db/schema/statuses";
import { COURIER_PROVIDER_LABELS, type CourierCredentials } from "~/modules/shipping/couriers/courier-api";
import { placeTestOrder } from "./test-orders";
import { insertTestCourier } from "./test-shipments";
import { TEST_AUTH_SECRET } from "./test-secret";

/** The box the request context's secretBoxes["courier-credentials"] is in route tests (routeContext). */
export const testCourierBox = createSecretBox(TEST_AUTH_SECRET, "courier-credentials");

let couriersMade = 0;

/**
 * A courier connected through its API, as Settings -> Couriers leaves it (credentials sealed in the
 * database), made straight in the database: engineer "book"'s settings are not needed to test sync.
 */
export async function insertApiCourier(
  db: Db,
  kind: ApiCourierKind,
  credentials: CourierCredentials,
  name = `${COURIER_PROVIDER_LABELS[kind].replace(" API", "")} ${++couriersMade}`,
): Promise<number> {
  const id = await insertTestCourier(db, name);
  await db
    .update(couriers)
    .set({
      provider: kind,
      apiCredentials: testCourierBox.seal(JSON.stringify(credentials)),
      apiCredentialHints: {},
      connectedAt: new Date(),
    })
    .where(eq(couriers.id, id));
  return id;
}

/**
 * `count` confirmed orders of the seeded tee, booked with the API courier: the shop's booking
 * (parcel, estimate, history) and then the courier's own booking through its client, whose tracking
 * number goes on the parcel as an API booking leaves it (orders stay booked until the courier picks up).
 */
export async function bookApiParcels(
  db: Db,
  providers: Providers,
  owner: { id: string; name: string },
  courier: { id: number; kind: ApiCourierKind; credentials: CourierCredentials },
  count: number,
  opts: { city?: string; phone?: (i: number) => string; cityOf?: (name: string) => { id: string; name: string } } = {},
): Promise<{ id: string; orderNumber: string; total: number; trackingNumber: string }[]> {
  const placed: { id: string; orderNumber: string; total: number }[] = [];
  for (let i = 0; i < count; i++) {
    placed.push(
      await placeTestOrder(db, owner, {
        status: "confirmed",
        city: opts.city ?? "Lahore",
        phone: opts.phone?.(i) ?? `+9230011${String(10000 + Math.floor(Math.random() * 89999))}`,
      }),
    );
  }
  // Booked as a file courier books (the parcel rows), then with the courier's API.
  await db.update(couriers).set({ provider: "file" }).where(eq(couriers.id, courier.id));
  await bookParcels({ db }, owner, { orderIds: placed.map((o) => o.id), courierId: courier.id });
  await db.update(couriers).set({ provider: courier.kind }).where(eq(couriers.id, courier.id));
  const api = providers.couriers.api[courier.kind];
  const out = [];
  for (const order of placed) {
    const [row] = await db
      .select({
        fullName: orders.fullName,
        phone: orders.phone,
        email: orders.email,
        address: orders.address,
        city: orders.city,
      })
      .from(orders)
      .where(eq(orders.id, order.id));
    const booked = await api.book(courier.credentials, {
      orderNumber: order.orderNumber,
      consigneeName: row.fullName,
      phone: row.phone,
      email: row.email,
      address: row.address,
      city: opts.cityOf?.(row.city) ?? { id: row.city, name: row.city },
      codAmount: order.total,
      parcelValue: 2500,
      weightGrams: 500,
      pieces: 1,
      description: "Tee (M)",
      exchangeFor: null,
      exchangeItems: null,
      pickupAddressCode: null,
      remarks: null,
    });
    await db
      .update(shipments)
      .set({ trackingNumber: booked.trackingNumber, courierLabelUrl: booked.labelUrl })
      .where(eq(shipments.orderId, order.id));
    out.push({ ...order, trackingNumber: booked.trackingNumber });
  }
  return out;
}
