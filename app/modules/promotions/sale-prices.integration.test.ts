import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { cartItems, products, productVariants, scheduledSales, users } from "~/schema";
import { listCartLines } from "~/modules/cart/cart-lines.server";
import { resolveVariant } from "~/modules/cart/cart-mutations.server";
import { selectProductCards } from "~/modules/catalog/card-query.server";
import { getProduct } from "~/modules/catalog/get-product.server";
import { listProducts } from "~/modules/catalog/list-products.server";
import { parseListingQuery } from "~/modules/catalog/listing-query";
import { DATABASE_KINDS, useTestDatabase } from "../../../tests/factories/test-database";

// The seed: Essential Crew Neck Tee (t-shirts) Rs 1,299; Linen Summer Shirt (shirts) Rs 3,999, Original Price 4,999.
const TEE = "essential-crew-neck-tee";
const LINEN = "linen-summer-shirt";
const START = new Date("2026-04-01T00:00:00+05:00");
const END = new Date("2026-04-11T00:00:00+05:00");
const DURING = new Date("2026-04-05T12:00:00+05:00");

describe.each(DATABASE_KINDS)("scheduled sale prices on %s", (kind) => {
  const database = useTestDatabase(kind);
  const db = () => database.db;

  beforeAll(async () => {
    // "Eid Sale": 30 % off T-shirts and Shirts for ten days in Pakistan time; a 10 % sale on the tee overlaps it.
    await db()
      .insert(scheduledSales)
      .values([
        {
          name: "Eid Sale",
          percent: 30,
          startsAt: START,
          endsAt: END,
          appliesTo: "categories",
          categorySlugs: ["t-shirts", "shirts"],
        },
        { name: "Tee week", percent: 10, startsAt: START, endsAt: END, appliesTo: "products", productIds: [TEE] },
      ]);
  });

  const card = async (id: string, now: Date) => (await selectProductCards(db(), now).where(eq(products.id, id)))[0];

  it("opens and closes on time: the card's price, struck-through price and badge follow the clock", async () => {
    expect(await card(TEE, new Date(START.getTime() - 1))).toMatchObject({
      price: 1299,
      originalPrice: null,
      onSale: false,
    });
    // The larger of two running sales; 30 % off 1,299 is 909.3, rounded down.
    expect(await card(TEE, START)).toMatchObject({ price: 909, originalPrice: 1299, onSale: true });
    expect(await card(TEE, DURING)).toMatchObject({ price: 909, originalPrice: 1299, onSale: true });
    expect(await card(TEE, END)).toMatchObject({ price: 1299, originalPrice: null, onSale: false });
  });

  it("takes a product's Original Price as the regular price and keeps the lower of the two", async () => {
    // 30 % off 4,999 is 3,499.3: below the shirt's own 3,999, so 3,499, with 4,999 struck through.
    expect(await card(LINEN, DURING)).toMatchObject({ price: 3499, originalPrice: 4999, onSale: true });
    expect(await card(LINEN, END)).toMatchObject({ price: 3999, originalPrice: 4999, onSale: false });
  });

  it("prices the product page, the cart and a Buy Now at the sale price, and sorts the listing by it", async () => {
    // getProduct reads the clock itself: it is checked against the real time, outside the sale.
    expect(await getProduct(db(), TEE)).toMatchObject({ price: 1299, onSale: false });
    expect(await resolveVariant(db(), { productId: TEE, color: "Black", size: "M" }, DURING)).toMatchObject({
      price: 909,
      onSale: true,
      categorySlug: "t-shirts",
    });

    const [user] = await db()
      .insert(users)
      .values({ id: "sale-buyer", name: "Sana", email: "sale-buyer@example.pk" })
      .returning();
    const [variant] = await db().select().from(productVariants).where(eq(productVariants.productId, TEE)).limit(1);
    await db()
      .insert(cartItems)
      .values({ userId: user.id, productId: TEE, variantId: variant.id, quantity: 2, priceWhenAdded: 1299 });
    expect(await listCartLines(db(), user.id, DURING)).toMatchObject([
      { productId: TEE, price: 909, onSale: true, priceWhenAdded: 1299 },
    ]);
    expect(await listCartLines(db(), user.id, END)).toMatchObject([{ productId: TEE, price: 1299, onSale: false }]);

    // Sorted and filtered by the price shown: on sale the tee (909) is the cheapest tee and within "up to Rs 1,000".
    const listing = (query: string, now: Date) =>
      listProducts(db(), parseListingQuery(new URLSearchParams(query)), now);
    const during = await listing("sort=price-asc&category=t-shirts", DURING);
    expect(during.items[0]).toMatchObject({ id: TEE, price: 909 });
    expect(during.items.map((i) => i.price)).toEqual(during.items.map((i) => i.price).sort((a, b) => a - b));
    expect((await listing("max=1000&category=t-shirts", DURING)).items.map((i) => i.id)).toContain(TEE);
    expect((await listing("max=1000&category=t-shirts", END)).items.map((i) => i.id)).not.toContain(TEE);
  });
});
