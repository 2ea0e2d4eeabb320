import type { Auth } from "./auth.server";
import { authErrorMessage, NEW_PASSWORD_CODES } from "./auth-errors";
import { callAuth } from "./call-auth.server";
import { CURRENT_PASSWORD_WRONG, type ChangePasswordData, type ChangePasswordField } from "./profile-schema";

export type ChangePasswordOutcome =
  | { ok: true; cookies: string[] }
  | { ok: false; status: number; message: string; fields?: Partial<Record<ChangePasswordField, string>> };

/**
 * The Change Password form of buyers and sellers alike, once changePasswordSchema has read it: the
 * password rule (checked by better-auth's hooks, auth-request-rules.server.ts), every other session
 * signed out. The "password changed" e-mail is queued by auth.server.ts. On success `cookies` carry
 * the re-issued session, which the answer must pass on; refused, the message for the form and the
 * field it is about, if any.
 */
export async function changePassword(
  auth: Auth,
  request: Request,
  form: ChangePasswordData,
): Promise<ChangePasswordOutcome> {
  const { currentPassword, newPassword } = form;
  const result = await callAuth(auth, request, "/change-password", {
    currentPassword,
    newPassword,
    revokeOtherSessions: true,
  });
  if (result.ok) return { ok: true, cookies: result.cookies };
  if (result.code === "INVALID_PASSWORD")
    return {
      ok: false,
      status: 400,
      message: CURRENT_PASSWORD_WRONG,
      fields: { currentPassword: CURRENT_PASSWORD_WRONG },
    };
  if (result.code === "CREDENTIAL_ACCOUNT_NOT_FOUND")
    return { ok: false, status: 400, message: "Your account signs in with Google and has no password to change." };
  const message = authErrorMessage(result.code, result.status);
  if (result.code && NEW_PASSWORD_CODES.has(result.code))
    return { ok: false, status: 400, message, fields: { newPassword: message } };
  return { ok: false, status: result.status === 429 ? 429 : 400, message };
}

/** The toast after a change. */
export const PASSWORD_CHANGED = "Password changed. You have been signed out on your other devices.";
