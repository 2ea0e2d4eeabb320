import type { DbOrTx } from "~/db/client.server";
import { queueMessages } from "./outbox.server";
import { outboxMessage, type EmailMessage } from "./email-messages";

/**
 * Writes e-mails to the outbox (outbox.server.ts) inside the caller's transaction, with
 * their subjects; the brand name is read when the caller has not passed it.
 */
export async function queueEmails(
  db: DbOrTx,
  messages: EmailMessage[],
  shopName?: string,
  options: { wake?: boolean } = {},
): Promise<void> {
  await queueMessages(db, messages.map(outboxMessage), shopName, options);
}
