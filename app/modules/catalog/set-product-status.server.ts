import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { products } from "~/modules/catalog/tables";
import type { ProductStatus } from "~/db/schema/statuses";
import { AppError } from "~/lib/errors";
import type { AvailabilityWatch } from "./availability-watch";
import { getProductForEdit } from "./get-product-for-edit.server";
import { rawInputOf } from "./owner-product-json";
import { fieldErrors, productInputSchema } from "./product-input";

export type StatusChange = "activate" | "deactivate" | "restore";

/** Which status each change leads from and to (SPEC.md: Deactivate/Activate toggles active and draft). */
const MOVES: Record<StatusChange, { from: ProductStatus[]; to: ProductStatus }> = {
  activate: { from: ["draft"], to: "active" },
  deactivate: { from: ["active", "coming-soon"], to: "draft" },
  // An archived product comes back as a draft, so the owner checks it before it is sold again.
  restore: { from: ["archived"], to: "draft" },
};

/**
 * Activate, Deactivate or Restore. Activating a draft publishes it, so it must meet every rule of
 * Add Product (a draft may have been saved without photos or a description).
 */
export async function setProductStatus<B>(
  db: Db,
  id: string,
  change: StatusChange,
  watch: AvailabilityWatch<B>,
): Promise<{ name: string; status: ProductStatus }> {
  const product = await getProductForEdit(db, id);
  if (!product) throw new AppError("NOT_FOUND", "Product not found");
  const move = MOVES[change];
  if (!move.from.includes(product.status))
    throw new AppError(
      "CONFLICT",
      `${product.input.name} is already ${product.status === "archived" ? "deleted" : product.status}`,
    );
  if (move.to === "active") {
    const parsed = productInputSchema.safeParse({ ...rawInputOf(product), status: "active", launchAt: null });
    if (!parsed.success) {
      const first = Object.values(fieldErrors(parsed.error))[0];
      throw new AppError("VALIDATION", `Finish ${product.input.name} before activating it: ${first}`);
    }
  }
  return db.transaction(async (tx) => {
    const before = await watch.before(tx, [id]);
    const [updated] = await tx
      .update(products)
      .set({ status: move.to, launchAt: null, updatedAt: new Date() })
      // Checked again in the update itself: a second tab may have changed it meanwhile.
      .where(and(eq(products.id, id), inArray(products.status, move.from)))
      .returning({ name: products.name, status: products.status });
    if (!updated) throw new AppError("CONFLICT", `${product.input.name} was changed meanwhile. Please try again.`);
    // A draft with stock that goes back on sale is buyable again: its Notify Me sign-ups hear.
    await watch.restocked(tx, before);
    return updated;
  });
}
