import { and, count, desc, eq, isNotNull, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { customerNotes, customers, customerTags } from "~/modules/customers/tables";
import { messageOutbox } from "~/modules/messages/reads";
import { orders } from "~/modules/orders/reads";
import { returnRequests } from "~/modules/returns/reads";
import {
  emailStatusOf,
  type EmailStatus,
  type OrderChannel,
  type OrderStatus,
  type ReturnStatus,
} from "~/db/schema/statuses";
import { AppError } from "~/lib/errors";
import { CUSTOMER_COLUMNS, type CustomerFigures } from "./list-customers.server";

/** How many of a customer's orders, returns and e-mails the page lists (the newest); the counts say how many there are. */
export const CUSTOMER_PAGE_CAP = 20;

export type CustomerNote = { id: number; body: string; showOnOrders: boolean; authorName: string; createdAt: Date };

export type CustomerDetail = {
  customer: CustomerFigures;
  tags: string[];
  notes: CustomerNote[];
  orders: {
    id: string;
    orderNumber: string;
    status: OrderStatus;
    channel: OrderChannel;
    total: number;
    city: string;
    discountCode: string | null;
    createdAt: Date;
  }[];
  returns: {
    id: string;
    returnNumber: string;
    status: ReturnStatus;
    orderId: string;
    orderNumber: string;
    createdAt: Date;
  }[];
  returnCount: number;
  discountCodes: { code: string; orders: number }[];
  emails: {
    id: number;
    toAddress: string;
    subject: string;
    status: EmailStatus;
    orderNumber: string | null;
    createdAt: Date;
    sentAt: Date | null;
  }[];
  emailCount: number;
};

const NOT_FOUND = "That customer is not in the list: their orders may have been removed";

/** The customer's id, or NOT_FOUND (an id that is not a whole number reads the same). */
export function customerId(raw: unknown): number {
  const id = Number(raw);
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) throw new AppError("NOT_FOUND", NOT_FOUND);
  return id;
}

/**
 * A customer's page: their figures, tags, notes (newest first), their newest orders (by phone), the
 * return requests made on those orders, the discount codes they used (with how many orders), and the
 * e-mails the shop sent to the addresses on their orders. Each list is read by an index on its key.
 */
export async function getCustomer(db: DbOrTx, rawId: unknown): Promise<CustomerDetail> {
  const id = customerId(rawId);
  const [customer] = await db.select(CUSTOMER_COLUMNS).from(customers).where(eq(customers.id, id));
  if (!customer) throw new AppError("NOT_FOUND", NOT_FOUND);
  const byPhone = eq(orders.phone, customer.phone);
  const theirAddresses = sql`lower(${messageOutbox.toAddress}) in (select distinct lower(o.email) from ${orders} o where o.phone = ${customer.phone} and o.email <> '')`;
  const emailWhere = and(eq(messageOutbox.channel, "email"), theirAddresses);
  const returnWhere = sql`${returnRequests.orderId} in (select o.id from ${orders} o where o.phone = ${customer.phone})`;
  const [tags, notes, orderRows, returns, [returnCount], discountCodes, emails, [emailCount]] = await Promise.all([
    db
      .select({ tag: customerTags.tag })
      .from(customerTags)
      .where(eq(customerTags.customerId, id))
      .orderBy(sql`lower(${customerTags.tag})`),
    db
      .select({
        id: customerNotes.id,
        body: customerNotes.body,
        showOnOrders: customerNotes.showOnOrders,
        authorName: customerNotes.authorName,
        createdAt: customerNotes.createdAt,
      })
      .from(customerNotes)
      .where(eq(customerNotes.customerId, id))
      .orderBy(desc(customerNotes.createdAt), desc(customerNotes.id)),
    db
      .select({
        id: orders.id,
        orderNumber: orders.orderNumber,
        status: orders.status,
        channel: orders.channel,
        total: orders.total,
        city: orders.city,
        discountCode: orders.discountCode,
        createdAt: orders.createdAt,
      })
      .from(orders)
      .where(byPhone)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(CUSTOMER_PAGE_CAP),
    db
      .select({
        id: returnRequests.id,
        returnNumber: returnRequests.returnNumber,
        status: returnRequests.status,
        orderId: returnRequests.orderId,
        orderNumber: sql<string>`(select o.order_number from ${orders} o where o.id = ${returnRequests.orderId})`,
        createdAt: returnRequests.createdAt,
      })
      .from(returnRequests)
      .where(returnWhere)
      .orderBy(desc(returnRequests.createdAt))
      .limit(CUSTOMER_PAGE_CAP),
    db.select({ n: count() }).from(returnRequests).where(returnWhere),
    db
      .select({ code: sql<string>`${orders.discountCode}`, orders: count() })
      .from(orders)
      .where(and(byPhone, isNotNull(orders.discountCode)))
      .groupBy(orders.discountCode)
      .orderBy(desc(count()), orders.discountCode),
    db
      .select({
        id: messageOutbox.id,
        toAddress: messageOutbox.toAddress,
        subject: messageOutbox.subject,
        status: messageOutbox.status,
        orderNumber: messageOutbox.orderNumber,
        createdAt: messageOutbox.createdAt,
        sentAt: messageOutbox.sentAt,
      })
      .from(messageOutbox)
      .where(emailWhere)
      .orderBy(desc(messageOutbox.createdAt), desc(messageOutbox.id))
      .limit(CUSTOMER_PAGE_CAP),
    db.select({ n: count() }).from(messageOutbox).where(emailWhere),
  ]);
  return {
    customer,
    tags: tags.map((t) => t.tag),
    notes,
    orders: orderRows,
    returns,
    returnCount: Number(returnCount.n),
    discountCodes: discountCodes.map((d) => ({ code: d.code, orders: Number(d.orders) })),
    emails: emails.map((e) => ({ ...e, status: emailStatusOf(e.status) })),
    emailCount: Number(emailCount.n),
  };
}
