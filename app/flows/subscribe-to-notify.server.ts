import type { Db } from "~/db/client.server";
import { queueMessages } from "~/modules/messages/outbox.server";
import {
  subscribeToNotify as subscribe,
  type NotifyRequestContext,
} from "~/modules/notify-me/subscribe-to-notify.server";

/** Notify Me: the sign-up (modules/notify-me) and its confirmation e-mail in messages' outbox, in one transaction. */
export function subscribeToNotify(
  db: Db,
  input: Record<string, unknown>,
  context: Omit<NotifyRequestContext, "queueMessages">,
) {
  return subscribe(db, input, { ...context, queueMessages });
}
