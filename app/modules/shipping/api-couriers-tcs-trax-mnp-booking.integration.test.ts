import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  couriers,
  orderItems,
  orders,
  orderStatusHistory,
  products,
  productVariants,
  shipments,
  users,
} from "~/schema";
import { createSecretBoxes } from "~/db/secret-box.server";
import { approveReturn } from "~/flows/approve-return.server";
import { bookParcels, cancelDueParcels, retryParcelBooking, type BookingContext } from "~/flows/book-parcels.server";
import { moveOrder, orderDesk } from "~/flows/move-order.server";
import { requestReturn } from "~/flows/request-return.server";
import { syncCourierParcels } from "~/flows/sync-courier-parcels.server";
import { createMnpApi } from "~/integrations/couriers/mnp/mnp-api.server";
import type { MnpStandIn } from "~/integrations/couriers/mnp/mnp-stand-in";
import { createTcsApi } from "~/integrations/couriers/tcs/tcs-api.server";
import type { TcsStandIn } from "~/integrations/couriers/tcs/tcs-stand-in";
import { createTraxApi } from "~/integrations/couriers/trax/trax-api.server";
import type { TraxStandIn } from "~/integrations/couriers/trax/trax-stand-in";
import type { Providers } from "~/integrations/providers.server";
import { DATABASE_KINDS, useTestDatabase } from "../../../tests/factories/test-database";
import { placeTestOrder, TEST_ITEM } from "../../../tests/factories/test-orders";
import { testProviders } from "../../../tests/factories/test-providers";
import { placeDeliveredOrder } from "../../../tests/factories/test-returns";
import { TEST_AUTH_SECRET } from "../../../tests/factories/test-secret";
import { insertTestCourier } from "../../../tests/factories/test-shipments";
import {
  connectNewCouriers,
  NEW_COURIER_KINDS as KINDS,
  NEW_COURIER_NAMES as NAMES,
  NEW_COURIER_PICKUP as PICKUP,
  startNewCourierStandIns,
  type NewCourierKind as Kind,
  type NewCourierStandIns,
} from "../../../tests/factories/test-new-api-couriers";
import { createTestBuyer } from "../../../tests/factories/test-users";
import { bookRequestedParcels } from "./booking/api-booking.server";
import { courierAirwayBill, ordersWithAirwayBills } from "./booking/api-parcel-actions.server";
import { saveCityPicks } from "./connection/courier-cities.server";
import { connectCourierApi, readCourierConnection } from "./connection/courier-connection.server";

const OWNER = { id: "owner-api-tcs-trax-mnp-booking", name: "Sana Owner" };
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const boxes = createSecretBoxes(TEST_AUTH_SECRET);
const box = boxes["courier-credentials"];

/** A parcel as any of the three stand-ins keeps it. */
type Held = {
  trackingNumber: string;
  orderNumber: string | null;
  request: Record<string, unknown>;
  cancelled: boolean;
};

/**
 * TCS, Trax and M&P over their merchant APIs (issue 45), end to end through the shop's own flows
 * against their stand-ins: Settings connects them, Book Shipments books with them, a lost answer is
 * never booked twice (asked first where the courier has a lookup; left to the owner for TCS, which
 * has none), a cancelled order's parcel is cancelled with the courier, airway bills come from the
 * couriers that publish them, and an exchange goes as Trax's replacement or as an ordinary parcel.
 * Tracking, shipper advice and payments: api-couriers-tcs-trax-mnp-tracking.integration.test.ts.
 */
describe.each(DATABASE_KINDS)("TCS, Trax and M&P booked over their APIs on %s", (kind) => {
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
  const ctx = (now?: Date): BookingContext => ({ db: db(), providers, secretBoxes: boxes, now });
  const deps = (at: Date) => ({ apis: providers.couriers.api, box, desk: orderDesk, clock: () => at });
  const order = (city = "Lahore") => placeTestOrder(db(), OWNER, { status: "confirmed", city });
  const orderRow = async (id: string) => (await db().select().from(orders).where(eq(orders.id, id)))[0];
  const shipmentOf = async (orderId: string) =>
    (await db().select().from(shipments).where(eq(shipments.orderId, orderId)))[0];
  const notesOf = async (orderId: string) =>
    (
      await db()
        .select({ note: orderStatusHistory.note })
        .from(orderStatusHistory)
        .where(eq(orderStatusHistory.orderId, orderId))
        .orderBy(orderStatusHistory.id)
    ).map((h) => h.note);
  const book = async (c: Kind, o: { id: string }, at?: Date) =>
    (await bookParcels(ctx(at), OWNER, { orderIds: [o.id], courierId: ids[c] })).booked[0];
  const sync = async (c: Kind) => {
    const [outcome] = await syncCourierParcels({ db: db(), providers, now: later() }, box, OWNER, ids[c]);
    expect(outcome).toMatchObject({ ok: true, courierId: ids[c] });
    return outcome as Extract<typeof outcome, { ok: true }>;
  };

  /** What each stand-in holds, read alike. */
  const held = (c: Kind): Held[] =>
    c === "tcs"
      ? [...tcs.parcels.values()].map((p) => ({ ...p, orderNumber: p.orderNumber }))
      : c === "trax"
        ? [...trax.parcels.values()].map((p) => ({ ...p, orderNumber: p.orderId }))
        : [...mnp.parcels.values()].map((p) => ({
            trackingNumber: p.consignmentNumber,
            orderNumber: p.custRefNo,
            request: p.request,
            cancelled: p.voided,
          }));
  const heldFor = (c: Kind, orderNumber: string) => held(c).filter((p) => p.orderNumber === orderNumber);
  const advance: NewCourierStandIns["advance"] = (...args) => standIns.advance(...args);
  const credentialsOf = (c: Kind) => standIns.credentialsOf(c);

  beforeAll(async () => {
    standIns = await startNewCourierStandIns();
    ({ tcs, trax, mnp } = standIns);
    const base = testProviders({ tcsApiUrl: tcs.url, traxApiUrl: trax.url, mnpApiUrl: mnp.url });
    // Short timeouts: a courier that never answers is found out in a second and a half.
    providers = {
      ...base,
      couriers: {
        ...base.couriers,
        api: {
          ...base.couriers.api,
          tcs: createTcsApi({ baseUrl: tcs.url, timeoutMs: 1500 }),
          trax: createTraxApi({ baseUrl: trax.url, timeoutMs: 1500 }),
          mnp: createMnpApi({ baseUrl: mnp.url, timeoutMs: 1500 }),
        },
      },
    };
    await db()
      .insert(users)
      .values({ id: OWNER.id, name: OWNER.name, email: "owner-api-tcs-trax-mnp@example.pk", role: "seller" });
    await db().update(productVariants).set({ stock: 1000 }).where(eq(productVariants.productId, TEST_ITEM.productId));
    ids = await connectNewCouriers(db(), box, providers.couriers.api, standIns);
  }, 120_000);
  afterAll(async () => {
    await standIns?.stop();
  });

  describe("connecting in Settings", () => {
    const wrong: Record<Kind, [Record<string, string>, string]> = {
      tcs: [{ password: "not-the-password" }, "Invalid username or password"],
      trax: [{ apiKey: "not-the-key" }, "Invalid API Token (Authorization)."],
      mnp: [{ password: "not-the-password" }, "Invalid username or password"],
    };
    for (const c of KINDS) {
      it(`${NAMES[c]}: a wrong credential is refused in ${NAMES[c]}'s words and nothing is saved; the right ones bring its cities and pickups`, async () => {
        const spare = await insertTestCourier(db(), `${NAMES[c]} spare`);
        const [typo, words] = wrong[c];
        const refused = await connectCourierApi(db(), box, providers.couriers.api[c], spare, {
          ...credentialsOf(c),
          ...typo,
        });
        expect(refused).toMatchObject({ ok: false, fields: {} });
        expect(refused.message).toContain(words);
        expect(refused.message).toMatch(/Nothing was saved\.$/);
        for (const secret of Object.values(typo)) expect(refused.message).not.toContain(secret);
        const [untouched] = await db().select().from(couriers).where(eq(couriers.id, spare));
        expect(untouched).toMatchObject({ provider: "file", apiCredentials: null, courierCities: null });

        const view = await readCourierConnection(db(), box, ids[c]);
        // Trax's list without the cities it does not deliver to (Gwadar, on the stand-in).
        const cityCount =
          c === "tcs"
            ? tcs.cities.length
            : c === "trax"
              ? trax.cities.filter((x) => x.delivery).length
              : mnp.cities.length;
        expect(view).toMatchObject({ provider: c, cityCount, pickupAddressCode: PICKUP[c], unreadable: false });
        expect(view.pickupAddresses.map((a) => a.code)).toContain(PICKUP[c]);
        // Secrets show as their last four only.
        const secretKeys = providers.couriers.api[c].credentialFields.filter((f) => f.secret).map((f) => f.key);
        for (const key of secretKeys) expect(view.hints[key]).toBe(credentialsOf(c)[key].slice(-4));
      });
    }
  });

  describe("booking", () => {
    const CITIES = { Lahore: "Lahore", Karachi: "Karachi", Pindi: "Rawalpindi", Isb: "Islamabad" } as const;
    /** What each courier must have been sent: our order number, the COD in rupees, 03XXXXXXXXX, its city id, our pickup. */
    const expectSent = (c: Kind, p: Held, o: { orderNumber: string; total: number }, city: string) => {
      const r = p.request;
      if (c === "tcs") {
        const shipment = r.shipmentinfo as Record<string, unknown>;
        const consignee = r.consigneeinfo as Record<string, unknown>;
        expect(shipment).toMatchObject({ referenceno: o.orderNumber, codamount: o.total, costcentercode: "001 - LHR" });
        expect(consignee).toMatchObject({ mobile: "03001112233", citycode: tcs.cityCode(city) });
        expect((r.shipperinfo as Record<string, unknown>).tcsaccount).toBe(tcs.credentials.accountNo);
      } else if (c === "trax") {
        expect(r).toMatchObject({
          order_id: o.orderNumber,
          amount: o.total,
          consignee_phone_number_1: "03001112233",
          consignee_city_id: trax.cityId(city),
          pickup_address_id: 3016,
          service_type_id: 1,
        });
      } else {
        expect(r).toMatchObject({ custRefNo: o.orderNumber, codAmount: o.total, consigneeMobNo: "03001112233" });
        expect(String(r.destinationCityName).trim()).toBe(city.toUpperCase());
        expect(String(r.locationID)).toBe("41");
      }
    };

    for (const c of KINDS) {
      it(`${NAMES[c]}: books confirmed orders with ${NAMES[c]}'s own city ids, the COD in rupees and our pickup, the tracking number on each order`, async () => {
        const placed = [];
        for (const city of Object.keys(CITIES)) placed.push({ city, ...(await order(city)) });
        const result = await bookParcels(ctx(), OWNER, { orderIds: placed.map((o) => o.id), courierId: ids[c] });
        expect(result.refused).toEqual([]);
        expect(result.booked).toHaveLength(placed.length);
        for (const o of placed) {
          const b = result.booked.find((x) => x.orderId === o.id)!;
          expect(b).toMatchObject({ state: "booked", api: true, codAmount: o.total, error: null });
          const [p] = heldFor(c, o.orderNumber);
          expect(heldFor(c, o.orderNumber)).toHaveLength(1);
          expect(p.trackingNumber).toBe(b.trackingNumber);
          expectSent(c, p, o, CITIES[o.city as keyof typeof CITIES]);
          expect(await shipmentOf(o.id)).toMatchObject({
            bookingState: "booked",
            trackingNumber: p.trackingNumber,
            bookingAttempts: 1,
            bookingError: null,
          });
          expect(await orderRow(o.id)).toMatchObject({
            status: "confirmed",
            trackingNumber: p.trackingNumber,
            courierName: NAMES[c],
          });
          expect(await notesOf(o.id)).toContain(`Booked with ${NAMES[c]}: tracking ${p.trackingNumber}`);
        }
      });
    }

    it("TCS: a city TCS's list does not match is refused beside the others; once the owner picks it, it books with that city", async () => {
      const far = await order("Lalamusa");
      const refused = await bookParcels(ctx(), OWNER, { orderIds: [far.id], courierId: ids.tcs });
      expect(refused.refused).toEqual([
        expect.objectContaining({
          orderId: far.id,
          href: `/seller/settings/couriers/${ids.tcs}/cities`,
          reason: `${far.orderNumber}: Lalamusa is not matched to a TCS city: match it in Settings -> Couriers -> TCS -> Cities`,
        }),
      ]);
      expect(heldFor("tcs", far.orderNumber)).toEqual([]);
      expect(
        await saveCityPicks(db(), ids.tcs, [{ cityKey: "lalamusa", shopCity: "Lalamusa", courierCityId: "GRW" }]),
      ).toBe(1);
      expect((await book("tcs", far)).state).toBe("booked");
      expect((heldFor("tcs", far.orderNumber)[0].request.consigneeinfo as Record<string, unknown>).citycode).toBe(
        "GRW",
      );
    });

    for (const c of ["trax", "mnp"] as const) {
      it(`${NAMES[c]}: a booking whose answer was lost is looked up with ${NAMES[c]} first and ends with the same tracking number, booked once`, async () => {
        const o = await order("Karachi");
        (c === "trax" ? trax : mnp).bookButLoseAnswer(1);
        expect(await book(c, o)).toMatchObject({ state: "requested", trackingNumber: null });
        const [first] = heldFor(c, o.orderNumber);
        expect(first).toBeDefined();
        const waiting = await shipmentOf(o.id);
        const [outcome] = await bookRequestedParcels(db(), deps(new Date(waiting.bookingNextAt!.getTime() + 1000)), {
          shipmentIds: [waiting.id],
          deadline: Date.now() + 10_000,
        });
        expect(outcome).toMatchObject({ state: "booked", trackingNumber: first.trackingNumber });
        expect(heldFor(c, o.orderNumber)).toHaveLength(1);
        expect(await shipmentOf(o.id)).toMatchObject({
          bookingState: "booked",
          trackingNumber: first.trackingNumber,
          bookingAttempts: 2,
        });
        expect((await orderRow(o.id)).trackingNumber).toBe(first.trackingNumber);
      });
    }

    it("Trax: a booking that timed out (nothing booked) is asked about, then booked once", async () => {
      const o = await order("Lahore");
      trax.hangNext(1);
      const first = await book("trax", o);
      expect(first).toMatchObject({ state: "requested", error: expect.stringContaining("no answer from Trax") });
      expect(heldFor("trax", o.orderNumber)).toEqual([]);
      const waiting = await shipmentOf(o.id);
      const [outcome] = await bookRequestedParcels(db(), deps(new Date(waiting.bookingNextAt!.getTime() + 1000)), {
        shipmentIds: [waiting.id],
        deadline: Date.now() + 10_000,
      });
      const [p] = heldFor("trax", o.orderNumber);
      expect(outcome).toMatchObject({ state: "booked", trackingNumber: p.trackingNumber });
      expect(heldFor("trax", o.orderNumber)).toHaveLength(1);
      expect(
        trax.seen.some((r) => r.path.endsWith("shipment/track/order_id") && r.query.order_id === o.orderNumber),
      ).toBe(true);
    });

    it("TCS: a lost answer is not sent again by itself (TCS has no lookup): failed, the owner told to look in TCS's portal; Try again sends it", async () => {
      const o = await order("Lahore");
      tcs.bookButLoseAnswer(1);
      const first = await book("tcs", o);
      expect(first.state).toBe("failed");
      expect(first.error).toMatch(/^TCS did not answer \(/);
      expect(first.error).toContain(
        `it may have booked ${o.orderNumber}, and TCS publishes no way to look a booking up`,
      );
      expect(first.error).toContain(`Look for ${o.orderNumber} in TCS's portal: if it is there, cancel it there`);
      expect(heldFor("tcs", o.orderNumber)).toHaveLength(1);
      expect(await shipmentOf(o.id)).toMatchObject({
        bookingState: "failed",
        bookingError: first.error,
        trackingNumber: null,
      });
      expect(await notesOf(o.id)).toContain(`Booking with TCS failed: ${first.error}`);

      // Later, the worker passes: nothing is sent to TCS.
      const creates = () => tcs.seen.filter((r) => r.path === "/ecom/api/booking/create").length;
      const sent = creates();
      expect(
        await bookRequestedParcels(db(), deps(new Date(Date.now() + HOUR)), { deadline: Date.now() + 5000 }),
      ).toEqual([]);
      expect(creates()).toBe(sent);

      // The owner looked in the portal (and cancelled it there): Try again books it anew.
      const again = await retryParcelBooking(ctx(), OWNER, o.id);
      const parcels = heldFor("tcs", o.orderNumber);
      expect(parcels).toHaveLength(2);
      expect(again.outcome).toMatchObject({ state: "booked", trackingNumber: parcels[1].trackingNumber });
      expect(await shipmentOf(o.id)).toMatchObject({
        bookingState: "booked",
        trackingNumber: parcels[1].trackingNumber,
      });
    });

    it("TCS: a 429 (too many requests: nothing done) is retried by itself and books once", async () => {
      const o = await order("Karachi");
      tcs.failNext(1, { status: 429 });
      expect(await book("tcs", o)).toMatchObject({ state: "requested", error: expect.stringContaining("429") });
      expect(heldFor("tcs", o.orderNumber)).toEqual([]);
      const waiting = await shipmentOf(o.id);
      const [outcome] = await bookRequestedParcels(db(), deps(new Date(waiting.bookingNextAt!.getTime() + 1000)), {
        shipmentIds: [waiting.id],
        deadline: Date.now() + 10_000,
      });
      expect(heldFor("tcs", o.orderNumber)).toHaveLength(1);
      expect(outcome).toMatchObject({
        state: "booked",
        trackingNumber: heldFor("tcs", o.orderNumber)[0].trackingNumber,
      });
    });
  });

  describe("cancelling", () => {
    const REFUSAL: Record<Kind, string> = {
      tcs: "picked up",
      trax: "Shipment's Status has already been changed",
      mnp: "shipment has been picked up",
    };
    for (const c of KINDS) {
      it(`${NAMES[c]}: a cancelled order's parcel is cancelled with ${NAMES[c]} and goes; after pickup ${NAMES[c]}'s refusal is kept`, async () => {
        const [a, b] = [await order("Lahore"), await order("Karachi")];
        const ta = (await book(c, a)).trackingNumber!;
        const tb = (await book(c, b)).trackingNumber!;
        advance(c, tb, "picked-up");
        await moveOrder({ db: db() }, OWNER, a.id, { status: "cancelled" });
        await moveOrder({ db: db() }, OWNER, b.id, { status: "cancelled" });
        expect(await shipmentOf(a.id)).toMatchObject({ bookingState: "cancelling", trackingNumber: ta });
        const outcomes = await cancelDueParcels(ctx(), 10_000);
        expect(outcomes.find((x) => x.orderId === a.id)).toMatchObject({ state: "cancelled" });
        expect(held(c).find((p) => p.trackingNumber === ta)!.cancelled).toBe(true);
        expect(await shipmentOf(a.id)).toBeUndefined();
        expect(await notesOf(a.id)).toEqual(
          expect.arrayContaining([
            `Booking with ${NAMES[c]} (${ta}) is being cancelled at ${NAMES[c]}`,
            `${NAMES[c]} cancelled the booking (${ta})`,
          ]),
        );

        const refused = outcomes.find((x) => x.orderId === b.id);
        expect(refused).toMatchObject({ state: "refused", error: expect.stringContaining(REFUSAL[c]) });
        expect(held(c).find((p) => p.trackingNumber === tb)!.cancelled).toBe(false);
        expect(await shipmentOf(b.id)).toMatchObject({ bookingState: "failed", trackingNumber: tb });
        const note = (await notesOf(b.id)).find((n) => n?.startsWith(`${NAMES[c]} did not cancel the parcel ${tb}:`));
        expect(note).toContain(REFUSAL[c]);
        expect(note).toMatch(new RegExp(`Ask ${NAMES[c]} to return it\\.$`));
      });
    }
  });

  describe("airway bills", () => {
    it("Trax and TCS give their airway bill as a PDF; M&P publishes none, so our label is printed and Print Labels leaves it out", async () => {
      const placed = { tcs: await order(), trax: await order(), mnp: await order() };
      for (const c of KINDS) expect((await book(c, placed[c])).state).toBe("booked");
      for (const c of ["tcs", "trax"] as const) {
        const bill = await courierAirwayBill(db(), providers.couriers.api, box, placed[c].id);
        expect(bill.fileName).toBe(`airway-bill-${placed[c].orderNumber}.pdf`);
        expect(bill.label.kind).toBe("pdf");
        if (bill.label.kind === "pdf") expect(new TextDecoder().decode(bill.label.bytes.slice(0, 5))).toBe("%PDF-");
      }
      const asked = mnp.seen.length;
      await expect(courierAirwayBill(db(), providers.couriers.api, box, placed.mnp.id)).rejects.toMatchObject({
        code: "NOT_FOUND",
        message: "M&P publishes no airway bill: print our label, which carries its tracking number",
      });
      expect(mnp.seen.length).toBe(asked);
      const withBills = await ordersWithAirwayBills(
        db(),
        KINDS.map((c) => placed[c].id),
        providers.couriers.api,
      );
      expect(withBills.map((x) => x.orderId).sort()).toEqual([placed.tcs.id, placed.trax.id].sort());
    });
  });

  describe("exchanges", () => {
    let buyer = "";
    beforeAll(async () => {
      buyer = await createTestBuyer(db(), "Ayesha Khan");
    });

    /**
     * A buyer's delivered tee (Black M) exchanged for Black L: requested, approved (its EX- replacement
     * order written), and the replacement confirmed for booking. `priceRise` puts the tee's price up
     * before the approval, so the replacement collects the difference.
     */
    const approvedExchange = async (priceRise = 0) => {
      const old = await placeDeliveredOrder(db(), buyer);
      const [large] = await db()
        .select({ id: productVariants.id })
        .from(productVariants)
        .where(
          and(
            eq(productVariants.productId, TEST_ITEM.productId),
            eq(productVariants.color, "Black"),
            eq(productVariants.size, "L"),
          ),
        );
      const { returnId } = await requestReturn(
        { db: db() },
        {
          userId: buyer,
          orderId: old.orderId,
          reason: "wrong_size",
          reasonText: null,
          photos: [],
          items: [{ orderItemId: old.itemId, quantity: 1, kind: "exchange", exchangeVariantId: large.id }],
        },
      );
      const [tee] = await db().select().from(products).where(eq(products.id, TEST_ITEM.productId));
      if (priceRise)
        await db()
          .update(products)
          .set({ price: tee.price + priceRise, originalPrice: null })
          .where(eq(products.id, tee.id));
      try {
        const { replacement } = await approveReturn({ db: db() }, OWNER, returnId);
        await moveOrder({ db: db() }, OWNER, replacement!.orderId, { status: "confirmed" });
        const [line] = await db()
          .select({ name: orderItems.name })
          .from(orderItems)
          .where(eq(orderItems.id, old.itemId));
        return {
          old,
          replacement: { id: replacement!.orderId, orderNumber: replacement!.orderNumber, total: replacement!.total },
          collected: `1 x ${line.name} (M, Black)`,
        };
      } finally {
        await db()
          .update(products)
          .set({ price: tee.price, originalPrice: tee.originalPrice })
          .where(eq(products.id, tee.id));
      }
    };

    it("Trax: an exchange with nothing to collect is booked as Trax's replacement (service type 2): the old piece named, the old order referenced, the goods' value declared", async () => {
      const { old, replacement, collected } = await approvedExchange();
      expect(replacement.orderNumber).toMatch(/^EX-/);
      expect(replacement.total).toBe(0);
      const booked = await book("trax", replacement);
      expect(booked).toMatchObject({ state: "booked", codAmount: 0 });
      const parcel = trax.parcelFor(replacement.orderNumber)!;
      expect(parcel.trackingNumber).toBe(booked.trackingNumber);
      expect(parcel.serviceTypeId).toBe(2);
      expect(parcel.request).toMatchObject({
        service_type_id: 2,
        replacement_item_description: collected,
        replacement_item_quantity: 1,
        shipper_reference_number_1: old.orderNumber,
        special_instructions: `EXCHANGE: collect the old item (${old.orderNumber})`,
        amount: 0,
        consignee_phone_number_1: "03001112233",
      });
      // Nothing to collect: Trax wants what the goods are worth (the replacement's items).
      const [row] = await db().select({ subtotal: orders.subtotal }).from(orders).where(eq(orders.id, replacement.id));
      expect(Number(parcel.request.parcel_value)).toBeGreaterThan(0);
      expect(Number(parcel.request.parcel_value)).toBe(row.subtotal);
      expect(await notesOf(replacement.id)).toContain(
        `Booked with Trax as a replacement: tracking ${parcel.trackingNumber}; the rider collects the old piece of ${old.orderNumber} at the door`,
      );

      // Trax's word for a replacement handed over ("Replacement-Exchanged") is a delivery.
      advance("trax", parcel.trackingNumber, "picked-up", { at: new Date(Date.now() - 20 * HOUR) });
      advance("trax", parcel.trackingNumber, "delivered", { at: new Date(Date.now() - 2 * HOUR) });
      expect((await sync("trax")).tracking).toMatchObject({ delivered: 1 });
      expect((await orderRow(replacement.id)).status).toBe("delivered");
    });

    it("Trax: an exchange that collects a price rise is a replacement collecting exactly that", async () => {
      const { old, replacement, collected } = await approvedExchange(300);
      expect(replacement.total).toBe(300);
      expect((await book("trax", replacement)).state).toBe("booked");
      expect(trax.parcelFor(replacement.orderNumber)!.request).toMatchObject({
        service_type_id: 2,
        amount: 300,
        replacement_item_description: collected,
        shipper_reference_number_1: old.orderNumber,
      });
    });

    for (const c of ["tcs", "mnp"] as const) {
      it(`${NAMES[c]}: the same exchange goes as an ordinary parcel whose remarks tell the rider to collect the old piece`, async () => {
        const { old, replacement, collected } = await approvedExchange();
        const booked = await book(c, replacement);
        expect(booked.state).toBe("booked");
        const [parcel] = heldFor(c, replacement.orderNumber);
        const note = `EXCHANGE: collect the old item (${old.orderNumber})`;
        if (c === "tcs") {
          expect(parcel.request.shipmentinfo).toMatchObject({
            servicecode: "O",
            codamount: 0,
            remarks: `${note}. Collect: ${collected}`,
          });
        } else {
          expect(parcel.request).toMatchObject({ service: "Overnight", codAmount: 0, remarks: note });
        }
        expect(await notesOf(replacement.id)).toContain(
          `Booked with ${NAMES[c]} as an ordinary parcel: tracking ${parcel.trackingNumber}; ${NAMES[c]} books no replacement, so the remarks tell the rider to collect the old piece of ${old.orderNumber}`,
        );
      });
    }
  });
});
