import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { orders, returnRequests, storeCreditAccounts, storeCreditEntries, users } from "~/schema";
import { AppError } from "~/lib/errors";
import { DATABASE_KINDS, useTestDatabase } from "../../../tests/factories/test-database";
import { placeTestOrder } from "../../../tests/factories/test-orders";
import { createTestBuyer } from "../../../tests/factories/test-users";
import { giveBackStoreCredit } from "./give-back-store-credit.server";
import { readStoreCredit, storeCreditBalance } from "./read-store-credit.server";
import { spendStoreCredit } from "./spend-store-credit.server";
import { grantStoreCredit } from "./store-credit.server";
import { STORE_CREDIT_CHANGED_MESSAGE, STORE_CREDIT_PAGE_SIZE } from "./store-credit-rules";

const OWNER = { id: "store-credit-owner", name: "Owner" };

describe.each(DATABASE_KINDS)("store credit on %s", (kind) => {
  const database = useTestDatabase(kind);
  const db = () => database.db;

  beforeAll(async () => {
    await db()
      .insert(users)
      .values({ id: OWNER.id, name: OWNER.name, email: "store-credit-owner@example.pk", role: "seller" });
  });

  /** An order to hang entries on (entered by the owner, then given to `userId` with `used` credit on it). */
  async function orderOf(userId: string, used = 0): Promise<{ id: string; orderNumber: string }> {
    const order = await placeTestOrder(db(), OWNER);
    // The order's total check: what the credit paid comes off the cash to collect.
    await db()
      .update(orders)
      .set({ userId, storeCreditUsed: used, total: order.total - used })
      .where(eq(orders.id, order.id));
    return order;
  }
  const entriesOf = (userId: string) =>
    db().select().from(storeCreditEntries).where(eq(storeCreditEntries.userId, userId)).orderBy(storeCreditEntries.id);

  it("spends with one guarded update: the balance never goes below zero, and a refused spend changes nothing", async () => {
    const buyer = await createTestBuyer(db());
    const order = await orderOf(buyer);
    await grantStoreCredit(db(), { userId: buyer, amount: 1000, kind: "refund" });

    expect(
      await db().transaction((tx) => spendStoreCredit(tx, { userId: buyer, amount: 600, orderId: order.id })),
    ).toBe(400);
    const refused = db().transaction((tx) => spendStoreCredit(tx, { userId: buyer, amount: 401, orderId: order.id }));
    await expect(refused).rejects.toMatchObject({ code: "CONFLICT", message: STORE_CREDIT_CHANGED_MESSAGE });
    expect(await storeCreditBalance(db(), buyer)).toBe(400);
    expect((await entriesOf(buyer)).map((e) => [e.kind, e.amount, e.orderId])).toEqual([
      ["refund", 1000, null],
      ["spent", -600, order.id],
    ]);

    // A buyer who never had credit has no account row: nothing to spend.
    const stranger = await createTestBuyer(db());
    await expect(
      db().transaction((tx) => spendStoreCredit(tx, { userId: stranger, amount: 1, orderId: order.id })),
    ).rejects.toBeInstanceOf(AppError);
    expect(await storeCreditBalance(db(), stranger)).toBe(0);
  });

  it("two transactions racing to spend the whole balance: exactly one spends it", async () => {
    const buyer = await createTestBuyer(db());
    const [first, second] = [await orderOf(buyer), await orderOf(buyer)];
    await grantStoreCredit(db(), { userId: buyer, amount: 2500, kind: "refund" });

    // On PostgreSQL both transactions are open, each on its own connection, before either spends:
    // the second's update waits for the first's row lock, then finds the balance too small. PGlite
    // runs one transaction at a time, so there the second simply finds the balance spent.
    let arrived = 0;
    let open!: () => void;
    const bothOpen = new Promise<void>((resolve) => {
      open = resolve;
    });
    const meet = async () => {
      if (kind === "pglite") return;
      if (++arrived === 2) open();
      await bothOpen;
    };
    const results = await Promise.allSettled(
      [first, second].map((order) =>
        db().transaction(async (tx) => {
          await tx
            .select({ balance: storeCreditAccounts.balance })
            .from(storeCreditAccounts)
            .where(eq(storeCreditAccounts.userId, buyer));
          await meet();
          return spendStoreCredit(tx, { userId: buyer, amount: 2500, orderId: order.id });
        }),
      ),
    );

    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const [lost] = results.filter((r) => r.status === "rejected");
    expect(lost.reason).toMatchObject({ code: "CONFLICT", message: STORE_CREDIT_CHANGED_MESSAGE });
    expect(await storeCreditBalance(db(), buyer)).toBe(0);
    expect((await entriesOf(buyer)).filter((e) => e.kind === "spent").map((e) => e.amount)).toEqual([-2500]);
  });

  it("gives an order's spent credit back once, however often it is asked", async () => {
    const buyer = await createTestBuyer(db());
    const order = await orderOf(buyer, 700);
    await grantStoreCredit(db(), { userId: buyer, amount: 1000, kind: "refund" });
    await db().transaction((tx) => spendStoreCredit(tx, { userId: buyer, amount: 700, orderId: order.id }));

    expect(await db().transaction((tx) => giveBackStoreCredit(tx, order.id, "cancelled"))).toBe(700);
    expect(await db().transaction((tx) => giveBackStoreCredit(tx, order.id, "returned"))).toBe(0);
    expect(await storeCreditBalance(db(), buyer)).toBe(1000);
    expect((await entriesOf(buyer)).map((e) => [e.kind, e.amount, e.note])).toEqual([
      ["refund", 1000, null],
      ["spent", -700, null],
      ["restored", 700, "cancelled"],
    ]);

    // An order that used no credit gives nothing and writes nothing.
    const plain = await orderOf(buyer);
    expect(await db().transaction((tx) => giveBackStoreCredit(tx, plain.id, "cancelled"))).toBe(0);
    expect(await entriesOf(buyer)).toHaveLength(3);
  });

  it("reads the balance and its history newest first, in words, a page at a time", async () => {
    const buyer = await createTestBuyer(db());
    const spentOn = await orderOf(buyer, 300);
    const cancelled = await orderOf(buyer, 200);
    const [request] = await db()
      .insert(returnRequests)
      .values({ returnNumber: "RT-424242", orderId: spentOn.id, userId: buyer, reason: "wrong_size" })
      .returning();
    const at = (minute: number) => new Date(Date.UTC(2025, 5, 1, 10, minute));
    await grantStoreCredit(db(), { userId: buyer, amount: 1500, kind: "refund", returnId: request.id });
    await grantStoreCredit(db(), { userId: buyer, amount: 250, kind: "exchange_difference", returnId: request.id });
    await db().transaction((tx) => spendStoreCredit(tx, { userId: buyer, amount: 300, orderId: spentOn.id }));
    await db().transaction((tx) => spendStoreCredit(tx, { userId: buyer, amount: 200, orderId: cancelled.id }));
    await db().transaction((tx) => giveBackStoreCredit(tx, cancelled.id, "cancelled"));
    // Spread over time so "newest first" is the entries' times, not their ids.
    const ids = (await entriesOf(buyer)).map((e) => e.id);
    for (const [i, id] of ids.entries())
      await db()
        .update(storeCreditEntries)
        .set({ createdAt: at(i) })
        .where(eq(storeCreditEntries.id, id));

    const view = await readStoreCredit(db(), buyer);
    expect(view).toMatchObject({ balance: 1450, total: 5, page: 1, pageCount: 1 });
    expect(view.entries.map((e) => [e.words, e.amount])).toEqual([
      [`Given back: ${cancelled.orderNumber} cancelled`, 200],
      [`Spent on ${cancelled.orderNumber}`, -200],
      [`Spent on ${spentOn.orderNumber}`, -300],
      ["Exchange difference RT-424242", 250],
      ["Refund for RT-424242", 1500],
    ]);
    expect(view.entries[2]).toMatchObject({
      orderId: spentOn.id,
      orderNumber: spentOn.orderNumber,
      returnNumber: null,
      createdAt: at(2),
    });
    expect(view.entries[4]).toMatchObject({
      returnId: request.id,
      returnNumber: "RT-424242",
      returnOrderId: spentOn.id,
      orderId: null,
    });

    // More entries than a page: the pages split them in SQL; a page past the end is the last.
    for (let i = 0; i < STORE_CREDIT_PAGE_SIZE; i++)
      await grantStoreCredit(db(), { userId: buyer, amount: 1, kind: "refund" });
    const second = await readStoreCredit(db(), buyer, { page: 2 });
    expect(second).toMatchObject({
      balance: 1450 + STORE_CREDIT_PAGE_SIZE,
      total: STORE_CREDIT_PAGE_SIZE + 5,
      page: 2,
      pageCount: 2,
    });
    // The page's newest are the 20 grants just made: the five older entries are the second page.
    expect(second.entries.map((e) => e.words)).toEqual(view.entries.map((e) => e.words));
    expect((await readStoreCredit(db(), buyer, { page: 9 })).page).toBe(2);
    expect((await readStoreCredit(db(), buyer)).entries).toHaveLength(STORE_CREDIT_PAGE_SIZE);
  });

  it("someone with no credit reads a zero balance and an empty history", async () => {
    const buyer = await createTestBuyer(db());
    expect(await readStoreCredit(db(), buyer)).toEqual({ balance: 0, entries: [], total: 0, page: 1, pageCount: 1 });
    expect(await db().select().from(storeCreditAccounts).where(eq(storeCreditAccounts.userId, buyer))).toEqual([]);
  });
});
