import { and, desc, eq, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { couriers, settlements, shippingDiscrepancies } from "~/modules/shipping/tables";
import { orders } from "~/modules/orders/reads";
import type { DiscrepancyKind } from "~/db/schema/statuses";
import { AppError } from "~/lib/errors";
import { pageWindow } from "~/lib/page-window";
import { formatShopDate } from "~/lib/shop-time";
import {
  checkResolveNote,
  DEFAULT_OVERDUE_DAYS,
  discrepancyDifference,
  discrepancyKindText,
  type DiscrepancyStatus,
} from "./discrepancy-words";
import { isSerialId } from "~/lib/serial-id";

export const DISCREPANCY_PAGE_SIZE = 20;

/** One discrepancy as the owner reads it. Dates are ISO strings (loader data and JSON alike). */
export type DiscrepancyView = {
  id: number;
  kind: DiscrepancyKind;
  /** The kind in words: "Paid a different amount". */
  kindText: string;
  courierName: string | null;
  orderId: string | null;
  orderNumber: string | null;
  settlementReference: string | null;
  /** Rupees the shop expected, the courier reported, and reported minus expected. */
  expected: number | null;
  actual: number | null;
  difference: number | null;
  detail: string;
  createdAt: string;
  resolvedAt: string | null;
  resolvedByName: string | null;
  resolvedNote: string | null;
};

export type DiscrepancyPage = {
  status: DiscrepancyStatus;
  items: DiscrepancyView[];
  page: number;
  pageCount: number;
  /** How many are open and resolved in all: the toggle's counts. */
  open: number;
  resolved: number;
};

/** The overdue days "Delivered, not paid after N days" names: the shop's setting (10 without one). */
const overdueDaysSql =
  sql<number>`coalesce((select settlement_overdue_days from shop_settings where id = 1), ${DEFAULT_OVERDUE_DAYS})`.mapWith(
    Number,
  );

/** The discrepancy columns every view reads, with its courier's name, order number and settlement reference. */
export const discrepancyColumns = {
  id: shippingDiscrepancies.id,
  kind: shippingDiscrepancies.kind,
  courierName: couriers.name,
  orderId: shippingDiscrepancies.orderId,
  orderNumber: orders.orderNumber,
  settlementReference: settlements.reference,
  expected: shippingDiscrepancies.expected,
  actual: shippingDiscrepancies.actual,
  detail: shippingDiscrepancies.detail,
  createdAt: shippingDiscrepancies.createdAt,
  resolvedAt: shippingDiscrepancies.resolvedAt,
  resolvedByName: shippingDiscrepancies.resolvedByName,
  resolvedNote: shippingDiscrepancies.resolvedNote,
  // One value for the whole query (an uncorrelated subquery runs once).
  overdueDays: overdueDaysSql,
};

export function statusWhere(status: DiscrepancyStatus | "all"): SQL | undefined {
  if (status === "all") return undefined;
  return status === "open" ? isNull(shippingDiscrepancies.resolvedAt) : isNotNull(shippingDiscrepancies.resolvedAt);
}

type DiscrepancyRow = Awaited<ReturnType<typeof discrepanciesWithNames>>[number];

export function toDiscrepancyView({ overdueDays, ...row }: DiscrepancyRow): DiscrepancyView {
  return {
    ...row,
    kindText: discrepancyKindText(row.kind, overdueDays),
    difference: discrepancyDifference(row.expected, row.actual),
    createdAt: row.createdAt.toISOString(),
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
  };
}

/** Joins a query on shipping_discrepancies to its courier, order and settlement (each may be gone). */
export function discrepanciesWithNames(db: DbOrTx, where: SQL | undefined) {
  return db
    .select(discrepancyColumns)
    .from(shippingDiscrepancies)
    .leftJoin(couriers, eq(couriers.id, shippingDiscrepancies.courierId))
    .leftJoin(orders, eq(orders.id, shippingDiscrepancies.orderId))
    .leftJoin(settlements, eq(settlements.id, shippingDiscrepancies.settlementId))
    .where(where)
    .orderBy(desc(shippingDiscrepancies.createdAt), desc(shippingDiscrepancies.id));
}

/**
 * One page of open (or resolved) discrepancies, newest first, with the courier's name and the
 * order's number, paged in SQL; and how many there are of each, for the Open / Resolved toggle.
 */
export async function listDiscrepancies(
  db: DbOrTx,
  {
    status,
    page = 1,
    pageSize = DISCREPANCY_PAGE_SIZE,
  }: { status: DiscrepancyStatus; page?: number; pageSize?: number },
): Promise<DiscrepancyPage> {
  const size = Math.min(Math.max(1, Math.floor(pageSize) || DISCREPANCY_PAGE_SIZE), 100);
  const [counts] = await db
    .select({
      open: sql<number>`count(*) filter (where ${shippingDiscrepancies.resolvedAt} is null)`.mapWith(Number),
      resolved: sql<number>`count(*) filter (where ${shippingDiscrepancies.resolvedAt} is not null)`.mapWith(Number),
    })
    .from(shippingDiscrepancies);
  const total = status === "open" ? counts.open : counts.resolved;
  const window = pageWindow(total, page, size);
  const rows =
    total === 0 ? [] : await discrepanciesWithNames(db, statusWhere(status)).limit(size).offset(window.offset);
  return {
    status,
    items: rows.map(toDiscrepancyView),
    page: window.page,
    pageCount: window.pageCount,
    open: counts.open,
    resolved: counts.resolved,
  };
}

/**
 * Marks a discrepancy resolved by `actor`, with a note of what was done (3 to 500 characters). A
 * discrepancy resolved already (by someone else a moment ago, or a form sent twice) is refused
 * with who resolved it and when, and keeps its first note.
 */
export async function resolveDiscrepancy(
  db: DbOrTx,
  actor: { name: string },
  id: number,
  note: string,
  now: Date = new Date(),
): Promise<DiscrepancyView> {
  const checked = checkResolveNote(note);
  if (!checked.ok) throw new AppError("VALIDATION", checked.error, { note: checked.error });
  if (!isSerialId(id)) throw new AppError("NOT_FOUND", "That discrepancy no longer exists");
  const updated = await db
    .update(shippingDiscrepancies)
    .set({ resolvedAt: now, resolvedByName: actor.name, resolvedNote: checked.note })
    .where(and(eq(shippingDiscrepancies.id, id), isNull(shippingDiscrepancies.resolvedAt)))
    .returning({ id: shippingDiscrepancies.id });
  const [row] = await discrepanciesWithNames(db, eq(shippingDiscrepancies.id, id));
  if (!row) throw new AppError("NOT_FOUND", "That discrepancy no longer exists");
  if (updated.length === 0) {
    const by = row.resolvedByName ? ` by ${row.resolvedByName}` : "";
    throw new AppError("CONFLICT", `This discrepancy was already resolved${by} on ${formatShopDate(row.resolvedAt!)}.`);
  }
  return toDiscrepancyView(row);
}
