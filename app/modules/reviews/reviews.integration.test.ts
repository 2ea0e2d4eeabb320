import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { and, desc, gt } from "drizzle-orm";
import { orders, products, productVariants, reviews, users } from "~/schema";
import { AppError } from "~/lib/errors";
import { placeOrder } from "~/flows/place-order.server";
import { DATABASE_KINDS, useTestDatabase } from "../../../tests/factories/test-database";
import { createTestBuyer } from "../../../tests/factories/test-users";
import { createSettingsListener } from "../../../server/settings-listener";
import { getReviewerState, ratingsByProduct } from "./buyer-reviews.server";
import { listProductReviews } from "./list-product-reviews.server";
import { listOwnerReviews } from "./owner-reviews.server";
import { removeReviewsOf, saveReview, setReviewHidden } from "~/flows/product-reviews.server";
import { NOT_ELIGIBLE_MESSAGE } from "./review-eligibility.server";

const SHIPPING = {
  fullName: "Ayesha Khan",
  email: "ayesha@example.pk",
  phone: "+923001234567",
  city: "Karachi",
  address: "House 12, Street 4, DHA Phase 6",
  postalCode: null,
  country: "Pakistan" as const,
};
// Seeded with rating 4.6 from 312 reviews.
const TEE = "essential-crew-neck-tee";

describe.each(DATABASE_KINDS)("reviews on %s", (kind) => {
  const database = useTestDatabase(kind);
  let owner: string;
  beforeAll(async () => {
    owner = await createTestBuyer(database.db, "Shop Owner");
    await database.db.update(users).set({ role: "seller" }).where(eq(users.id, owner));
  }, 300_000);

  async function buyerWithOrder(
    name: string,
    productId: string,
    status: "pending" | "shipped" | "delivered" = "delivered",
  ) {
    const id = await createTestBuyer(database.db, name);
    const [variant] = await database.db
      .select({ color: productVariants.color, size: productVariants.size })
      .from(productVariants)
      .where(and(eq(productVariants.productId, productId), gt(productVariants.stock, 0)))
      .orderBy(desc(productVariants.stock))
      .limit(1);
    const order = await placeOrder(
      { db: database.db },
      { userId: id, shipping: SHIPPING, items: [{ productId, ...variant, quantity: 1 }] },
    );
    await database.db.update(orders).set({ status }).where(eq(orders.id, order.orderId));
    return { id, role: "buyer" as const };
  }

  async function productFigures(productId: string) {
    const [p] = await database.db
      .select({ rating: products.rating, reviewCount: products.reviewCount })
      .from(products)
      .where(eq(products.id, productId));
    return p;
  }

  async function refusal(run: () => Promise<unknown>): Promise<AppError> {
    const error = await run().then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }

  it("refuses a buyer whose order with the product is not delivered yet, and changes nothing", async () => {
    const buyer = await buyerWithOrder("Hamza Ali", TEE, "shipped");
    const error = await refusal(() => saveReview(database.db, buyer, TEE, { rating: 5, comment: "" }));
    expect([error.code, error.message]).toEqual(["FORBIDDEN", NOT_ELIGIBLE_MESSAGE]);
    expect(await database.db.select().from(reviews).where(eq(reviews.userId, buyer.id))).toEqual([]);
    expect(await productFigures(TEE)).toEqual({ rating: 4.6, reviewCount: 312 });
    expect((await getReviewerState(database.db, buyer.id, TEE)).eligible).toBe(false);
  });

  it("refuses a buyer who never received this product (someone else's delivered order does not count)", async () => {
    await buyerWithOrder("Sana Mir", "slim-v-neck-tee");
    const stranger = { id: await createTestBuyer(database.db, "Omar Farooq"), role: "buyer" };
    const error = await refusal(() =>
      saveReview(database.db, stranger, "slim-v-neck-tee", { rating: 1, comment: "never bought it" }),
    );
    expect(error.code).toBe("FORBIDDEN");
    // A delivered order of another product does not let them rate this one either.
    const other = await buyerWithOrder("Zara Shah", "pocket-tee");
    expect(
      (await refusal(() => saveReview(database.db, other, "slim-v-neck-tee", { rating: 1, comment: "" }))).code,
    ).toBe("FORBIDDEN");
    expect(await productFigures("slim-v-neck-tee")).toEqual({ rating: 4.2, reviewCount: 88 });
  });

  it("refuses the owner and an unknown product", async () => {
    expect(
      (await refusal(() => saveReview(database.db, { id: owner, role: "seller" }, TEE, { rating: 5, comment: "" })))
        .code,
    ).toBe("FORBIDDEN");
    const buyer = await buyerWithOrder("Ali Raza", TEE);
    expect(
      (await refusal(() => saveReview(database.db, buyer, "no-such-product", { rating: 5, comment: "" }))).code,
    ).toBe("NOT_FOUND");
  });

  it("the database itself refuses a rating of 0 or 6", async () => {
    const buyer = await buyerWithOrder("Bilal Ahmed", "pocket-tee");
    for (const rating of [0, 6]) {
      await expect(saveReview(database.db, buyer, "pocket-tee", { rating, comment: "" })).rejects.toThrow();
    }
    expect(await productFigures("pocket-tee")).toEqual({ rating: 4, reviewCount: 57 });
  });

  it("adds a delivered buyer's review to the seeded figures; a second submit edits it", async () => {
    const buyer = await buyerWithOrder("Ayesha Khan", "long-sleeve-henley");
    expect((await getReviewerState(database.db, buyer.id, "long-sleeve-henley")).eligible).toBe(true);
    // Seeded 4.3 from 73: (4.3 * 73 + 1) / 74 = 4.255... -> 4.3; count 74.
    const first = await saveReview(
      database.db,
      buyer,
      "long-sleeve-henley",
      { rating: 1, comment: "Shrank after one wash." },
      new Date("2026-01-01T10:00:00Z"),
    );
    expect(first).toMatchObject({ created: true, rating: 1, product: { rating: 4.3, reviewCount: 74 } });
    const second = await saveReview(
      database.db,
      buyer,
      "long-sleeve-henley",
      { rating: 5, comment: "Customer service replaced it." },
      new Date("2026-01-02T10:00:00Z"),
    );
    expect(second).toMatchObject({
      id: first.id,
      created: false,
      rating: 5,
      product: { rating: 4.3, reviewCount: 74 },
    });
    const rows = await database.db.select().from(reviews).where(eq(reviews.userId, buyer.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ rating: 5, comment: "Customer service replaced it." });
    expect(rows[0].createdAt.toISOString()).toBe("2026-01-01T10:00:00.000Z");
    expect(rows[0].updatedAt.toISOString()).toBe("2026-01-02T10:00:00.000Z");
    expect(await ratingsByProduct(database.db, buyer.id, ["long-sleeve-henley", TEE, null])).toEqual({
      "long-sleeve-henley": 5,
    });
  });

  it("counts every review when several buyers rate the same product at the same moment", async () => {
    const product = "denim-work-shirt";
    await database.db.update(productVariants).set({ stock: 50 }).where(eq(productVariants.productId, product));
    const before = await productFigures(product);
    const buyers = [];
    for (let i = 0; i < 4; i++) buyers.push(await buyerWithOrder(`Buyer ${i}`, product));
    await Promise.all(buyers.map((b) => saveReview(database.db, b, product, { rating: 5, comment: "" })));
    expect((await productFigures(product)).reviewCount).toBe(before.reviewCount + 4);
  });

  it("computes from reviews alone on a product with no seeded figures, and a hidden review counts for nothing", async () => {
    // A product of the owner's own: 0 with 0 reviews.
    await database.db
      .update(products)
      .set({ baseRating: 0, baseReviewCount: 0, rating: 0, reviewCount: 0 })
      .where(eq(products.id, "chino-shorts"));
    const a = await buyerWithOrder("Nadia Hussain", "chino-shorts");
    const b = await buyerWithOrder("Kamran Akmal", "chino-shorts");
    await saveReview(database.db, a, "chino-shorts", { rating: 4, comment: "Good fit" });
    const both = await saveReview(database.db, b, "chino-shorts", { rating: 1, comment: "Rubbish, total scam!!" });
    expect(both.product).toEqual({ rating: 2.5, reviewCount: 2 });

    const hidden = await setReviewHidden(database.db, owner, both.id, true);
    expect(hidden).toEqual({ productName: "Chino Shorts", product: { rating: 4, reviewCount: 1 } });
    expect(await productFigures("chino-shorts")).toEqual({ rating: 4, reviewCount: 1 });
    const [row] = await database.db.select().from(reviews).where(eq(reviews.id, both.id));
    expect(row.hiddenBy).toBe(owner);
    expect(row.hiddenAt).not.toBeNull();
    const listed = await listProductReviews(database.db, "chino-shorts", 1);
    expect(listed.reviews.map((r) => r.author)).toEqual(["Nadia"]);
    expect(listed.total).toBe(1);

    // The buyer editing a hidden review does not bring it back.
    await saveReview(database.db, b, "chino-shorts", { rating: 2, comment: "edited" });
    expect(await productFigures("chino-shorts")).toEqual({ rating: 4, reviewCount: 1 });
    expect((await getReviewerState(database.db, b.id, "chino-shorts")).own).toMatchObject({ rating: 2, hidden: true });

    expect((await setReviewHidden(database.db, owner, both.id, false)).product).toEqual({ rating: 3, reviewCount: 2 });
    const [{ hiddenBy }] = await database.db.select().from(reviews).where(eq(reviews.id, both.id));
    expect(hiddenBy).toBeNull();

    // Hiding everything brings the product back to 0 with 0 reviews.
    await setReviewHidden(database.db, owner, both.id, true);
    const [ra] = await database.db.select({ id: reviews.id }).from(reviews).where(eq(reviews.userId, a.id));
    expect((await setReviewHidden(database.db, owner, ra.id, true)).product).toEqual({ rating: 0, reviewCount: 0 });
  });

  it("refuses to hide an unknown review", async () => {
    expect((await refusal(() => setReviewHidden(database.db, owner, "not-a-uuid", true))).code).toBe("NOT_FOUND");
    expect(
      (await refusal(() => setReviewHidden(database.db, owner, "00000000-0000-4000-8000-000000000000", true))).code,
    ).toBe("NOT_FOUND");
  });

  it("lists a product's visible reviews newest first, a page at a time, with the first name only", async () => {
    const product = "cargo-shorts";
    const names = [
      "Fatima Zahra Malik",
      "Usman Tariq",
      "Hina Baloch",
      "Imran Qureshi",
      "Maryam Nawaz",
      "Saad Rafique",
      "Ayan Ali",
    ];
    for (const [i, name] of names.entries()) {
      const buyer = await buyerWithOrder(name, product);
      await saveReview(
        database.db,
        buyer,
        product,
        { rating: (i % 5) + 1, comment: `Review ${i}` },
        new Date(Date.UTC(2026, 0, 1 + i)),
      );
    }
    const first = await listProductReviews(database.db, product, 1);
    expect(first).toMatchObject({ total: 7, page: 1, pageCount: 2 });
    expect(first.reviews.map((r) => r.author)).toEqual(["Ayan", "Saad", "Maryam", "Imran", "Hina"]);
    expect(JSON.stringify(first)).not.toMatch(/Rafique|Nawaz|@example/);
    const second = await listProductReviews(database.db, product, 2);
    expect(second.reviews.map((r) => r.comment)).toEqual(["Review 1", "Review 0"]);
    expect(second.reviews[1].author).toBe("Fatima");
    // A page past the end shows the last one; nonsense shows the first.
    expect((await listProductReviews(database.db, product, 99)).page).toBe(2);
    expect((await listProductReviews(database.db, product, Number.NaN)).page).toBe(1);
    // The seeded count grew by the seven visible reviews.
    const [seed] = await database.db
      .select({ base: products.baseReviewCount })
      .from(products)
      .where(eq(products.id, product));
    expect((await productFigures(product)).reviewCount).toBe(seed.base + 7);
  });

  it("gives the owner every review with product and buyer, filtered and paginated", async () => {
    const all = await listOwnerReviews(database.db, "all", 1);
    const hidden = await listOwnerReviews(database.db, "hidden", 1);
    const visible = await listOwnerReviews(database.db, "visible", 1);
    expect(all.total).toBe(hidden.total + visible.total);
    expect(hidden.reviews.every((r) => r.hiddenAt !== null)).toBe(true);
    expect(hidden.hiddenCount).toBe(hidden.total);
    expect(visible.reviews.every((r) => r.hiddenAt === null)).toBe(true);
    expect(all.reviews[0]).toMatchObject({
      productName: expect.any(String),
      buyerName: expect.any(String),
      buyerEmail: expect.stringContaining("@"),
    });
    const times = all.reviews.map((r) => r.createdAt.getTime());
    expect(times).toEqual([...times].sort((x, y) => y - x));
  });

  it("removes a deleted account's reviews and recounts the product", async () => {
    const buyer = await buyerWithOrder("Leaving Soon", "flannel-check-shirt");
    await saveReview(database.db, buyer, "flannel-check-shirt", { rating: 1, comment: "" });
    expect((await productFigures("flannel-check-shirt")).reviewCount).toBe(65);
    await removeReviewsOf(database.db, buyer.id);
    expect(await productFigures("flannel-check-shirt")).toEqual({ rating: 4.1, reviewCount: 64 });
  });

  it("tells every process's guest page cache to forget its pages when a review is written or hidden, and not when refused", async () => {
    // server/app.ts empties the page cache on this listener's every message.
    const listener = createSettingsListener(database);
    await listener.start();
    let heard = 0;
    listener.onChange(() => heard++);
    const until = async (n: number) => {
      for (let i = 0; i < 100 && heard < n; i++) await new Promise((r) => setTimeout(r, 20));
      return heard;
    };
    try {
      const buyer = await buyerWithOrder("Cache Buyer", "mandarin-collar-shirt");
      const saved = await saveReview(database.db, buyer, "mandarin-collar-shirt", { rating: 5, comment: "" });
      expect(await until(1)).toBe(1);
      await setReviewHidden(database.db, owner, saved.id, true);
      expect(await until(2)).toBe(2);
      const stranger = { id: await createTestBuyer(database.db, "No Order"), role: "buyer" };
      await expect(
        saveReview(database.db, stranger, "mandarin-collar-shirt", { rating: 5, comment: "" }),
      ).rejects.toThrow(NOT_ELIGIBLE_MESSAGE);
      await new Promise((r) => setTimeout(r, 200));
      expect(heard).toBe(2);
    } finally {
      await listener.stop();
    }
  });
});
