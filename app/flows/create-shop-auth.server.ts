import { createAuth, type AuthOptions } from "~/modules/accounts/auth.server";
import { prepareAccountDeletion } from "./delete-account.server";

/**
 * The shop's better-auth, with what happens to the rest of the shop when an account goes
 * (delete-account.server.ts). Made once per process (server/app.ts), and by scripts and tests.
 */
export function createShopAuth(options: Omit<AuthOptions, "beforeDeleteUser">) {
  return createAuth({ ...options, beforeDeleteUser: (userId) => prepareAccountDeletion({ db: options.db }, userId) });
}
