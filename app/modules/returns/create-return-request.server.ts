import { eq, inArray } from "drizzle-orm";
import type { Tx } from "~/db/client.server";
import { products, productVariants } from "~/modules/catalog/reads";
import { returnItems, returnRequests } from "~/modules/returns/tables";
import type { StoredImageRef } from "~/db/schema/stored-image";
import type { OrderStatus } from "~/db/schema/statuses";
import { getSettings } from "~/modules/settings/reads";
import { AppError } from "~/lib/errors";
import { isForSale } from "~/modules/catalog/product-availability";
import { prefixedSixDigits } from "~/modules/orders/order-number";
import { parseOrRefuse, returnRequestInput, TOO_MANY_PHOTOS, type ReturnRequestInput } from "./return-input";
import { readOrderLines, readRequestedItems, recordReturnEvent, requestedQuantities } from "./return-records.server";
import {
  assertReturnWindowOpen,
  checkExchangeChoice,
  checkReturnQuantities,
  kindSummary,
  MAX_RETURN_PHOTOS,
  RETURN_REASON_LABELS,
  type ExchangeChoice,
} from "./return-rules";

/** The order a request is made on, locked by the caller (the request-return flow). */
export type OrderToReturn = {
  id: string;
  orderNumber: string;
  userId: string | null;
  status: OrderStatus;
  deliveredAt: Date | null;
};

export type NewReturnRequest = ReturnRequestInput & {
  /** The buyer's stored photos (app/http/receive-photos.server.ts stores them first); at most 3. */
  photos?: StoredImageRef[];
};

/**
 * Writes a buyer's request on their delivered order in the caller's transaction, the order row
 * locked (two requests for the same item run one after the other, the second sees the first):
 * refused outside the return window (Settings), beyond the quantities not already asked for, or
 * for an exchange that is not another size or colour of the same product in stock. Writes the
 * request (RT- and six digits), its items and its "requested" row.
 */
export async function createReturnRequest(
  tx: Tx,
  order: OrderToReturn,
  userId: string,
  request: NewReturnRequest,
  now: Date,
): Promise<{ returnId: string; returnNumber: string }> {
  const input = parseOrRefuse(returnRequestInput, request);
  const photos = request.photos ?? [];
  if (photos.length > MAX_RETURN_PHOTOS) throw new AppError("VALIDATION", TOO_MANY_PHOTOS, { photos: TOO_MANY_PHOTOS });

  const settings = await getSettings(tx);
  assertReturnWindowOpen(order, settings.returnWindowDays, now);

  const lines = await readOrderLines(tx, order.id);
  const requested = await readRequestedItems(tx, order.id);
  checkReturnQuantities(lines, requestedQuantities(requested), input.items);

  const wanted = input.items.flatMap((i) =>
    i.kind === "exchange" && i.exchangeVariantId ? [i.exchangeVariantId] : [],
  );
  const choices = await exchangeChoices(tx, wanted);
  const byLine = new Map(lines.map((l) => [l.id, l]));
  // Stock is checked per variant for the whole request (two items exchanged for the same size).
  const perVariant = new Map<number, number>();
  for (const item of input.items) {
    if (item.kind !== "exchange" || !item.exchangeVariantId) continue;
    perVariant.set(item.exchangeVariantId, (perVariant.get(item.exchangeVariantId) ?? 0) + item.quantity);
    checkExchangeChoice(
      byLine.get(item.orderItemId)!,
      choices.get(item.exchangeVariantId),
      perVariant.get(item.exchangeVariantId)!,
    );
  }

  const created = await insertRequest(tx, {
    orderId: order.id,
    userId,
    status: "requested",
    reason: input.reason,
    reasonText: input.reasonText,
    photos,
    createdAt: now,
    updatedAt: now,
  });
  await tx.insert(returnItems).values(
    input.items.map((item) => {
      const choice =
        item.kind === "exchange" && item.exchangeVariantId ? choices.get(item.exchangeVariantId) : undefined;
      return {
        returnId: created.returnId,
        orderItemId: item.orderItemId,
        quantity: item.quantity,
        kind: item.kind,
        exchangeVariantId: choice?.variantId ?? null,
        exchangeColor: choice?.color ?? null,
        exchangeSize: choice?.size ?? null,
      };
    }),
  );
  const note = `${kindSummary(input.items)}: ${RETURN_REASON_LABELS[input.reason]}${input.reasonText ? ` (“${input.reasonText}”)` : ""}`;
  await recordReturnEvent(tx, {
    returnId: created.returnId,
    orderId: order.id,
    step: "requested",
    actor: { id: userId, name: "Customer" },
    note,
    at: now,
  });
  return created;
}

/** The variants asked for in exchange, with their product's status and their stock now. */
async function exchangeChoices(tx: Tx, variantIds: number[]): Promise<Map<number, ExchangeChoice>> {
  if (variantIds.length === 0) return new Map();
  const rows = await tx
    .select({
      variantId: productVariants.id,
      productId: productVariants.productId,
      color: productVariants.color,
      size: productVariants.size,
      stock: productVariants.stock,
      status: products.status,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(inArray(productVariants.id, [...new Set(variantIds)]));
  return new Map(rows.map(({ status, ...r }) => [r.variantId, { ...r, forSale: isForSale(status) }]));
}

/** A new request under a return number nobody has: a taken number is skipped by the insert itself. */
async function insertRequest(
  tx: Tx,
  values: Omit<typeof returnRequests.$inferInsert, "returnNumber">,
): Promise<{ returnId: string; returnNumber: string }> {
  for (let i = 0; i < 20; i++) {
    const returnNumber = prefixedSixDigits("RT");
    const [row] = await tx
      .insert(returnRequests)
      .values({ ...values, returnNumber })
      .onConflictDoNothing({ target: returnRequests.returnNumber })
      .returning({ id: returnRequests.id });
    if (row) return { returnId: row.id, returnNumber };
  }
  throw new Error("Could not find a free return number");
}
