import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { orderItems, orders, products, productVariants, users } from "~/schema";
import { approveReturn } from "~/flows/approve-return.server";
import { placeOrder } from "~/flows/place-order.server";
import { requestReturn } from "~/flows/request-return.server";
import { saveProduct } from "~/flows/save-product.server";
import { DATABASE_KINDS, useTestDatabase } from "../../../tests/factories/test-database";
import { placeDeliveredOrder } from "../../../tests/factories/test-returns";
import { createTestBuyer } from "../../../tests/factories/test-users";
import { getProductForEdit } from "./get-product-for-edit.server";
import { ownerProductJson, patchedInput } from "./owner-product-json";
import { productFormFromInput, productInputFromForm, readProductForm } from "./product-form";
import { productInputSchema } from "./product-input";

const TEE = "essential-crew-neck-tee";
const SHIPPING = {
  fullName: "Ayesha Khan",
  email: "ayesha@example.pk",
  phone: "+923001234567",
  city: "Lahore",
  address: "12 Mall Road",
  postalCode: null,
  country: "Pakistan" as const,
};

/** Cost prices: saved on the product and its variants, and kept on each order item as they were when it was placed. */
describe.each(DATABASE_KINDS)("cost prices on %s", (kind) => {
  const database = useTestDatabase(kind);
  const db = () => database.db;
  let buyer: string;

  beforeAll(async () => {
    buyer = await createTestBuyer(db(), "Cost Buyer");
    await db().update(productVariants).set({ stock: 50 }).where(eq(productVariants.productId, TEE));
  });

  const variantOf = async (color: string, size: string) =>
    (
      await db()
        .select()
        .from(productVariants)
        .where(
          and(eq(productVariants.productId, TEE), eq(productVariants.color, color), eq(productVariants.size, size)),
        )
    )[0];
  const setCosts = async (product: number | null, variants: Record<string, number | null> = {}) => {
    await db().update(products).set({ costPrice: product }).where(eq(products.id, TEE));
    await db().update(productVariants).set({ costPrice: null }).where(eq(productVariants.productId, TEE));
    for (const [key, cost] of Object.entries(variants)) {
      const [color, size] = key.split("/");
      await db()
        .update(productVariants)
        .set({ costPrice: cost })
        .where(
          and(eq(productVariants.productId, TEE), eq(productVariants.color, color), eq(productVariants.size, size)),
        );
    }
  };
  const itemsOf = async (orderId: string) =>
    db()
      .select({ color: orderItems.color, size: orderItems.size, unitCost: orderItems.unitCost })
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId))
      .orderBy(orderItems.id);

  it("saves the product's cost and a variant's own cost from the form, shows them back, and the owner JSON carries them", async () => {
    const product = await getProductForEdit(db(), TEE);
    const values = productFormFromInput({ ...product!.input, launchAtLocal: "" });
    const form = new FormData();
    form.set("name", values.name);
    form.set("category", values.category);
    form.set("description", values.description);
    form.set("price", values.price);
    form.set("stock", values.stock);
    form.set("sizeSetId", values.sizeSetId);
    for (const c of values.colors) form.append("color[]", c);
    for (const s of values.sizes) form.append("size[]", s);
    for (const [key, stock] of Object.entries(values.grid)) form.set(`stock:${key}`, stock);
    for (const image of values.images) form.append("image[]", JSON.stringify(image));
    form.append("feature[]", "Soft cotton");
    form.set("costPrice", "650");
    form.set("cost:Black/L", "700");
    form.set("cost:Black/M", "");
    form.set("lowStockThreshold", "4");
    const parsed = productInputSchema.parse(productInputFromForm(readProductForm(form), "publish"));
    await saveProduct({ db: db() }, parsed, { id: TEE });

    const [row] = await db()
      .select({ costPrice: products.costPrice, low: products.lowStockThreshold })
      .from(products)
      .where(eq(products.id, TEE));
    expect(row).toEqual({ costPrice: 650, low: 4 });
    expect((await variantOf("Black", "L")).costPrice).toBe(700);
    expect((await variantOf("Black", "M")).costPrice).toBeNull();

    const again = await getProductForEdit(db(), TEE);
    const shown = productFormFromInput({ ...again!.input, launchAtLocal: "" });
    expect(shown).toMatchObject({ costPrice: "650", lowStockThreshold: "4", costGrid: { "Black/L": "700" } });
    expect(Object.keys(shown.costGrid)).toEqual(["Black/L"]);
    const json = ownerProductJson(again!);
    expect(json).toMatchObject({ costPrice: 650, lowStockThreshold: 4 });
    expect(json.variants.find((v) => v.color === "Black" && v.size === "L")).toMatchObject({ costPrice: 700 });

    // An API PATCH listing variants without costs keeps the stored costs; one with costPrice null clears it.
    const kept = productInputSchema.parse(
      patchedInput(again!, {
        variants: again!.input.variants.map(({ color, size, stock }) => ({ color, size, stock })),
      }),
    );
    expect(kept.variants.find((v) => v.color === "Black" && v.size === "L")?.costPrice).toBe(700);
    const cleared = productInputSchema.parse(
      patchedInput(again!, {
        costPrice: null,
        variants: again!.input.variants.map((v) => ({ ...v, costPrice: null })),
      }),
    );
    expect(cleared.costPrice).toBeNull();
    expect(cleared.variants.every((v) => v.costPrice === null)).toBe(true);
  });

  it("refuses a bad cost beside its field, and a bad variant cost beside the cost grid", () => {
    const base = {
      name: "X",
      category: "t-shirts",
      price: 1000,
      status: "draft" as const,
      colors: ["Black"],
      sizes: ["M"],
    };
    const bad = productInputSchema.safeParse({
      ...base,
      costPrice: "-5",
      lowStockThreshold: "2.5",
      variants: [{ color: "Black", size: "M", stock: 1, costPrice: "12.50" }],
    });
    expect(bad.success).toBe(false);
    const fields = Object.fromEntries(bad.error!.issues.map((i) => [i.path.join("."), i.message]));
    expect(fields).toMatchObject({
      costPrice: "Cost price must be a whole number of rupees, 0 or more, or empty",
      lowStockThreshold: "Low-stock alert must be a whole number of units, 0 or more, or empty",
      "variantCosts.Black/M": "Black M: Cost price must be a whole number of rupees, 0 or more, or empty",
    });
    const good = productInputSchema.parse({
      ...base,
      costPrice: "Rs 1,200",
      lowStockThreshold: "",
      variants: [{ color: "Black", size: "M", stock: 1, costPrice: "0" }],
    });
    expect(good).toMatchObject({
      costPrice: 1200,
      lowStockThreshold: null,
      variants: [{ color: "Black", size: "M", costPrice: 0 }],
    });
  });

  it("keeps each item's cost on a web order (the variant's, else the product's) and never changes it when the cost changes", async () => {
    await setCosts(500, { "White/M": 550 });
    const placed = await placeOrder(
      { db: db() },
      {
        userId: buyer,
        shipping: SHIPPING,
        items: [
          { productId: TEE, color: "Black", size: "M", quantity: 2 },
          { productId: TEE, color: "White", size: "M", quantity: 1 },
        ],
      },
    );
    expect(await itemsOf(placed.orderId)).toEqual([
      { color: "Black", size: "M", unitCost: 500 },
      { color: "White", size: "M", unitCost: 550 },
    ]);
    await setCosts(900, { "White/M": 999 });
    expect(await itemsOf(placed.orderId)).toEqual([
      { color: "Black", size: "M", unitCost: 500 },
      { color: "White", size: "M", unitCost: 550 },
    ]);
  });

  it("keeps null, not zero, when the product has no cost", async () => {
    await setCosts(null);
    const placed = await placeOrder(
      { db: db() },
      { userId: buyer, shipping: SHIPPING, items: [{ productId: TEE, color: "Black", size: "M", quantity: 1 }] },
    );
    expect(await itemsOf(placed.orderId)).toEqual([{ color: "Black", size: "M", unitCost: null }]);
  });

  it("keeps the cost on an order the owner enters for a phone customer", async () => {
    await setCosts(480);
    const ownerId = "cost-owner";
    await db()
      .insert(users)
      .values({ id: ownerId, name: "Owner", email: "cost-owner@example.pk", role: "seller" })
      .onConflictDoNothing();
    const placed = await placeOrder(
      { db: db() },
      {
        userId: null,
        shipping: { ...SHIPPING, phone: "0321 7654321" },
        idempotencyKey: "cost-owner-1",
        items: [{ productId: TEE, color: "Black", size: "L", quantity: 1 }],
        enteredBy: { actor: { id: ownerId, name: "Owner" }, channel: "phone" },
      },
    );
    const [order] = await db().select({ channel: orders.channel }).from(orders).where(eq(orders.id, placed.orderId));
    expect(order.channel).toBe("phone");
    expect(await itemsOf(placed.orderId)).toEqual([{ color: "Black", size: "L", unitCost: 480 }]);
  });

  it("gives an exchange's replacement order the cost at approval, the original keeping its own", async () => {
    await setCosts(400);
    const original = await placeDeliveredOrder(db(), buyer, { color: "Black", size: "M" });
    await setCosts(420, { "Black/L": 430 });
    const to = await variantOf("Black", "L");
    const made = await requestReturn(
      { db: db() },
      {
        userId: buyer,
        orderId: original.orderId,
        reason: "wrong_size",
        reasonText: null,
        photos: [],
        items: [{ orderItemId: original.itemId, quantity: 1, kind: "exchange", exchangeVariantId: to.id }],
      },
    );
    const approved = await approveReturn({ db: db() }, { id: "cost-owner", name: "Owner" }, made.returnId);
    expect(approved.replacement).not.toBeNull();
    expect(await itemsOf(original.orderId)).toEqual([{ color: "Black", size: "M", unitCost: 400 }]);
    expect(await itemsOf(approved.replacement!.orderId)).toEqual([{ color: "Black", size: "L", unitCost: 430 }]);
  });
});
