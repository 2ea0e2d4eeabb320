import { and, asc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { users } from "~/modules/accounts/tables";
import { AppError } from "~/lib/errors";
import { outboxMessage } from "~/modules/messages/email-messages";
import { publishLiveEvent } from "~/db/live-events.server";
import type { TeamPorts } from "./ports";
import { MAX_NOTIFICATION_EMAILS } from "~/modules/settings/settings-schema";

export type TeamMember = { id: string; name: string; email: string; since: Date };

export const RECIPIENTS_FULL_MESSAGE = `Order notices already go to ${MAX_NOTIFICATION_EMAILS} addresses: take one off the notification recipients in Settings first, or untick "Also send order notices".`;

export const LAST_SELLER_MESSAGE = "The shop needs at least one seller: give the role to someone else first.";

/** Everyone who can run the shop, oldest account first. */
export async function listSellers(db: DbOrTx): Promise<TeamMember[]> {
  return db
    .select({ id: users.id, name: users.name, email: users.email, since: users.createdAt })
    .from(users)
    .where(eq(users.role, "seller"))
    .orderBy(asc(users.createdAt), asc(users.email));
}

/**
 * Gives the seller role to the existing account with this e-mail. Only existing accounts: the
 * person signs up first, so nobody gets an account (or a password) made for them here.
 *
 * `orderNotices` says whether they also get the shop's notices (new orders, cancellations, contact
 * messages), through the notification recipients in Settings. While that list is empty every
 * seller is told, them included, so "yes" changes nothing; "no" then writes the list out as the
 * sellers told until now, so that they keep hearing and the new seller does not.
 */
export async function grantSellerRole(
  db: DbOrTx,
  email: string,
  { orderNotices }: { orderNotices?: boolean },
  { queueMessages, recipients }: TeamPorts,
): Promise<TeamMember & { alreadySeller: boolean; orderNotices: boolean }> {
  const normalised = email.trim().toLowerCase();
  const [account] = await db
    .select({ id: users.id, name: users.name, email: users.email, since: users.createdAt, role: users.role })
    .from(users)
    .where(eq(sql`lower(${users.email})`, normalised));
  if (!account)
    throw new AppError(
      "NOT_FOUND",
      `No account uses ${normalised}. Ask them to create an account first, then add them here.`,
    );
  const address = account.email.trim().toLowerCase();
  let told = false;
  await db.transaction(async (tx) => {
    let list: string[];
    if (orderNotices === undefined) {
      list = await recipients.read(tx);
    } else {
      const sellersBefore = orderNotices ? [] : await listSellers(tx);
      list = await recipients.change(
        tx,
        (emails) => {
          if (orderNotices) {
            if (emails.length === 0 || emails.includes(address)) return emails;
            if (emails.length >= MAX_NOTIFICATION_EMAILS) throw new AppError("CONFLICT", RECIPIENTS_FULL_MESSAGE);
            return [...emails, address];
          }
          if (emails.length > 0 || account.role === "seller") return emails;
          return sellersBefore.map((s) => s.email);
        },
        MAX_NOTIFICATION_EMAILS,
      );
    }
    // An empty list tells every seller, and they are one now.
    told = list.length === 0 || list.includes(address);
    if (account.role !== "seller") {
      await tx.update(users).set({ role: "seller", updatedAt: new Date() }).where(eq(users.id, account.id));
      // Open live streams of that account re-check their session now (server/live-events-handler.ts).
      await publishLiveEvent(tx, { topic: "account", userId: account.id });
      await queueMessages(tx, [
        outboxMessage({
          kind: "seller_role_granted",
          to: account.email,
          data: { name: account.name, at: new Date().toISOString(), dashboardPath: "/seller-dashboard" },
        }),
      ]);
    }
  });
  return {
    id: account.id,
    name: account.name,
    email: account.email,
    since: account.since,
    alreadySeller: account.role === "seller",
    orderNotices: told,
  };
}

/**
 * Takes the seller role back (the account stays, as a buyer). The shop never ends up without a
 * seller: the sellers are locked while counting, so two owners removing each other at the same
 * moment cannot both succeed. The session lookup reads the role from the database on every
 * request, so the change applies to that person's very next page. Their e-mail also leaves the
 * notification recipients: a buyer never keeps receiving the shop's order notices.
 */
export async function revokeSellerRole(
  db: DbOrTx,
  userId: string,
  { queueMessages, recipients }: TeamPorts,
): Promise<TeamMember> {
  return db.transaction(async (tx) => {
    const sellers = await tx
      .select({ id: users.id, name: users.name, email: users.email, since: users.createdAt })
      .from(users)
      .where(eq(users.role, "seller"))
      .orderBy(asc(users.id))
      .for("update");
    const target = sellers.find((s) => s.id === userId);
    if (!target) throw new AppError("NOT_FOUND", "That account is not a seller");
    if (sellers.length <= 1) throw new AppError("CONFLICT", LAST_SELLER_MESSAGE);
    await tx
      .update(users)
      .set({ role: "buyer", updatedAt: new Date() })
      .where(and(eq(users.id, userId), eq(users.role, "seller")));
    const address = target.email.trim().toLowerCase();
    await recipients.change(tx, (emails) => emails.filter((e) => e !== address), MAX_NOTIFICATION_EMAILS);
    // Their open live streams end at once instead of hearing about every order until the next check.
    await publishLiveEvent(tx, { topic: "account", userId });
    await queueMessages(tx, [
      outboxMessage({
        kind: "seller_role_revoked",
        to: target.email,
        data: { name: target.name, at: new Date().toISOString(), dashboardPath: "/buyer-dashboard" },
      }),
    ]);
    return target;
  });
}
