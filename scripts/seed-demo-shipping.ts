import { inArray, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { couriers, orders, settlements, shipmentEvents, shipments, shippingDiscrepancies } from "~/schema";
import type { RateCard } from "~/modules/shipping/tables";
import { formatPrice } from "~/lib/money";
import { shopDay } from "~/lib/shop-time";
import { parseCourierForm } from "~/modules/shipping/couriers/courier-form";
import { estimateCharge } from "~/modules/shipping/couriers/rate-card";
import { settlementExpectedTotal } from "~/modules/shipping/settlements/settlement-expected";

/**
 * The shipping side of the demo shop: three couriers with their rate cards, a parcel for every
 * order that was shipped (tracking number, courier statuses, delivery or return), weekly COD
 * settlements paying for most delivered parcels, and the discrepancies a real shop meets (a few
 * rupees short, a charge above the rate card, a parcel never paid for, a total that does not add
 * up), some already resolved.
 */

type Random = { next: () => number; int: (min: number, max: number) => number; pick: <T>(list: readonly T[]) => T };

const DAY_MS = 24 * 60 * 60 * 1000;

/** Each courier as the owner would enter it in Settings -> Couriers, and how its parcels behave. */
const DEMO_COURIERS = [
  {
    form: {
      name: "TCS",
      trackingUrl: "https://www.tcsexpress.com/track/{tracking}",
      accountCode: "KHI-051273",
      weightBands: "500 = 230\n1000 = 290\n2000 = 410",
      extraPerKg: "160",
      codFeePercent: "1.5",
      surchargePercent: "12",
    },
    // Quicker than the others, a little dearer; pays on Tuesdays.
    speed: 0.85,
    payday: 2,
    tracking: (r: Random) => `77${r.int(1_000_000_000, 9_999_999_999)}`,
    statuses: {
      transit: ["Booked", "Arrived at TCS Facility", "Departed from Origin", "Out For Delivery"],
      delivered: "Delivered",
      returning: ["Consignee Refused", "Return in process"],
      returned: "Returned to Shipper",
    },
  },
  {
    form: {
      name: "Leopards",
      trackingUrl: "https://www.leopardscourier.com/tracking?cn={tracking}",
      accountCode: "LCS-KHI-20931",
      weightBands: "500 = 180\n1000 = 220\n2000 = 330",
      extraPerKg: "120",
      codFeePercent: "1",
      surchargePercent: "10",
    },
    speed: 1,
    payday: 4,
    tracking: (r: Random) => `KI${r.int(100_000_000, 999_999_999)}`,
    statuses: {
      transit: ["Shipment Picked", "Arrived at Station", "Dispatched", "Assigned to Courier"],
      delivered: "Delivered",
      returning: ["Refused by consignee", "Being Returned"],
      returned: "Returned to shipper",
    },
  },
  {
    form: {
      name: "PostEx",
      trackingUrl: "https://postex.pk/tracking?cn={tracking}",
      accountCode: "PX-44817",
      weightBands: "500 = 199\n1000 = 249\n3000 = 349",
      extraPerKg: "100",
      codFeePercent: "2",
      surchargePercent: "0",
    },
    speed: 1.15,
    payday: 1,
    tracking: (r: Random) => `221${r.int(10_000_000, 99_999_999)}${r.int(100, 999)}`,
    statuses: {
      transit: ["Booked", "PostEx WareHouse", "En-Route to destination", "Out For Delivery"],
      delivered: "Delivered",
      returning: ["Customer refused", "Return in Transit"],
      returned: "Returned",
    },
  },
] as const;
type DemoCourierSpec = (typeof DEMO_COURIERS)[number];
export type DemoCourier = { id: number; name: string; rateCard: RateCard; spec: DemoCourierSpec };

/** The demo couriers, added unless the shop has them already (by name, regardless of case). */
export async function demoCouriers(db: Db): Promise<DemoCourier[]> {
  const existing = await db
    .select({ id: couriers.id, name: couriers.name, rateCard: couriers.rateCard })
    .from(couriers);
  const result: DemoCourier[] = [];
  for (const spec of DEMO_COURIERS) {
    const found = existing.find((c) => c.name.toLowerCase() === spec.form.name.toLowerCase());
    if (found) {
      result.push({ ...found, spec });
      continue;
    }
    const parsed = parseCourierForm({ ...spec.form, bookingColumns: "" });
    if (!parsed.ok) throw new Error(`Demo courier ${spec.form.name}: ${JSON.stringify(parsed.errors)}`);
    const [row] = await db
      .insert(couriers)
      .values(parsed.data)
      .returning({ id: couriers.id, name: couriers.name, rateCard: couriers.rateCard });
    result.push({ ...row, spec });
  }
  return result;
}

/** A shipped order's parcel, as the order loop decides it. */
export type DemoParcel = {
  orderId: string;
  orderNumber: string;
  courier: DemoCourier;
  trackingNumber: string;
  pieces: number;
  weightGrams: number;
  codAmount: number;
  estimatedCharge: number;
  bookedAt: Date;
  deliveredAt: Date | null;
  /** Back with the shop undelivered (refused at the door). */
  returnedAt: Date | null;
  events: { status: string; at: Date }[];
};

/** Which courier carried an order: refused parcels lean to the couriers with more returns, so their rates differ. */
export function pickDemoCourier(list: DemoCourier[], refused: boolean, r: Random): DemoCourier {
  const weights = refused ? [25, 35, 40] : [40, 35, 25];
  let x = r.next() * 100;
  for (let i = 0; i < list.length; i++) if ((x -= weights[i] ?? 0) < 0) return list[i];
  return list[list.length - 1];
}

/** Days from booking to the door: quicker in Karachi (where the shop sends from), slower far away. */
export function demoTransitDays(city: string, courier: DemoCourier, r: Random): number {
  const base =
    city === "Karachi"
      ? 1 + r.next() * 2
      : ["Lahore", "Islamabad", "Rawalpindi", "Hyderabad"].includes(city)
        ? 2 + r.next() * 2
        : 2.5 + r.next() * 3;
  return base * courier.spec.speed;
}

/** A new parcel for an order: tracking number (unique per courier), weight, the rate card's estimate and its courier statuses. */
export function demoParcel(
  r: Random,
  taken: Set<string>,
  p: {
    orderId: string;
    orderNumber: string;
    courier: DemoCourier;
    pieces: number;
    codAmount: number;
    bookedAt: Date;
    deliveredAt: Date | null;
    returnedAt: Date | null;
    now: Date;
  },
): DemoParcel {
  let trackingNumber: string;
  do trackingNumber = p.courier.spec.tracking(r);
  while (taken.has(`${p.courier.id}:${trackingNumber}`));
  taken.add(`${p.courier.id}:${trackingNumber}`);
  const weightGrams = 350 * p.pieces + 100;
  const estimatedCharge = estimateCharge(p.courier.rateCard, { weightGrams, codAmount: p.codAmount }).total;
  const statuses = p.courier.spec.statuses;
  const end = p.deliveredAt ?? p.returnedAt;
  let events: { status: string; at: Date }[];
  if (end) {
    // The statuses on the way spread between booking and the end, then the end itself.
    const path = p.returnedAt
      ? [statuses.transit[0], statuses.transit[1], statuses.transit[3], ...statuses.returning]
      : [...statuses.transit];
    const span = Math.max(0, end.getTime() - p.bookedAt.getTime());
    events = path.map((status, i) => ({ status, at: new Date(p.bookedAt.getTime() + (span * i) / path.length) }));
    events.push({ status: p.deliveredAt ? statuses.delivered : statuses.returned, at: end });
  } else {
    // Still on its way: the statuses that have happened by now, about one every 14 hours.
    events = statuses.transit
      .map((status, i) => ({ status, at: new Date(p.bookedAt.getTime() + i * 14 * 60 * 60 * 1000) }))
      .filter((e, i) => i === 0 || e.at.getTime() < p.now.getTime() - 60_000);
  }
  return { ...p, trackingNumber, weightGrams, estimatedCharge, events };
}

const RESOLUTION_NOTES = [
  "Courier paid the difference in the next settlement",
  "Called the courier: corrected on their next invoice",
  "Customer paid less at the door; agreed with the rider",
  "Claim accepted by the courier's account manager",
];

async function insertInBatches<T>(insert: (rows: T[]) => Promise<unknown>, rows: T[], size: number) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

/** The first `weekday` (0 Sunday .. 6 Saturday) on or after `day` (YYYY-MM-DD), as YYYY-MM-DD. */
function nextWeekday(day: string, weekday: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + ((weekday - date.getUTCDay() + 7) % 7));
  return date.toISOString().slice(0, 10);
}

export type DemoShippingResult = { shipments: number; settlements: number; discrepancies: number };

/**
 * Stores the parcels, with settlements for the delivered ones: each courier pays weekly, on its
 * payday at least four days after delivery, for every delivered parcel but a few it "forgets"
 * (those past the overdue days become not-settled discrepancies). A few are paid some rupees short
 * or charged above the rate card; one settlement's total does not add up; one pays for a refused
 * parcel. Most discrepancies older than two weeks are resolved. Set-based: a few multi-row inserts.
 */
export async function seedDemoShipping(
  db: Db,
  parcels: DemoParcel[],
  { now, r, overdueDays }: { now: Date; r: Random; overdueDays: number },
): Promise<DemoShippingResult> {
  if (parcels.length === 0) return { shipments: 0, settlements: 0, discrepancies: 0 };
  const today = shopDay(now);
  const [{ n: earlierSettlements }] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(settlements);

  type Paid = { parcel: DemoParcel; collected: number; charged: number };
  type Batch = { courier: DemoCourier; paidOn: string; paid: Paid[] };
  const batches = new Map<string, Batch>();
  const notSettled: DemoParcel[] = [];
  const shipmentValues = new Map<DemoParcel, Partial<typeof shipments.$inferInsert>>();
  let refusedButPaid = false;
  let seen = 0;
  for (const parcel of parcels) {
    const isDelivered = parcel.deliveredAt !== null && parcel.codAmount > 0;
    // One refused parcel the courier paid for anyway.
    const paidRefused =
      !refusedButPaid && parcel.returnedAt !== null && parcel.returnedAt.getTime() < now.getTime() - 20 * DAY_MS;
    if (!isDelivered && !paidRefused) continue;
    const from = (parcel.deliveredAt ?? parcel.returnedAt)!;
    const paidOn = nextWeekday(shopDay(new Date(from.getTime() + 4 * DAY_MS)), parcel.courier.spec.payday);
    if (paidOn >= today) continue;
    // About one parcel in a hundred meets each mishap: spaced out rather than drawn, so a small demo has each too.
    seen++;
    if (isDelivered && seen % 131 === 11) {
      if (from.getTime() + overdueDays * DAY_MS < now.getTime()) notSettled.push(parcel);
      continue;
    }
    if (paidRefused) refusedButPaid = true;
    const short = isDelivered && seen % 97 === 5 ? r.int(1, 10) * 10 : 0;
    const over = seen % 89 === 7 ? r.int(2, 8) * 10 : 0;
    const key = `${parcel.courier.id}:${paidOn}`;
    const batch = batches.get(key) ?? { courier: parcel.courier, paidOn, paid: [] };
    batch.paid.push({ parcel, collected: parcel.codAmount - short, charged: parcel.estimatedCharge + over });
    batches.set(key, batch);
  }

  const ordered = [...batches.values()].sort((a, b) => a.paidOn.localeCompare(b.paidOn) || a.courier.id - b.courier.id);
  // The newest TCS settlement's total is short of its rows by Rs 100.
  const shortTotal = ordered.filter((b) => b.courier.spec.form.name === "TCS").at(-1);
  const settlementRows = ordered.map((b, i) => {
    const net = b.paid.reduce((s, p) => s + p.collected - p.charged, 0);
    return {
      courierId: b.courier.id,
      reference: `${b.courier.spec.form.name.toUpperCase()}-PAY-${100_001 + earlierSettlements + i}`,
      paidOn: b.paidOn,
      expectedTotal: settlementExpectedTotal(
        b.paid.map((p) => ({ codAmount: p.parcel.codAmount, delivered: p.parcel.deliveredAt !== null })),
      ),
      paidTotal: b === shortTotal ? net - 100 : net,
      chargesTotal: b.paid.reduce((s, p) => s + p.charged, 0),
      createdAt: new Date(`${b.paidOn}T09:00:00Z`),
    };
  });
  const stored = settlementRows.length
    ? await db.insert(settlements).values(settlementRows).returning({ id: settlements.id })
    : [];

  type Discrepancy = typeof shippingDiscrepancies.$inferInsert;
  const discrepancies: Discrepancy[] = [];
  ordered.forEach((b, i) => {
    const settlementId = stored[i].id;
    const { reference, paidTotal } = settlementRows[i];
    const importedAt = new Date(`${b.paidOn}T10:00:00Z`);
    for (const p of b.paid) {
      shipmentValues.set(p.parcel, {
        settlementId,
        collectedAmount: p.collected,
        chargedAmount: p.charged,
        netPaid: p.collected - p.charged,
      });
      const base = { courierId: b.courier.id, orderId: p.parcel.orderId, settlementId, createdAt: importedAt };
      // The import's rules (parcel-payment.server.ts): cash paid for a parcel not delivered, else a delivered one paid other than its COD.
      if (!p.parcel.deliveredAt) {
        if (p.collected > 0) {
          discrepancies.push({
            ...base,
            kind: "not-delivered",
            expected: 0,
            actual: p.collected,
            detail: `${reference}: paid ${formatPrice(p.collected)} for ${p.parcel.orderNumber}, which was refused and came back to the shop`,
          });
        }
      } else if (p.collected !== p.parcel.codAmount) {
        discrepancies.push({
          ...base,
          kind: "amount-differs",
          expected: p.parcel.codAmount,
          actual: p.collected,
          detail: `${reference}: collected ${formatPrice(p.collected)} for ${p.parcel.orderNumber}, its COD is ${formatPrice(p.parcel.codAmount)}`,
        });
      }
      if (p.charged > p.parcel.estimatedCharge) {
        discrepancies.push({
          ...base,
          kind: "charge-above-estimate",
          expected: p.parcel.estimatedCharge,
          actual: p.charged,
          detail: `${reference}: charged ${formatPrice(p.charged)} for ${p.parcel.orderNumber}; the rate card gives ${formatPrice(p.parcel.estimatedCharge)}`,
        });
      }
    }
    if (b === shortTotal) {
      discrepancies.push({
        courierId: b.courier.id,
        settlementId,
        createdAt: importedAt,
        kind: "total-differs",
        expected: paidTotal + 100,
        actual: paidTotal,
        detail: `${reference}: the parcels add up to ${formatPrice(paidTotal + 100)} net; the settlement paid ${formatPrice(paidTotal)}`,
      });
    }
  });
  for (const parcel of notSettled) {
    discrepancies.push({
      kind: "not-settled",
      courierId: parcel.courier.id,
      orderId: parcel.orderId,
      expected: parcel.codAmount,
      detail: `Delivered ${shopDay(parcel.deliveredAt!)}; no settlement has paid for it yet`,
      createdAt: new Date(
        Math.min(now.getTime() - 60_000, parcel.deliveredAt!.getTime() + overdueDays * DAY_MS + 60 * 60 * 1000),
      ),
    });
  }
  for (const d of discrepancies) {
    const created = d.createdAt!;
    if (created.getTime() < now.getTime() - 14 * DAY_MS && r.next() < 0.8) {
      Object.assign(d, {
        resolvedAt: new Date(created.getTime() + r.int(2, 6) * DAY_MS),
        resolvedByName: "Shop Owner",
        resolvedNote: r.pick(RESOLUTION_NOTES),
      });
    }
  }

  const rows = parcels.map((p) => ({
    orderId: p.orderId,
    courierId: p.courier.id,
    weightGrams: p.weightGrams,
    pieces: p.pieces,
    codAmount: p.codAmount,
    estimatedCharge: p.estimatedCharge,
    bookedAt: p.bookedAt,
    trackingNumber: p.trackingNumber,
    lastCourierStatus: p.events.at(-1)?.status ?? null,
    lastCourierStatusAt: p.events.at(-1)?.at ?? null,
    deliveredAt: p.deliveredAt,
    returnedAt: p.returnedAt,
    ...shipmentValues.get(p),
  }));
  const ids = new Map<string, number>();
  await db.transaction(async (tx) => {
    await insertInBatches(
      async (batch) => {
        for (const s of await tx
          .insert(shipments)
          .values(batch)
          .returning({ id: shipments.id, orderId: shipments.orderId }))
          ids.set(s.orderId, s.id);
      },
      rows,
      2000,
    );
    const events = parcels.flatMap((p) =>
      p.events.map((e) => ({ shipmentId: ids.get(p.orderId)!, status: e.status, at: e.at })),
    );
    await insertInBatches((batch) => tx.insert(shipmentEvents).values(batch), events, 5000);
    const settled = stored.map((s) => s.id);
    if (settled.length) {
      await tx
        .update(orders)
        .set({ paymentStatus: "settled" })
        .where(
          sql`${orders.status} = 'delivered' and ${orders.id} in (select ${shipments.orderId} from ${shipments} where ${inArray(shipments.settlementId, settled)})`,
        );
    }
    await insertInBatches((batch) => tx.insert(shippingDiscrepancies).values(batch), discrepancies, 2000);
  });
  return { shipments: rows.length, settlements: stored.length, discrepancies: discrepancies.length };
}
