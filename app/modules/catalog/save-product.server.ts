import { randomBytes } from "node:crypto";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { categories, colors, productImages, products, productVariants, sizeSets } from "~/modules/catalog/tables";
import { mediaFiles } from "~/modules/media/reads";
import { orderItems } from "~/modules/orders/reads";
import { shopSettings } from "~/modules/settings/reads";
import { AppError } from "~/lib/errors";
import type { AvailabilityWatch } from "./availability-watch";
import type { ProductInput } from "./product-input";
import { variantKey } from "./product-options";
import { checkProductOptions } from "./size-set-rules";

export type SavedProduct = { id: string; created: boolean; status: ProductInput["status"] };

/** "Linen Camp Shirt" -> "linen-camp-shirt-3f9a": readable in the URL, unique by its suffix. */
export function newProductId(name: string): string {
  const slug =
    name
      .toLowerCase()
      .normalize("NFKD")
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 48) || "product";
  return `${slug}-${randomBytes(2).toString("hex")}`;
}

/**
 * SKUs are unique because product ids are: LINEN-CAMP-SHIRT-3F9A-BLA-M. Two colours of one product
 * may start alike (Mint, Mint Green) or a renamed colour's old SKU may remain: a number then follows.
 */
function skuFor(productId: string, color: string, size: string, taken: Set<string>): string {
  const base = `${productId}-${color.slice(0, 3)}-${size}`.toUpperCase().replace(/\s+/g, "-");
  let sku = base;
  for (let n = 2; taken.has(sku); n++) sku = `${base}-${n}`;
  taken.add(sku);
  return sku;
}

/**
 * Creates a product, or replaces an existing one's fields, stock grid and photos, in one
 * transaction. Variants are matched by colour and size, so cart lines and orders that point at a
 * kept combination keep pointing at it. A combination the owner removed is deleted when no order
 * has ever named it (its cart lines go with it); one that was ordered keeps its row with stock 0,
 * so a cancelled or returned order can still put its stock back.
 */
export async function saveProduct<B>(
  db: Db,
  given: ProductInput,
  watch: AvailabilityWatch<B>,
  opts: { id?: string } = {},
): Promise<SavedProduct> {
  return db.transaction(async (tx) => {
    const [category] = await tx
      .select({ slug: categories.slug })
      .from(categories)
      .where(eq(categories.slug, given.category));
    if (!category) throw new AppError("VALIDATION", undefined, { category: "Please choose a category" });
    const { input, sizeSetId } = await withShopOptions(tx, given, opts.id);
    await assertImagesStored(tx, input);

    const fields = {
      name: input.name,
      categorySlug: input.category,
      description: input.description,
      price: input.price,
      originalPrice: input.originalPrice,
      status: input.status,
      features: input.features,
      tags: input.tags,
      launchAt: input.status === "coming-soon" ? input.launchAt : null,
      weightGrams: input.weightGrams,
      costPrice: input.costPrice,
      lowStockThreshold: input.lowStockThreshold,
      sizeSetId,
      updatedAt: new Date(),
    };

    let id = opts.id;
    let created = false;
    let launched = false;
    let stockBefore: { taken: B } | null = null;
    if (id) {
      const [before] = await tx
        .select({ status: products.status })
        .from(products)
        .where(eq(products.id, id))
        .for("update");
      if (!before || before.status === "archived") throw new AppError("NOT_FOUND", "Product not found");
      stockBefore = { taken: await watch.before(tx, [id]) };
      await tx.update(products).set(fields).where(eq(products.id, id));
      launched = before.status === "coming-soon" && input.status === "active";
    } else {
      const [settings] = await tx.select({ brandName: shopSettings.brandName }).from(shopSettings);
      id = newProductId(input.name);
      await tx.insert(products).values({ id, ...fields, brand: settings?.brandName ?? "" });
      created = true;
    }
    await saveVariants(tx, id, input.variants);
    // Notify Me, once the new stock is in: a launch, or a sold-out product that can be bought again.
    if (launched) await watch.launched(tx, { products: [{ id, name: input.name }], categories: [] });
    if (stockBefore) await watch.restocked(tx, stockBefore.taken);
    await tx.delete(productImages).where(eq(productImages.productId, id));
    if (input.images.length > 0) {
      await tx.insert(productImages).values(
        input.images.map((image, position) => ({
          productId: id,
          position,
          alt: image.alt?.trim() || `${input.name}, photo ${position + 1}`,
          color: image.color ?? null,
          width: image.width,
          height: image.height,
          sources: image.sources,
        })),
      );
    }
    return { id, created, status: input.status };
  });
}

/**
 * The product's colours and sizes checked against the shop's data, in the owner's order: colours
 * the shop offers (a retired one only when the product already has it), sizes of its size set.
 * The size set is the one given; else (an API call written before size sets) the product's own,
 * or for a new product the first set, in the owner's order, that holds every size.
 */
async function withShopOptions(
  tx: Tx,
  input: ProductInput,
  id: string | undefined,
): Promise<{ input: ProductInput; sizeSetId: number }> {
  const [colours, current, had] = await Promise.all([
    tx
      .select({ id: colors.id, name: colors.name, hex: colors.hex, position: colors.position, retired: colors.retired })
      .from(colors)
      .orderBy(asc(colors.position), asc(colors.id)),
    id ? tx.select({ sizeSetId: products.sizeSetId }).from(products).where(eq(products.id, id)) : Promise.resolve([]),
    id
      ? tx
          .selectDistinct({ color: productVariants.color })
          .from(productVariants)
          .where(eq(productVariants.productId, id))
      : Promise.resolve([]),
  ]);
  let setId = input.sizeSetId ?? current[0]?.sizeSetId ?? null;
  if (setId === null) {
    const sizes = JSON.stringify(input.sizes);
    const [first] = await tx
      .select({ id: sizeSets.id })
      .from(sizeSets)
      .where(sql`${sizeSets.sizes} @> ${sizes}::jsonb`)
      .orderBy(sizeSets.position, sizeSets.id)
      .limit(1);
    setId = first?.id ?? null;
  }
  const [set] =
    setId === null
      ? []
      : await tx
          .select({ id: sizeSets.id, name: sizeSets.name, sizes: sizeSets.sizes })
          .from(sizeSets)
          .where(eq(sizeSets.id, setId));
  const checked = checkProductOptions(input, { colours, set: set ?? null, had: had.map((h) => h.color) });
  if (!checked.ok) throw new AppError("VALIDATION", undefined, checked.errors);
  const rank = (list: string[], item: string) => list.indexOf(item);
  const variants = [...input.variants].sort(
    (a, b) =>
      rank(checked.colors, a.color) - rank(checked.colors, b.color) ||
      rank(checked.sizes, a.size) - rank(checked.sizes, b.size),
  );
  return {
    input: { ...input, colors: checked.colors, sizes: checked.sizes, variants, sizeSetId: set!.id },
    sizeSetId: set!.id,
  };
}

/** Every picture must be one this shop stored (an upload), never a key made up by a client. */
async function assertImagesStored(tx: Tx, input: ProductInput) {
  const keys = [...new Set(input.images.flatMap((i) => i.sources.map((s) => s.key)))];
  if (keys.length === 0) return;
  const [{ n }] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(mediaFiles)
    .where(inArray(mediaFiles.key, keys));
  if (n !== keys.length)
    throw new AppError("VALIDATION", undefined, { images: "A photo was not found. Please upload it again." });
}

async function saveVariants(tx: Tx, productId: string, wanted: ProductInput["variants"]) {
  const existing = await tx
    .select()
    .from(productVariants)
    .where(eq(productVariants.productId, productId))
    .for("update");
  const byKey = new Map(existing.map((v) => [variantKey(v.color, v.size), v]));
  const wantedKeys = new Set(wanted.map((v) => variantKey(v.color, v.size)));
  const skus = new Set(existing.map((v) => v.sku));

  for (const [position, v] of wanted.entries()) {
    const current = byKey.get(variantKey(v.color, v.size));
    if (current) {
      if (current.stock !== v.stock || current.position !== position || current.costPrice !== v.costPrice) {
        await tx
          .update(productVariants)
          .set({ stock: v.stock, position, costPrice: v.costPrice })
          .where(eq(productVariants.id, current.id));
      }
    } else {
      await tx.insert(productVariants).values({
        productId,
        color: v.color,
        size: v.size,
        stock: v.stock,
        costPrice: v.costPrice,
        position,
        sku: skuFor(productId, v.color, v.size, skus),
      });
    }
  }

  const removed = existing.filter((v) => !wantedKeys.has(variantKey(v.color, v.size)));
  if (removed.length === 0) return;
  const ordered = new Set(
    (
      await tx
        .selectDistinct({ id: orderItems.variantId })
        .from(orderItems)
        .where(
          inArray(
            orderItems.variantId,
            removed.map((v) => v.id),
          ),
        )
    ).map((r) => r.id),
  );
  const deletable = removed.filter((v) => !ordered.has(v.id)).map((v) => v.id);
  const kept = removed.filter((v) => ordered.has(v.id)).map((v) => v.id);
  if (deletable.length > 0) await tx.delete(productVariants).where(inArray(productVariants.id, deletable));
  if (kept.length > 0)
    await tx
      .update(productVariants)
      .set({ stock: 0 })
      .where(and(inArray(productVariants.id, kept), eq(productVariants.productId, productId)));
}
