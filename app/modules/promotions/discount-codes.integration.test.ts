import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { discountCodes, discountRedemptions, orders, productVariants, scheduledSales } from "~/schema";
import { AppError } from "~/lib/errors";
import type { ShippingDetails } from "~/modules/checkout/checkout-schema";
import { placeOrder } from "~/flows/place-order.server";
import { cancelOrder } from "~/flows/cancel-order.server";
import { DATABASE_KINDS, useTestDatabase } from "../../../tests/factories/test-database";
import { createTestBuyer } from "../../../tests/factories/test-users";
import { previewDiscountCode } from "./redeem-discount-code.server";

// Essential Crew Neck Tee (t-shirts), Rs 1,299. Shipping: flat Rs 200, free from Rs 5,000.
const TEE = { productId: "essential-crew-neck-tee", color: "Black", size: "M" };
let phoneSerial = 0;
const shipping = (phone = `+92300${String(7000000 + ++phoneSerial).padStart(7, "0")}`): ShippingDetails => ({
  fullName: "Ayesha Khan",
  email: "ayesha@example.pk",
  phone,
  city: "Karachi",
  address: "House 12, Street 4, DHA Phase 6",
  postalCode: null,
  country: "Pakistan",
});

describe.each(DATABASE_KINDS)("discount codes at checkout on %s", (kind) => {
  const database = useTestDatabase(kind, { settings: { shippingFee: 200, freeShippingThreshold: 5000 } });
  const db = () => database.db;

  beforeAll(async () => {
    await db()
      .update(productVariants)
      .set({ stock: 500 })
      .where(
        and(
          eq(productVariants.productId, TEE.productId),
          eq(productVariants.color, TEE.color),
          eq(productVariants.size, TEE.size),
        ),
      );
  });

  const addCode = async (values: Partial<typeof discountCodes.$inferInsert> & { code: string }) =>
    (
      await db()
        .insert(discountCodes)
        .values({ kind: "percent", value: 20, ...values })
        .returning()
    )[0];
  const order = async (id: string) => (await db().select().from(orders).where(eq(orders.id, id)))[0];
  const stock = async () =>
    (
      await db()
        .select({ stock: productVariants.stock })
        .from(productVariants)
        .where(
          and(
            eq(productVariants.productId, TEE.productId),
            eq(productVariants.color, TEE.color),
            eq(productVariants.size, TEE.size),
          ),
        )
    )[0].stock;
  const buyTees = async (quantity: number, discountCode: string | null, userId?: string, details = shipping()) =>
    placeOrder(
      { db: db() },
      {
        userId: userId ?? (await createTestBuyer(db(), "Code Buyer")),
        items: [{ ...TEE, quantity }],
        shipping: details,
        discountCode,
      },
    );
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => null,
      (e: AppError) => ({ code: e.code, message: e.message, fields: e.fields }),
    );

  it("takes the code off the order whatever case it was typed in, and the total and free shipping follow", async () => {
    await addCode({ code: "Eid20" });
    // 2 tees: 2,598; 20 % off leaves 2,078.4, so the buyer pays 2,078 and 520 comes off; shipping 200.
    const placed = await buyTees(2, "  eid20 ");
    expect(await order(placed.orderId)).toMatchObject({
      subtotal: 2598,
      discountCode: "EID20",
      discountTotal: 520,
      shippingFee: 200,
      total: 2278,
    });
    // 4 tees: 5,196 less 20 % = 4,156.8 -> 4,156 paid: under Rs 5,000 after the discount, so shipping is charged.
    const four = await buyTees(4, "EID20");
    expect(await order(four.orderId)).toMatchObject({
      subtotal: 5196,
      discountTotal: 1040,
      shippingFee: 200,
      total: 4356,
    });
    const [redemption] = await db()
      .select()
      .from(discountRedemptions)
      .where(eq(discountRedemptions.orderId, placed.orderId));
    expect(redemption).toMatchObject({ amount: 520, releasedAt: null });
  });

  it("refuses a code with its reason beside the field, and the order is not placed: stock and uses unchanged", async () => {
    await addCode({ code: "MIN3000", kind: "amount", value: 300, minOrder: 3000 });
    await addCode({ code: "OLDEID", endsAt: new Date("2026-01-01T00:00:00Z") });
    await addCode({ code: "PAUSED10", paused: true });
    const before = await stock();
    expect(await refusal(buyTees(1, "MIN3000"))).toEqual({
      code: "VALIDATION",
      message: "Minimum order for MIN3000 is Rs 3,000",
      fields: { discountCode: "Minimum order for MIN3000 is Rs 3,000" },
    });
    expect(await refusal(buyTees(1, "OLDEID"))).toMatchObject({ message: "This code has expired" });
    expect(await refusal(buyTees(1, "PAUSED10"))).toMatchObject({ message: "This code is paused at the moment" });
    expect(await refusal(buyTees(1, "NOSUCHCODE"))).toMatchObject({ message: "This code is not valid" });
    expect(await stock()).toBe(before);
    expect((await db().select().from(discountCodes).where(eq(discountCodes.code, "MIN3000")))[0].uses).toBe(0);
    // Three tees reach the minimum: Rs 300 off.
    const placed = await buyTees(3, "min3000");
    expect(await order(placed.orderId)).toMatchObject({ subtotal: 3897, discountTotal: 300, total: 3797 });
  });

  it("a code with one use left and five orders placed at once gives exactly one discounted order", async () => {
    await addCode({ code: "LAST1", maxUses: 3, uses: 2 });
    const before = await stock();
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => buyTees(1, "LAST1")));
    const placed = results.filter((r) => r.status === "fulfilled");
    expect(placed).toHaveLength(1);
    for (const r of results.filter((r) => r.status === "rejected"))
      expect((r as PromiseRejectedResult).reason.message).toBe("This code has been used up");
    expect(await stock()).toBe(before - 1);
    expect((await db().select().from(discountCodes).where(eq(discountCodes.code, "LAST1")))[0].uses).toBe(3);
  });

  it("counts uses per customer by account and by phone number; a cancelled order gives its use back", async () => {
    const code = await addCode({ code: "ONCEEACH", kind: "amount", value: 100, maxUsesPerCustomer: 1 });
    const buyer = await createTestBuyer(db(), "Once Buyer");
    const details = shipping();
    const first = await buyTees(1, "ONCEEACH", buyer, details);
    expect(await refusal(buyTees(1, "ONCEEACH", buyer))).toMatchObject({ message: "You have already used ONCEEACH" }); // same account, other phone
    expect(await refusal(buyTees(1, "ONCEEACH", undefined, details))).toMatchObject({
      message: "You have already used ONCEEACH",
    }); // other account, same phone

    // The buyer cancels: the use is given back once, and the code works again for them.
    await cancelOrder({ db: db() }, { id: buyer, role: "buyer" }, first.orderId);
    expect((await db().select().from(discountCodes).where(eq(discountCodes.id, code.id)))[0].uses).toBe(0);
    expect(
      (await db().select().from(discountRedemptions).where(eq(discountRedemptions.orderId, first.orderId)))[0]
        .releasedAt,
    ).not.toBeNull();
    const again = await buyTees(1, "ONCEEACH", buyer, details);
    expect(await order(again.orderId)).toMatchObject({ discountTotal: 100, total: 1299 - 100 + 200 });
  });

  it("applies after a running sale's price, and a code that does not combine with sales leaves sale items alone", async () => {
    const now = new Date();
    await db()
      .insert(scheduledSales)
      .values({
        name: "Tee week",
        percent: 50,
        startsAt: new Date(now.getTime() - 60_000),
        endsAt: new Date(now.getTime() + 3_600_000),
        appliesTo: "products",
        productIds: [TEE.productId],
      });
    await addCode({ code: "STACK10", value: 10 });
    await addCode({ code: "NOSTACK", value: 10, combinesWithSale: false });
    // Half of 1,299 is 649.5: the tee sells at 649, and 10 % of 649 leaves 584.1 -> 584 paid, 65 off.
    const placed = await buyTees(1, "STACK10");
    expect(await order(placed.orderId)).toMatchObject({ subtotal: 649, discountTotal: 65, total: 649 - 65 + 200 });
    expect(await refusal(buyTees(1, "NOSTACK"))).toMatchObject({
      message: "NOSTACK does not apply to the items in your order",
    });
    // What a code would give, asked without using it.
    expect(
      await previewDiscountCode(db(), {
        code: "stack10",
        lines: [{ productId: TEE.productId, categorySlug: "t-shirts", price: 649, quantity: 2, onSale: true }],
        userId: null,
        phone: "+923001111111",
        now,
      }),
    ).toEqual({ ok: true, code: "STACK10", amount: 130 });
    await db().delete(scheduledSales);
  });
});
