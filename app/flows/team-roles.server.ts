import type { Db, DbOrTx } from "~/db/client.server";
import type { Auth } from "~/modules/accounts/auth.server";
import { createOwnerAccount as createOwner } from "~/modules/accounts/create-seller.server";
import type { TeamPorts } from "~/modules/accounts/ports";
import * as team from "~/modules/accounts/team.server";
import { queueMessages } from "~/modules/messages/outbox.server";
import {
  changeNotificationRecipients,
  readNotificationRecipients,
} from "~/modules/settings/notification-recipients.server";

/** A role change e-mails the person (messages' outbox) and keeps the notification recipients (settings) in step. */
const ports: TeamPorts = {
  queueMessages,
  recipients: { read: readNotificationRecipients, change: changeNotificationRecipients },
};

/** Settings, Team: Add a seller (accounts' grantSellerRole with the messages and settings it touches). */
export function grantSellerRole(db: DbOrTx, email: string, options: { orderNotices?: boolean } = {}) {
  return team.grantSellerRole(db, email, options, ports);
}

/** Settings, Team: Remove seller role. */
export function revokeSellerRole(db: DbOrTx, userId: string) {
  return team.revokeSellerRole(db, userId, ports);
}

/** First start with SHOP_OWNER_EMAIL: the owner's account, and their address as the notification recipients. */
export function createOwnerAccount(auth: Auth, db: Db, email: string, baseUrl: string) {
  return createOwner(auth, db, email, baseUrl, { change: changeNotificationRecipients });
}
