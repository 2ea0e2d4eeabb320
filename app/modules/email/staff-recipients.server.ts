import { asc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { users } from "~/db/schema";
import type { EmailKind } from "~/db/schema/statuses";
import { readNotificationRecipients } from "~/modules/settings/notification-recipients.server";
import type { EmailMessage } from "./email-messages";
import { queueEmails } from "./queue-email.server";

/**
 * Who hears of what happens in the shop (a new order, a buyer's cancellation, a contact message,
 * the Settings page's test e-mail): the notification recipients from Settings, or, when that list
 * is empty, every account with the seller role. Never the public contact e-mail, which buyers see.
 * Every staff notice resolves its recipients here, inside the transaction of its event. A caller
 * that has read the settings row in that transaction passes its list (`listed`) to save the read.
 */
export async function staffNoticeRecipients(db: DbOrTx, listed?: string[]): Promise<string[]> {
  listed ??= await readNotificationRecipients(db);
  if (listed.length > 0) return listed;
  const sellers = await db.select({ email: users.email }).from(users).where(eq(users.role, "seller")).orderBy(asc(users.createdAt), asc(users.email));
  return staffFrom([], sellers.map((s) => s.email));
}

/**
 * Every seller's e-mail address, oldest account first, as one SQL value (a JSON array), for a
 * caller that reads it in the same statement as something else; `staffFrom` then decides.
 */
export const sellerEmailsSql = sql<string[]>`(select coalesce(json_agg(${users.email} order by ${users.createdAt}, ${users.email}), '[]'::json) from ${users} where ${users.role} = 'seller')`;

/** The recipients: the listed ones, or, when the list is empty, every seller (each address once). */
export function staffFrom(listed: string[], sellerEmails: string[]): string[] {
  if (listed.length > 0) return listed;
  return [...new Set(sellerEmails.map((email) => email.trim().toLowerCase()))];
}

/** Queues one staff notice to each recipient (one e-mail each: one address never sees the others'). */
export async function queueStaffNotice<K extends EmailKind>(tx: DbOrTx, notice: Omit<EmailMessage<K>, "to">, shopName?: string): Promise<string[]> {
  const recipients = await staffNoticeRecipients(tx);
  await queueEmails(tx, recipients.map((to) => ({ ...notice, to }) as EmailMessage), shopName);
  return recipients;
}
