import { redirect, type AppLoadContext } from "react-router";
import { AppError } from "~/lib/errors";
import { customerFormsSchema, NOT_UNDERSTOOD } from "~/modules/customers/customer-forms";
import { addCustomerNote, deleteCustomerNote, setNoteShowOnOrders } from "~/modules/customers/customer-notes.server";
import { deleteCustomerSegment, saveCustomerSegment } from "~/modules/customers/customer-segments.server";
import { addCustomerTag, removeCustomerTag } from "~/modules/customers/customer-tags.server";
import type { SessionUser } from "~/modules/accounts/session-user.server";
import { setFlash } from "./flash.server";
import { parseSubmission, refusal, type FormReply } from "./form-reply";

/**
 * Runs one of the Customers forms. A change redirects back (`back`, the page it came from) with a
 * toast; a refusal (status 200, shown in place) comes back with the message beside its field and
 * what was typed, nothing saved. `customerId` is the customer page's id (null on the list).
 */
export async function customerAction(
  db: AppLoadContext["db"],
  user: SessionUser,
  customerId: string | null,
  form: FormData,
  back: string,
): Promise<Response | FormReply> {
  const submission = parseSubmission(form, customerFormsSchema);
  if (submission.status !== "success")
    return refusal(submission, { formError: submission.error?.intent ? NOT_UNDERSTOOD : undefined });
  const sent = submission.value;
  const done = async (message: string, to = back) =>
    redirect(to, { headers: { "Set-Cookie": await setFlash({ type: "success", message }) } });
  try {
    switch (sent.intent) {
      case "save-segment": {
        const segment = await saveCustomerSegment(db, { name: sent.name, query: sent.query }, user.id);
        return done(`Segment "${segment.name}" saved`, `/seller/customers${segment.query ? `?${segment.query}` : ""}`);
      }
      case "delete-segment": {
        const gone = await deleteCustomerSegment(db, sent.segmentId);
        return done(gone ? `Segment "${gone.name}" deleted` : "That segment was already deleted");
      }
      case "add-tag": {
        const { tag } = await addCustomerTag(db, customerId, { tag: sent.tag });
        return done(`Tagged ${tag}`);
      }
      case "remove-tag": {
        await removeCustomerTag(db, customerId, sent.tag);
        return done(`Tag ${sent.tag} removed`);
      }
      case "add-note": {
        await addCustomerNote(
          db,
          customerId,
          { id: user.id, name: user.name || user.email },
          { body: sent.body, showOnOrders: sent.showOnOrders },
        );
        return done("Note added");
      }
      case "note-orders": {
        await setNoteShowOnOrders(db, customerId, sent.noteId, sent.showOnOrders);
        return done(
          sent.showOnOrders ? "The note now shows on this customer's orders" : "The note no longer shows on orders",
        );
      }
      case "delete-note": {
        await deleteCustomerNote(db, customerId, sent.noteId);
        return done("Note deleted");
      }
    }
  } catch (error) {
    if (error instanceof AppError && (error.code === "VALIDATION" || error.code === "NOT_FOUND"))
      return refusal(submission, { formError: error.message, fieldErrors: error.fields });
    throw error;
  }
}
