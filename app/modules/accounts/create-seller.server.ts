import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { users } from "~/db/schema";
import { AppError } from "~/lib/errors";
import type { Auth } from "./auth.server";
import { MIN_PASSWORD_LENGTH_RULE } from "./password-rule";

export type CreateSellerResult = { userId: string; created: boolean };

/**
 * Makes `email` a seller: a new account with this password, or an existing account promoted (its
 * password is left as it is). Passwords are hashed by better-auth, exactly as at sign-up.
 */
export async function createSeller(auth: Auth, db: Db, input: { email: string; password: string; name?: string }): Promise<CreateSellerResult> {
  const email = input.email.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new AppError("VALIDATION", "Please give a valid e-mail address");
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (existing) {
    await db.update(users).set({ role: "seller", updatedAt: new Date() }).where(eq(users.id, existing.id));
    return { userId: existing.id, created: false };
  }
  if (input.password.length < MIN_PASSWORD_LENGTH_RULE) throw new AppError("VALIDATION", `The password must be at least ${MIN_PASSWORD_LENGTH_RULE} characters`);
  const ctx = await auth.$context;
  const hash = await ctx.password.hash(input.password);
  const user = await ctx.internalAdapter.createUser({ email, name: input.name?.trim() || email.split("@")[0] || "Owner", emailVerified: false, role: "seller" }, { method: "email-password" });
  await ctx.internalAdapter.linkAccount({ userId: user.id, providerId: "credential", accountId: user.id, password: hash });
  await db.update(users).set({ role: "seller" }).where(eq(users.id, user.id));
  return { userId: user.id, created: true };
}

/** A one-time password for the owner account made on first start; printed once, never stored. */
export function generateOneTimePassword(): string {
  return randomBytes(12).toString("base64url");
}

/**
 * First start on an empty database with SHOP_OWNER_EMAIL: the owner's seller account, with a random
 * password returned (for the log, shown once). Null when that e-mail already had an account.
 */
export async function createOwnerAccount(auth: Auth, db: Db, email: string): Promise<{ password: string } | null> {
  const password = generateOneTimePassword();
  const result = await createSeller(auth, db, { email, password, name: "Owner" });
  return result.created ? { password } : null;
}
