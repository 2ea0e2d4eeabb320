import { stringify } from "csv-stringify/sync";
import { and, asc, desc, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { orderItems, orders } from "~/modules/orders/tables";
import { formatPakistaniMobile } from "~/lib/phone";
import { formatShopDateTimeSortable } from "~/lib/shop-time";
import { neutraliseCsvCell } from "./csv-cell";
import { PAYMENT_STATUS_LABELS, STATUS_LABELS } from "./order-lifecycle";
import { sellerOrderWhere } from "./seller-order-filter.server";

/** Rows read per query: a shop of 20,000 orders is exported without ever holding them all. */
export const CSV_BATCH_SIZE = 500;

const COLUMNS = [
  "Order Number",
  "Placed (PKT)",
  "Status",
  "Payment",
  "Channel",
  "Customer",
  "Phone",
  "Email",
  "Address",
  "City",
  "Postal Code",
  "Items",
  "Subtotal (PKR)",
  "Discount Code",
  "Discount (PKR)",
  "Shipping (PKR)",
  "Store Credit (PKR)",
  // An exchange's replacement: the returned item's value put toward it (Total = Subtotal - Discount - Store Credit - Exchange Credit + Shipping + COD Fee).
  "Exchange Credit (PKR)",
  "COD Fee (PKR)",
  "Total (PKR)",
  // Paying online (issue 42): what was paid online and verified, and the rest, the cash to collect on delivery.
  "Paid Online (PKR)",
  "To Collect (PKR)",
  "Courier",
  "Tracking Number",
  // Returns (issue 30): a replacement order's original order, and the refunds recorded against the order.
  "Exchange For",
  "Refunded (PKR)",
  // Where a web order's buyer first came from (issue 44): the source's code (instagram, direct, ...; empty on an
  // entered order or one placed before sources were kept) and its utm_campaign.
  "Source",
  "Campaign",
];

/**
 * The orders the owner's filter shows, as CSV text in chunks (the header first), newest first.
 * Pages are read by keyset (after the last row's created_at and id), so every batch is one indexed
 * range read however deep into the export it is. Text cells are neutralised against formulas.
 */
export async function* exportOrdersCsv(
  db: DbOrTx,
  filter: Parameters<typeof sellerOrderWhere>[0],
): AsyncGenerator<string> {
  yield stringify([COLUMNS]);
  const where = sellerOrderWhere(filter);
  let after: string | null = null;
  for (;;) {
    const page = await db
      .select({
        id: orders.id,
        orderNumber: orders.orderNumber,
        createdAt: orders.createdAt,
        status: orders.status,
        paymentStatus: orders.paymentStatus,
        channel: orders.channel,
        fullName: orders.fullName,
        phone: orders.phone,
        email: orders.email,
        address: orders.address,
        city: orders.city,
        postalCode: orders.postalCode,
        subtotal: orders.subtotal,
        discountCode: orders.discountCode,
        discountTotal: orders.discountTotal,
        shippingFee: orders.shippingFee,
        storeCreditUsed: orders.storeCreditUsed,
        exchangeCredit: orders.exchangeCredit,
        codFee: orders.codFee,
        total: orders.total,
        amountPaid: orders.amountPaid,
        courierName: orders.courierName,
        trackingNumber: orders.trackingNumber,
        source: orders.source,
        sourceCampaign: orders.sourceCampaign,
        // Per row of the batch, each by an index (orders' primary key, refunds(order_id)); qualified by
        // hand, as a one-table select leaves its own columns unqualified.
        exchangeFor: sql<
          string | null
        >`(select r.order_number from orders r where r.id = "orders"."replaces_order_id")`,
        refunded:
          sql<number>`(select coalesce(sum(f.amount), 0)::int from refunds f where f.order_id = "orders"."id")`.mapWith(
            Number,
          ),
      })
      .from(orders)
      // Compared with the stored values themselves, so no precision is lost between batches.
      .where(
        and(
          where,
          after
            ? sql`(${orders.createdAt}, ${orders.id}) < (select created_at, id from orders where id = ${after})`
            : undefined,
        ),
      )
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(CSV_BATCH_SIZE);
    if (page.length === 0) return;
    const items = await db
      .select({
        orderId: orderItems.orderId,
        name: orderItems.name,
        color: orderItems.color,
        size: orderItems.size,
        quantity: orderItems.quantity,
      })
      .from(orderItems)
      .where(
        inArray(
          orderItems.orderId,
          page.map((o) => o.id),
        ),
      )
      .orderBy(asc(orderItems.id));
    const lines = new Map<string, string[]>();
    for (const i of items)
      lines.set(i.orderId, [...(lines.get(i.orderId) ?? []), `${i.quantity} x ${i.name} (${i.color}, ${i.size})`]);
    const text = (value: string | null) => neutraliseCsvCell(value ?? "");
    yield stringify(
      page.map((o) => [
        o.orderNumber,
        formatShopDateTimeSortable(o.createdAt),
        STATUS_LABELS[o.status],
        PAYMENT_STATUS_LABELS[o.paymentStatus],
        o.channel,
        text(o.fullName),
        text(o.phone && formatPakistaniMobile(o.phone)),
        text(o.email),
        text(o.address),
        text(o.city),
        text(o.postalCode),
        text((lines.get(o.id) ?? []).join("; ")),
        o.subtotal,
        text(o.discountCode),
        o.discountTotal,
        o.shippingFee,
        o.storeCreditUsed,
        o.exchangeCredit,
        o.codFee,
        o.total,
        o.amountPaid,
        o.total - o.amountPaid,
        text(o.courierName),
        text(o.trackingNumber),
        text(o.exchangeFor),
        o.refunded,
        o.source ?? "",
        text(o.sourceCampaign),
      ]),
    );
    if (page.length < CSV_BATCH_SIZE) return;
    after = page[page.length - 1].id;
  }
}
