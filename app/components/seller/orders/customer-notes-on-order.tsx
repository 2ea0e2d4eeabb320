import { formatShopDate } from "~/lib/shop-time";
import type { OrderCustomerNote } from "~/modules/orders/order-customers.server";

/**
 * The customer's notes marked "show on orders", on each of their orders (the Orders tab and the
 * order page): plain text as the owner wrote it, with who wrote it and when.
 */
export function CustomerNotesOnOrder({ notes }: { notes: OrderCustomerNote[] }) {
  if (notes.length === 0) return null;
  return (
    <div className="mt-2" data-testid="customer-notes-on-order">
      <p className="sr-only">Notes on this customer:</p>
      <ul className="grid gap-1.5">
        {notes.map((note) => (
          <li key={note.id} className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-950">
            <p className="whitespace-pre-line break-words">{note.body}</p>
            <p className="mt-0.5 text-xs text-amber-900">
              {note.authorName}, {formatShopDate(note.createdAt)}
            </p>
          </li>
        ))}
      </ul>
    </div>
  );
}
