import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { couriers, orders, productVariants, shipments, users } from "~/schema";
import { OTHER_COURIER } from "~/modules/shipping/booking/shipment-follows-order.server";
import { useTestDatabase } from "../../tests/factories/test-database";
import { placeTestOrder, TEST_ITEM } from "../../tests/factories/test-orders";
import { insertTestCourier } from "../../tests/factories/test-shipments";

const run = promisify(execFile);
const OWNER = { id: "hand-race-owner", name: "Owner" };

/**
 * Two real processes on one PostgreSQL mark orders shipped by hand at the same moment: both with a
 * courier name the shop does not have (one "Other courier" is made, not two, and no move fails), and
 * each with the same TCS tracking number on a different order (one stands, the other is refused
 * beside its field and its order stays as it was).
 */
describe("parcels shipped by hand from two processes on one PostgreSQL", () => {
  const database = useTestDatabase("postgres");
  const db = () => database.db;

  it("makes one Other courier, gives every order its parcel, and lets one of two equal tracking numbers stand", async () => {
    await db()
      .insert(users)
      .values({ id: OWNER.id, name: OWNER.name, email: "hand-race-owner@example.pk", role: "seller" });
    await db().update(productVariants).set({ stock: 1000 }).where(eq(productVariants.productId, TEST_ITEM.productId));
    await insertTestCourier(db(), "TCS");
    const placed: { id: string; orderNumber: string; total: number }[] = [];
    for (let i = 0; i < 14; i++)
      placed.push(
        await placeTestOrder(db(), OWNER, {
          status: "processing",
          city: "Lahore",
          phone: `+92300555${String(1000 + i)}`,
        }),
      );
    const [contestedA, contestedB] = placed.slice(12);
    const shipmentsOf = (from: number, name: string, prefix: string) =>
      placed
        .slice(from, from + 6)
        .map((o, i) => ({ orderId: o.id, courierName: name, trackingNumber: `${prefix}-${i}` }));
    const a = [
      { orderId: contestedA.id, courierName: "TCS", trackingNumber: "SAME-1" },
      ...shipmentsOf(0, "Own rider", "RIDER-A"),
    ];
    const b = [
      { orderId: contestedB.id, courierName: "tcs", trackingNumber: "SAME-1" },
      ...shipmentsOf(6, "own  RIDER", "RIDER-B"),
    ];

    const env = {
      ...process.env,
      DATABASE_URL: database.url!,
      START_AT: String(Date.now() + 5000),
      OWNER_ID: OWNER.id,
    };
    const proc = (list: unknown) =>
      run("npx", ["tsx", "tests/fixtures/hand-ship-race-process.ts"], {
        env: { ...env, SHIPMENTS: JSON.stringify(list) },
        timeout: 90_000,
      });
    const answers = (await Promise.all([proc(a), proc(b)])).map(
      (p) => (JSON.parse(p.stdout.trim().split("\n").at(-1)!) as { done: string[] }).done,
    );

    // The twelve with the unknown name: shipped, all on the one Other courier.
    expect(answers.flatMap((done) => done.slice(1))).toEqual(Array(12).fill("shipped"));
    const others = await db().select().from(couriers).where(eq(couriers.name, OTHER_COURIER));
    expect(others).toHaveLength(1);
    const parcels = await db()
      .select()
      .from(shipments)
      .where(
        inArray(
          shipments.orderId,
          placed.slice(0, 12).map((o) => o.id),
        ),
      );
    expect(parcels).toHaveLength(12);
    expect(new Set(parcels.map((p) => p.courierId))).toEqual(new Set([others[0].id]));

    // SAME-1: one order has it; the other is refused beside the field, and is still processing with no parcel.
    const contested = answers.map((done) => done[0]);
    expect(contested.filter((d) => d === "shipped")).toHaveLength(1);
    const refused = contested.find((d) => d !== "shipped")!;
    const [winner, loser] = contested[0] === "shipped" ? [contestedA, contestedB] : [contestedB, contestedA];
    expect(refused).toBe(`refused: Tracking number SAME-1 is already on order ${winner.orderNumber}`);
    expect((await db().select().from(shipments).where(eq(shipments.orderId, winner.id)))[0]).toMatchObject({
      trackingNumber: "SAME-1",
    });
    expect(await db().select().from(shipments).where(eq(shipments.orderId, loser.id))).toEqual([]);
    expect((await db().select({ status: orders.status }).from(orders).where(eq(orders.id, loser.id)))[0].status).toBe(
      "processing",
    );
  }, 180_000);
});
