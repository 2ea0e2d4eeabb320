import { putOrderItemsBack } from "~/flows/move-order.server";
import { and, asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { orders, orderStatusHistory, productVariants } from "~/schema";
import { placeOrder } from "~/flows/place-order.server";
import { DATABASE_KINDS, useTestDatabase } from "../../../tests/factories/test-database";
import { createTestBuyer } from "../../../tests/factories/test-users";
import {
  anonymiseIfCustomerDeleted,
  DELETED_ACCOUNT_NOTE,
  releaseCustomerOrders,
} from "./release-customer-orders.server";

const TEE = "essential-crew-neck-tee";
const SHIPPING = {
  fullName: "Zara Ali",
  email: "zara@example.pk",
  phone: "03001234567",
  city: "Lahore",
  address: "House 9, Block B",
  postalCode: null,
  country: "Pakistan",
} as const;

describe.each(DATABASE_KINDS)("a deleted customer's orders on %s", (kind) => {
  const database = useTestDatabase(kind);
  let variantId: number;
  beforeAll(async () => {
    const [variant] = await database.db
      .update(productVariants)
      .set({ stock: 30 })
      .where(and(eq(productVariants.productId, TEE), eq(productVariants.color, "Black"), eq(productVariants.size, "M")))
      .returning({ id: productVariants.id });
    variantId = variant.id;
  }, 300_000);
  const db = () => database.db;
  const stock = async () =>
    (
      await db().select({ stock: productVariants.stock }).from(productVariants).where(eq(productVariants.id, variantId))
    )[0].stock;
  const order = async (
    userId: string,
    quantity: number,
    status: "pending" | "confirmed" | "processing" | "shipped" | "delivered",
  ) => {
    const placed = await placeOrder(
      { db: db() },
      { userId, items: [{ productId: TEE, color: "Black", size: "M", quantity }], shipping: SHIPPING },
    );
    await db().update(orders).set({ status }).where(eq(orders.id, placed.orderId));
    return placed.orderId;
  };
  const row = async (id: string) => (await db().select().from(orders).where(eq(orders.id, id)))[0];

  it("cancels what is not shipped (stock back, reason in the history), keeps a shipped order's address, anonymises the rest", async () => {
    const buyer = await createTestBuyer(db(), "Zara");
    const pending = await order(buyer, 2, "pending");
    const processing = await order(buyer, 3, "processing");
    const shipped = await order(buyer, 1, "shipped");
    const delivered = await order(buyer, 1, "delivered");
    const before = await stock();

    await releaseCustomerOrders(db(), buyer, putOrderItemsBack);

    expect(await stock()).toBe(before + 5);
    for (const id of [pending, processing]) {
      expect(await row(id)).toMatchObject({
        status: "cancelled",
        fullName: "Deleted customer",
        phone: "",
        address: "",
        email: "",
      });
      const history = await db()
        .select()
        .from(orderStatusHistory)
        .where(eq(orderStatusHistory.orderId, id))
        .orderBy(asc(orderStatusHistory.id));
      expect(history.at(-1)).toMatchObject({
        toStatus: "cancelled",
        actorId: null,
        actorName: "System",
        note: DELETED_ACCOUNT_NOTE,
      });
    }
    expect(await row(shipped)).toMatchObject({
      status: "shipped",
      fullName: "Zara Ali",
      phone: "+923001234567",
      address: "House 9, Block B",
    });
    expect((await row(shipped)).customerDeletedAt).toBeInstanceOf(Date);
    expect(await row(delivered)).toMatchObject({ status: "delivered", fullName: "Deleted customer", address: "" });

    // Running it again (a retried delete) puts nothing back twice.
    await releaseCustomerOrders(db(), buyer, putOrderItemsBack);
    expect(await stock()).toBe(before + 5);

    // The shipped parcel arrives: now its details go too.
    await anonymiseIfCustomerDeleted(db(), shipped);
    expect(await row(shipped)).toMatchObject({ fullName: "Zara Ali" });
    await db().update(orders).set({ status: "delivered" }).where(eq(orders.id, shipped));
    await anonymiseIfCustomerDeleted(db(), shipped);
    expect(await row(shipped)).toMatchObject({
      status: "delivered",
      fullName: "Deleted customer",
      phone: "",
      address: "",
    });
  });

  it("leaves other customers' orders alone", async () => {
    const gone = await createTestBuyer(db(), "Gone");
    const stays = await createTestBuyer(db(), "Stays");
    const theirs = await order(stays, 1, "pending");
    await order(gone, 1, "pending");
    await releaseCustomerOrders(db(), gone, putOrderItemsBack);
    expect(await row(theirs)).toMatchObject({ status: "pending", fullName: "Zara Ali", phone: "+923001234567" });
  });
});
