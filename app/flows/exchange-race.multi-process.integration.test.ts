import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { orderItems, orders, productVariants, returnItems, returnRequests, storeCreditEntries, users } from "~/schema";
import { useTestDatabase } from "../../tests/factories/test-database";
import { createTestBuyer } from "../../tests/factories/test-users";
import { approveReturn } from "./approve-return.server";
import { placeOrder } from "./place-order.server";
import { requestReturn } from "./request-return.server";

const run = promisify(execFile);
const EXCHANGES = 12;
const OWNER = { id: "exchange-race-owner", name: "Owner" };
const TEE = "essential-crew-neck-tee";

/**
 * Issue 40 with two real processes on one PostgreSQL: the owner marks the old item of an exchange
 * received in one, while the other cancels its replacement order, started together, for a dozen
 * exchanges. Whichever commits first, each buyer ends with exactly what the old item was paid as
 * store credit (never nothing, never twice) and the request closed.
 */
describe("receiving an exchange's old item while its replacement is cancelled, from two processes on one PostgreSQL", () => {
  const database = useTestDatabase("postgres");
  const db = () => database.db;

  it("gives what was paid once, and closes every request", async () => {
    await db()
      .insert(users)
      .values({ id: OWNER.id, name: OWNER.name, email: "exchange-race-owner@example.pk", role: "seller" });
    await db().update(productVariants).set({ stock: 100 }).where(eq(productVariants.productId, TEE));
    const [blackL] = await db()
      .select({ id: productVariants.id })
      .from(productVariants)
      .where(
        and(eq(productVariants.productId, TEE), eq(productVariants.color, "Black"), eq(productVariants.size, "L")),
      );
    const cases: { buyer: string; paid: number; returnId: string; itemIds: number[]; replacementId: string }[] = [];
    for (let i = 0; i < EXCHANGES; i++) {
      const buyer = await createTestBuyer(db(), `Racer ${i}`);
      const placed = await placeOrder(
        { db: db() },
        {
          userId: buyer,
          items: [{ productId: TEE, color: "Black", size: "M", quantity: 1 }],
          shipping: {
            fullName: `Racer ${i}`,
            email: `racer${i}@example.pk`,
            phone: "+923001112233",
            city: "Lahore",
            address: "1 Race Road",
            postalCode: null,
            country: "Pakistan",
          },
        },
      );
      const [order] = await db().select().from(orders).where(eq(orders.id, placed.orderId));
      // 10 % off, delivered and paid.
      const discount = Math.floor(order.subtotal / 10);
      await db()
        .update(orders)
        .set({
          status: "delivered",
          paymentStatus: "collected",
          deliveredAt: new Date(),
          discountTotal: discount,
          total: order.total - discount,
        })
        .where(eq(orders.id, order.id));
      const [line] = await db().select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.orderId, order.id));
      const made = await requestReturn(
        { db: db() },
        {
          userId: buyer,
          orderId: order.id,
          reason: "wrong_size",
          reasonText: null,
          photos: [],
          items: [{ orderItemId: line.id, quantity: 1, kind: "exchange", exchangeVariantId: blackL.id }],
        },
      );
      const approved = await approveReturn({ db: db() }, OWNER, made.returnId);
      const items = await db()
        .select({ id: returnItems.id })
        .from(returnItems)
        .where(eq(returnItems.returnId, made.returnId));
      cases.push({
        buyer,
        paid: order.subtotal - discount,
        returnId: made.returnId,
        itemIds: items.map((r) => r.id),
        replacementId: approved.replacement!.orderId,
      });
    }

    const env = {
      ...process.env,
      DATABASE_URL: database.url!,
      START_AT: String(Date.now() + 5000),
      OWNER_ID: OWNER.id,
    };
    const proc = (more: Record<string, string>) =>
      run("npx", ["tsx", "tests/fixtures/exchange-race-process.ts"], { env: { ...env, ...more }, timeout: 90_000 });
    const [receiver, canceller] = await Promise.all([
      proc({
        ROLE: "receive",
        REQUESTS: JSON.stringify(cases.map(({ returnId, itemIds }) => ({ returnId, itemIds }))),
      }),
      proc({ ROLE: "cancel", ORDER_IDS: JSON.stringify(cases.map((c) => c.replacementId)) }),
    ]);
    const received = (JSON.parse(receiver.stdout.trim().split("\n").at(-1)!) as { done: string[] }).done;
    const cancelled = (JSON.parse(canceller.stdout.trim().split("\n").at(-1)!) as { done: string[] }).done;
    expect(cancelled).toEqual(cases.map(() => "cancelled"));
    expect(received.every((r) => r.startsWith("received:"))).toBe(true);

    const credits = await db()
      .select({ userId: storeCreditEntries.userId, amount: storeCreditEntries.amount })
      .from(storeCreditEntries)
      .where(
        inArray(
          storeCreditEntries.userId,
          cases.map((c) => c.buyer),
        ),
      );
    const statuses = await db()
      .select({ id: returnRequests.id, status: returnRequests.status })
      .from(returnRequests)
      .where(
        inArray(
          returnRequests.id,
          cases.map((c) => c.returnId),
        ),
      );
    for (const c of cases) {
      expect(
        credits.filter((e) => e.userId === c.buyer).reduce((n, e) => n + e.amount, 0),
        `the buyer of ${c.returnId}`,
      ).toBe(c.paid);
      expect(statuses.find((s) => s.id === c.returnId)?.status).toBe("closed");
    }
  }, 180_000);
});
