import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { users } from "~/modules/accounts/tables";
import type { Auth } from "./auth.server";

export type SetPasswordLink =
  { state: "valid"; email: string } | { state: "expired"; email: string } | { state: "unknown" };

/**
 * What a set-password link (create-seller.server.ts) stands for now. better-auth keeps an expired
 * token until it is used, so "expired" can be told apart from "used or never issued".
 */
export async function readSetPasswordLink(auth: Auth, db: Db, token: string): Promise<SetPasswordLink> {
  if (!token || token.length > 200) return { state: "unknown" };
  const ctx = await auth.$context;
  const verification = await ctx.internalAdapter.findVerificationValue(`reset-password:${token}`);
  if (!verification) return { state: "unknown" };
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, verification.value));
  if (!user) return { state: "unknown" };
  if (new Date(verification.expiresAt).getTime() <= Date.now()) return { state: "expired", email: user.email };
  return { state: "valid", email: user.email };
}
