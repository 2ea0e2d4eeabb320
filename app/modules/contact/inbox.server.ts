import { count, desc, eq, isNull } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { contactMessages } from "~/modules/contact/tables";
import { AppError } from "~/lib/errors";
import { pageWindow } from "~/lib/page-window";

export const INBOX_PAGE_SIZE = 20;

export type InboxMessage = typeof contactMessages.$inferSelect;
export type InboxPage = { messages: InboxMessage[]; total: number; unhandled: number; page: number; pageCount: number };

/** One page of contact messages, newest first, with how many are still waiting. */
export async function listInboxMessages(db: DbOrTx, page: number): Promise<InboxPage> {
  const [[{ total }], [{ unhandled }]] = await Promise.all([
    db.select({ total: count() }).from(contactMessages),
    db.select({ unhandled: count() }).from(contactMessages).where(isNull(contactMessages.readAt)),
  ]);
  const { page: current, pageCount, offset } = pageWindow(total, page, INBOX_PAGE_SIZE);
  const messages = await db
    .select()
    .from(contactMessages)
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(INBOX_PAGE_SIZE)
    .offset(offset);
  return { messages, total, unhandled, page: current, pageCount };
}

/** Marks a message handled (read_at set) or back to waiting. An unknown id is a NOT_FOUND. */
export async function setMessageHandled(db: DbOrTx, id: number, handled: boolean, now = new Date()): Promise<void> {
  const updated = await db
    .update(contactMessages)
    .set({ readAt: handled ? now : null })
    .where(eq(contactMessages.id, id))
    .returning({ id: contactMessages.id });
  if (updated.length === 0) throw new AppError("NOT_FOUND", "That message no longer exists");
}
