import { createHmac, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { customerProfiles, users } from "~/modules/accounts/reads";
import { loadStoredSecret } from "~/db/stored-secret.server";

const SECRET_KEY = "marketing_unsubscribe_secret";

function signature(secret: string, userId: string): Buffer {
  return createHmac("sha256", secret).update(`marketing-unsubscribe:${userId}`).digest();
}

/** `{userId}.{HMAC}`: the link in a marketing e-mail that turns that buyer's marketing e-mails off, and only theirs. */
export async function marketingUnsubscribePath(db: DbOrTx, userId: string): Promise<string> {
  const token = `${userId}.${signature(await loadStoredSecret(db, SECRET_KEY), userId).toString("base64url")}`;
  return `/email/unsubscribe?${new URLSearchParams({ token })}`;
}

async function userOf(db: DbOrTx, token: string): Promise<string | null> {
  const match = /^([A-Za-z0-9_-]{1,64})\.([A-Za-z0-9_-]{43})$/.exec(token.trim());
  if (!match) return null;
  const given = Buffer.from(match[2], "base64url");
  const expected = signature(await loadStoredSecret(db, SECRET_KEY), match[1]);
  return given.length === expected.length && timingSafeEqual(given, expected) ? match[1] : null;
}

export type MarketingLink = { valid: false } | { valid: true; email: string; subscribed: boolean };

/** What an unsubscribe link names: the address and whether it still gets marketing e-mails. Reads only. */
export async function readMarketingLink(db: DbOrTx, token: string): Promise<MarketingLink> {
  const userId = await userOf(db, token);
  if (!userId) return { valid: false };
  const [row] = await db
    .select({ email: users.email, subscribed: customerProfiles.marketingEmails })
    .from(users)
    .leftJoin(customerProfiles, eq(customerProfiles.userId, users.id))
    .where(eq(users.id, userId));
  return row ? { valid: true, email: row.email, subscribed: row.subscribed ?? false } : { valid: false };
}

/** The buyer an unsubscribe link names, or null for a bad token (the unsubscribe-from-marketing flow turns their e-mails off). */
export async function marketingLinkUser(db: DbOrTx, token: string): Promise<string | null> {
  return userOf(db, token);
}
