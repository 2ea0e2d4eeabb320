import { createAuth, type AuthOptions } from "~/modules/accounts/auth.server";
import { queueMessages } from "~/modules/messages/outbox.server";
import { prepareAccountDeletion } from "./delete-account.server";

/**
 * The shop's better-auth, with what happens to the rest of the shop when an account goes
 * (delete-account.server.ts) and the outbox its e-mails go to. Made once per process
 * (server/app.ts), and by scripts and tests.
 */
export function createShopAuth(options: Omit<AuthOptions, "beforeDeleteUser" | "queueMessages">) {
  return createAuth({
    ...options,
    beforeDeleteUser: (userId) => prepareAccountDeletion({ db: options.db }, userId),
    queueMessages,
  });
}
