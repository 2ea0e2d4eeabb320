import { z } from "~/lib/zod";
import { CORRECT_FIELDS_MESSAGE } from "~/modules/checkout/checkout-schema";
import { PASSWORDS_DO_NOT_MATCH } from "./auth-schema";
import { passwordLengthProblem } from "./password-rule";

// Passwords are taken exactly as typed (spaces included); a missing or empty field reads as blank.
const secret = z
  .unknown()
  .optional()
  .transform((value) => (typeof value === "string" ? value : ""));

/**
 * Set Your Password (the link an owner is sent): a new password by the rule's lengths, typed twice.
 * The browser checks this much; the server also refuses a common password (common-passwords.server.ts).
 */
export const setPasswordSchema = z.object({ newPassword: secret, confirmPassword: secret }).transform((raw, ctx) => {
  const fields: Partial<Record<"newPassword" | "confirmPassword", string>> = {};
  if (!raw.newPassword) fields.newPassword = "Please enter a new password";
  else {
    const problem = passwordLengthProblem(raw.newPassword);
    if (problem) fields.newPassword = problem.message;
  }
  if (!raw.confirmPassword) fields.confirmPassword = "Please confirm your new password";
  else if (raw.newPassword && raw.confirmPassword !== raw.newPassword) fields.confirmPassword = PASSWORDS_DO_NOT_MATCH;
  if (fields.newPassword || fields.confirmPassword) {
    ctx.addIssue({ code: "custom", path: [], message: CORRECT_FIELDS_MESSAGE });
    for (const [field, message] of Object.entries(fields)) ctx.addIssue({ code: "custom", path: [field], message });
    return z.NEVER;
  }
  return { newPassword: raw.newPassword };
});
