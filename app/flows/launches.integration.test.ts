import { and, eq, inArray } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { launchProducts, launches, messageOutbox, orders, productVariants, products, users } from "~/schema";
import type { NotifyConfirmEmailData } from "~/modules/messages/email-messages";
import { confirmNotifyRequest } from "~/modules/notify-me/confirm-notify.server";
import { listLaunches, launchCandidates, launchOfProduct } from "~/modules/launches/launches.server";
import { refusal } from "../../tests/factories/refusal";
import { DATABASE_KINDS, useTestDatabase } from "../../tests/factories/test-database";
import { createTestBuyer } from "../../tests/factories/test-users";
import { runDueLaunches, nextLaunchAt } from "./launch-products.server";
import { moveOrder } from "./move-order.server";
import { placeOrder } from "./place-order.server";
import { deleteLaunch, saveLaunch } from "./save-launch.server";
import { addToCartWithinLimits } from "./add-to-cart.server";
import { subscribeToNotify } from "./subscribe-to-notify.server";

const OWNER = { id: "owner-launches", name: "Sana Owner" };
const LAWN = "pocket-tee";
const OTHER = "heavyweight-oversized-tee";
const ITEM = { productId: LAWN, color: "Gray", size: "M" };

/**
 * Launches (issue 43): a launch holds its products coming soon until its time, opens them at it
 * (the launcher's run, to the second), and limits the pieces of each product a buyer takes across
 * orders, by phone number and by account; cancelled orders and orders before it opened do not count.
 */
describe.each(DATABASE_KINDS)("launches on %s", (kind) => {
  const database = useTestDatabase(kind);
  const db = () => database.db;
  let buyer: string;
  let otherBuyer: string;

  beforeAll(async () => {
    await db()
      .insert(users)
      .values({ id: OWNER.id, name: OWNER.name, email: "owner-launches@example.pk", role: "seller" });
    buyer = await createTestBuyer(db(), "Launch Buyer");
    otherBuyer = await createTestBuyer(db(), "Second Account");
    await db()
      .update(productVariants)
      .set({ stock: 100 })
      .where(inArray(productVariants.productId, [LAWN, OTHER]));
  });
  afterEach(async () => {
    await db().delete(launches);
    await db()
      .update(products)
      .set({ status: "active", launchAt: null })
      .where(inArray(products.id, [LAWN, OTHER]));
  });

  const shipping = (phone: string) => ({
    fullName: "Launch Buyer",
    email: "launch@example.pk",
    phone,
    city: "Lahore",
    address: "House 1, Street 2",
    postalCode: null,
    country: "Pakistan" as const,
  });
  const order = (userId: string, phone: string, quantity: number, now?: Date) =>
    placeOrder({ db: db(), now }, { userId, items: [{ ...ITEM, quantity }], shipping: shipping(phone) });
  const statusOf = async (id: string) =>
    (
      await db()
        .select({ status: products.status, launchAt: products.launchAt })
        .from(products)
        .where(eq(products.id, id))
    )[0];

  it("holds its products coming soon until its time, then the launcher opens them to the second", async () => {
    await db()
      .update(products)
      .set({ status: "draft" })
      .where(inArray(products.id, [LAWN, OTHER]));
    const opensAt = new Date(Date.now() + 3_600_000);
    const { id } = await saveLaunch({ db: db() }, null, {
      name: "Eid Lawn Drop",
      opensAt,
      perBuyerLimit: 2,
      waitingRoom: true,
      productIds: [LAWN, OTHER],
    });
    expect(await statusOf(LAWN)).toEqual({ status: "coming-soon", launchAt: opensAt });
    expect(await nextLaunchAt({ db: db() })).toEqual(opensAt);
    expect(await launchOfProduct(db(), LAWN)).toMatchObject({ id, name: "Eid Lawn Drop", perBuyerLimit: 2 });
    // Not a second before.
    await runDueLaunches({ db: db(), now: new Date(opensAt.getTime() - 1000) });
    expect((await statusOf(LAWN)).status).toBe("coming-soon");
    expect((await refusal(order(buyer, "+923001110001", 1))).message).toMatch(/coming soon/i);
    const launched = await runDueLaunches({ db: db(), now: opensAt });
    expect(launched.products.map((p) => p.id).sort()).toEqual([OTHER, LAWN].sort());
    expect(await statusOf(LAWN)).toEqual({ status: "active", launchAt: null });
    const [view] = await listLaunches(db(), new Date(opensAt.getTime() + 1));
    expect(view).toMatchObject({ id, state: "open", perBuyerLimit: 2, waitingRoom: true });
    expect(view.products.map((p) => p.id).sort()).toEqual([OTHER, LAWN].sort());
  });

  it("tells the product's Notify Me sign-ups at its opening, once", async () => {
    await db().update(products).set({ status: "draft" }).where(eq(products.id, LAWN));
    const opensAt = new Date(Date.now() + 3600_000);
    await saveLaunch({ db: db() }, null, {
      name: "Eid Drop",
      opensAt,
      perBuyerLimit: null,
      waitingRoom: false,
      productIds: [LAWN],
    });
    const fan = `fan-${kind}@example.pk`;
    expect((await subscribeToNotify(db(), { email: fan, target: `product:${LAWN}` }, { address: "10.9.0.7" })).ok).toBe(
      true,
    );
    const [confirm] = await db()
      .select({ data: messageOutbox.data })
      .from(messageOutbox)
      .where(and(eq(messageOutbox.kind, "notify_me_confirm"), eq(messageOutbox.toAddress, fan)));
    const token = new URL((confirm.data as NotifyConfirmEmailData).confirmPath, "http://shop.test").searchParams.get(
      "token",
    )!;
    expect(await confirmNotifyRequest(db(), token)).not.toBeNull();
    const told = () =>
      db()
        .select({ id: messageOutbox.id })
        .from(messageOutbox)
        .where(and(eq(messageOutbox.kind, "notify_me"), eq(messageOutbox.toAddress, fan)));
    await runDueLaunches({ db: db(), now: new Date(opensAt.getTime() - 1000) });
    expect(await told()).toHaveLength(0);
    await runDueLaunches({ db: db(), now: opensAt });
    expect(await told()).toHaveLength(1);
    await runDueLaunches({ db: db(), now: new Date(opensAt.getTime() + 60_000) });
    expect(await told()).toHaveLength(1);
  });

  it("refuses a product on sale, or one in another launch, by name; a launch saved with its time past opens now", async () => {
    const soon = new Date(Date.now() + 60_000);
    const onSale = await refusal(
      saveLaunch({ db: db() }, null, {
        name: "A",
        opensAt: soon,
        perBuyerLimit: null,
        waitingRoom: false,
        productIds: [LAWN],
      }),
    );
    expect(onSale.message).toMatch(/^Everyday Pocket Tee is on sale or archived already/);
    expect(await db().select().from(launches)).toEqual([]);
    await db().update(products).set({ status: "draft" }).where(eq(products.id, LAWN));
    await saveLaunch({ db: db() }, null, {
      name: "A",
      opensAt: soon,
      perBuyerLimit: null,
      waitingRoom: false,
      productIds: [LAWN],
    });
    const twice = await refusal(
      saveLaunch({ db: db() }, null, {
        name: "B",
        opensAt: soon,
        perBuyerLimit: null,
        waitingRoom: false,
        productIds: [LAWN],
      }),
    );
    expect(twice.fields?.productIds).toBe("Everyday Pocket Tee (in A): a product is in one launch at a time");
    expect(await launchCandidates(db(), null)).not.toContainEqual(expect.objectContaining({ id: LAWN }));
    // Called off: the product stays coming soon, with no time of its own.
    const [a] = await db().select().from(launches);
    await deleteLaunch({ db: db() }, a.id);
    expect(await statusOf(LAWN)).toEqual({ status: "coming-soon", launchAt: null });
    // Saved with its time already past: on sale at once.
    await saveLaunch({ db: db() }, null, {
      name: "Now",
      opensAt: new Date(Date.now() - 1000),
      perBuyerLimit: null,
      waitingRoom: false,
      productIds: [LAWN],
    });
    expect((await statusOf(LAWN)).status).toBe("active");
  });

  it("limits the pieces of each product per phone number and per account, across orders; cancelled ones give them back", async () => {
    const opened = new Date(Date.now() - 60_000);
    // Bought before the launch opened: not counted.
    await order(buyer, "+923001110002", 2, new Date(opened.getTime() - 60_000));
    await saveLaunch({ db: db() }, null, {
      name: "Eid Lawn Drop",
      opensAt: opened,
      perBuyerLimit: 2,
      waitingRoom: true,
      productIds: [LAWN],
    });
    const first = await order(buyer, "+923001110002", 1);
    const third = await refusal(order(buyer, "+923001110002", 2));
    expect(third.code).toBe("LAUNCH_LIMIT_REACHED");
    expect(third.message).toBe(
      "This launch allows 2 pieces of Everyday Pocket Tee per customer: you have 1 piece already, so you can order 1 piece more.",
    );
    expect(third.fields?.items).toBe(third.message);
    await order(buyer, "+923001110002", 1);
    // The same phone on another account, and the same account with another phone: both refused.
    expect((await refusal(order(otherBuyer, "+923001110002", 1))).message).toBe(
      "This launch allows 2 pieces of Everyday Pocket Tee per customer, and you have 2 pieces already.",
    );
    expect((await refusal(order(buyer, "+923001119999", 1))).code).toBe("LAUNCH_LIMIT_REACHED");
    // Cancelled: its piece comes back to the buyer's share.
    await moveOrder({ db: db() }, OWNER, first.orderId, { status: "cancelled" });
    await order(otherBuyer, "+923001110002", 1);
    // That second account now holds 1 piece too: from another phone, 1 more at most.
    expect((await refusal(order(otherBuyer, "+923001110004", 2))).code).toBe("LAUNCH_LIMIT_REACHED");
    // Another buyer has a share of their own.
    await order(await createTestBuyer(db(), "Third Buyer"), "+923001110003", 2);
    const placed = await db().select({ id: orders.id }).from(orders).where(eq(orders.phone, "+923001110003"));
    expect(placed).toHaveLength(1);
    // The product with no limit is not counted.
    expect(await db().select().from(launchProducts)).toHaveLength(1);
  });

  it("refuses adding to the cart past the limit, counting the cart and the account's orders since it opened", async () => {
    await saveLaunch({ db: db() }, null, {
      name: "Cart Drop",
      opensAt: new Date(Date.now() - 60_000),
      perBuyerLimit: 2,
      waitingRoom: false,
      productIds: [LAWN],
    });
    const shopper = await createTestBuyer(db(), "Cart Shopper");
    await order(shopper, "+923001110005", 1);
    await addToCartWithinLimits({ db: db() }, shopper, { ...ITEM, quantity: 1 });
    const over = await refusal(addToCartWithinLimits({ db: db() }, shopper, { ...ITEM, size: "L", quantity: 1 }));
    expect(over.code).toBe("LAUNCH_LIMIT_REACHED");
    expect(over.fields?.quantity).toBe(
      "This launch allows 2 pieces of Everyday Pocket Tee per customer: you have 1 piece already, so you can order 1 piece more.",
    );
    // A product no launch limits is added as before.
    expect(
      await addToCartWithinLimits({ db: db() }, shopper, {
        productId: OTHER,
        color: "Black",
        size: "M",
        quantity: 3,
      }),
    ).toMatchObject({ quantity: 3 });
  });
});
