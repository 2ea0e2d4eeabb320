import { redirect, type AppLoadContext } from "react-router";
import { AppError } from "~/lib/errors";
import { isChecked } from "~/modules/customers/customer-forms";
import { addCustomerNote, deleteCustomerNote, setNoteShowOnOrders } from "~/modules/customers/customer-notes.server";
import { deleteCustomerSegment, saveCustomerSegment } from "~/modules/customers/customer-segments.server";
import { addCustomerTag, removeCustomerTag } from "~/modules/customers/customer-tags.server";
import type { SessionUser } from "~/modules/accounts/session-user.server";
import { setFlash } from "./flash.server";

/** What the Customers list's and a customer page's forms post (an `intent`), and what a refused one gets back. */
export const CUSTOMER_INTENTS = [
  "save-segment",
  "delete-segment",
  "add-tag",
  "remove-tag",
  "add-note",
  "note-orders",
  "delete-note",
] as const;
export type CustomerIntent = (typeof CUSTOMER_INTENTS)[number];

export type CustomerActionData = {
  ok: false;
  intent: CustomerIntent | null;
  message: string;
  fields: Record<string, string>;
  /** What was typed, shown again in the refused form. */
  values: Record<string, string>;
};

const text = (form: FormData, name: string) => String(form.get(name) ?? "");

/**
 * Runs one of the Customers forms. A change redirects back (`back`, the page it came from) with a
 * toast; a refusal comes back with the message beside its field and what was typed, nothing saved.
 * `customerId` is the customer page's id (null on the list).
 */
export async function customerAction(
  db: AppLoadContext["db"],
  user: SessionUser,
  customerId: string | null,
  form: FormData,
  back: string,
): Promise<Response | CustomerActionData> {
  const raw = text(form, "intent");
  const intent = (CUSTOMER_INTENTS as readonly string[]).includes(raw) ? (raw as CustomerIntent) : null;
  const values = Object.fromEntries(
    [...form.entries()].filter(([k, v]) => k !== "intent" && typeof v === "string").map(([k, v]) => [k, String(v)]),
  );
  const refused = (message: string, fields: Record<string, string> = {}): CustomerActionData => ({
    ok: false,
    intent,
    message,
    fields,
    values,
  });
  const done = async (message: string, to = back) =>
    redirect(to, { headers: { "Set-Cookie": await setFlash({ type: "success", message }) } });
  try {
    switch (intent) {
      case "save-segment": {
        const segment = await saveCustomerSegment(
          db,
          { name: text(form, "name"), query: text(form, "query") },
          user.id,
        );
        return done(`Segment "${segment.name}" saved`, `/seller/customers${segment.query ? `?${segment.query}` : ""}`);
      }
      case "delete-segment": {
        const gone = await deleteCustomerSegment(db, text(form, "segmentId"));
        return done(gone ? `Segment "${gone.name}" deleted` : "That segment was already deleted");
      }
      case "add-tag": {
        const { tag } = await addCustomerTag(db, customerId, { tag: text(form, "tag") });
        return done(`Tagged ${tag}`);
      }
      case "remove-tag": {
        await removeCustomerTag(db, customerId, text(form, "tag"));
        return done(`Tag ${text(form, "tag")} removed`);
      }
      case "add-note": {
        await addCustomerNote(
          db,
          customerId,
          { id: user.id, name: user.name || user.email },
          { body: text(form, "body"), showOnOrders: isChecked(form.get("showOnOrders")) },
        );
        return done("Note added");
      }
      case "note-orders": {
        const show = isChecked(form.get("showOnOrders"));
        await setNoteShowOnOrders(db, customerId, text(form, "noteId"), show);
        return done(show ? "The note now shows on this customer's orders" : "The note no longer shows on orders");
      }
      case "delete-note": {
        await deleteCustomerNote(db, customerId, text(form, "noteId"));
        return done("Note deleted");
      }
      default:
        return refused("That request was not understood. Please reload the page.");
    }
  } catch (error) {
    if (error instanceof AppError && (error.code === "VALIDATION" || error.code === "NOT_FOUND"))
      return refused(error.message, error.fields ?? {});
    throw error;
  }
}
