import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { cartItems, customerProfiles, messageOutbox, productVariants, scheduledSales, shopSettings } from "~/schema";
import { addToCart, clearCart, updateCartItem } from "~/modules/cart/cart-mutations.server";
import { renderEmail } from "~/modules/messages/render-email.server";
import { DATABASE_KINDS, useTestDatabase } from "../../../tests/factories/test-database";
import { createTestBuyer } from "../../../tests/factories/test-users";
import { remindForgottenCarts } from "~/flows/remind-forgotten-carts.server";
import { unsubscribeFromMarketing } from "~/flows/unsubscribe-from-marketing.server";
import { readMarketingLink } from "./marketing-unsubscribe.server";

const HOUR = 60 * 60 * 1000;
// Essential Crew Neck Tee, Rs 1,299; Pocket Tee, Rs 1,399.
const TEE = { productId: "essential-crew-neck-tee", color: "Black", size: "M" };
const POCKET = { productId: "pocket-tee", color: "Gray", size: "L" };

describe.each(DATABASE_KINDS)("forgotten-cart reminders on %s", (kind) => {
  const database = useTestDatabase(kind);
  const db = () => database.db;
  let t0: Date;
  const at = (hours: number) => new Date(t0.getTime() + hours * HOUR);

  beforeAll(async () => {
    await db().update(productVariants).set({ stock: 50 });
  });

  /** A buyer with a cart last touched at `t0`, opted in to marketing e-mails or not. */
  async function buyerWithCart(name: string, { optedIn = true, items = [TEE] } = {}) {
    const userId = await createTestBuyer(db(), name);
    await db().insert(customerProfiles).values({ userId, marketingEmails: optedIn });
    for (const item of items) await addToCart(db(), userId, { ...item, quantity: 1 });
    await db().update(cartItems).set({ addedAt: t0, updatedAt: t0 }).where(eq(cartItems.userId, userId));
    return userId;
  }
  const remindersTo = async (userId: string) =>
    (await db().select().from(messageOutbox).where(eq(messageOutbox.kind, "cart_reminder"))).filter(
      (r) => r.toAddress === `${userId}@example.pk`,
    );

  it("sends one reminder a day after the cart was last touched, with today's prices and stock, and never twice for the same cart", async () => {
    t0 = new Date();
    const ayesha = await buyerWithCart("Ayesha", { items: [TEE, POCKET] });
    const quiet = await buyerWithCart("Quiet", { optedIn: false });
    expect(await remindForgottenCarts({ db: db(), now: at(23) })).toBe(0);
    // A sale started since the cart was filled: the reminder says today's price.
    await db()
      .insert(scheduledSales)
      .values({
        name: "Flash",
        percent: 10,
        startsAt: at(-1),
        endsAt: at(48),
        appliesTo: "products",
        productIds: [TEE.productId],
      });
    await db()
      .update(productVariants)
      .set({ stock: 2 })
      .where(
        and(
          eq(productVariants.productId, POCKET.productId),
          eq(productVariants.color, POCKET.color),
          eq(productVariants.size, POCKET.size),
        ),
      );

    expect(await remindForgottenCarts({ db: db(), now: at(24) })).toBe(1);
    const [reminder] = await remindersTo(ayesha);
    expect(reminder).toMatchObject({ subject: "You left something in your Kapra cart", status: "queued" });
    const data = reminder.data as { items: { name: string }[] };
    expect(data).toMatchObject({ name: "Ayesha", cartPath: "/cart", subtotal: 1169 + 1399 });
    // In the cart's own order (newest first; these two were added at the same moment).
    expect([...data.items].sort((a, b) => a.name.localeCompare(b.name))).toMatchObject([
      { name: "Essential Crew Neck Tee", quantity: 1, price: 1169, stockNote: null },
      { name: "Everyday Pocket Tee", quantity: 1, price: 1399, stockNote: "Only 2 left, hurry" },
    ]);
    const { text } = await renderEmail("cart_reminder", reminder.data as never, {
      name: "Kapra",
      contactEmail: "support@kapra.pk",
      phone: "+92 321 2345678",
      address: "Shop 14",
      city: "Karachi",
      publicUrl: "http://shop.test",
    });
    expect(text).toContain("Back to your cart");
    expect(text).toContain("Unsubscribe");
    expect(await remindersTo(quiet)).toHaveLength(0);

    // Again later, the same cart: nothing more.
    expect(await remindForgottenCarts({ db: db(), now: at(30) })).toBe(0);
    expect(await remindForgottenCarts({ db: db(), now: at(72) })).toBe(0);
    expect(await remindersTo(ayesha)).toHaveLength(1);
    await db().delete(scheduledSales);
  });

  it("reminds again only once the contents change and sit for another day; never for an emptied cart", async () => {
    t0 = new Date(Date.now() + 1000 * HOUR);
    const bilal = await buyerWithCart("Bilal");
    expect(await remindForgottenCarts({ db: db(), now: at(25) })).toBe(1);
    const [line] = await db().select().from(cartItems).where(eq(cartItems.userId, bilal));
    await updateCartItem(db(), bilal, line.id, 2);
    await db()
      .update(cartItems)
      .set({ updatedAt: at(26) })
      .where(eq(cartItems.userId, bilal));
    expect(await remindForgottenCarts({ db: db(), now: at(49) })).toBe(0);
    expect(await remindForgottenCarts({ db: db(), now: at(50) })).toBe(1);
    expect(
      (await remindersTo(bilal)).map((r) => (r.data as { items: { quantity: number }[] }).items[0].quantity),
    ).toEqual([1, 2]);

    const sana = await buyerWithCart("Sana");
    await clearCart(db(), sana);
    expect(await remindForgottenCarts({ db: db(), now: at(60) })).toBe(0);
    expect(await remindersTo(sana)).toHaveLength(0);
  });

  it("two server processes running at once send each reminder once", async () => {
    t0 = new Date(Date.now() + 2000 * HOUR);
    const zara = await buyerWithCart("Zara");
    const [a, b] = await Promise.all([
      remindForgottenCarts({ db: db(), now: at(25) }),
      remindForgottenCarts({ db: db(), now: at(25) }),
    ]);
    expect(a + b).toBe(1);
    expect(await remindersTo(zara)).toHaveLength(1);
  });

  it("sends nothing while the owner has reminders off, and the unsubscribe link turns the buyer's marketing e-mails off", async () => {
    t0 = new Date(Date.now() + 3000 * HOUR);
    const hira = await buyerWithCart("Hira");
    await db().update(shopSettings).set({ cartReminders: false });
    expect(await remindForgottenCarts({ db: db(), now: at(25) })).toBe(0);
    await db().update(shopSettings).set({ cartReminders: true });
    expect(await remindForgottenCarts({ db: db(), now: at(25) })).toBe(1);

    const { unsubscribePath } = (await remindersTo(hira))[0].data as { unsubscribePath: string };
    const token = new URL(unsubscribePath, "http://shop.test").searchParams.get("token")!;
    expect(await readMarketingLink(db(), token)).toEqual({
      valid: true,
      email: `${hira}@example.pk`,
      subscribed: true,
    });
    // A token for another buyer cannot be made from this one.
    expect(await readMarketingLink(db(), token.replace(/^[^.]+/, "someone-else"))).toEqual({ valid: false });
    expect(await unsubscribeFromMarketing({ db: db() }, `${token}x`)).toBe(false);
    expect(await unsubscribeFromMarketing({ db: db() }, token)).toBe(true);
    expect(
      (await db().select().from(customerProfiles).where(eq(customerProfiles.userId, hira)))[0].marketingEmails,
    ).toBe(false);
    // A new cart from the unsubscribed buyer: no reminder.
    await addToCart(db(), hira, { ...POCKET, quantity: 1 });
    await db()
      .update(cartItems)
      .set({ addedAt: at(26), updatedAt: at(26) })
      .where(eq(cartItems.userId, hira));
    expect(await remindForgottenCarts({ db: db(), now: at(60) })).toBe(0);
  });
});
