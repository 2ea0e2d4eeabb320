import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { customerNotes, customers, customerTags } from "~/modules/customers/reads";
import type { CodRiskCustomer } from "./cod-risk";

/** A note the owner marked "show on orders", as each order of that customer shows it. */
export type OrderCustomerNote = { id: number; body: string; authorName: string; createdAt: Date };

/**
 * The customer an order belongs to (the customers row of its phone), as the Orders tab and the
 * order page show it: a link to their page, their notes marked "show on orders", and what the COD
 * risk rules read (tags, delivered and returned parcels, delivery rate).
 */
export type OrderCustomer = CodRiskCustomer & { id: number; notes: OrderCustomerNote[] };

/**
 * The customers of the given phones (E.164; anonymised orders' empty phones match nothing), with
 * their tags and show-on-orders notes (newest first): three indexed reads whatever the page's size.
 * Read when the page is shown, so a note marked today shows on every order of that customer, old and new.
 */
export async function orderCustomersOf(db: DbOrTx, phones: readonly string[]): Promise<Map<string, OrderCustomer>> {
  const byPhone = new Map<string, OrderCustomer>();
  const wanted = [...new Set(phones.filter(Boolean))];
  if (wanted.length === 0) return byPhone;
  const rows = await db
    .select({
      id: customers.id,
      phone: customers.phone,
      delivered: customers.delivered,
      returned: customers.returned,
      deliveryRate: customers.deliveryRate,
    })
    .from(customers)
    .where(inArray(customers.phone, wanted));
  if (rows.length === 0) return byPhone;
  const ids = rows.map((r) => r.id);
  const [tags, notes] = await Promise.all([
    db
      .select({ customerId: customerTags.customerId, tag: customerTags.tag })
      .from(customerTags)
      .where(inArray(customerTags.customerId, ids))
      .orderBy(asc(customerTags.tag)),
    db
      .select({
        customerId: customerNotes.customerId,
        id: customerNotes.id,
        body: customerNotes.body,
        authorName: customerNotes.authorName,
        createdAt: customerNotes.createdAt,
      })
      .from(customerNotes)
      .where(and(inArray(customerNotes.customerId, ids), eq(customerNotes.showOnOrders, true)))
      .orderBy(desc(customerNotes.createdAt), desc(customerNotes.id)),
  ]);
  for (const { phone, ...row } of rows) {
    byPhone.set(phone, {
      ...row,
      tags: tags.filter((t) => t.customerId === row.id).map((t) => t.tag),
      notes: notes.filter((n) => n.customerId === row.id).map(({ customerId: _c, ...n }) => n),
    });
  }
  return byPhone;
}
