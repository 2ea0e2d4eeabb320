import { asc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { courierRules, couriers } from "~/modules/shipping/tables";
import { AppError } from "~/lib/errors";
import type { CourierInput } from "./courier-form";
import type { CourierRule } from "./courier-routing";
import { isSerialId } from "~/lib/serial-id";

export type Courier = typeof couriers.$inferSelect;

export const COURIER_NOT_FOUND = "Courier not found";
const NAME_TAKEN = "You already have a courier with this name";

/** Every courier, active first, by name. */
export function listCouriers(db: DbOrTx): Promise<Courier[]> {
  return db
    .select()
    .from(couriers)
    .orderBy(sql`${couriers.active} desc`, asc(couriers.name));
}

export async function getCourier(db: DbOrTx, id: number): Promise<Courier> {
  const [courier] = isSerialId(id) ? await db.select().from(couriers).where(eq(couriers.id, id)) : [];
  if (!courier) throw new AppError("NOT_FOUND", COURIER_NOT_FOUND);
  return courier;
}

async function nameTaken(db: DbOrTx, name: string, exceptId?: number): Promise<boolean> {
  const rows = await db
    .select({ id: couriers.id })
    .from(couriers)
    .where(sql`lower(${couriers.name}) = lower(${name})`);
  return rows.some((r) => r.id !== exceptId);
}

/** Adds a courier (names are unique regardless of case). */
export async function createCourier(db: DbOrTx, input: CourierInput): Promise<Courier> {
  if (await nameTaken(db, input.name)) throw new AppError("VALIDATION", NAME_TAKEN, { name: NAME_TAKEN });
  const [courier] = await db.insert(couriers).values(input).returning();
  return courier;
}

export async function updateCourier(db: DbOrTx, id: number, input: CourierInput): Promise<Courier> {
  await getCourier(db, id);
  if (await nameTaken(db, input.name, id)) throw new AppError("VALIDATION", NAME_TAKEN, { name: NAME_TAKEN });
  const [courier] = await db
    .update(couriers)
    .set({ ...input, updatedAt: new Date() })
    .where(eq(couriers.id, id))
    .returning();
  return courier;
}

/** A courier the shop stops using is kept (its shipments point at it) but no longer offered for booking. */
export async function setCourierActive(db: DbOrTx, id: number, active: boolean): Promise<Courier> {
  await getCourier(db, id);
  const [courier] = await db
    .update(couriers)
    .set({ active, updatedAt: new Date() })
    .where(eq(couriers.id, id))
    .returning();
  return courier;
}

/** The routing rules in priority order. */
export async function listCourierRules(db: DbOrTx): Promise<(CourierRule & { id: number })[]> {
  return db
    .select({
      id: courierRules.id,
      kind: courierRules.kind,
      city: courierRules.city,
      amount: courierRules.amount,
      courierId: courierRules.courierId,
    })
    .from(courierRules)
    .orderBy(asc(courierRules.position), asc(courierRules.id));
}

/** Replaces the routing rules with `rules`, in this order of priority. */
export async function saveCourierRules(db: DbOrTx, rules: readonly CourierRule[]): Promise<void> {
  const known = new Set((await db.select({ id: couriers.id }).from(couriers)).map((c) => c.id));
  for (const rule of rules)
    if (rule.courierId !== null && !known.has(rule.courierId)) throw new AppError("NOT_FOUND", COURIER_NOT_FOUND);
  await db.transaction(async (tx) => {
    await tx.delete(courierRules);
    if (rules.length) await tx.insert(courierRules).values(rules.map((r, position) => ({ ...r, position })));
  });
}
