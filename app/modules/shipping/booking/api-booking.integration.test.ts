import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { couriers, orders, orderStatusHistory, productVariants, shipments, users } from "~/schema";
import { createSecretBoxes } from "~/db/secret-box.server";
import {
  bookDueParcels,
  bookParcels,
  cancelDueParcels,
  cancelParcelBooking,
  retryParcelBooking,
  type BookingContext,
} from "~/flows/book-parcels.server";
import { moveOrder, orderDesk } from "~/flows/move-order.server";
import { createLeopardsApi } from "~/integrations/couriers/leopards/leopards-api.server";
import { startLeopardsStandIn, type LeopardsStandIn } from "~/integrations/couriers/leopards/leopards-stand-in";
import { createPostexApi } from "~/integrations/couriers/postex/postex-api.server";
import { startPostexStandIn, type PostexStandIn } from "~/integrations/couriers/postex/postex-stand-in";
import type { Providers } from "~/integrations/providers.server";
import { DATABASE_KINDS, useTestDatabase } from "../../../../tests/factories/test-database";
import { placeTestOrder, TEST_ITEM } from "../../../../tests/factories/test-orders";
import { testProviders } from "../../../../tests/factories/test-providers";
import { TEST_AUTH_SECRET } from "../../../../tests/factories/test-secret";
import { insertTestCourier } from "../../../../tests/factories/test-shipments";
import { connectCourierApi, saveConnectionSettings } from "../connection/courier-connection.server";
import { BOOKING_GIVE_UP_MS, bookRequestedParcels, cancelRequestedParcels } from "./api-booking.server";
import { courierAirwayBill } from "./api-parcel-actions.server";
import { listShipments } from "./list-shipments.server";

const OWNER = { id: "owner-api-book", name: "Sana Owner" };
const boxes = createSecretBoxes(TEST_AUTH_SECRET);
const box = boxes["courier-credentials"];

/** Booking with PostEx and Leopards over their APIs (the stand-ins), beside a file courier, in one request. */
describe.each(DATABASE_KINDS)("booking over couriers' APIs on %s", (kind) => {
  const database = useTestDatabase(kind);
  const db = () => database.db;
  let postex: PostexStandIn;
  let leopards: LeopardsStandIn;
  let providers: Providers;
  const ids = { postex: 0, leopards: 0, file: 0 };
  const ctx = (): BookingContext => ({ db: db(), providers, secretBoxes: boxes });
  const deps = (at?: Date) => ({
    apis: providers.couriers.api,
    box,
    desk: orderDesk,
    clock: at ? () => at : undefined,
  });
  const order = (city: string, phone?: string) => placeTestOrder(db(), OWNER, { status: "confirmed", city, phone });
  const shipmentOf = async (orderId: string) =>
    (await db().select().from(shipments).where(eq(shipments.orderId, orderId)))[0];
  const createOrders = (orderNumber: string) =>
    postex.seen.filter(
      (r) =>
        r.path.endsWith("v3/create-order") && (r.body as { orderRefNumber?: string })?.orderRefNumber === orderNumber,
    );

  beforeAll(async () => {
    postex = await startPostexStandIn();
    leopards = await startLeopardsStandIn();
    const base = testProviders();
    // Short timeouts: a courier that never answers is found out in a second.
    providers = {
      ...base,
      couriers: {
        ...base.couriers,
        api: {
          ...base.couriers.api,
          postex: createPostexApi({ baseUrl: postex.url, timeoutMs: 1500 }),
          leopards: createLeopardsApi({ baseUrl: leopards.url, timeoutMs: 1500 }),
        },
      },
    };
    await db()
      .insert(users)
      .values({ id: OWNER.id, name: OWNER.name, email: "owner-api-book@example.pk", role: "seller" });
    await db().update(productVariants).set({ stock: 1000 }).where(eq(productVariants.productId, TEST_ITEM.productId));
    ids.postex = await insertTestCourier(db(), "PostEx");
    ids.leopards = await insertTestCourier(db(), "Leopards");
    ids.file = await insertTestCourier(db(), "TCS");
    expect(
      await connectCourierApi(db(), box, providers.couriers.api.postex, ids.postex, { token: postex.token }),
    ).toMatchObject({ ok: true });
    expect(
      await connectCourierApi(db(), box, providers.couriers.api.leopards, ids.leopards, {
        apiKey: leopards.apiKey,
        apiPassword: leopards.apiPassword,
      }),
    ).toMatchObject({ ok: true });
  }, 120_000);
  afterAll(async () => {
    await postex?.stop();
    await leopards?.stop();
  });

  it("books 20 orders across PostEx, Leopards and a file courier in one request, each with its own courier", async () => {
    const cities = ["Lahore", "Karachi", "Pindi", "Isb", "D.G. Khan"];
    const placed = [];
    for (let i = 0; i < 20; i++) placed.push(await order(cities[i % cities.length]));
    const courierFor = (i: number) => [ids.postex, ids.leopards, ids.file][i % 3];
    const result = await bookParcels(ctx(), OWNER, {
      orderIds: placed.map((o) => o.id),
      couriers: Object.fromEntries(placed.map((o, i) => [o.id, courierFor(i)])),
    });
    expect(result.refused).toEqual([]);
    expect(result.booked).toHaveLength(20);
    expect(result.courier.split(", ").sort()).toEqual(["Leopards", "PostEx", "TCS"]);
    for (const [i, o] of placed.entries()) {
      const b = result.booked.find((x) => x.orderId === o.id)!;
      expect(b.courierId).toBe(courierFor(i));
      expect(b.state).toBe("booked");
      expect(b.codAmount).toBe(o.total);
      if (courierFor(i) === ids.file) {
        expect(b).toMatchObject({ api: false, trackingNumber: null });
        continue;
      }
      expect(b.api).toBe(true);
      const stored = await shipmentOf(o.id);
      expect(stored).toMatchObject({
        bookingState: "booked",
        trackingNumber: b.trackingNumber,
        bookingAttempts: 1,
        bookingError: null,
      });
      const [named] = await db()
        .select({ trackingNumber: orders.trackingNumber, courierName: orders.courierName, status: orders.status })
        .from(orders)
        .where(eq(orders.id, o.id));
      expect(named).toEqual({ trackingNumber: b.trackingNumber, courierName: b.courier, status: "confirmed" });
      const notes = (
        await db()
          .select({ note: orderStatusHistory.note })
          .from(orderStatusHistory)
          .where(eq(orderStatusHistory.orderId, o.id))
      ).map((h) => h.note);
      expect(notes).toContain(`Booked with ${b.courier}: tracking ${b.trackingNumber}`);
      if (courierFor(i) === ids.postex) {
        const parcel = postex.parcelFor(o.orderNumber)!;
        expect(parcel.trackingNumber).toBe(b.trackingNumber);
        // The courier's own city names: Pindi -> Rawalpindi, Isb -> Islamabad, D.G. Khan as PostEx lists it.
        expect(parcel.request.cityName).toBe(
          { Lahore: "Lahore", Karachi: "Karachi", Pindi: "Rawalpindi", Isb: "Islamabad", "D.G. Khan": "D.G. Khan" }[
            cities[i % cities.length]
          ],
        );
        expect(Number(parcel.request.invoicePayment)).toBe(o.total);
        expect(parcel.request.customerPhone).toBe("03001112233");
      } else {
        const packet = leopards.packetFor(o.orderNumber)!;
        expect(packet.trackNumber).toBe(b.trackingNumber);
        expect(packet.request.destination_city).toBe(
          leopards.cityId(
            {
              Lahore: "Lahore",
              Karachi: "Karachi",
              Pindi: "Rawalpindi",
              Isb: "Islamabad",
              "D.G. Khan": "Dera Ghazi Khan",
            }[cities[i % cities.length]]!,
          ),
        );
      }
    }
    // Each API order was sent once.
    const postexOrders = placed.filter((_, i) => courierFor(i) === ids.postex);
    expect(
      [...postex.parcels.values()].filter((p) => postexOrders.some((o) => o.orderNumber === p.orderRefNumber)),
    ).toHaveLength(postexOrders.length);
    const leopardsOrders = placed.filter((_, i) => courierFor(i) === ids.leopards);
    expect(
      [...leopards.packets.values()].filter((p) => leopardsOrders.some((o) => o.orderNumber === p.orderId)),
    ).toHaveLength(leopardsOrders.length);
  });

  it("refuses an order to a city the courier's list does not match, beside that order, and sends nothing", async () => {
    const far = await order("Lalamusa");
    const near = await order("Lahore");
    const result = await bookParcels(ctx(), OWNER, { orderIds: [far.id, near.id], courierId: ids.postex });
    expect(result.refused).toEqual([
      {
        orderId: far.id,
        orderNumber: far.orderNumber,
        href: `/seller/settings/couriers/${ids.postex}/cities`,
        reason: `${far.orderNumber}: Lalamusa is not matched to a PostEx city: match it in Settings -> Couriers -> PostEx -> Cities`,
      },
    ]);
    expect(result.booked.map((b) => [b.orderId, b.state])).toEqual([[near.id, "booked"]]);
    expect(await shipmentOf(far.id)).toBeUndefined();
    expect(postex.parcelFor(far.orderNumber)).toBeUndefined();
  });

  it("retries a 500 once it is due, and books the parcel once", async () => {
    const o = await order("Karachi");
    postex.failNext(1, { status: 500 });
    const before = Date.now();
    const result = await bookParcels(ctx(), OWNER, { orderIds: [o.id], courierId: ids.postex });
    expect(result.booked[0]).toMatchObject({
      state: "requested",
      trackingNumber: null,
      error: expect.stringContaining("500"),
    });
    const waiting = await shipmentOf(o.id);
    expect(waiting).toMatchObject({ bookingState: "requested", bookingAttempts: 1, trackingNumber: null });
    // The first retry is 30 s later: not before.
    expect(waiting.bookingNextAt!.getTime()).toBeGreaterThanOrEqual(before + 30_000);
    expect(
      await bookRequestedParcels(db(), deps(new Date(before + 10_000)), {
        shipmentIds: [waiting.id],
        deadline: Date.now() + 10_000,
      }),
    ).toEqual([]);
    const [outcome] = await bookRequestedParcels(db(), deps(new Date(waiting.bookingNextAt!.getTime() + 1000)), {
      shipmentIds: [waiting.id],
      deadline: Date.now() + 10_000,
    });
    expect(outcome).toMatchObject({ state: "booked", trackingNumber: postex.parcelFor(o.orderNumber)!.trackingNumber });
    expect(await shipmentOf(o.id)).toMatchObject({ bookingState: "booked", bookingAttempts: 2, bookingError: null });
    expect([...postex.parcels.values()].filter((p) => p.orderRefNumber === o.orderNumber)).toHaveLength(1);
  });

  it("settles an answer that never came by asking PostEx first: the parcel it booked, never a second one", async () => {
    const o = await order("Lahore");
    postex.bookButLoseAnswer(1);
    const result = await bookParcels(ctx(), OWNER, { orderIds: [o.id], courierId: ids.postex });
    expect(result.booked[0]).toMatchObject({ state: "requested", trackingNumber: null });
    const booked = postex.parcelFor(o.orderNumber)!;
    expect(booked).toBeDefined();
    const waiting = await shipmentOf(o.id);
    const [outcome] = await bookRequestedParcels(db(), deps(new Date(waiting.bookingNextAt!.getTime() + 1000)), {
      shipmentIds: [waiting.id],
      deadline: Date.now() + 10_000,
    });
    expect(outcome).toMatchObject({ state: "booked", trackingNumber: booked.trackingNumber });
    expect(createOrders(o.orderNumber)).toHaveLength(1);
    expect([...postex.parcels.values()].filter((p) => p.orderRefNumber === o.orderNumber)).toHaveLength(1);
  });

  it("books a lost Leopards answer once too", async () => {
    const o = await order("Karachi");
    leopards.bookButLoseAnswer(1);
    await bookParcels(ctx(), OWNER, { orderIds: [o.id], courierId: ids.leopards });
    const packet = leopards.packetFor(o.orderNumber)!;
    const waiting = await shipmentOf(o.id);
    expect(waiting.bookingState).toBe("requested");
    const [outcome] = await bookRequestedParcels(db(), deps(new Date(waiting.bookingNextAt!.getTime() + 1000)), {
      shipmentIds: [waiting.id],
      deadline: Date.now() + 10_000,
    });
    expect(outcome).toMatchObject({ state: "booked", trackingNumber: packet.trackNumber });
    expect([...leopards.packets.values()].filter((p) => p.orderId === o.orderNumber)).toHaveLength(1);
  });

  /** A booking whose answer was lost, then given up after a day of the courier not answering: failed, though the courier has the parcel. */
  const givenUpAfterLostAnswer = async (courier: "postex" | "leopards") => {
    const o = await order("Lahore");
    const standIn = courier === "postex" ? postex : leopards;
    standIn.bookButLoseAnswer(1);
    expect((await bookParcels(ctx(), OWNER, { orderIds: [o.id], courierId: ids[courier] })).booked[0].state).toBe(
      "requested",
    );
    const tracking =
      courier === "postex"
        ? postex.parcelFor(o.orderNumber)!.trackingNumber
        : leopards.packetFor(o.orderNumber)!.trackNumber;
    const waiting = await shipmentOf(o.id);
    standIn.failNext(1, { status: 503 });
    const [gaveUp] = await bookRequestedParcels(
      db(),
      deps(new Date(waiting.bookedAt.getTime() + BOOKING_GIVE_UP_MS + 60_000)),
      { shipmentIds: [waiting.id], deadline: Date.now() + 10_000 },
    );
    expect(gaveUp).toMatchObject({ state: "failed", error: expect.stringContaining("did not answer for a day") });
    return { o, tracking, later: new Date(waiting.bookedAt.getTime() + 10 * 86_400_000) };
  };
  const sentTo = (courier: "postex" | "leopards", orderNumber: string) =>
    courier === "postex"
      ? [...postex.parcels.values()].filter((p) => p.orderRefNumber === orderNumber)
      : [...leopards.packets.values()].filter((p) => p.orderId === orderNumber);

  for (const courier of ["postex", "leopards"] as const) {
    it(`${courier}: Try again ten days after a booking whose answer was lost was given up finds that booking, and books nothing twice`, async () => {
      const { o, tracking, later } = await givenUpAfterLostAnswer(courier);
      const again = await retryParcelBooking({ ...ctx(), now: later }, OWNER, o.id);
      expect(again.outcome).toMatchObject({ state: "booked", trackingNumber: tracking });
      expect(sentTo(courier, o.orderNumber)).toHaveLength(1);
      expect(await shipmentOf(o.id)).toMatchObject({ bookingState: "booked", trackingNumber: tracking });
      const [named] = await db()
        .select({ trackingNumber: orders.trackingNumber })
        .from(orders)
        .where(eq(orders.id, o.id));
      expect(named.trackingNumber).toBe(tracking);
    });

    it(`${courier}: Cancel booking on a given-up booking whose answer was lost asks the courier first and cancels the parcel it has`, async () => {
      const { o, tracking, later } = await givenUpAfterLostAnswer(courier);
      expect(await cancelParcelBooking({ ...ctx(), now: later }, OWNER, o.id)).toEqual({
        orderNumber: o.orderNumber,
        courier: courier === "postex" ? "PostEx" : "Leopards",
      });
      expect(
        courier === "postex" ? postex.parcels.get(tracking)!.cancelled : leopards.packets.get(tracking)!.cancelled,
      ).toBe(true);
      expect(await shipmentOf(o.id)).toBeUndefined();
      const notes = (
        await db()
          .select({ note: orderStatusHistory.note })
          .from(orderStatusHistory)
          .where(eq(orderStatusHistory.orderId, o.id))
      ).map((h) => h.note);
      expect(notes).toContain(
        `Booking with ${courier === "postex" ? "PostEx" : "Leopards"} (${tracking}) cancelled: ${courier === "postex" ? "PostEx" : "Leopards"} took the cancellation`,
      );
    });
  }

  it("Cancel booking on a lost answer changes nothing while the courier cannot be asked, and removes a refused booking the courier never made", async () => {
    const { o } = await givenUpAfterLostAnswer("postex");
    postex.failNext(1, { status: 503 });
    await expect(cancelParcelBooking(ctx(), OWNER, o.id)).rejects.toMatchObject({
      code: "CONFLICT",
      message: expect.stringMatching(/^PostEx could not say whether it booked .*Nothing was changed\.$/),
    });
    expect(await shipmentOf(o.id)).toMatchObject({ bookingState: "failed" });

    const refused = await order("Lahore");
    await db().update(couriers).set({ pickupAddressCode: "999" }).where(eq(couriers.id, ids.postex));
    expect((await bookParcels(ctx(), OWNER, { orderIds: [refused.id], courierId: ids.postex })).booked[0].state).toBe(
      "failed",
    );
    await db().update(couriers).set({ pickupAddressCode: "002" }).where(eq(couriers.id, ids.postex));
    expect(await cancelParcelBooking(ctx(), OWNER, refused.id)).toEqual({
      orderNumber: refused.orderNumber,
      courier: "PostEx",
    });
    expect(await shipmentOf(refused.id)).toBeUndefined();
    expect(postex.parcelFor(refused.orderNumber)).toBeUndefined();
  });

  it("fails a refused booking with the courier's words, leaves the order as it was, and books it on Try again once fixed", async () => {
    const o = await order("Lahore");
    // A pickup address PostEx no longer has (closed since the connection was tested).
    await db().update(couriers).set({ pickupAddressCode: "999" }).where(eq(couriers.id, ids.postex));
    const result = await bookParcels(ctx(), OWNER, { orderIds: [o.id], courierId: ids.postex });
    expect(result.booked[0]).toMatchObject({
      state: "failed",
      trackingNumber: null,
      error: expect.stringContaining("Invalid pickup address code"),
    });
    expect(await shipmentOf(o.id)).toMatchObject({
      bookingState: "failed",
      bookingError: result.booked[0].error,
      bookingNextAt: null,
    });
    // GET /api/shipments says so too.
    expect((await listShipments(db())).shipments.find((x) => x.orderId === o.id)).toMatchObject({
      bookingState: "failed",
      bookingError: result.booked[0].error,
      trackingNumber: null,
    });
    const [still] = await db()
      .select({ status: orders.status, trackingNumber: orders.trackingNumber })
      .from(orders)
      .where(eq(orders.id, o.id));
    expect(still).toEqual({ status: "confirmed", trackingNumber: null });
    // Booking it again as it is: refused as already booked (its failed booking waits for Try again or Cancel booking).
    expect((await bookParcels(ctx(), OWNER, { orderIds: [o.id], courierId: ids.postex })).refused[0].reason).toBe(
      `${o.orderNumber}: It is already booked`,
    );

    expect(await saveConnectionSettings(db(), ids.postex, { pickupAddressCode: "002", syncEveryMinutes: 60 })).toEqual({
      ok: true,
    });
    const again = await retryParcelBooking(ctx(), OWNER, o.id);
    expect(again.outcome).toMatchObject({
      state: "booked",
      trackingNumber: postex.parcelFor(o.orderNumber)!.trackingNumber,
    });
    expect(postex.parcelFor(o.orderNumber)!.request.pickupAddressCode).toBe("002");
    await expect(retryParcelBooking(ctx(), OWNER, o.id)).rejects.toMatchObject({ code: "CONFLICT" });
  });

  it("gives a parcel up after a day without an answer, with the courier's last words", async () => {
    const o = await order("Karachi");
    postex.failNext(2, { status: 503 });
    await bookParcels(ctx(), OWNER, { orderIds: [o.id], courierId: ids.postex });
    const waiting = await shipmentOf(o.id);
    const later = new Date(waiting.bookedAt.getTime() + BOOKING_GIVE_UP_MS + 60_000);
    const [outcome] = await bookRequestedParcels(db(), deps(later), {
      shipmentIds: [waiting.id],
      deadline: Date.now() + 10_000,
    });
    expect(outcome.state).toBe("failed");
    expect(outcome.error).toMatch(/^PostEx did not answer for a day: .*503/);
    expect(postex.parcelFor(o.orderNumber)).toBeUndefined();
  });

  it("cancels an API booking with the courier first, and changes nothing when the courier refuses", async () => {
    const [a, b] = [await order("Lahore"), await order("Karachi")];
    const result = await bookParcels(ctx(), OWNER, { orderIds: [a.id, b.id], courierId: ids.postex });
    const [ta, tb] = [a, b].map((o) => result.booked.find((x) => x.orderId === o.id)!.trackingNumber!);
    expect(await cancelParcelBooking(ctx(), OWNER, a.id)).toEqual({ orderNumber: a.orderNumber, courier: "PostEx" });
    expect(postex.parcels.get(ta)!.cancelled).toBe(true);
    expect(await shipmentOf(a.id)).toBeUndefined();
    const notes = (
      await db()
        .select({ note: orderStatusHistory.note })
        .from(orderStatusHistory)
        .where(eq(orderStatusHistory.orderId, a.id))
    ).map((h) => h.note);
    expect(notes).toContain(`Booking with PostEx (${ta}) cancelled: PostEx took the cancellation`);

    postex.advance(tb, "picked-up");
    await expect(cancelParcelBooking(ctx(), OWNER, b.id)).rejects.toMatchObject({
      code: "CONFLICT",
      message: expect.stringContaining("picked up"),
    });
    expect(await shipmentOf(b.id)).toMatchObject({ trackingNumber: tb, bookingState: "booked" });
    const [named] = await db()
      .select({ trackingNumber: orders.trackingNumber })
      .from(orders)
      .where(eq(orders.id, b.id));
    expect(named.trackingNumber).toBe(tb);
  });

  it("an order cancelled with its parcel at the courier: the worker cancels it there, then the parcel goes", async () => {
    const o = await order("Lahore");
    const result = await bookParcels(ctx(), OWNER, { orderIds: [o.id], courierId: ids.postex });
    const tracking = result.booked[0].trackingNumber!;
    await moveOrder({ db: db() }, OWNER, o.id, { status: "cancelled" });
    // Not inside the move's transaction: the parcel waits for the worker, off the load sheet and labels.
    expect(await shipmentOf(o.id)).toMatchObject({ bookingState: "cancelling", trackingNumber: tracking });
    expect(postex.parcels.get(tracking)!.cancelled).toBeFalsy();
    expect(await cancelDueParcels(ctx(), 10_000)).toEqual([
      expect.objectContaining({ orderId: o.id, state: "cancelled" }),
    ]);
    expect(postex.parcels.get(tracking)!.cancelled).toBe(true);
    expect(await shipmentOf(o.id)).toBeUndefined();
    const notes = (
      await db()
        .select({ note: orderStatusHistory.note })
        .from(orderStatusHistory)
        .where(eq(orderStatusHistory.orderId, o.id))
    ).map((h) => h.note);
    expect(notes).toEqual(
      expect.arrayContaining([
        `Booking with PostEx (${tracking}) is being cancelled at PostEx`,
        `PostEx cancelled the booking (${tracking})`,
      ]),
    );
    expect(await cancelDueParcels(ctx(), 10_000)).toEqual([]);
  });

  it("an order cancelled after pickup: the courier's refusal is kept on the parcel and in the order's history", async () => {
    const o = await order("Lahore");
    const tracking = (await bookParcels(ctx(), OWNER, { orderIds: [o.id], courierId: ids.postex })).booked[0]
      .trackingNumber!;
    postex.advance(tracking, "picked-up");
    await moveOrder({ db: db() }, OWNER, o.id, { status: "cancelled" });
    const [outcome] = await cancelDueParcels(ctx(), 10_000);
    expect(outcome).toMatchObject({ orderId: o.id, state: "refused", error: expect.stringContaining("picked up") });
    expect(await shipmentOf(o.id)).toMatchObject({ bookingState: "failed", trackingNumber: tracking });
    const notes = (
      await db()
        .select({ note: orderStatusHistory.note })
        .from(orderStatusHistory)
        .where(eq(orderStatusHistory.orderId, o.id))
    ).map((h) => h.note);
    expect(
      notes.some(
        (n) => n?.startsWith(`PostEx did not cancel the parcel ${tracking}:`) && n.endsWith("Ask PostEx to return it."),
      ),
    ).toBe(true);
  });

  it("an order cancelled while its booking's answer was lost: the worker finds the parcel PostEx booked and cancels it", async () => {
    const o = await order("Lahore");
    postex.bookButLoseAnswer(1);
    expect((await bookParcels(ctx(), OWNER, { orderIds: [o.id], courierId: ids.postex })).booked[0].state).toBe(
      "requested",
    );
    const booked = postex.parcelFor(o.orderNumber)!;
    await moveOrder({ db: db() }, OWNER, o.id, { status: "cancelled" });
    expect(await shipmentOf(o.id)).toMatchObject({ bookingState: "cancelling", trackingNumber: null });
    // Its lease (the lost request's) runs out first: then PostEx is asked, and the parcel it booked cancelled.
    const due = new Date((await shipmentOf(o.id)).bookingNextAt!.getTime() + 1000);
    expect(await cancelRequestedParcels(db(), deps(due), { deadline: Date.now() + 10_000 })).toEqual([
      expect.objectContaining({ state: "cancelled" }),
    ]);
    expect(postex.parcels.get(booked.trackingNumber)!.cancelled).toBe(true);
    expect(await shipmentOf(o.id)).toBeUndefined();
    // A parcel never sent (a file courier's, or an API one not yet asked) is simply removed with its order.
    const never = await order("Lahore");
    await bookParcels({ db: db() }, OWNER, { orderIds: [never.id], courierId: ids.leopards });
    await moveOrder({ db: db() }, OWNER, never.id, { status: "cancelled" });
    expect(await shipmentOf(never.id)).toBeUndefined();
  });

  it("answers the courier's airway bill: PostEx's PDF, Leopards' slip link", async () => {
    const [p, l] = [await order("Lahore"), await order("Lahore")];
    await bookParcels(ctx(), OWNER, { orderIds: [p.id], courierId: ids.postex });
    await bookParcels(ctx(), OWNER, { orderIds: [l.id], courierId: ids.leopards });
    const pdf = await courierAirwayBill(db(), providers.couriers.api, box, p.id);
    expect(pdf.label.kind).toBe("pdf");
    if (pdf.label.kind === "pdf") expect(new TextDecoder().decode(pdf.label.bytes.slice(0, 5))).toBe("%PDF-");
    const slip = await courierAirwayBill(db(), providers.couriers.api, box, l.id);
    expect(slip.label).toEqual({ kind: "url", url: (await shipmentOf(l.id)).courierLabelUrl });
    const filed = await order("Lahore");
    await bookParcels(ctx(), OWNER, { orderIds: [filed.id], courierId: ids.file });
    await expect(courierAirwayBill(db(), providers.couriers.api, box, filed.id)).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });

  it("the worker's step books what a request left waiting", async () => {
    const left = await order("Lahore");
    const result = await bookParcels({ db: db() }, OWNER, { orderIds: [left.id], courierId: ids.leopards });
    expect(result.booked[0].state).toBe("requested");
    const outcomes = await bookDueParcels(ctx(), 10_000);
    expect(outcomes).toEqual([
      expect.objectContaining({
        orderId: left.id,
        state: "booked",
        trackingNumber: leopards.packetFor(left.orderNumber)!.trackNumber,
      }),
    ]);
    expect(await bookDueParcels(ctx(), 10_000)).toEqual([]);
  });

  it("never books a parcel twice when two workers pass over the same requested parcels at once", async () => {
    const placed = [];
    for (let i = 0; i < 8; i++) placed.push(await order(i % 2 ? "Lahore" : "Karachi"));
    // Booked from a request that has no couriers' APIs: they stay requested, for the workers.
    const result = await bookParcels({ db: db() }, OWNER, { orderIds: placed.map((o) => o.id), courierId: ids.postex });
    expect(result.booked.every((b) => b.state === "requested")).toBe(true);
    const requested = result.booked.map((b) => b.shipmentId);
    const [one, two] = await Promise.all([
      bookRequestedParcels(db(), deps(), { shipmentIds: requested, deadline: Date.now() + 15_000 }),
      bookRequestedParcels(db(), deps(), { shipmentIds: requested, deadline: Date.now() + 15_000 }),
    ]);
    expect([...one, ...two].map((o) => o.shipmentId).sort((x, y) => x - y)).toEqual(
      [...requested].sort((x, y) => x - y),
    );
    for (const o of placed) {
      expect(createOrders(o.orderNumber)).toHaveLength(1);
      expect([...postex.parcels.values()].filter((p) => p.orderRefNumber === o.orderNumber)).toHaveLength(1);
    }
    const rows = await db()
      .select()
      .from(shipments)
      .where(and(inArray(shipments.id, requested), eq(shipments.bookingState, "booked")));
    expect(rows).toHaveLength(8);
  });
});
