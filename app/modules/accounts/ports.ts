import type { DbOrTx } from "~/db/client.server";
import type { QueueMessages } from "~/modules/messages/outbox";

// What accounts' operations need from other modules, handed over by flows (app/flows/team-roles,
// create-owner-account, create-shop-auth): accounts writes only its own tables.

export type { QueueMessages };

/** Who hears the shop's notices (modules/settings keeps the list), read and changed in the caller's transaction. */
export type NotificationRecipients = {
  read(tx: DbOrTx): Promise<string[]>;
  change(tx: DbOrTx, change: (emails: string[]) => string[], max: number): Promise<string[]>;
};

/** A role change tells the person by e-mail and may change who hears the shop's notices. */
export type TeamPorts = { queueMessages: QueueMessages; recipients: NotificationRecipients };
