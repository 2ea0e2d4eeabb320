import { and, count, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { customers, customerTags } from "~/modules/customers/tables";
import { AppError } from "~/lib/errors";
import { CUSTOMER_FORM_MESSAGES, TAGS_PER_CUSTOMER, tagInput } from "./customer-forms";
import { customerId } from "./get-customer.server";

const refuse = (message: string) => new AppError("VALIDATION", message, { tag: message });

async function requireCustomer(db: DbOrTx, id: number): Promise<void> {
  const [row] = await db.select({ id: customers.id }).from(customers).where(eq(customers.id, id));
  if (!row) throw new AppError("NOT_FOUND", "That customer is not in the list: their orders may have been removed");
}

/**
 * Tags a customer (trimmed, 1 to 30 characters). The same tag in another case is refused beside the
 * field: the database's unique index on (customer, lower(tag)) decides, so two owners at once cannot
 * both add it.
 */
export async function addCustomerTag(db: DbOrTx, rawId: unknown, input: { tag: string }): Promise<{ tag: string }> {
  const id = customerId(rawId);
  const parsed = tagInput.safeParse(input);
  if (!parsed.success) throw refuse(parsed.error.issues[0].message);
  const { tag } = parsed.data;
  await requireCustomer(db, id);
  const [{ n }] = await db.select({ n: count() }).from(customerTags).where(eq(customerTags.customerId, id));
  if (Number(n) >= TAGS_PER_CUSTOMER) throw refuse(CUSTOMER_FORM_MESSAGES.tagTooMany);
  const added = await db
    .insert(customerTags)
    .values({ customerId: id, tag })
    .onConflictDoNothing()
    .returning({ tag: customerTags.tag });
  if (added.length === 0) {
    const [existing] = await db
      .select({ tag: customerTags.tag })
      .from(customerTags)
      .where(and(eq(customerTags.customerId, id), sql`lower(${customerTags.tag}) = lower(${tag})`));
    throw refuse(CUSTOMER_FORM_MESSAGES.tagDuplicate(existing?.tag ?? tag));
  }
  return { tag };
}

/** Takes a tag off (matched whatever its case); a tag already gone is no error. */
export async function removeCustomerTag(db: DbOrTx, rawId: unknown, tag: string): Promise<void> {
  const id = customerId(rawId);
  await db
    .delete(customerTags)
    .where(and(eq(customerTags.customerId, id), sql`lower(${customerTags.tag}) = lower(${tag.trim()})`));
}
