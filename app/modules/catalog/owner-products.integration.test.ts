import { LIVE_CHANNEL, parseLiveEvent, type LiveEvent } from "~/db/live-event";
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  cartItems,
  categories,
  mediaFiles,
  orderItems,
  orders,
  productImages,
  products,
  productVariants,
} from "~/schema";
import { addToCart } from "~/modules/cart/cart-mutations.server";
import { placeOrder } from "~/flows/place-order.server";
import { cancelOrder } from "~/flows/cancel-order.server";
import { combinePhotos, receivePhotos, storePhoto } from "~/http/receive-photos.server";
import { DATABASE_KINDS, useTestDatabase } from "../../../tests/factories/test-database";
import { bigPng, jpegImage, multipartRequest, pngImage, textFile } from "../../../tests/factories/test-images";
import { createTestBuyer } from "../../../tests/factories/test-users";
import { deleteProduct } from "~/flows/delete-product.server";
import { describeDeletion } from "./delete-product.server";
import { getProduct } from "./get-product.server";
import { getProductForEdit } from "./get-product-for-edit.server";
import { parseInventoryQuery } from "./inventory-query";
import { launchNow, runDueLaunches } from "~/flows/launch-products.server";
import { listUpcomingLaunches, scheduleLaunch } from "./launches.server";
import { listInventory } from "./list-inventory.server";
import { productInputSchema, type ImageToken, type RawProductInput } from "./product-input";
import { saveProduct } from "~/flows/save-product.server";
import { setProductStatus } from "~/flows/set-product-status.server";

const SHIPPING = {
  fullName: "Ayesha Khan",
  email: "ayesha@example.pk",
  phone: "+923001234567",
  city: "Lahore",
  address: "12 Mall Road",
  postalCode: "54000",
  country: "Pakistan" as const,
};

describe.each(DATABASE_KINDS)("the owner's products on %s", (kind) => {
  const database = useTestDatabase(kind);
  let buyer: string;
  let photos: ImageToken[];
  const db = () => database.db;

  beforeAll(async () => {
    buyer = await createTestBuyer(database.db, "Ayesha");
    const png = await storePhoto(database.db, "front.png", await pngImage());
    const jpeg = await storePhoto(database.db, "back.jpg", await jpegImage());
    if (typeof png === "string" || typeof jpeg === "string") throw new Error("test photos did not store");
    photos = [png, jpeg];
  }, 300_000);

  const input = (over: Partial<RawProductInput> = {}) =>
    productInputSchema.parse({
      name: "Linen Camp Shirt",
      category: "shirts",
      description: "Breezy linen for Karachi summers.",
      price: 2499,
      originalPrice: 2999,
      stock: 10,
      colors: ["Black", "White"],
      sizes: ["M", "L"],
      variants: [{ color: "Black", size: "M", stock: 3 }],
      features: ["Pure linen"],
      tags: "summer, linen",
      images: photos,
      ...over,
    });
  const variantsOf = async (id: string) =>
    db()
      .select({
        color: productVariants.color,
        size: productVariants.size,
        stock: productVariants.stock,
        sku: productVariants.sku,
        id: productVariants.id,
      })
      .from(productVariants)
      .where(eq(productVariants.productId, id))
      .orderBy(productVariants.position);

  it("adds a product with its stock grid and photos, and shoppers see it with its price and stock per colour and size", async () => {
    const saved = await saveProduct({ db: db() }, input());
    expect(saved).toMatchObject({ created: true, status: "active" });
    expect(saved.id).toMatch(/^linen-camp-shirt-[0-9a-f]{4}$/);
    const shown = await getProduct(db(), saved.id);
    expect(shown).toMatchObject({
      name: "Linen Camp Shirt",
      price: 2499,
      originalPrice: 2999,
      brand: "Kapra",
      categorySlug: "shirts",
      colors: ["Black", "White"],
      sizes: ["M", "L"],
    });
    expect(shown!.variants.map((v) => `${v.color}/${v.size}=${v.stock}`)).toEqual([
      "Black/M=3",
      "Black/L=10",
      "White/M=10",
      "White/L=10",
    ]);
    expect(shown!.images).toHaveLength(2);
    expect(shown!.images[0].alt).toBe("Linen Camp Shirt, photo 1");
    const skus = (await variantsOf(saved.id)).map((v) => v.sku);
    expect(new Set(skus).size).toBe(4);
    expect(skus[0]).toBe(`${saved.id}-BLA-M`.toUpperCase());
  });

  it("refuses a category that does not exist and a photo key that was never uploaded", async () => {
    await expect(saveProduct({ db: db() }, input({ category: "capes" }))).rejects.toMatchObject({
      code: "VALIDATION",
      fields: { category: "Please choose a category" },
    });
    const forged = { ...photos[0], sources: [{ key: "f".repeat(32), width: 320 }] };
    await expect(saveProduct({ db: db() }, input({ images: [forged] }))).rejects.toMatchObject({
      fields: { images: expect.stringMatching(/not found/) },
    });
  });

  it("edits a product: new grid and photo order; a removed combination that was ordered keeps its row at 0, others are deleted with their cart lines", async () => {
    const { id } = await saveProduct({ db: db() }, input({ name: "Editable Shirt" }));
    const before = await variantsOf(id);
    const blackM = before.find((v) => v.color === "Black" && v.size === "M")!;
    await placeOrder(
      { db: db() },
      { userId: buyer, items: [{ productId: id, color: "Black", size: "M", quantity: 1 }], shipping: SHIPPING },
    );
    await addToCart(db(), buyer, { productId: id, color: "White", size: "L", quantity: 1 });

    await saveProduct(
      { db: db() },
      input({
        name: "Edited Shirt",
        price: 2199,
        colors: ["Navy"],
        sizes: ["M"],
        variants: [],
        stock: 6,
        images: [photos[1], photos[0]],
      }),
      { id },
    );
    const after = await variantsOf(id);
    expect(after.map((v) => `${v.color}/${v.size}=${v.stock}`).sort()).toEqual(["Black/M=0", "Navy/M=6"]);
    expect(after.find((v) => v.color === "Black")!.id).toBe(blackM.id);
    expect(await db().select().from(cartItems).where(eq(cartItems.productId, id))).toEqual([]);
    const [line] = await db().select().from(orderItems).where(eq(orderItems.productId, id));
    expect(line).toMatchObject({ variantId: blackM.id, color: "Black", size: "M" });
    const images = await db()
      .select()
      .from(productImages)
      .where(eq(productImages.productId, id))
      .orderBy(productImages.position);
    expect(images.map((i) => i.width)).toEqual([photos[1].width, photos[0].width]);
    expect((await getProduct(db(), id))!.name).toBe("Edited Shirt");

    // Cancelling the order still puts the stock back on the kept row.
    const [order] = await db()
      .select({ id: orders.id })
      .from(orders)
      .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
      .where(eq(orderItems.productId, id));
    await cancelOrder({ db: db() }, { id: buyer, role: "buyer" }, order.id);
    expect((await variantsOf(id)).find((v) => v.id === blackM.id)!.stock).toBe(1);
  });

  it("deletes a product never ordered for real, with its variants, photos and cart lines", async () => {
    const { id } = await saveProduct({ db: db() }, input({ name: "Never Ordered" }));
    await addToCart(db(), buyer, { productId: id, color: "Black", size: "M", quantity: 1 });
    expect(await describeDeletion(db(), id)).toEqual({ id, name: "Never Ordered", ordered: false });
    expect(await deleteProduct({ db: db() }, id)).toEqual({ outcome: "deleted", name: "Never Ordered" });
    expect(await db().select().from(products).where(eq(products.id, id))).toEqual([]);
    expect(await db().select().from(productVariants).where(eq(productVariants.productId, id))).toEqual([]);
    expect(await db().select().from(productImages).where(eq(productImages.productId, id))).toEqual([]);
    expect(await db().select().from(cartItems).where(eq(cartItems.productId, id))).toEqual([]);
    // The photo files stay: they are shared by content and cost nothing to keep.
    expect((await db().select().from(mediaFiles).where(eq(mediaFiles.key, photos[0].sources[0].key))).length).toBe(1);
    await expect(deleteProduct({ db: db() }, id)).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("archives an ordered product: gone from the shop and carts, every order keeps its items", async () => {
    const { id } = await saveProduct({ db: db() }, input({ name: "Ordered Shirt" }));
    const placed = await placeOrder(
      { db: db() },
      { userId: buyer, items: [{ productId: id, color: "White", size: "M", quantity: 2 }], shipping: SHIPPING },
    );
    await addToCart(db(), buyer, { productId: id, color: "Black", size: "L", quantity: 1 });
    expect(await describeDeletion(db(), id)).toEqual({ id, name: "Ordered Shirt", ordered: true });
    // The buyer whose cart loses it is told (their open tabs and every process's copy of their header).
    const heard: LiveEvent[] = [];
    const stop = await database.listen(LIVE_CHANNEL, (payload) => {
      const event = parseLiveEvent(payload);
      if (event?.userId === buyer) heard.push(event);
    });
    expect(await deleteProduct({ db: db() }, id)).toEqual({ outcome: "archived", name: "Ordered Shirt" });
    await expect.poll(() => heard, { timeout: 3000 }).toEqual([{ topic: "cart", userId: buyer }]);
    await stop();
    const [row] = await db().select({ status: products.status }).from(products).where(eq(products.id, id));
    expect(row.status).toBe("archived");
    expect(await getProduct(db(), id)).toBeNull();
    expect(await db().select().from(cartItems).where(eq(cartItems.productId, id))).toEqual([]);
    const items = await db().select().from(orderItems).where(eq(orderItems.orderId, placed.orderId));
    expect(items).toEqual([
      expect.objectContaining({
        productId: id,
        name: "Ordered Shirt",
        color: "White",
        size: "M",
        quantity: 2,
        price: 2499,
      }),
    ]);
    expect((await listInventory(db(), parseInventoryQuery(new URLSearchParams("q=Ordered Shirt")))).items).toEqual([]);
    expect(
      (
        await listInventory(db(), parseInventoryQuery(new URLSearchParams("q=Ordered Shirt&status=archived")))
      ).items.map((i) => i.id),
    ).toEqual([id]);
    // Editing it is refused; Restore brings it back as a draft.
    await expect(saveProduct({ db: db() }, input(), { id })).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await setProductStatus({ db: db() }, id, "restore")).toEqual({ name: "Ordered Shirt", status: "draft" });
  });

  it("saves a draft with only a name and price, refuses to activate it until it is complete, and deactivates", async () => {
    const draft = productInputSchema.parse({
      status: "draft",
      name: "Half Done Hoodie",
      category: "hoodies",
      price: 3999,
    });
    const { id } = await saveProduct({ db: db() }, draft);
    expect(await getProduct(db(), id)).toBeNull();
    await expect(setProductStatus({ db: db() }, id, "activate")).rejects.toMatchObject({
      code: "VALIDATION",
      message: "Finish Half Done Hoodie before activating it: Description is required",
    });
    await saveProduct({ db: db() }, input({ status: "draft", name: "Half Done Hoodie", category: "hoodies" }), { id });
    expect(await setProductStatus({ db: db() }, id, "activate")).toEqual({
      name: "Half Done Hoodie",
      status: "active",
    });
    expect(await getProduct(db(), id)).not.toBeNull();
    await expect(setProductStatus({ db: db() }, id, "activate")).rejects.toMatchObject({ code: "CONFLICT" });
    expect(await setProductStatus({ db: db() }, id, "deactivate")).toEqual({
      name: "Half Done Hoodie",
      status: "draft",
    });
    expect(await getProduct(db(), id)).toBeNull();
  });

  it("lists the inventory in SQL: search, category, status, sort by price, stock and units sold (not counting cancelled orders), pages", async () => {
    const tag = randomUUID().slice(0, 6);
    const a = await saveProduct({ db: db() }, input({ name: `Zeta ${tag}`, price: 900, stock: 1, variants: [] }));
    const b = await saveProduct(
      { db: db() },
      input({ name: `Alpha ${tag}`, price: 5000, originalPrice: null, stock: 20, variants: [] }),
    );
    const c = await saveProduct(
      { db: db() },
      input({
        name: `Mid ${tag}`,
        category: "trousers",
        price: 3000,
        originalPrice: null,
        stock: 2,
        variants: [],
        status: "draft",
      }),
    );
    await placeOrder(
      { db: db() },
      { userId: buyer, items: [{ productId: a.id, color: "Black", size: "M", quantity: 1 }], shipping: SHIPPING },
    );
    const cancelled = await placeOrder(
      { db: db() },
      { userId: buyer, items: [{ productId: b.id, color: "Black", size: "M", quantity: 5 }], shipping: SHIPPING },
    );
    await cancelOrder({ db: db() }, { id: buyer, role: "buyer" }, cancelled.orderId);
    await placeOrder(
      { db: db() },
      { userId: buyer, items: [{ productId: b.id, color: "White", size: "L", quantity: 1 }], shipping: SHIPPING },
    );
    await placeOrder(
      { db: db() },
      { userId: buyer, items: [{ productId: a.id, color: "White", size: "L", quantity: 1 }], shipping: SHIPPING },
    );
    const list = (query: string) => listInventory(db(), parseInventoryQuery(new URLSearchParams(`q=${tag}&${query}`)));

    expect((await list("sort=name")).items.map((i) => i.name)).toEqual([`Alpha ${tag}`, `Mid ${tag}`, `Zeta ${tag}`]);
    expect((await list("sort=price-low")).items.map((i) => i.id)).toEqual([a.id, c.id, b.id]);
    expect((await list("sort=price-high")).items.map((i) => i.id)).toEqual([b.id, c.id, a.id]);
    const bySales = (await list("sort=sales")).items;
    expect(bySales.map((i) => [i.id, i.sold])).toEqual([
      [a.id, 2],
      [b.id, 1],
      [c.id, 0],
    ]);
    const byStock = (await list("sort=stock")).items;
    expect(byStock.map((i) => i.id)).toEqual([a.id, c.id, b.id]);
    expect(byStock[0].stock).toBe(2); // 4 combinations of 1, two sold
    expect((await list("category=trousers")).items.map((i) => i.id)).toEqual([c.id]);
    expect((await list("status=draft")).items.map((i) => i.id)).toEqual([c.id]);
    expect((await list("sort=newest")).items[0].id).toBe(c.id);

    const all = await listInventory(db(), parseInventoryQuery(new URLSearchParams("sort=name")));
    expect(all.items).toHaveLength(20);
    expect(all.pageCount).toBe(Math.ceil(all.total / 20));
    const page2 = await listInventory(db(), parseInventoryQuery(new URLSearchParams("sort=name&page=2")));
    expect(page2.items[0].name.localeCompare(all.items[19].name)).toBeGreaterThanOrEqual(0);
    expect(all.statusCounts.current).toBe(all.total);
  });

  it("launches a coming-soon product now, or by itself when its time comes (once, however often the launcher runs)", async () => {
    const due = await saveProduct(
      { db: db() },
      input({ name: "Due Jacket", category: "jackets", status: "coming-soon", launchAt: "2025-01-01T00:00:00Z" }),
    );
    const later = await saveProduct(
      { db: db() },
      input({ name: "Later Jacket", category: "jackets", status: "coming-soon", launchAt: "2099-01-01T00:00:00Z" }),
    );
    const now = await saveProduct(
      { db: db() },
      input({ name: "Now Jacket", category: "jackets", status: "coming-soon" }),
    );
    expect((await getProduct(db(), due.id))!.status).toBe("coming-soon");

    const [first, second] = await Promise.all([
      runDueLaunches({ db: db(), now: new Date("2026-01-01T00:00:00Z") }),
      runDueLaunches({ db: db(), now: new Date("2026-01-01T00:00:00Z") }),
    ]);
    const launchedIds = [...first.products, ...second.products]
      .map((p) => p.id)
      .filter((pid) => [due.id, later.id, now.id].includes(pid));
    expect(launchedIds).toEqual([due.id]);
    expect((await runDueLaunches({ db: db(), now: new Date("2026-01-01T00:00:00Z") })).products).toEqual([]);
    expect((await getProduct(db(), due.id))!.status).toBe("active");
    expect((await getProduct(db(), later.id))!.status).toBe("coming-soon");

    const launched = await launchNow({ db: db() }, { kind: "product", id: now.id });
    expect(launched.products).toEqual([{ id: now.id, name: "Now Jacket" }]);
    await expect(launchNow({ db: db() }, { kind: "product", id: now.id })).rejects.toMatchObject({ code: "CONFLICT" });
    await scheduleLaunch(db(), { kind: "product", id: later.id }, null);
    expect((await getProductForEdit(db(), later.id))!.input.launchAt).toBeNull();
  });

  it("opens a coming-soon collection now or on schedule, with its products that waited for it", async () => {
    const upcoming = await listUpcomingLaunches(db());
    expect(upcoming.categories.map((c) => c.slug)).toEqual(["sweatshirts", "jackets"]);
    await scheduleLaunch(db(), { kind: "category", slug: "sweatshirts" }, new Date("2025-06-01T00:00:00Z"));
    const waiting = await db()
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.categorySlug, "sweatshirts"), eq(products.status, "coming-soon")));
    const run = await runDueLaunches({ db: db(), now: new Date("2025-06-01T00:01:00Z") });
    expect(run.categories).toEqual([{ slug: "sweatshirts", name: "Sweat Shirts" }]);
    expect(run.products.map((p) => p.id).sort()).toEqual(waiting.map((w) => w.id).sort());
    const [sweatshirts] = await db().select().from(categories).where(eq(categories.slug, "sweatshirts"));
    expect(sweatshirts).toMatchObject({ comingSoon: false, launchAt: null });

    expect((await launchNow({ db: db() }, { kind: "category", slug: "jackets" })).categories).toEqual([
      { slug: "jackets", name: "Jackets" },
    ]);
    await expect(launchNow({ db: db() }, { kind: "category", slug: "jackets" })).rejects.toMatchObject({
      code: "CONFLICT",
    });
    await expect(scheduleLaunch(db(), { kind: "category", slug: "jackets" }, new Date())).rejects.toMatchObject({
      code: "CONFLICT",
    });
  });

  it("checks photos by decoding them: a PNG and a JPEG are stored as WebP, a text file named .jpg and a 6 MB image are refused by name", async () => {
    const png = await storePhoto(db(), "front.png", await pngImage("#000000", 1200, 1500));
    expect(png).toMatchObject({ width: 960, height: 1200 });
    expect((png as ImageToken).sources.map((s) => s.width)).toEqual([320, 640, 960]);
    const [file] = await db()
      .select()
      .from(mediaFiles)
      .where(eq(mediaFiles.key, (png as ImageToken).sources[0].key));
    expect(file.contentType).toBe("image/webp");
    expect(await storePhoto(db(), "photo.jpg", textFile)).toBe("photo.jpg is not an image");
    expect(await storePhoto(db(), "big.png", await bigPng())).toBe("big.png is larger than 5 MB");

    const request = multipartRequest("http://shop.test/x", [
      ["name", "Tee"],
      ["photos", { name: "a.png", bytes: await pngImage(), type: "image/png" }],
      ["photos", { name: "b.jpg", bytes: await jpegImage(), type: "image/jpeg" }],
      ["photos", { name: "photo.jpg", bytes: textFile, type: "image/jpeg" }],
      ["photos", { name: "big.png", bytes: await bigPng(), type: "image/png" }],
    ]);
    const received = await receivePhotos(db(), request, "photos");
    expect(received.form.get("name")).toBe("Tee");
    expect(received.photos).toHaveLength(2);
    expect(received.rejected).toEqual(["photo.jpg is not an image", "big.png is larger than 5 MB"]);
    const combined = combinePhotos([photos[0], photos[1], photos[0], photos[1]], received);
    expect(combined.images).toHaveLength(5);
    expect(combined.rejected).toContain("At most 5 images");
  });
});
