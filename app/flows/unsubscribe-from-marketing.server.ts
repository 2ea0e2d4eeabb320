import { turnOffMarketingEmails } from "~/modules/accounts/turn-off-marketing-emails.server";
import { marketingLinkUser } from "~/modules/marketing/marketing-unsubscribe.server";
import type { FlowContext } from "./flow-context";

/**
 * A marketing e-mail's one-click unsubscribe: the link's buyer (modules/marketing checks its
 * signature) has their marketing e-mails turned off (modules/accounts, the same switch as their
 * Settings tab), and only theirs; false for a bad token.
 */
export async function unsubscribeFromMarketing({ db }: FlowContext, token: string): Promise<boolean> {
  const userId = await marketingLinkUser(db, token);
  if (!userId) return false;
  return turnOffMarketingEmails(db, userId);
}
