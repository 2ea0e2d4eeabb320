import { and, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { PAYMENT_GATEWAYS, PAYMENT_STATES, type PaymentGatewayName, type PaymentState } from "~/db/schema/statuses";
import { pageWindow } from "~/lib/page-window";
import { stringify } from "csv-stringify/sync";
import { formatShopDateTimeSortable } from "~/lib/shop-time";
import { neutraliseCsvCell } from "~/modules/orders/csv-cell";
import { orders } from "~/modules/orders/reads";
import { GATEWAY_LABELS } from "./payment-gateway";
import { PAYMENT_STATE_LABELS } from "./payment-labels";
import { payments } from "./tables";

export const PAYMENTS_PAGE_SIZE = 25;

export { PAYMENT_STATE_LABELS } from "./payment-labels";

export type PaymentsQuery = { state: PaymentState | null; gateway: PaymentGatewayName | null; q: string; page: number };

/** The list's filters from its URL: unknown values are left out, never an error. */
export function readPaymentsQuery(params: URLSearchParams): PaymentsQuery {
  const state = PAYMENT_STATES.find((s) => s === params.get("state")) ?? null;
  const gateway = PAYMENT_GATEWAYS.find((g) => g === params.get("gateway")) ?? null;
  const page = Math.max(1, Math.floor(Number(params.get("page")) || 1));
  return { state, gateway, q: (params.get("q") ?? "").trim().slice(0, 60), page };
}

export type PaymentListRow = {
  id: string;
  orderId: string;
  orderNumber: string;
  customerName: string;
  orderStatus: string;
  gateway: PaymentGatewayName;
  purpose: "order" | "advance";
  reference: string;
  gatewayReference: string | null;
  amountPaisa: number;
  refundedPaisa: number;
  state: PaymentState;
  method: string | null;
  message: string | null;
  createdAt: Date;
  paidAt: Date | null;
};

function where(query: Pick<PaymentsQuery, "state" | "gateway" | "q">): SQL | undefined {
  const parts: (SQL | undefined)[] = [
    query.state ? eq(payments.state, query.state) : undefined,
    query.gateway ? eq(payments.gateway, query.gateway) : undefined,
    query.q
      ? or(
          ilike(orders.orderNumber, `%${query.q}%`),
          ilike(payments.reference, `%${query.q}%`),
          ilike(payments.gatewayReference, `%${query.q}%`),
        )
      : undefined,
  ];
  return and(...parts.filter((p): p is SQL => p !== undefined));
}

const columns = {
  id: payments.id,
  orderId: payments.orderId,
  orderNumber: orders.orderNumber,
  customerName: orders.fullName,
  orderStatus: orders.status,
  gateway: payments.gateway,
  purpose: payments.purpose,
  reference: payments.reference,
  gatewayReference: payments.gatewayReference,
  amountPaisa: payments.amountPaisa,
  refundedPaisa: payments.refundedPaisa,
  state: payments.state,
  method: payments.method,
  message: payments.message,
  createdAt: payments.createdAt,
  paidAt: payments.paidAt,
};

/** Every payment attempt, newest first, a page at a time (counted and paged in SQL). */
export async function listPayments(db: DbOrTx, query: PaymentsQuery) {
  const filter = where(query);
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(filter);
  const { page, pageCount, offset } = pageWindow(Number(n), query.page, PAYMENTS_PAGE_SIZE);
  const rows: PaymentListRow[] = await db
    .select(columns)
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(filter)
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(PAYMENTS_PAGE_SIZE)
    .offset(offset);
  return { rows, total: Number(n), page, pageCount };
}

/** The same list for the CSV, in pages of 500 so a year of payments never sits in memory at once. */
export async function* paymentPages(db: DbOrTx, query: Omit<PaymentsQuery, "page">): AsyncGenerator<PaymentListRow[]> {
  for (let offset = 0; ; offset += 500) {
    const rows: PaymentListRow[] = await db
      .select(columns)
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .where(where(query))
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(500)
      .offset(offset);
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < 500) return;
  }
}

/** A paid attempt whose order was cancelled or returned (or paid twice) may be refunded, up to what is left. */
export function refundableFor(
  row: Pick<PaymentListRow, "state" | "orderStatus" | "amountPaisa" | "refundedPaisa">,
): number {
  const open =
    row.state === "needs_refund" ||
    (row.state === "paid" && (row.orderStatus === "cancelled" || row.orderStatus === "returned"));
  return open ? row.amountPaisa - row.refundedPaisa : 0;
}

/** Dashboard -> Payments as a CSV: the filter's payments, a header row then 500 rows at a time. */
export async function* exportPaymentsCsv(db: DbOrTx, query: Omit<PaymentsQuery, "page">): AsyncGenerator<string> {
  yield stringify([
    [
      "Started",
      "Paid",
      "Order",
      "Customer",
      "Gateway",
      "For",
      "Reference",
      "Gateway reference",
      "Amount (Rs)",
      "Refunded (Rs)",
      "State",
      "Method",
      "Message",
    ],
  ]);
  for await (const rows of paymentPages(db, query)) {
    yield stringify(
      rows.map((r) =>
        [
          formatShopDateTimeSortable(r.createdAt),
          r.paidAt ? formatShopDateTimeSortable(r.paidAt) : "",
          r.orderNumber,
          r.customerName,
          GATEWAY_LABELS[r.gateway],
          r.purpose === "advance" ? "Advance" : "Whole order",
          r.reference,
          r.gatewayReference ?? "",
          (r.amountPaisa / 100).toFixed(2),
          (r.refundedPaisa / 100).toFixed(2),
          PAYMENT_STATE_LABELS[r.state],
          r.method ?? "",
          r.message ?? "",
        ].map((cell) => neutraliseCsvCell(cell)),
      ),
    );
  }
}
