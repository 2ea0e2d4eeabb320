import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { customerNotes, customers } from "~/modules/customers/tables";
import { AppError } from "~/lib/errors";
import { noteInput } from "./customer-forms";
import { customerId } from "./get-customer.server";

export type NoteAuthor = { id: string | null; name: string };

const noteId = (raw: unknown) => {
  const id = Number(raw);
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647)
    throw new AppError("NOT_FOUND", "That note is no longer there");
  return id;
};

/** Adds a note (1 to 1000 characters) by the signed-in owner; "show on orders" puts it on every order of the customer. */
export async function addCustomerNote(
  db: DbOrTx,
  rawId: unknown,
  author: NoteAuthor,
  input: { body: string; showOnOrders: boolean },
): Promise<{ id: number }> {
  const id = customerId(rawId);
  const parsed = noteInput.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AppError("VALIDATION", issue.message, { [String(issue.path[0] ?? "body")]: issue.message });
  }
  const [customer] = await db.select({ id: customers.id }).from(customers).where(eq(customers.id, id));
  if (!customer)
    throw new AppError("NOT_FOUND", "That customer is not in the list: their orders may have been removed");
  const [note] = await db
    .insert(customerNotes)
    .values({
      customerId: id,
      body: parsed.data.body,
      showOnOrders: parsed.data.showOnOrders,
      authorId: author.id,
      authorName: author.name || "Owner",
    })
    .returning({ id: customerNotes.id });
  return note;
}

/** Marks a note to show on the customer's orders, or not. */
export async function setNoteShowOnOrders(
  db: DbOrTx,
  rawId: unknown,
  rawNoteId: unknown,
  showOnOrders: boolean,
): Promise<void> {
  const changed = await db
    .update(customerNotes)
    .set({ showOnOrders })
    .where(and(eq(customerNotes.id, noteId(rawNoteId)), eq(customerNotes.customerId, customerId(rawId))))
    .returning({ id: customerNotes.id });
  if (changed.length === 0) throw new AppError("NOT_FOUND", "That note is no longer there");
}

/** Deletes a note of the customer (one already gone is no error). */
export async function deleteCustomerNote(db: DbOrTx, rawId: unknown, rawNoteId: unknown): Promise<void> {
  await db
    .delete(customerNotes)
    .where(and(eq(customerNotes.id, noteId(rawNoteId)), eq(customerNotes.customerId, customerId(rawId))));
}
