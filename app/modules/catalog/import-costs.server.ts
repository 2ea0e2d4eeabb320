import { and, eq, gt, inArray, lt, ne, or, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "~/db/client.server";
import { costFiles, products, productVariants } from "~/modules/catalog/tables";
import { summarise, type CostFileRow, type CostPreview, type CostPreviewRow } from "./cost-import";
import { parseCost } from "./product-input";

const quote = (text: string) => `"${text.length > 40 ? `${text.slice(0, 40)}...` : text}"`;

/**
 * What a cost file would change, row by row: a SKU names a variant (its own cost), else a product's
 * id or exact name (case aside) names the product (its cost). Refused, with the reason: an unknown
 * SKU or product, a name two products share, a cost that is not whole rupees of 0 or more, a row
 * naming nothing, and a second row for something an earlier row already sets. Looked up in three
 * queries whatever the file's length.
 */
export async function previewCostImport(db: DbOrTx, rows: CostFileRow[]): Promise<CostPreview> {
  const skus = [...new Set(rows.filter((r) => r.sku).map((r) => r.sku.toLowerCase()))];
  const named = [...new Set(rows.filter((r) => !r.sku && r.product).map((r) => r.product))];
  const names = [...new Set(named.map((n) => n.toLowerCase()))];
  const [variants, found] = await Promise.all([
    skus.length === 0
      ? []
      : db
          .select({
            id: productVariants.id,
            sku: productVariants.sku,
            color: productVariants.color,
            size: productVariants.size,
            cost: productVariants.costPrice,
            productId: products.id,
            name: products.name,
          })
          .from(productVariants)
          .innerJoin(products, eq(products.id, productVariants.productId))
          .where(inArray(sql`lower(${productVariants.sku})`, skus)),
    named.length === 0
      ? []
      : db
          .select({ id: products.id, name: products.name, cost: products.costPrice })
          .from(products)
          .where(
            sql`${ne(products.status, "archived")} and ${or(inArray(products.id, named), inArray(sql`lower(${products.name})`, names))}`,
          ),
  ]);
  const bySku = new Map(variants.map((v) => [v.sku.toLowerCase(), v]));
  const byId = new Map(found.map((p) => [p.id, p]));
  const byName = new Map<string, typeof found>();
  for (const p of found) byName.set(p.name.toLowerCase(), [...(byName.get(p.name.toLowerCase()) ?? []), p]);

  const firstLine = new Map<string, number>();
  const preview = rows.map((row): CostPreviewRow => {
    const given = row.sku || row.product;
    const refuse = (reason: string): CostPreviewRow => ({
      line: row.line,
      given,
      status: "refused",
      reason,
      target: null,
    });
    if (!given) return refuse("Give a product (its id or exact name) or a SKU");
    const cost = parseCost(row.cost);
    let target: NonNullable<CostPreviewRow["target"]> | null = null;
    if (row.sku) {
      const v = bySku.get(row.sku.toLowerCase());
      if (!v) return refuse(`No colour and size has the SKU ${quote(row.sku)}`);
      target = {
        kind: "variant",
        productId: v.productId,
        name: v.name,
        variant: { id: v.id, color: v.color, size: v.size, sku: v.sku },
        oldCost: v.cost,
        newCost: 0,
      };
    } else {
      const byIdMatch = byId.get(row.product);
      const sameName = byName.get(row.product.toLowerCase()) ?? [];
      const p = byIdMatch ?? (sameName.length === 1 ? sameName[0] : null);
      if (!p && sameName.length > 1)
        return refuse(`${sameName.length} products are named ${quote(row.product)}: use the product's id`);
      if (!p) return refuse(`No product has the id or name ${quote(row.product)}`);
      target = { kind: "product", productId: p.id, name: p.name, variant: null, oldCost: p.cost, newCost: 0 };
    }
    if (cost === null) return refuse("No cost given");
    if (Number.isNaN(cost)) return refuse(`${quote(row.cost)} is not a cost: whole rupees, 0 or more`);
    const key = target.variant ? `variant:${target.variant.id}` : `product:${target.productId}`;
    const earlier = firstLine.get(key);
    if (earlier !== undefined)
      return refuse(`Row ${earlier} already sets this ${target.variant ? "SKU" : "product"}'s cost`);
    firstLine.set(key, row.line);
    return {
      line: row.line,
      given,
      status: target.oldCost === cost ? "same" : "change",
      reason: null,
      target: { ...target, newCost: cost },
    };
  });
  return summarise(preview);
}

/**
 * Applies a cost file: the rows are checked again as the preview checked them (they come back from
 * the page and are not trusted), and every change is written in one transaction. Refused rows
 * change nothing. Answers how many costs changed, and the preview as applied.
 */
export async function applyCostImport(db: Db, rows: CostFileRow[]): Promise<CostPreview & { updated: number }> {
  return db.transaction(async (tx) => {
    const preview = await previewCostImport(tx, rows);
    let updated = 0;
    for (const row of preview.rows) {
      if (row.status !== "change" || !row.target) continue;
      const { target } = row;
      if (target.variant)
        await tx
          .update(productVariants)
          .set({ costPrice: target.newCost })
          .where(eq(productVariants.id, target.variant.id));
      else
        await tx
          .update(products)
          .set({ costPrice: target.newCost, updatedAt: new Date() })
          .where(eq(products.id, target.productId));
      updated++;
    }
    return { ...preview, updated };
  });
}

/** A previewed cost file is kept this long for Apply. */
const COST_FILE_KEPT_MS = 24 * 60 * 60 * 1000;

/**
 * Keeps a previewed cost file on the server until Apply (or a day), in the cost_files table (as
 * Shipping keeps courier files): Apply posts back the id, not the file's rows, so a catalogue of
 * thousands of SKUs never rides in a form field. Only the account that uploaded it finds it again.
 */
export async function keepCostFile(
  db: Db,
  ownerId: string,
  file: { name: string; bytes: Uint8Array },
  now = new Date(),
): Promise<string> {
  await db.delete(costFiles).where(lt(costFiles.createdAt, new Date(now.getTime() - COST_FILE_KEPT_MS)));
  const [kept] = await db
    .insert(costFiles)
    .values({
      fileName: file.name.slice(0, 200) || "costs",
      bytes: Buffer.from(file.bytes),
      uploadedBy: ownerId,
      createdAt: now,
    })
    .returning({ id: costFiles.id });
  return kept.id;
}

/** The cost file `id` names, when this account previewed it within the day; null otherwise (another's, applied, expired or made up). */
export async function findCostFile(
  db: Db,
  ownerId: string,
  id: string,
  now = new Date(),
): Promise<{ id: string; name: string; bytes: Uint8Array } | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const [kept] = await db
    .select({ id: costFiles.id, name: costFiles.fileName, bytes: costFiles.bytes })
    .from(costFiles)
    .where(
      and(
        eq(costFiles.id, id),
        eq(costFiles.uploadedBy, ownerId),
        gt(costFiles.createdAt, new Date(now.getTime() - COST_FILE_KEPT_MS)),
      ),
    );
  return kept ?? null;
}

/** Forgets a cost file once applied. */
export async function dropCostFile(db: Db, id: string): Promise<void> {
  await db.delete(costFiles).where(eq(costFiles.id, id));
}
