import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { categories, orderItems, productImages, productVariants, sizeSets } from "~/schema";
import { placeOrder } from "~/flows/place-order.server";
import { saveProduct } from "~/flows/save-product.server";
import { storePhoto } from "~/http/receive-photos.server";
import { DATABASE_KINDS, useTestDatabase } from "../../../tests/factories/test-database";
import { pngImage } from "../../../tests/factories/test-images";
import { createTestBuyer } from "../../../tests/factories/test-users";
import { changeColour } from "./change-colour.server";
import { changeSizeSet } from "./change-size-set.server";
import { getProduct } from "./get-product.server";
import { listColours, listColoursWithUse } from "./list-colours.server";
import { listListingFacets, listProducts } from "./list-products.server";
import { parseListingQuery } from "./listing-query";
import { listSizeSets, listSizeSetsWithUse } from "./list-size-sets.server";
import { productInputSchema, type ImageToken, type RawProductInput } from "./product-input";

const SHIPPING = {
  fullName: "Ayesha Khan",
  email: "ayesha@example.pk",
  phone: "+923001234567",
  city: "Lahore",
  address: "12 Mall Road",
  postalCode: "54000",
  country: "Pakistan" as const,
};

describe.each(DATABASE_KINDS)("the shop's colours and size sets on %s", (kind) => {
  const database = useTestDatabase(kind);
  const db = () => database.db;
  let buyer: string;
  let photo: ImageToken;
  let unstitched: number;

  beforeAll(async () => {
    buyer = await createTestBuyer(database.db, "Ayesha");
    const png = await storePhoto(database.db, "lawn.png", await pngImage());
    if (typeof png === "string") throw new Error("test photo did not store");
    photo = png;
    await db()
      .insert(categories)
      .values({ slug: "lawn", name: "Lawn", description: "Unstitched lawn" })
      .onConflictDoNothing();
    await changeColour(db(), { kind: "add", input: { name: "Mint", hex: "#98ff98" } });
    await changeColour(db(), { kind: "add", input: { name: "Maroon", hex: "#7b1e3a" } });
    unstitched = (await changeSizeSet(db(), { kind: "add", name: "Unstitched", sizes: ["Unstitched"] })).id;
  }, 300_000);

  const lawn = (over: Partial<RawProductInput> = {}) =>
    productInputSchema.parse({
      name: "Lawn 3-Piece",
      category: "lawn",
      description: "Printed lawn shirt, dupatta and trouser.",
      price: 4990,
      stock: 5,
      sizeSetId: unstitched,
      colors: ["Maroon", "Mint"],
      sizes: ["Unstitched"],
      images: [photo],
      ...over,
    });
  const colourId = async (name: string) => (await listColours(db())).find((c) => c.name === name)!.id;

  it("saves an unstitched product in the shop's colours, in the owner's order, and refuses what the shop does not have beside the field", async () => {
    const { id } = await saveProduct({ db: db() }, lawn());
    const shown = await getProduct(db(), id);
    expect(shown).toMatchObject({ colors: ["Mint", "Maroon"], sizes: ["Unstitched"] });
    await expect(saveProduct({ db: db() }, lawn({ colors: ["Purple"] }))).rejects.toMatchObject({
      code: "VALIDATION",
      fields: { colors: "Purple is not one of the shop's colours" },
    });
    await expect(saveProduct({ db: db() }, lawn({ sizes: ["M"] }))).rejects.toMatchObject({
      fields: { sizes: "M is not a size of Unstitched" },
    });
    await expect(saveProduct({ db: db() }, lawn({ sizeSetId: 99_999 }))).rejects.toMatchObject({
      fields: { sizeSetId: "Please choose a size set" },
    });
  });

  it("refuses a name that is taken whatever its case, beside the name", async () => {
    await expect(changeColour(db(), { kind: "add", input: { name: "maroon", hex: "#000000" } })).rejects.toMatchObject({
      fields: { name: "There is already a colour with this name" },
    });
    await expect(changeSizeSet(db(), { kind: "add", name: "TOPS", sizes: ["S"] })).rejects.toMatchObject({
      fields: { name: "There is already a size set with this name" },
    });
  });

  it("renames a colour on products and photos in one go, never on orders already placed", async () => {
    await changeColour(db(), { kind: "add", input: { name: "Teal", hex: "#008080" } });
    const { id } = await saveProduct(
      { db: db() },
      lawn({ name: "Teal Lawn", colors: ["Teal"], images: [{ ...photo, color: "Teal" }] }),
    );
    const placed = await placeOrder(
      { db: db() },
      { userId: buyer, items: [{ productId: id, color: "Teal", quantity: 1 }], shipping: SHIPPING },
    );
    await changeColour(db(), {
      kind: "edit",
      id: await colourId("Teal"),
      input: { name: "Sea Green", hex: "#2e8b57" },
    });
    expect((await getProduct(db(), id))!.colors).toEqual(["Sea Green"]);
    expect(
      (await db().select({ color: productImages.color }).from(productImages).where(eq(productImages.productId, id)))[0]
        .color,
    ).toBe("Sea Green");
    const [line] = await db().select().from(orderItems).where(eq(orderItems.orderId, placed.orderId));
    expect(line).toMatchObject({ color: "Teal", size: "Unstitched" });
    expect((await listColours(db())).find((c) => c.name === "Sea Green")).toMatchObject({ hex: "#2e8b57" });
  });

  it("retires a colour: not offered to new products, kept by the products that have it", async () => {
    await changeColour(db(), { kind: "add", input: { name: "Rust", hex: "#b7410e" } });
    const { id } = await saveProduct({ db: db() }, lawn({ name: "Rust Lawn", colors: ["Rust"] }));
    await changeColour(db(), { kind: "retire", id: await colourId("Rust"), retired: true });
    await expect(saveProduct({ db: db() }, lawn({ name: "New Rust", colors: ["Rust"] }))).rejects.toMatchObject({
      fields: { colors: "Rust is retired: choose another colour" },
    });
    // The product that has it keeps it, and can be edited and sold.
    await saveProduct({ db: db() }, lawn({ name: "Rust Lawn", colors: ["Rust", "Mint"], stock: 7 }), { id });
    expect((await getProduct(db(), id))!.colors).toEqual(["Mint", "Rust"]);
    const used = (await listColoursWithUse(db())).find((c) => c.name === "Rust")!;
    expect(used).toMatchObject({ retired: true, products: 1 });
    await changeColour(db(), { kind: "retire", id: used.id, retired: false });
    expect((await listColours(db())).find((c) => c.name === "Rust")!.retired).toBe(false);
  });

  it("moves colours and size sets up and down", async () => {
    const before = (await listColours(db())).map((c) => c.name);
    await changeColour(db(), { kind: "move", id: await colourId(before[1]), direction: "up" });
    expect((await listColours(db())).map((c) => c.name).slice(0, 2)).toEqual([before[1], before[0]]);
    const sets = (await listSizeSets(db())).map((s) => s.name);
    await changeSizeSet(db(), { kind: "move", id: (await listSizeSets(db()))[0].id, direction: "down" });
    expect((await listSizeSets(db())).map((s) => s.name).slice(0, 2)).toEqual([sets[1], sets[0]]);
  });

  it("edits a set's sizes: a rename reaches its products but not orders; a size in use is not removed; a set in use is not deleted", async () => {
    const kurta = (await changeSizeSet(db(), { kind: "add", name: "Kurta", sizes: ["6", "8", "10"] })).id;
    const { id } = await saveProduct(
      { db: db() },
      lawn({ name: "Kurta", sizeSetId: kurta, colors: ["Mint"], sizes: ["8", "10"] }),
    );
    const placed = await placeOrder(
      { db: db() },
      { userId: buyer, items: [{ productId: id, color: "Mint", size: "8", quantity: 1 }], shipping: SHIPPING },
    );

    await changeSizeSet(db(), { kind: "rename-size", id: kurta, from: "8", to: "8 (S)" });
    expect((await getProduct(db(), id))!.sizes).toEqual(["8 (S)", "10"]);
    expect(
      (await db().select({ size: orderItems.size }).from(orderItems).where(eq(orderItems.orderId, placed.orderId)))[0]
        .size,
    ).toBe("8");
    // Another set's products keep their "8".
    expect(await db().select().from(productVariants).where(eq(productVariants.size, "8 (S)"))).toHaveLength(1);

    await expect(changeSizeSet(db(), { kind: "remove-size", id: kurta, size: "10" })).rejects.toMatchObject({
      code: "CONFLICT",
      message: "10 cannot be removed: 1 product uses it",
    });
    await changeSizeSet(db(), { kind: "remove-size", id: kurta, size: "6" });
    await changeSizeSet(db(), { kind: "add-size", id: kurta, size: "12" });
    await expect(changeSizeSet(db(), { kind: "add-size", id: kurta, size: "12" })).rejects.toMatchObject({
      fields: { size: "This set already has this size" },
    });
    await changeSizeSet(db(), { kind: "move-size", id: kurta, size: "12", direction: "up" });
    expect((await listSizeSets(db())).find((s) => s.id === kurta)!.sizes).toEqual(["8 (S)", "12", "10"]);

    await expect(changeSizeSet(db(), { kind: "delete", id: kurta })).rejects.toMatchObject({
      code: "CONFLICT",
      message: expect.stringMatching(/^This size set cannot be deleted: 1 product uses it/),
    });
    expect((await listSizeSetsWithUse(db())).find((s) => s.id === kurta)!.products).toBe(1);
    const empty = (await changeSizeSet(db(), { kind: "add", name: "Waist", sizes: ["28", "30"] })).id;
    await changeSizeSet(db(), { kind: "delete", id: empty });
    expect(await db().select().from(sizeSets).where(eq(sizeSets.id, empty))).toEqual([]);
  });

  it("keeps each set's size guide, and a renamed size keeps its row", async () => {
    const set = (await changeSizeSet(db(), { kind: "add", name: "Trouser Waist", sizes: ["28", "30"] })).id;
    await changeSizeSet(db(), {
      kind: "guide",
      id: set,
      guide: {
        columns: ["Waist", "Length"],
        note: "Inches",
        rows: [
          { size: "28", values: ["28", "38"] },
          { size: "30", values: ["30", "39"] },
        ],
      },
    });
    await changeSizeSet(db(), { kind: "rename-size", id: set, from: "30", to: "30 (M)" });
    expect((await listSizeSets(db())).find((s) => s.id === set)!.guide).toEqual({
      columns: ["Waist", "Length"],
      note: "Inches",
      rows: [
        { size: "28", values: ["28", "38"] },
        { size: "30 (M)", values: ["30", "39"] },
      ],
    });
  });

  it("filters the listing by several colours and sizes, with counts per value under the other filters", async () => {
    const query = (qs: string) => parseListingQuery(new URLSearchParams(qs));
    const maroon = await listProducts(db(), query("color=maroon"));
    expect(maroon.total).toBeGreaterThan(0);
    for (const item of maroon.items) expect(item.swatches.map((s) => s.name)).toContain("Maroon");
    expect(maroon.items.find((i) => i.name === "Lawn 3-Piece")!.swatches).toEqual([
      { name: "Mint", hex: "#98ff98" },
      { name: "Maroon", hex: "#7b1e3a" },
    ]);

    const blackTotal = (await listProducts(db(), query("color=black"))).total;
    const either = await listProducts(db(), query("color=black&color=maroon"));
    expect(either.total).toBe(blackTotal + maroon.total);
    expect((await listProducts(db(), query("color=maroon&size=unstitched"))).total).toBe(maroon.total);
    expect((await listProducts(db(), query("color=maroon&size=xl"))).total).toBe(0);

    const facets = await listListingFacets(db(), query("color=maroon"));
    expect(facets.colors.find((f) => f.slug === "maroon")).toEqual({
      slug: "maroon",
      name: "Maroon",
      count: maroon.total,
      hex: "#7b1e3a",
    });
    // A colour's count leaves the colour filter out; a size's count keeps it.
    expect(facets.colors.find((f) => f.slug === "black")!.count).toBe(blackTotal);
    expect(facets.sizes.find((f) => f.slug === "unstitched")!.count).toBe(maroon.total);
    expect(facets.sizes.find((f) => f.slug === "xl")).toBeUndefined();
    // Only what some visible product is made in is offered.
    await changeColour(db(), { kind: "add", input: { name: "Unused Lilac", hex: "#c8a2c8" } });
    expect((await listListingFacets(db(), query(""))).colors.map((f) => f.name)).not.toContain("Unused Lilac");
  });
});
