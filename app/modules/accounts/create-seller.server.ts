import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { sessions, users } from "~/modules/accounts/tables";
import { AppError } from "~/lib/errors";
import type { Auth } from "./auth.server";
import type { NotificationRecipients } from "./ports";
import { MAX_NOTIFICATION_EMAILS } from "~/modules/settings/settings-schema";
import { newPasswordProblem } from "./common-passwords.server";

export type CreateSellerResult = { userId: string; created: boolean };

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** How long the owner's first-start link lasts. */
export const OWNER_LINK_HOURS = 24;
/** The page that sets a password from a single-use link (app/routes/account/set-password.tsx). */
export const SET_PASSWORD_PATH = "/set-password";

function normaliseEmail(value: string): string {
  const email = value.trim().toLowerCase();
  if (!EMAIL_PATTERN.test(email)) throw new AppError("VALIDATION", "Please give a valid e-mail address");
  return email;
}

/**
 * Makes `email` a seller with this password (password-rule.ts), hashed by better-auth as at sign-up.
 * An existing account is changed only with `promote`: it becomes a seller, every one of its sessions
 * ends and its password becomes this one, so whoever registered the address first (perhaps not the
 * owner) is locked out.
 */
export async function createSeller(
  auth: Auth,
  db: Db,
  input: { email: string; password: string; name?: string; promote?: boolean },
): Promise<CreateSellerResult> {
  const email = normaliseEmail(input.email);
  const problem = newPasswordProblem(input.password, email);
  if (problem) throw new AppError("VALIDATION", problem.message);
  const ctx = await auth.$context;
  const hash = await ctx.password.hash(input.password);
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (existing) {
    if (!input.promote) {
      throw new AppError(
        "CONFLICT",
        `${email} already has an account. Run again with --promote to make it a seller: its sessions end and its password becomes the one you give.`,
      );
    }
    await db.transaction(async (tx) => {
      await tx.update(users).set({ role: "seller", updatedAt: new Date() }).where(eq(users.id, existing.id));
      await tx.delete(sessions).where(eq(sessions.userId, existing.id));
    });
    await setCredentialPassword(auth, existing.id, hash);
    return { userId: existing.id, created: false };
  }
  const user = await ctx.internalAdapter.createUser(
    { email, name: input.name?.trim() || email.split("@")[0] || "Owner", emailVerified: false, role: "seller" },
    { method: "email-password" },
  );
  await ctx.internalAdapter.linkAccount({
    userId: user.id,
    providerId: "credential",
    accountId: user.id,
    password: hash,
  });
  await db.update(users).set({ role: "seller" }).where(eq(users.id, user.id));
  return { userId: user.id, created: true };
}

async function setCredentialPassword(auth: Auth, userId: string, hash: string) {
  const ctx = await auth.$context;
  if (await ctx.internalAdapter.findCredentialAccount(userId)) await ctx.internalAdapter.updatePassword(userId, hash);
  else await ctx.internalAdapter.linkAccount({ userId, providerId: "credential", accountId: userId, password: hash });
}

/**
 * A single-use link that sets the password of `userId`, good for 24 hours: better-auth's own
 * password-reset token (in the verification table), which /api/auth/reset-password consumes.
 */
export async function createSetPasswordLink(
  auth: Auth,
  userId: string,
  baseUrl: string,
): Promise<{ url: string; expiresAt: Date }> {
  const ctx = await auth.$context;
  const token = randomBytes(24).toString("base64url");
  const expiresAt = new Date(Date.now() + OWNER_LINK_HOURS * 60 * 60 * 1000);
  await ctx.internalAdapter.createVerificationValue({
    value: userId,
    identifier: `reset-password:${token}`,
    expiresAt,
  });
  return { url: new URL(`${SET_PASSWORD_PATH}?${new URLSearchParams({ token })}`, baseUrl).href, expiresAt };
}

/**
 * First start on an empty database with SHOP_OWNER_EMAIL: the owner's seller account without a
 * password, and the link that sets one (for the log; no password is ever written there). Null when
 * that e-mail already had an account. The owner's address becomes the shop's notification
 * recipients (Settings), so new orders and contact messages reach them and not the seed's demo
 * contact e-mail.
 */
export async function createOwnerAccount(
  auth: Auth,
  db: Db,
  rawEmail: string,
  baseUrl: string,
  recipients: Pick<NotificationRecipients, "change">,
): Promise<{ link: string; expiresAt: Date } | null> {
  const email = normaliseEmail(rawEmail);
  await db.transaction((tx) => recipients.change(tx, () => [email], MAX_NOTIFICATION_EMAILS));
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (existing) return null;
  const ctx = await auth.$context;
  const user = await ctx.internalAdapter.createUser(
    { email, name: "Owner", emailVerified: false, role: "seller" },
    { method: "email-password" },
  );
  await db.update(users).set({ role: "seller" }).where(eq(users.id, user.id));
  const { url, expiresAt } = await createSetPasswordLink(auth, user.id, baseUrl);
  return { link: url, expiresAt };
}
