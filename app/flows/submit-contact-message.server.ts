import {
  storeContactMessage,
  type ContactRequestContext,
  type ContactResult,
} from "~/modules/contact/store-contact-message.server";
import { queueStaffNotice } from "~/modules/messages/staff-recipients.server";
import type { FlowContext } from "./flow-context";

/**
 * A buyer's message from the contact page: stored for the owner's inbox (modules/contact) and
 * e-mailed to the shop's notification recipients (modules/messages) in one transaction.
 */
export function submitContactMessage(
  ctx: FlowContext,
  input: Record<string, unknown>,
  request: ContactRequestContext,
): Promise<ContactResult> {
  return storeContactMessage(ctx.db, input, { ...request, now: request.now ?? ctx.now }, (tx, notice) =>
    queueStaffNotice(tx, { kind: "contact_message", data: notice }),
  );
}
