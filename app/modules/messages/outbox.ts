import type { DbOrTx } from "~/db/client.server";
import type { EmailKind } from "~/db/schema/statuses";

/**
 * One message for the outbox, as email-messages.ts builds it (`outboxMessage`). The subject is
 * known when the message is queued, so Email Logs shows it before it is rendered; a subject that
 * names the shop is a function of the brand name, read once when needed.
 */
export type OutboxMessage = {
  kind: EmailKind;
  to: string;
  subject: string | ((shopName: string) => string);
  data: Record<string, unknown>;
  orderId?: string | null;
  orderNumber?: string | null;
};

/**
 * The port a module declares when its transaction queues messages (accounts, notify-me): a flow
 * hands it outbox.server.ts's `queueMessages`, so only modules/messages writes the outbox.
 */
export type QueueMessages = (db: DbOrTx, messages: OutboxMessage[]) => Promise<void>;
