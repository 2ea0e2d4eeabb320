import { eq } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { categories, products } from "~/modules/catalog/reads";

/** "product:linen-shirt-3f9a" -> "Linen Shirt"; a thing since deleted is named by what it was. */
export async function targetName(db: DbOrTx, target: string): Promise<string> {
  const [kind, key] = target.split(/:(.*)/s, 2);
  if (kind === "product") {
    const [row] = await db.select({ name: products.name }).from(products).where(eq(products.id, key));
    return row?.name ?? "this product";
  }
  const [row] = await db.select({ name: categories.name }).from(categories).where(eq(categories.slug, key));
  return row ? `the ${row.name} collection` : "this collection";
}
