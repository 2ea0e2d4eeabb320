import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { discountCodes, discountRedemptions } from "~/modules/promotions/tables";
import { orders } from "~/modules/orders/reads";
import type { OrderStatus } from "~/db/schema/statuses";
import { AppError, errorChain } from "~/lib/errors";
import type { DiscountCodeInput } from "./promotion-forms";

/** What the owner reads about a code beside its rules: where it stands now, and what it has given. */
export type CodeState = "active" | "paused" | "scheduled" | "expired" | "used-up";
export type DiscountCodeRow = DiscountCodeInput & {
  id: number;
  paused: boolean;
  uses: number;
  state: CodeState;
  /** Orders holding a use now (a cancelled or returned order gave its use back). */
  orders: number;
  /** PKR taken off those orders. */
  given: number;
};

export const CODES_PER_PAGE = 25;

function stateOf(
  code: { paused: boolean; startsAt: Date | null; endsAt: Date | null; maxUses: number | null; uses: number },
  now: Date,
): CodeState {
  if (code.paused) return "paused";
  if (code.endsAt && now >= code.endsAt) return "expired";
  if (code.maxUses !== null && code.uses >= code.maxUses) return "used-up";
  if (code.startsAt && now < code.startsAt) return "scheduled";
  return "active";
}

const held = isNull(discountRedemptions.releasedAt);

/** The codes, newest first, a page at a time, each with its orders and PKR given (summed in SQL). */
export async function listDiscountCodes(
  db: DbOrTx,
  { page, now }: { page: number; now: Date },
): Promise<{ codes: DiscountCodeRow[]; total: number }> {
  const given = db
    .select({
      codeId: discountRedemptions.codeId,
      orders: sql<number>`count(*)::int`.as("orders"),
      given: sql<number>`coalesce(sum(${discountRedemptions.amount}), 0)::int`.as("given"),
    })
    .from(discountRedemptions)
    .where(held)
    .groupBy(discountRedemptions.codeId)
    .as("given");
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ code: discountCodes, orders: given.orders, given: given.given })
      .from(discountCodes)
      .leftJoin(given, eq(given.codeId, discountCodes.id))
      .orderBy(desc(discountCodes.createdAt), desc(discountCodes.id))
      .limit(CODES_PER_PAGE)
      .offset((Math.max(page, 1) - 1) * CODES_PER_PAGE),
    db.select({ total: sql<number>`count(*)::int` }).from(discountCodes),
  ]);
  return { codes: rows.map((r) => toRow(r.code, r.orders ?? 0, r.given ?? 0, now)), total };
}

function toRow(code: typeof discountCodes.$inferSelect, orderCount: number, given: number, now: Date): DiscountCodeRow {
  return {
    id: code.id,
    code: code.code,
    kind: code.kind,
    value: code.value,
    minOrder: code.minOrder,
    maxUses: code.maxUses,
    maxUsesPerCustomer: code.maxUsesPerCustomer,
    startsAt: code.startsAt,
    endsAt: code.endsAt,
    appliesTo: code.appliesTo,
    categorySlugs: code.categorySlugs,
    productIds: code.productIds,
    combinesWithSale: code.combinesWithSale,
    paused: code.paused,
    uses: code.uses,
    state: stateOf(code, now),
    orders: orderCount,
    given,
  };
}

export async function getDiscountCode(db: DbOrTx, id: number, now: Date): Promise<DiscountCodeRow | null> {
  const [code] = await db.select().from(discountCodes).where(eq(discountCodes.id, id));
  if (!code) return null;
  const [sum] = await db
    .select({
      orders: sql<number>`count(*)::int`,
      given: sql<number>`coalesce(sum(${discountRedemptions.amount}), 0)::int`,
    })
    .from(discountRedemptions)
    .where(and(eq(discountRedemptions.codeId, id), held));
  return toRow(code, sum?.orders ?? 0, sum?.given ?? 0, now);
}

export type CodeOrder = {
  orderId: string;
  orderNumber: string;
  fullName: string;
  placedAt: Date;
  status: OrderStatus;
  amount: number;
  gaveBack: boolean;
};
export const CODE_ORDERS_PER_PAGE = 20;

/** The orders that used a code, newest first; a cancelled or returned one is shown as having given its use back. */
export async function listCodeOrders(
  db: DbOrTx,
  codeId: number,
  page: number,
): Promise<{ orders: CodeOrder[]; total: number }> {
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        orderId: orders.id,
        orderNumber: orders.orderNumber,
        fullName: orders.fullName,
        placedAt: discountRedemptions.createdAt,
        status: orders.status,
        amount: discountRedemptions.amount,
        releasedAt: discountRedemptions.releasedAt,
      })
      .from(discountRedemptions)
      .innerJoin(orders, eq(orders.id, discountRedemptions.orderId))
      .where(eq(discountRedemptions.codeId, codeId))
      .orderBy(desc(discountRedemptions.createdAt), desc(discountRedemptions.id))
      .limit(CODE_ORDERS_PER_PAGE)
      .offset((Math.max(page, 1) - 1) * CODE_ORDERS_PER_PAGE),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(discountRedemptions)
      .where(eq(discountRedemptions.codeId, codeId)),
  ]);
  return { orders: rows.map(({ releasedAt, ...r }) => ({ ...r, gaveBack: releasedAt !== null })), total };
}

/** Postgres' answers to a code that clashes with another (any case) or a limit below the uses held. */
function refusal(error: unknown, input: DiscountCodeInput, uses: number): AppError | null {
  const said = [...errorChain(error)].map((e) => `${e.constraint ?? ""} ${e.message ?? ""}`).join(" ");
  if (said.includes("discount_codes_code_idx"))
    return new AppError("VALIDATION", `The code ${input.code} already exists`, {
      code: `The code ${input.code} already exists`,
    });
  if (said.includes("discount_codes_uses_within_limit")) {
    const message = `${input.code} is held by ${uses} ${uses === 1 ? "order" : "orders"}: the limit cannot be below that`;
    return new AppError("VALIDATION", message, { maxUses: message });
  }
  return null;
}

const columns = (input: DiscountCodeInput) => ({
  code: input.code.toUpperCase(),
  kind: input.kind,
  value: input.value,
  minOrder: input.minOrder,
  maxUses: input.maxUses,
  maxUsesPerCustomer: input.maxUsesPerCustomer,
  startsAt: input.startsAt,
  endsAt: input.endsAt,
  appliesTo: input.appliesTo,
  categorySlugs: input.categorySlugs,
  productIds: input.productIds,
  combinesWithSale: input.combinesWithSale,
});

export async function createDiscountCode(db: DbOrTx, input: DiscountCodeInput): Promise<{ id: number }> {
  try {
    const [row] = await db.insert(discountCodes).values(columns(input)).returning({ id: discountCodes.id });
    return row;
  } catch (error) {
    throw refusal(error, input, 0) ?? error;
  }
}

/** Saves the code's rules; the uses it holds stay (a limit below them is refused). */
export async function updateDiscountCode(db: DbOrTx, id: number, input: DiscountCodeInput): Promise<void> {
  const [current] = await db.select({ uses: discountCodes.uses }).from(discountCodes).where(eq(discountCodes.id, id));
  if (!current) throw new AppError("NOT_FOUND", "That discount code no longer exists");
  try {
    await db
      .update(discountCodes)
      .set({ ...columns(input), updatedAt: new Date() })
      .where(eq(discountCodes.id, id));
  } catch (error) {
    throw refusal(error, input, current.uses) ?? error;
  }
}

/** Pauses a code (it is refused at checkout until resumed) or resumes it. */
export async function setDiscountCodePaused(db: DbOrTx, id: number, paused: boolean): Promise<{ code: string }> {
  const [row] = await db
    .update(discountCodes)
    .set({ paused, updatedAt: new Date() })
    .where(eq(discountCodes.id, id))
    .returning({ code: discountCodes.code });
  if (!row) throw new AppError("NOT_FOUND", "That discount code no longer exists");
  return row;
}
