import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  messageOutbox,
  orders,
  orderStatusHistory,
  productVariants,
  settlements,
  shipments,
  shippingDiscrepancies,
  users,
} from "~/schema";
import { createSecretBoxes } from "~/db/secret-box.server";
import { adviseCourier } from "~/flows/advise-courier.server";
import { bookParcels } from "~/flows/book-parcels.server";
import { syncCourierParcels } from "~/flows/sync-courier-parcels.server";
import type { MnpStandIn } from "~/integrations/couriers/mnp/mnp-stand-in";
import type { TcsStandIn } from "~/integrations/couriers/tcs/tcs-stand-in";
import type { TraxStandIn } from "~/integrations/couriers/trax/trax-stand-in";
import type { Providers } from "~/integrations/providers.server";
import { DATABASE_KINDS, useTestDatabase } from "../../../tests/factories/test-database";
import { placeTestOrder, TEST_ITEM } from "../../../tests/factories/test-orders";
import { testProviders } from "../../../tests/factories/test-providers";
import { TEST_AUTH_SECRET } from "../../../tests/factories/test-secret";
import {
  connectNewCouriers,
  NEW_COURIER_KINDS as KINDS,
  NEW_COURIER_NAMES as NAMES,
  startNewCourierStandIns,
  type NewCourierKind as Kind,
  type NewCourierStandIns,
} from "../../../tests/factories/test-new-api-couriers";
import { listDeliveryProblems } from "./tracking/delivery-problems.server";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const minute = (at: Date) => new Date(Math.floor(at.getTime() / MINUTE) * MINUTE);
const boxes = createSecretBoxes(TEST_AUTH_SECRET);
const box = boxes["courier-credentials"];
const OWNER = { id: "owner-api-tcs-trax-mnp-tracking", name: "Sana Owner" };

/**
 * TCS, Trax and M&P over their merchant APIs (issue 45), after booking, through the shop's own flows
 * against their stand-ins: the sync tracks parcels to delivered or into Delivery problems, the owner's
 * shipper advice goes to the courier (or, for TCS, which publishes none, is recorded as given on its
 * portal), and the courier's payments become settlements. Booking, cancelling, airway bills and
 * exchanges: api-couriers-tcs-trax-mnp-booking.integration.test.ts.
 */
describe.each(DATABASE_KINDS)("TCS, Trax and M&P tracked and paid over their APIs on %s", (kind) => {
  const database = useTestDatabase(kind);
  const db = () => database.db;
  let tcs: TcsStandIn;
  let trax: TraxStandIn;
  let mnp: MnpStandIn;
  let standIns: NewCourierStandIns;
  let providers: Providers;
  let ids: Record<Kind, number>;
  let ticks = 0;
  /** A clock a minute further on each call: each sync is a later one. */
  const later = () => new Date(Date.now() + ++ticks * MINUTE);
  const order = (city = "Lahore") => placeTestOrder(db(), OWNER, { status: "confirmed", city });
  const orderRow = async (id: string) => (await db().select().from(orders).where(eq(orders.id, id)))[0];
  const shipmentOf = async (orderId: string) =>
    (await db().select().from(shipments).where(eq(shipments.orderId, orderId)))[0];
  /** Booked through Book Shipments, as the owner books. */
  const book = async (c: Kind, o: { id: string }) => {
    const [booked] = (
      await bookParcels({ db: db(), providers, secretBoxes: boxes }, OWNER, {
        orderIds: [o.id],
        courierId: ids[c],
      })
    ).booked;
    expect(booked.state).toBe("booked");
    return booked.trackingNumber!;
  };
  /** Sync now for one courier: its tracking, then its payments. */
  const sync = async (c: Kind) => {
    const [outcome] = await syncCourierParcels({ db: db(), providers, now: later() }, box, OWNER, ids[c]);
    expect(outcome).toMatchObject({ ok: true, courierId: ids[c] });
    return outcome as Extract<typeof outcome, { ok: true }>;
  };
  const advance: NewCourierStandIns["advance"] = (...args) => standIns.advance(...args);
  const settle: NewCourierStandIns["settle"] = (...args) => standIns.settle(...args);
  const requestsTo = (c: Kind) => standIns.seen(c).length;
  const notesOf = async (orderId: string) =>
    (
      await db()
        .select({ note: orderStatusHistory.note })
        .from(orderStatusHistory)
        .where(eq(orderStatusHistory.orderId, orderId))
        .orderBy(orderStatusHistory.id)
    ).map((h) => h.note);

  beforeAll(async () => {
    standIns = await startNewCourierStandIns();
    ({ tcs, trax, mnp } = standIns);
    providers = testProviders({ tcsApiUrl: tcs.url, traxApiUrl: trax.url, mnpApiUrl: mnp.url });
    await db()
      .insert(users)
      .values({ id: OWNER.id, name: OWNER.name, email: "owner-api-tracking@example.pk", role: "seller" });
    await db().update(productVariants).set({ stock: 1000 }).where(eq(productVariants.productId, TEST_ITEM.productId));
    ids = await connectNewCouriers(db(), box, providers.couriers.api, standIns);
  }, 120_000);
  afterAll(async () => {
    await standIns?.stop();
  });

  describe("tracking, Delivery problems and shipper advice", () => {
    for (const c of KINDS) {
      it(`${NAMES[c]}: the sync tracks a parcel to delivered at ${NAMES[c]}'s time, and the buyer is e-mailed`, async () => {
        const o = await order("Karachi");
        const trackingNumber = await book(c, o);
        const deliveredAt = new Date(Date.now() - 3 * HOUR);
        advance(c, trackingNumber, "picked-up", { at: new Date(Date.now() - 30 * HOUR) });
        advance(c, trackingNumber, "in-transit", { at: new Date(Date.now() - 20 * HOUR) });
        advance(c, trackingNumber, "delivered", { at: deliveredAt });
        const outcome = await sync(c);
        expect(outcome.tracking).toMatchObject({ delivered: 1 });
        expect(await orderRow(o.id)).toMatchObject({
          status: "delivered",
          deliveredAt: minute(deliveredAt),
          paymentStatus: "collected",
        });
        expect((await shipmentOf(o.id)).deliveredAt).toEqual(minute(deliveredAt));
        const mails = await db()
          .select({ data: messageOutbox.data })
          .from(messageOutbox)
          .where(and(eq(messageOutbox.orderId, o.id), eq(messageOutbox.kind, "order_status")));
        expect(mails.map((m) => m.data.status)).toEqual(expect.arrayContaining(["shipped", "delivered"]));
        expect((await notesOf(o.id)).at(-1)).toMatch(new RegExp(`^By ${NAMES[c]}'s tracking \\d{4}-\\d{2}-\\d{2}: `));
      });
    }

    const REASONS: Record<Kind, string> = {
      tcs: "Consignee Not Available",
      trax: "Consignee Not Responding",
      mnp: "Consignee not available at home",
    };
    for (const c of KINDS) {
      it(`${NAMES[c]}: a failed attempt lands in Delivery problems with ${NAMES[c]}'s reason; the owner's advice ${c === "tcs" ? "is recorded, given on TCS's portal" : `goes to ${NAMES[c]}`} and the parcel leaves the queue`, async () => {
        const o = await order("Lahore");
        const trackingNumber = await book(c, o);
        const attemptAt = new Date(Date.now() - 4 * HOUR);
        advance(c, trackingNumber, "picked-up", { at: new Date(Date.now() - 30 * HOUR) });
        advance(c, trackingNumber, "attempted", { at: attemptAt, reason: REASONS[c] });
        expect((await sync(c)).tracking).toMatchObject({ attempts: 1, delivered: 0 });
        const item = (await listDeliveryProblems(db(), 1)).items.find((p) => p.orderId === o.id);
        expect(item).toMatchObject({
          orderNumber: o.orderNumber,
          courierName: NAMES[c],
          trackingNumber,
          codAmount: o.total,
          at: minute(attemptAt).toISOString(),
        });
        expect(item!.reason).toContain(REASONS[c]);
        expect((await orderRow(o.id)).status).toBe("shipped");
        // The problems page offers TCS's advice as given on its portal (its API publishes none).
        expect(item!.courierProvider).toBe(c);
        expect(providers.couriers.api[c].offers.advise).toBe(c !== "tcs");

        const asked = requestsTo(c);
        const advice = c === "mnp" ? "return" : "reattempt";
        const remarks = c === "mnp" ? "buyer moved away" : "call before coming";
        const outcome = await adviseCourier({ db: db(), providers }, box, OWNER, {
          shipmentId: item!.shipmentId,
          advice,
          remarks,
        });
        const says =
          advice === "return"
            ? `Asked ${NAMES[c]} to return the parcel to the shop: ${remarks}`
            : `Asked ${NAMES[c]} to re-attempt delivery: ${remarks}`;
        if (c === "tcs") {
          expect(outcome).toEqual({ ok: true, says: `Recorded (given on TCS's portal): ${says}` });
          // Nothing is sent to TCS: it publishes no shipper advice.
          expect(requestsTo(c)).toBe(asked);
        } else if (c === "trax") {
          expect(outcome).toEqual({ ok: true, says });
          expect(trax.advice.filter((a) => a.trackingNumber === trackingNumber)).toEqual([
            { trackingNumber, type: 2, remarks },
          ]);
        } else {
          expect(outcome).toEqual({ ok: true, says });
          expect(mnp.advice.filter((a) => a.consignment === trackingNumber)).toEqual([
            expect.objectContaining({ consignment: trackingNumber, adviceoption: "2", remarks }),
          ]);
        }
        expect(await shipmentOf(o.id)).toMatchObject({ advice, adviceByName: OWNER.name });
        expect((await listDeliveryProblems(db(), 1)).items.find((p) => p.orderId === o.id)).toBeUndefined();
      });
    }
  });

  describe("settlements", () => {
    const REFERENCE: Record<Kind, string> = { tcs: "TCS 2026-11-26", trax: "770451", mnp: "MNP-PAY-3301" };
    for (const c of KINDS) {
      it(`${NAMES[c]}: ${NAMES[c]}'s payment becomes a settlement (${REFERENCE[c]}) with the right totals, the order settled, no discrepancy`, async () => {
        const [a, b] = [await order("Lahore"), await order("Karachi")];
        const ta = await book(c, a);
        const tb = await book(c, b);
        for (const t of [ta, tb]) {
          advance(c, t, "picked-up", { at: new Date(Date.now() - 50 * HOUR) });
          advance(c, t, "delivered", { at: new Date(Date.now() - 26 * HOUR) });
        }
        expect((await sync(c)).tracking).toMatchObject({ delivered: 2 });
        const charges = 150;
        expect((await shipmentOf(a.id)).estimatedCharge).toBeGreaterThanOrEqual(charges);
        // TCS names no reference: its payment's day stands for it.
        settle(c, [ta], {
          on: "2026-11-26",
          reference: c === "tcs" ? "kept by the stand-in only" : REFERENCE[c],
          charges,
        });
        const paid = await sync(c);
        expect(paid.payments).toMatchObject({ paid: 1 });
        const [settlement] = await db()
          .select()
          .from(settlements)
          .where(and(eq(settlements.courierId, ids[c]), eq(settlements.reference, REFERENCE[c])));
        expect(settlement).toMatchObject({
          paidOn: "2026-11-26",
          expectedTotal: a.total,
          chargesTotal: charges,
          paidTotal: a.total - charges,
        });
        expect(await shipmentOf(a.id)).toMatchObject({
          settlementId: settlement.id,
          paymentReference: REFERENCE[c],
          collectedAmount: a.total,
          chargedAmount: charges,
          netPaid: a.total - charges,
        });
        expect((await orderRow(a.id)).paymentStatus).toBe("settled");
        expect((await orderRow(b.id)).paymentStatus).toBe("collected");
        expect(
          await db().select().from(shippingDiscrepancies).where(eq(shippingDiscrepancies.settlementId, settlement.id)),
        ).toEqual([]);
        // Asked again: nothing doubles.
        expect((await sync(c)).payments).toMatchObject({ paid: 0 });
        expect(await db().select().from(settlements).where(eq(settlements.courierId, ids[c]))).toHaveLength(1);
      });
    }
  });
});
