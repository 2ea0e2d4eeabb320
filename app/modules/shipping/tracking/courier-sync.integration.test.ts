import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/db/client.server";
import { createSecretBox } from "~/db/secret-box.server";
import {
  couriers,
  messageOutbox,
  orders,
  orderStatusHistory,
  productVariants,
  settlements,
  shipmentEvents,
  shipments,
  shippingDiscrepancies,
  users,
} from "~/schema";
import { applyCourierReport } from "~/flows/apply-courier-report.server";
import { syncCourierParcels } from "~/flows/sync-courier-parcels.server";
import { syncDueCouriers } from "~/flows/sync-due-couriers.server";
import { closeProviders, type Providers } from "~/integrations/providers.server";
import { fileCourierProvider } from "~/integrations/couriers/file-portal/file-courier-provider.server";
import { startPostexStandIn, type PostexStandIn } from "~/integrations/couriers/postex/postex-stand-in";
import { startLeopardsStandIn, type LeopardsStandIn } from "~/integrations/couriers/leopards/leopards-stand-in";
import { adviseCourier } from "~/flows/advise-courier.server";
import { DATABASE_KINDS, useTestDatabase } from "../../../../tests/factories/test-database";
import { TEST_ITEM } from "../../../../tests/factories/test-orders";
import { testProviders } from "../../../../tests/factories/test-providers";
import { bookApiParcels, insertApiCourier, testCourierBox } from "../../../../tests/factories/test-api-couriers";
import { insertTestCourier } from "../../../../tests/factories/test-shipments";
import { saveCourierUpload } from "../imports/run-courier-import.server";
import { cashWithCouriers } from "../settlements/cash-with-couriers.server";
import { API_ERROR_BACKOFF_MINUTES, claimCourierSync } from "./claim-courier-sync.server";
import { courierSyncText, CREDENTIALS_UNREADABLE } from "./run-courier-sync.server";
import { deliveryProblemForOrder, listDeliveryProblems } from "./delivery-problems.server";
import { listCourierSyncStates } from "./courier-sync-states.server";

const OWNER = { id: "owner-sync", name: "Sana Owner" };
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const minute = (at: Date) => new Date(Math.floor(at.getTime() / MINUTE) * MINUTE);

/**
 * Couriers' tracking and payments over their APIs, against the PostEx stand-in: each parcel's events
 * go through the delivery file's rules, payments through the COD file's, a failure waits and loses
 * nothing, and however many processes run the job, each courier is asked once.
 */
describe.each(DATABASE_KINDS)("couriers' tracking and payments by themselves on %s", (kind) => {
  const database = useTestDatabase(kind);
  const db = () => database.db;
  let postex: PostexStandIn;
  let leopards: LeopardsStandIn;
  let providers: Providers;
  let credentials: { token: string };

  beforeAll(async () => {
    postex = await startPostexStandIn();
    leopards = await startLeopardsStandIn();
    providers = testProviders({ postexApiUrl: postex.url, leopardsApiUrl: leopards.url });
    credentials = { token: postex.token };
    await db().insert(users).values({ id: OWNER.id, name: OWNER.name, email: "owner-sync@example.pk", role: "seller" });
    await db()
      .update(productVariants)
      .set({ stock: 1000 })
      .where(
        and(
          eq(productVariants.productId, TEST_ITEM.productId),
          eq(productVariants.color, TEST_ITEM.color),
          eq(productVariants.size, TEST_ITEM.size),
        ),
      );
  });
  afterAll(async () => {
    await closeProviders(providers);
    await postex?.stop();
    await leopards?.stop();
  });

  /** A connected PostEx courier of this test alone (the others are switched off, so the job asks only it). */
  async function connectedPostex(): Promise<{ id: number; kind: "postex"; credentials: { token: string } }> {
    await db().update(couriers).set({ active: false });
    return { id: await insertApiCourier(db(), "postex", credentials), kind: "postex", credentials };
  }
  const book = (courier: Awaited<ReturnType<typeof connectedPostex>>, count: number) =>
    bookApiParcels(db(), providers, OWNER, courier, count);
  const syncNow = (courierId: number, now = new Date()) =>
    syncCourierParcels({ db: db(), providers, now }, testCourierBox, OWNER, courierId);
  const order = async (id: string) => (await db().select().from(orders).where(eq(orders.id, id)))[0];
  const shipmentOf = async (orderId: string) =>
    (await db().select().from(shipments).where(eq(shipments.orderId, orderId)))[0];
  const eventsOf = async (shipmentId: number) =>
    db()
      .select()
      .from(shipmentEvents)
      .where(eq(shipmentEvents.shipmentId, shipmentId))
      .orderBy(shipmentEvents.at, shipmentEvents.id);
  const mailsOf = async (orderId: string) =>
    db()
      .select()
      .from(messageOutbox)
      .where(and(eq(messageOutbox.orderId, orderId), eq(messageOutbox.kind, "order_status")))
      .orderBy(messageOutbox.id);
  const stock = async () =>
    (
      await db()
        .select({ stock: productVariants.stock })
        .from(productVariants)
        .where(
          and(
            eq(productVariants.productId, TEST_ITEM.productId),
            eq(productVariants.color, TEST_ITEM.color),
            eq(productVariants.size, TEST_ITEM.size),
          ),
        )
    )[0].stock;

  it("tracks a parcel to delivered: shipped when picked up, delivered at the courier's time, the buyer e-mailed, events kept from the API", async () => {
    const courier = await connectedPostex();
    const [a] = await book(courier, 1);
    const pickedUp = new Date(Date.now() - 30 * HOUR);
    const deliveredAt = new Date(Date.now() - 3 * HOUR);
    postex.advance(a.trackingNumber, "picked-up", { at: pickedUp });
    postex.advance(a.trackingNumber, "in-transit", { at: new Date(Date.now() - 20 * HOUR) });
    postex.advance(a.trackingNumber, "delivered", { at: deliveredAt });

    const [outcome] = await syncNow(courier.id);
    expect(outcome).toMatchObject({ ok: true, courierId: courier.id });
    expect(courierSyncText(outcome)).toMatch(
      /^PostEx \d+: 1 parcel asked, 1 shipped, 1 delivered, 0 attempts, 0 returned/,
    );

    const delivered = await order(a.id);
    expect(delivered.status).toBe("delivered");
    // The return window counts from the courier's delivery time (to the minute), not from the sync.
    expect(delivered.deliveredAt).toEqual(minute(deliveredAt));
    const parcel = await shipmentOf(a.id);
    expect(parcel.deliveredAt).toEqual(minute(deliveredAt));
    expect(parcel.lastTrackedAt).not.toBeNull();
    const events = await eventsOf(parcel.id);
    expect(events.length).toBeGreaterThanOrEqual(3);
    expect(events.every((e) => e.fromApi)).toBe(true);
    expect(events.find((e) => e.at.getTime() === minute(deliveredAt).getTime())).toMatchObject({ fromApi: true });
    const mails = await mailsOf(a.id);
    expect(mails.map((m) => m.data.status)).toEqual(["processing", "shipped", "delivered"]);
    const history = await db()
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, a.id))
      .orderBy(orderStatusHistory.id);
    expect(history.at(-1)).toMatchObject({ fromStatus: "shipped", toStatus: "delivered", actorName: OWNER.name });
    expect(history.at(-1)?.note).toMatch(/^By PostEx \d+'s tracking \d{4}-\d{2}-\d{2}: /);
  });

  it("applies an event the courier repeats once: the same journey asked again changes nothing", async () => {
    const courier = await connectedPostex();
    const [a] = await book(courier, 1);
    postex.advance(a.trackingNumber, "picked-up", { at: new Date(Date.now() - 5 * HOUR) });
    await syncNow(courier.id);
    const parcel = await shipmentOf(a.id);
    const events = await eventsOf(parcel.id);
    const history = await db().select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, a.id));
    expect((await order(a.id)).status).toBe("shipped");

    const [again] = await syncNow(courier.id, new Date(Date.now() + MINUTE));
    expect(again).toMatchObject({ ok: true, tracking: { asked: 1, events: 0, shipped: 0 } });
    expect(await eventsOf(parcel.id)).toHaveLength(events.length);
    expect(await db().select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, a.id))).toHaveLength(
      history.length,
    );
    expect((await mailsOf(a.id)).map((m) => m.data.status)).toEqual(["processing", "shipped"]);
  });

  it("puts an attempted delivery in Delivery problems with the courier's reason; a later delivery takes it off and keeps the record", async () => {
    const courier = await connectedPostex();
    const [a] = await book(courier, 1);
    const attemptAt = new Date(Date.now() - 4 * HOUR);
    postex.advance(a.trackingNumber, "picked-up", { at: new Date(Date.now() - 30 * HOUR) });
    postex.advance(a.trackingNumber, "attempted", { at: attemptAt, reason: "Customer not answering" });
    const [outcome] = await syncNow(courier.id);
    expect(outcome).toMatchObject({ ok: true, tracking: { attempts: 1, delivered: 0 } });

    const queue = await listDeliveryProblems(db(), 1);
    const item = queue.items.find((p) => p.orderId === a.id);
    expect(item).toMatchObject({
      orderNumber: a.orderNumber,
      codAmount: a.total,
      reason: "Customer not answering",
      at: minute(attemptAt).toISOString(),
      city: "Lahore",
    });
    expect(item?.telLink).toMatch(/^tel:\+923/);
    expect(item?.whatsappLink).toMatch(/^https:\/\/wa\.me\/923\d{9}\?text=/);
    const attempt = (await eventsOf((await shipmentOf(a.id)).id)).find(
      (e) => e.at.getTime() === minute(attemptAt).getTime(),
    );
    expect(attempt).toMatchObject({ fromApi: true, reason: "Customer not answering" });
    expect((await order(a.id)).status).toBe("shipped");

    postex.advance(a.trackingNumber, "delivered", { at: new Date(Date.now() - HOUR) });
    await syncNow(courier.id, new Date(Date.now() + MINUTE));
    expect((await listDeliveryProblems(db(), 1)).items.find((p) => p.orderId === a.id)).toBeUndefined();
    expect(await deliveryProblemForOrder(db(), a.id)).toMatchObject({
      reason: "Customer not answering",
      advice: null,
      closed: true,
    });
    expect((await order(a.id)).status).toBe("delivered");
  });

  it("a refused parcel keeps its stock away until it is returned, then puts it back once", async () => {
    const courier = await connectedPostex();
    const [a] = await book(courier, 1);
    const before = await stock();
    postex.advance(a.trackingNumber, "picked-up", { at: new Date(Date.now() - 30 * HOUR) });
    postex.advance(a.trackingNumber, "refused", { at: new Date(Date.now() - 10 * HOUR), reason: "Customer refused" });
    const [first] = await syncNow(courier.id);
    expect(first).toMatchObject({ ok: true, tracking: { refused: 1, returned: 0 } });
    expect((await order(a.id)).status).toBe("shipped");
    expect(await stock()).toBe(before);

    postex.advance(a.trackingNumber, "returned", { at: new Date(Date.now() - 2 * HOUR) });
    const [second] = await syncNow(courier.id, new Date(Date.now() + MINUTE));
    expect(second).toMatchObject({ ok: true, tracking: { returned: 1 } });
    expect((await order(a.id)).status).toBe("returned");
    expect((await shipmentOf(a.id)).returnedAt).not.toBeNull();
    expect(await stock()).toBe(before + 1);

    // Returned parcels are no longer asked about; the stock stays as it is.
    const [third] = await syncNow(courier.id, new Date(Date.now() + 2 * MINUTE));
    expect(third).toMatchObject({ ok: true, tracking: { asked: 0 } });
    expect(await stock()).toBe(before + 1);
  });

  it("a courier down: its words kept and shown, nothing lost, asked again after the back-off, which applies what it missed", async () => {
    const courier = await connectedPostex();
    const [a] = await book(courier, 1);
    postex.advance(a.trackingNumber, "picked-up", { at: new Date(Date.now() - 5 * HOUR) });
    const now = new Date();
    postex.failNext(1, { status: 503 });
    const [down] = await syncDueCouriers({ db: db(), providers, now }, testCourierBox);
    expect(down).toMatchObject({ ok: false, courierId: courier.id, what: "tracking" });
    expect((await order(a.id)).status).toBe("confirmed");
    const [state] = (await listCourierSyncStates(db())).filter((c) => c.id === courier.id);
    expect(state.apiError).toBe((down as { message: string }).message);
    expect(state.apiError).toBeTruthy();
    expect(state.apiError).not.toContain(postex.token);
    // The courier was due and stays due (its time of asking put back), but waits out the back-off.
    expect(state.trackedAt).toBeNull();
    expect(await claimCourierSync(db(), "tracking", new Date(now.getTime() + MINUTE))).toBeNull();

    const later = new Date(now.getTime() + (API_ERROR_BACKOFF_MINUTES + 1) * MINUTE);
    const outcomes = await syncDueCouriers({ db: db(), providers, now: later }, testCourierBox);
    expect(outcomes.find((o) => o.what === "tracking")).toMatchObject({
      ok: true,
      courierId: courier.id,
      tracking: { shipped: 1 },
    });
    expect((await order(a.id)).status).toBe("shipped");
    const [cleared] = (await listCourierSyncStates(db())).filter((c) => c.id === courier.id);
    expect(cleared).toMatchObject({ apiError: null, apiErrorAt: null, trackedAt: later.toISOString() });
    // Asked now, it is not due again within its hour.
    expect(await claimCourierSync(db(), "tracking", new Date(later.getTime() + 30 * MINUTE))).toBeNull();
  });

  it("credentials that no longer open (the shop's secret changed) are reported on the courier, not thrown", async () => {
    const courier = await connectedPostex();
    await book(courier, 1);
    await db()
      .update(couriers)
      .set({
        apiCredentials: createSecretBox("another-shop-secret-0123456789abcdef", "courier-credentials").seal(
          JSON.stringify(credentials),
        ),
      })
      .where(eq(couriers.id, courier.id));
    const asked = postex.seen.length;
    const [outcome] = await syncDueCouriers({ db: db(), providers }, testCourierBox);
    expect(outcome).toEqual({
      courierId: courier.id,
      courierName: expect.any(String),
      what: "tracking",
      ok: false,
      message: CREDENTIALS_UNREADABLE,
    });
    expect(postex.seen.length).toBe(asked);
    const [state] = (await listCourierSyncStates(db())).filter((c) => c.id === courier.id);
    expect(state).toMatchObject({ apiError: CREDENTIALS_UNREADABLE, trackedAt: null });
  });

  it("records the courier's payments as the COD file does: one settlement per reference, cash with couriers falls, the same figures as the file route", async () => {
    const courier = await connectedPostex();
    const parcels = await book(courier, 3);
    for (const p of parcels) {
      postex.advance(p.trackingNumber, "picked-up", { at: new Date(Date.now() - 50 * HOUR) });
      postex.advance(p.trackingNumber, "delivered", { at: new Date(Date.now() - 26 * HOUR) });
    }
    await syncNow(courier.id);
    const owed = parcels.reduce((sum, p) => sum + p.total, 0);
    const cashOf = async (id: number) => (await cashWithCouriers(db())).find((c) => c.courierId === id)?.amount ?? 0;
    expect(await cashOf(courier.id)).toBe(owed);

    postex.settle([parcels[0].trackingNumber, parcels[1].trackingNumber], {
      on: "2026-11-26",
      reference: "CPR-5501",
      charges: "191.18",
    });
    const [paid] = await syncNow(courier.id, new Date(Date.now() + MINUTE));
    expect(paid).toMatchObject({ ok: true, payments: { paid: 2 } });
    expect(courierSyncText(paid)).toContain("2 parcels paid in CPR-5501");
    const [settlement] = await db()
      .select()
      .from(settlements)
      .where(and(eq(settlements.courierId, courier.id), eq(settlements.reference, "CPR-5501")));
    expect(settlement).toMatchObject({
      paidOn: "2026-11-26",
      expectedTotal: parcels[0].total + parcels[1].total,
      chargesTotal: 2 * 191,
    });
    expect(settlement.paidTotal).toBe(parcels[0].total + parcels[1].total - 2 * 191);
    expect(await cashOf(courier.id)).toBe(parcels[2].total);
    for (const p of parcels.slice(0, 2)) {
      expect(await shipmentOf(p.id)).toMatchObject({
        paymentReference: "CPR-5501",
        settlementId: settlement.id,
        chargedAmount: 191,
        collectedAmount: p.total,
      });
      expect((await order(p.id)).paymentStatus).toBe("settled");
    }
    // Asked again: already settled parcels are not asked, nothing doubles.
    const [again] = await syncNow(courier.id, new Date(Date.now() + 2 * MINUTE));
    expect(again).toMatchObject({ ok: true, payments: { paid: 0, asked: 1 } });
    expect(await db().select().from(settlements).where(eq(settlements.courierId, courier.id))).toHaveLength(1);

    // The file route: the same parcels (same COD) with a courier reached through files, delivered
    // and paid by its files: the settlement's figures and the cash with couriers are the same.
    const fileCourier = await insertTestCourier(db(), `PostEx files ${courier.id}`);
    const same = await bookApiParcels(db(), providers, OWNER, { id: fileCourier, kind: "postex", credentials }, 2);
    await db().update(couriers).set({ provider: "file", apiCredentials: null }).where(eq(couriers.id, fileCourier));
    const run = async (k: "tracking" | "delivery" | "cod", csv: string) =>
      applyCourierReport({ db: db(), providers }, OWNER, {
        kind: k,
        courierId: k === "cod" ? fileCourier : null,
        apply: true,
        uploadId: await saveCourierUpload(db(), fileCourierProvider, OWNER, {
          name: `${k}-${fileCourier}.csv`,
          bytes: new TextEncoder().encode(csv),
        }),
      });
    await run(
      "tracking",
      `reference no,CN Number\n${same.map((p) => `${p.orderNumber},${p.trackingNumber}`).join("\n")}\n`,
    );
    await run(
      "delivery",
      `Tracking #,Current Status,Status Date\n${same.map((p) => `${p.trackingNumber},Delivered,2026-11-25 14:00`).join("\n")}\n`,
    );
    const report = await run(
      "cod",
      `Order Ref,Tracking #,COD Amount,Transaction Fee,Net Amount,Settlement ID,Settlement Date\n${same.map((p) => `${p.orderNumber},${p.trackingNumber},${p.total},191.18,${(p.total * 100 - 19118) / 100},CPR-5501,2026-11-26`).join("\n")}\n`,
    );
    expect(report.counts.change).toBe(2);
    const [fileSettlement] = await db().select().from(settlements).where(eq(settlements.courierId, fileCourier));
    const figures = (s: typeof settlement) => ({
      reference: s.reference,
      paidOn: s.paidOn,
      expectedTotal: s.expectedTotal,
      paidTotal: s.paidTotal,
      chargesTotal: s.chargesTotal,
    });
    expect(figures(settlement)).toEqual(figures(fileSettlement));
    const discrepancyKinds = async (settlementId: number) =>
      (
        await db()
          .select({ kind: shippingDiscrepancies.kind })
          .from(shippingDiscrepancies)
          .where(eq(shippingDiscrepancies.settlementId, settlementId))
      )
        .map((d) => d.kind)
        .sort();
    expect(await discrepancyKinds(settlement.id)).toEqual(await discrepancyKinds(fileSettlement.id));
    expect(await cashOf(fileCourier)).toBe(0);
    const parcelFigures = async (orderId: string) => {
      const { collectedAmount, chargedAmount, netPaid } = await shipmentOf(orderId);
      return { collectedAmount, chargedAmount, netPaid };
    };
    expect(await parcelFigures(same[0].id)).toEqual(await parcelFigures(parcels[0].id));
  });

  it("Leopards: an attempt to the queue, the owner's re-attempt sent as shipper advice, then delivered and paid, as for PostEx", async () => {
    await db().update(couriers).set({ active: false });
    const keys = { apiKey: leopards.apiKey, apiPassword: leopards.apiPassword };
    const courier = {
      id: await insertApiCourier(db(), "leopards", keys, `Leopards ${Date.now() % 100000}`),
      kind: "leopards" as const,
      credentials: keys,
    };
    const [a] = await bookApiParcels(db(), providers, OWNER, courier, 1, {
      cityOf: (name) => ({ id: String(leopards.cityId(name)), name }),
    });
    leopards.advance(a.trackingNumber, "picked-up", { at: new Date(Date.now() - 40 * HOUR) });
    leopards.advance(a.trackingNumber, "attempted", {
      at: new Date(Date.now() - 20 * HOUR),
      reason: "Consignee not available",
    });
    const [first] = await syncDueCouriers({ db: db(), providers }, testCourierBox);
    expect(first).toMatchObject({ ok: true, courierId: courier.id, tracking: { asked: 1, shipped: 1, attempts: 1 } });
    const queued = (await listDeliveryProblems(db(), 1)).items.find((p) => p.orderId === a.id);
    expect(queued?.reason).toContain("Consignee not available");

    const advised = await adviseCourier({ db: db(), providers }, testCourierBox, OWNER, {
      shipmentId: queued!.shipmentId,
      advice: "reattempt",
      remarks: "call before coming",
    });
    expect(advised).toEqual({
      ok: true,
      says: `Asked ${(await db().select({ name: couriers.name }).from(couriers).where(eq(couriers.id, courier.id)))[0].name} to re-attempt delivery: call before coming`,
    });
    expect(leopards.advice).toEqual([
      expect.objectContaining({ cnNumber: a.trackingNumber, status: "RA", remarks: "call before coming" }),
    ]);
    expect(await shipmentOf(a.id)).toMatchObject({ advice: "reattempt", adviceByName: OWNER.name });

    const deliveredAt = new Date(Date.now() - 2 * HOUR);
    leopards.advance(a.trackingNumber, "delivered", { at: deliveredAt });
    leopards.settle([a.trackingNumber], { on: "2026-11-26", reference: "LCS-PAY-88", charges: 250 });
    const [second] = await syncCourierParcels(
      { db: db(), providers, now: new Date(Date.now() + MINUTE) },
      testCourierBox,
      OWNER,
      courier.id,
    );
    expect(second).toMatchObject({ ok: true, tracking: { delivered: 1 }, payments: { paid: 1 } });
    expect(await order(a.id)).toMatchObject({
      status: "delivered",
      deliveredAt: minute(deliveredAt),
      paymentStatus: "settled",
    });
    expect(await shipmentOf(a.id)).toMatchObject({
      paymentReference: "LCS-PAY-88",
      chargedAmount: 250,
      collectedAmount: a.total,
      netPaid: a.total - 250,
    });
  });

  it("two processes running the job at once ask each courier once", async () => {
    await db().update(couriers).set({ active: false });
    const ids = [
      await insertApiCourier(db(), "postex", credentials),
      await insertApiCourier(db(), "postex", credentials),
      await insertApiCourier(db(), "postex", credentials),
    ];
    const booked = [];
    for (const id of ids)
      booked.push(...(await bookApiParcels(db(), providers, OWNER, { id, kind: "postex", credentials }, 1)));
    const asked = () => postex.seen.filter((r) => r.path.endsWith("v1/track-bulk-order")).length;
    const before = asked();
    // A second process: its own connections (PostgreSQL); PGlite has one connection, shared as the one process it serves.
    const second = database.url ? await openDatabase({ databaseUrl: database.url, dataDir: "" }) : null;
    try {
      const now = new Date();
      const [one, two] = await Promise.all([
        syncDueCouriers({ db: db(), providers, now }, testCourierBox),
        syncDueCouriers({ db: second?.db ?? db(), providers, now }, testCourierBox),
      ]);
      const tracked = [...one, ...two]
        .filter((o) => o.what === "tracking")
        .map((o) => o.courierId)
        .sort((x, y) => x - y);
      expect(tracked).toEqual([...ids].sort((x, y) => x - y));
      expect(asked() - before).toBe(ids.length);
      const paymentsClaims = [...one, ...two].filter((o) => o.what === "payments").map((o) => o.courierId);
      expect(new Set(paymentsClaims).size).toBe(paymentsClaims.length);
    } finally {
      await second?.close();
    }
    // Claims at the same moment from two connections: each courier goes to one of them.
    await db()
      .update(couriers)
      .set({ trackedAt: null })
      .where(
        sql`${couriers.id} in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      );
    const third = database.url ? await openDatabase({ databaseUrl: database.url, dataDir: "" }) : null;
    try {
      const now = new Date();
      const claims = await Promise.all(
        Array.from({ length: 6 }, (_, i) => claimCourierSync(i % 2 && third ? third.db : db(), "tracking", now)),
      );
      const claimed = claims
        .filter((c) => c !== null)
        .map((c) => c!.id)
        .sort((x, y) => x - y);
      expect(claimed).toEqual([...ids].sort((x, y) => x - y));
    } finally {
      await third?.close();
    }
  });
});
