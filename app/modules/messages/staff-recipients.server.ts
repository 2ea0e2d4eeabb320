import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { users } from "~/modules/accounts/reads";
import type { EmailKind } from "~/db/schema/statuses";
import { readNotificationRecipients } from "~/modules/settings/reads";
import type { EmailMessage } from "./email-messages";
import { queueEmails } from "./queue-email.server";

/**
 * Who hears of what happens in the shop (a new order, a buyer's cancellation, a contact message,
 * the Settings page's test e-mail): the notification recipients from Settings, or, when that list
 * is empty, every account with the seller role. Never the public contact e-mail, which buyers see.
 * Every staff notice resolves its recipients here, inside the transaction of its event.
 */
export async function staffNoticeRecipients(db: DbOrTx): Promise<string[]> {
  const listed = await readNotificationRecipients(db);
  if (listed.length > 0) return listed;
  const [row] = await db.select({ emails: sellerEmailsAgg }).from(users).where(isSeller);
  return staffFrom([], row?.emails ?? []);
}

/** Every seller's e-mail address, oldest account first (a JSON array), aggregated over the seller accounts. */
const sellerEmailsAgg = sql<
  string[]
>`coalesce(json_agg(${users.email} order by ${users.createdAt}, ${users.email}), '[]'::json)`;
const isSeller = eq(users.role, "seller");

/**
 * The same list as one SQL value, for a caller that reads it in the same statement as something
 * else; `staffFrom` then decides.
 */
export const sellerEmailsSql = sql<string[]>`(select ${sellerEmailsAgg} from ${users} where ${isSeller})`;

/** The recipients: the listed ones, or, when the list is empty, every seller (each address once). */
export function staffFrom(listed: string[], sellerEmails: string[]): string[] {
  if (listed.length > 0) return listed;
  return [...new Set(sellerEmails.map((email) => email.trim().toLowerCase()))];
}

/** Queues one staff notice to each recipient (one e-mail each: one address never sees the others'). */
export async function queueStaffNotice<K extends EmailKind>(
  tx: DbOrTx,
  notice: Omit<EmailMessage<K>, "to">,
  shopName?: string,
): Promise<string[]> {
  const recipients = await staffNoticeRecipients(tx);
  await queueEmails(
    tx,
    recipients.map((to) => ({ ...notice, to }) as EmailMessage),
    shopName,
  );
  return recipients;
}
