import type { Auth } from "./auth.server";
import { authErrorMessage, NEW_PASSWORD_CODES } from "./auth-errors";
import { callAuth } from "./call-auth.server";
import { CURRENT_PASSWORD_WRONG, parseChangePasswordForm, type ChangePasswordField } from "./profile-schema";

export type ChangePasswordOutcome =
  | { ok: true; cookies: string[] }
  | { ok: false; status: number; message: string; fields?: Partial<Record<ChangePasswordField, string>> };

/**
 * The Change Password form of buyers and sellers alike: current, new and confirm, the password rule
 * (checked by better-auth's hooks, auth-request-rules.server.ts), every other session signed out.
 * The "password changed" e-mail is queued by auth.server.ts. On success `cookies` carry the
 * re-issued session, which the answer must pass on.
 */
export async function changePasswordFromForm(
  auth: Auth,
  request: Request,
  form: Record<string, unknown>,
): Promise<ChangePasswordOutcome> {
  const parsed = parseChangePasswordForm(form);
  if (!parsed.ok)
    return { ok: false, status: 400, message: "Please correct the highlighted fields", fields: parsed.fields };
  const result = await callAuth(auth, request, "/change-password", { ...parsed.data, revokeOtherSessions: true });
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
