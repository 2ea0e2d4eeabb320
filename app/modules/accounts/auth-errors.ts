import { PASSWORD_TOO_COMMON, PASSWORD_TOO_LONG, PASSWORD_TOO_SHORT } from "./password-rule";

/** The codes better-auth (or our rules before it, auth-request-rules.server.ts) give a refused new password. */
export const NEW_PASSWORD_CODES = new Set(["PASSWORD_TOO_SHORT", "PASSWORD_TOO_LONG", "PASSWORD_TOO_COMMON"]);

/**
 * What a person reads for each failure better-auth can return. Sign-in never says whether the
 * e-mail has an account: a wrong password and an unknown e-mail read the same.
 */
const MESSAGES: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: "Incorrect e-mail or password. Please try again.",
  INVALID_PASSWORD: "Incorrect password. Please try again.",
  CREDENTIAL_ACCOUNT_NOT_FOUND: "Incorrect e-mail or password. Please try again.",
  USER_NOT_FOUND: "Incorrect e-mail or password. Please try again.",
  USER_ALREADY_EXISTS: "An account with this e-mail already exists. Please sign in instead.",
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: "An account with this e-mail already exists. Please sign in instead.",
  INVALID_EMAIL: "Please enter a valid e-mail address",
  PASSWORD_TOO_SHORT,
  PASSWORD_TOO_LONG,
  PASSWORD_TOO_COMMON,
  PASSWORD_REQUIRED: "Please enter your password to confirm",
  FRESH_SIGN_IN_REQUIRED: "Please sign in with Google again, then delete your account within 5 minutes.",
  INVALID_TOKEN: "This link is not valid any more. It may have been used already or expired.",
  ACCOUNT_DISABLED: "This account has been disabled. Please contact us for help.",
  TOO_MANY_REQUESTS: "Too many attempts. Please wait a minute and try again.",
  SESSION_EXPIRED: "Please sign in again and retry.",
};

export const AUTH_FAILED = "Authentication failed. Please try again.";

export function authErrorMessage(code: string | undefined, status?: number): string {
  if (status === 429) return MESSAGES.TOO_MANY_REQUESTS;
  return (code && MESSAGES[code]) || AUTH_FAILED;
}

/** Which form field an error belongs beside. */
export function authErrorField(code: string | undefined): "email" | "password" | null {
  if (code === "USER_ALREADY_EXISTS" || code === "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL" || code === "INVALID_EMAIL")
    return "email";
  if ((code && NEW_PASSWORD_CODES.has(code)) || code === "INVALID_PASSWORD") return "password";
  return null;
}
