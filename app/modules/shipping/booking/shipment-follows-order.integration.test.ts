import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  orders,
  orderStatusHistory,
  productVariants,
  settlements,
  shipments,
  shippingDiscrepancies,
  users,
} from "~/schema";
import { cancelOrder } from "~/flows/cancel-order.server";
import { moveOrder } from "~/flows/move-order.server";
import { DATABASE_KINDS, useTestDatabase } from "../../../../tests/factories/test-database";
import { placeTestOrder, TEST_ITEM } from "../../../../tests/factories/test-orders";
import { bookParcels, cancelParcelBooking } from "~/flows/book-parcels.server";
import { cashWithCouriers } from "../settlements/cash-with-couriers.server";
import { applyCourierReport } from "~/flows/apply-courier-report.server";
import { saveCourierUpload } from "../imports/run-courier-import.server";
import { fileCourierProvider } from "~/integrations/couriers/file-portal/file-courier-provider.server";
import { testProviders } from "../../../../tests/factories/test-providers";
import { parseCourierForm } from "../couriers/courier-form";
import { createCourier } from "../couriers/couriers.server";
import { bookedParcels } from "./load-sheet-data.server";

const OWNER = { id: "owner-follow", name: "Sana Owner" };
// The request context's providers, as start-up makes them: couriers through their portals' files.
const providers = testProviders();
const BUYER = { id: "buyer-follow", name: "Ayesha Buyer" };

describe.each(DATABASE_KINDS)("a booked parcel follows its order on %s", (kind) => {
  const database = useTestDatabase(kind);
  const db = () => database.db;
  let courierId: number;

  beforeAll(async () => {
    await db()
      .insert(users)
      .values([
        { id: OWNER.id, name: OWNER.name, email: "owner-follow@example.pk", role: "seller" },
        { id: BUYER.id, name: BUYER.name, email: "buyer-follow@example.pk", role: "buyer" },
      ]);
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
    const parsed = parseCourierForm({
      name: "Trax",
      trackingUrl: "https://trax.example.pk/track/{tracking}",
      accountCode: "",
      weightBands: "500 = 180\n1000 = 230",
      extraPerKg: "100",
      codFeePercent: "1",
      surchargePercent: "0",
      bookingColumns: "",
    });
    if (!parsed.ok) throw new Error("bad courier");
    courierId = (await createCourier(db(), parsed.data)).id;
  });

  let phone = 4000;
  async function booked(status: "confirmed" | "processing" = "confirmed") {
    const order = await placeTestOrder(db(), OWNER, { status, phone: `+92300777${phone++}` });
    const result = await bookParcels({ db: db() }, OWNER, { orderIds: [order.id], courierId });
    expect(result.booked).toHaveLength(1);
    return order;
  }
  const parcel = async (orderId: string) =>
    (await db().select().from(shipments).where(eq(shipments.orderId, orderId)))[0];
  const history = (orderId: string) =>
    db()
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, orderId))
      .orderBy(orderStatusHistory.id);
  const onLoadSheet = async (orderNumber: string) =>
    (
      await bookedParcels(db(), courierId, {
        start: new Date(Date.now() - 86_400_000),
        end: new Date(Date.now() + 60_000),
      })
    ).some((p) => p.orderNumber === orderNumber);

  it("writes the booking into the order's history without changing its status", async () => {
    const order = await booked();
    const last = (await history(order.id)).at(-1)!;
    expect(last).toMatchObject({ fromStatus: "confirmed", toStatus: "confirmed", actorName: OWNER.name });
    expect(last.note).toMatch(/^Booked with Trax: [\d.]+ kg, COD Rs [\d,]+$/);
  });

  it("takes a cancelled order's parcel off the load sheet, whoever cancels it, and says so in the history", async () => {
    const byOwner = await booked("processing");
    const byBuyer = await booked();
    await db().update(orders).set({ userId: BUYER.id }).where(eq(orders.id, byBuyer.id));
    expect(await onLoadSheet(byOwner.orderNumber)).toBe(true);

    await moveOrder({ db: db() }, OWNER, byOwner.id, { status: "cancelled" });
    await cancelOrder({ db: db() }, { id: BUYER.id, role: "buyer" }, byBuyer.id);

    for (const order of [byOwner, byBuyer]) {
      expect(await parcel(order.id)).toBeUndefined();
      expect(await onLoadSheet(order.orderNumber)).toBe(false);
      const last = (await history(order.id)).at(-1)!;
      expect(last.toStatus).toBe("cancelled");
      expect(last.note).toContain("Booking with Trax cancelled");
    }
  });

  it("cancels a booking before shipping (the order stays and books again), and refuses once shipped or when not booked", async () => {
    const order = await booked();
    const result = await cancelParcelBooking({ db: db() }, OWNER, order.id);
    expect(result).toEqual({ orderNumber: order.orderNumber, courier: "Trax" });
    expect(await parcel(order.id)).toBeUndefined();
    expect((await db().select().from(orders).where(eq(orders.id, order.id)))[0]).toMatchObject({
      status: "confirmed",
      courierName: null,
    });
    expect((await history(order.id)).at(-1)).toMatchObject({
      fromStatus: "confirmed",
      toStatus: "confirmed",
      note: expect.stringContaining("Booking with Trax cancelled"),
    });
    await expect(cancelParcelBooking({ db: db() }, OWNER, order.id)).rejects.toMatchObject({
      code: "CONFLICT",
      message: `${order.orderNumber} is not booked`,
    });

    expect((await bookParcels({ db: db() }, OWNER, { orderIds: [order.id], courierId })).booked).toHaveLength(1);
    await moveOrder({ db: db() }, OWNER, order.id, { status: "processing" });
    await moveOrder({ db: db() }, OWNER, order.id, { status: "shipped", trackingNumber: "TRX-HAND-1" });
    await expect(cancelParcelBooking({ db: db() }, OWNER, order.id)).rejects.toMatchObject({ code: "CONFLICT" });
    expect(await parcel(order.id)).toBeDefined();
  });

  it("takes a tracking number, delivery and return set by hand onto the parcel, so cash with couriers counts it", async () => {
    const order = await booked("processing");
    const cashBefore = (await cashWithCouriers(db())).find((c) => c.courierName === "Trax")?.amount ?? 0;
    await moveOrder({ db: db() }, OWNER, order.id, { status: "shipped", trackingNumber: "TRX-HAND-2" });
    expect((await parcel(order.id)).trackingNumber).toBe("TRX-HAND-2");

    // A typo giving another parcel's number is refused beside the field, and nothing changes.
    const other = await booked("processing");
    await expect(
      moveOrder({ db: db() }, OWNER, other.id, { status: "shipped", trackingNumber: "TRX-HAND-2" }),
    ).rejects.toMatchObject({
      code: "VALIDATION",
      fields: { trackingNumber: `Tracking number TRX-HAND-2 is already on order ${order.orderNumber}` },
    });
    expect((await db().select().from(orders).where(eq(orders.id, other.id)))[0].status).toBe("processing");

    await moveOrder({ db: db() }, OWNER, order.id, { status: "delivered" });
    expect((await parcel(order.id)).deliveredAt).toBeInstanceOf(Date);
    const cashAfter = (await cashWithCouriers(db())).find((c) => c.courierName === "Trax")!.amount;
    expect(cashAfter - cashBefore).toBe((await parcel(order.id)).codAmount);

    await moveOrder({ db: db() }, OWNER, order.id, { status: "returned" });
    expect((await parcel(order.id)).returnedAt).toBeInstanceOf(Date);
  });

  it("finds an order by a tracking number typed by hand (its parcel recorded with the Other courier) and delivers it", async () => {
    const order = await placeTestOrder(db(), OWNER, { status: "processing", phone: `+92300777${phone++}` });
    await moveOrder({ db: db() }, OWNER, order.id, {
      status: "shipped",
      courierName: "Own rider",
      trackingNumber: "RIDER-77",
    });
    const uploadId = await saveCourierUpload(db(), fileCourierProvider, OWNER, {
      name: "rider.csv",
      bytes: new TextEncoder().encode("CN,Status\nRIDER-77,Delivered\n"),
    });
    const report = await applyCourierReport({ db: db(), providers }, OWNER, {
      kind: "delivery",
      uploadId,
      courierId: null,
      apply: false,
    });
    expect(report.rows[0]).toMatchObject({
      outcome: "change",
      orderNumber: order.orderNumber,
      says: expect.stringMatching(/^Delivered on /),
    });
  });

  it("settles a parcel the courier paid for before the owner marked it delivered by hand, and closes the early discrepancy", async () => {
    const order = await booked("processing");
    await moveOrder({ db: db() }, OWNER, order.id, { status: "shipped", trackingNumber: "TRX-EARLY-1" });
    const { codAmount } = await parcel(order.id);
    const file = `Order Ref,COD Amount,Transaction Fee,Net Amount,Settlement ID,Settlement Date\n${order.orderNumber},${codAmount},150,${codAmount - 150},STL-HAND,2026-11-23\n`;
    const uploadId = await saveCourierUpload(db(), fileCourierProvider, OWNER, {
      name: "trax-payments.csv",
      bytes: new TextEncoder().encode(file),
    });
    await applyCourierReport({ db: db(), providers }, OWNER, { kind: "cod", uploadId, courierId, apply: true });
    const openEarly = () =>
      db()
        .select()
        .from(shippingDiscrepancies)
        .where(and(eq(shippingDiscrepancies.orderId, order.id), eq(shippingDiscrepancies.kind, "not-delivered")));
    expect((await openEarly())[0]).toMatchObject({ resolvedAt: null });
    const settlementOf = async () =>
      (await db().select().from(settlements).where(eq(settlements.reference, "STL-HAND")))[0];
    expect((await settlementOf()).expectedTotal).toBe(0);

    await moveOrder({ db: db() }, OWNER, order.id, { status: "delivered" });

    expect((await db().select().from(orders).where(eq(orders.id, order.id)))[0]).toMatchObject({
      status: "delivered",
      paymentStatus: "settled",
    });
    const [early] = await openEarly();
    expect(early.resolvedAt).toBeInstanceOf(Date);
    expect(early.resolvedNote).toMatch(
      /^Delivered after the payment came in: delivered on .+, by Sana Owner marking it delivered$/,
    );
    // A delivered parcel is expected to collect its COD: the settlement is recounted.
    expect((await settlementOf()).expectedTotal).toBe(codAmount);
    expect((await history(order.id)).at(-1)?.note).toBe(
      "Settled in STL-HAND (paid before its delivery was recorded) by Sana Owner marking it delivered",
    );
    // Cash with couriers no longer counts it: the courier has paid.
    expect((await parcel(order.id)).settlementId).not.toBeNull();
  });
});
