import { z } from "~/lib/zod";
import { passwordLengthProblem } from "./password-rule";

export const FILL_REQUIRED = "Please fill in all required fields";
export const PASSWORDS_DO_NOT_MATCH = "Passwords do not match";
export const ENTER_YOUR_NAME = "Please enter your name";
export const INVALID_EMAIL = "Please enter a valid e-mail address";
export { PASSWORD_TOO_SHORT } from "./password-rule";

export type AuthMode = "login" | "signup";
export type AuthField = "name" | "email" | "password" | "confirmPassword";

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

// A posted form gives strings; a missing key, an empty field or anything that is not text reads as blank.
const text = z
  .unknown()
  .optional()
  .transform((value) => (typeof value === "string" ? value : ""));

/**
 * The sign-in and register form (one schema, the action's and the browser's), in SPEC.md's order:
 * e-mail and password required, then (register) passwords must match and a name is needed. Every
 * problem is reported beside its field; the form's message (its issue at the root) is the first one
 * in that order.
 */
export function authFormSchema(mode: AuthMode) {
  return z.object({ name: text, email: text, password: text, confirmPassword: text }).transform((input, ctx) => {
    const email = input.email.trim().toLowerCase();
    const { password, confirmPassword } = input;
    const name = input.name.trim();
    const fields: Partial<Record<AuthField, string>> = {};
    const messages: string[] = [];

    if (!email) fields.email = "Please enter your e-mail address";
    if (!password) fields.password = "Please enter your password";
    if (mode === "signup" && !confirmPassword) fields.confirmPassword = "Please confirm your password";
    if (fields.email || fields.password || fields.confirmPassword) messages.push(FILL_REQUIRED);
    if (mode === "signup" && password && confirmPassword && password !== confirmPassword) {
      fields.confirmPassword = PASSWORDS_DO_NOT_MATCH;
      messages.push(PASSWORDS_DO_NOT_MATCH);
    }
    if (mode === "signup" && !name) {
      fields.name = ENTER_YOUR_NAME;
      messages.push(ENTER_YOUR_NAME);
    }
    if (email && !EMAIL_PATTERN.test(email)) {
      fields.email = INVALID_EMAIL;
      messages.push(INVALID_EMAIL);
    }
    // The length part of the rule is checked here; better-auth checks the whole rule (common passwords too).
    const tooShortOrLong = mode === "signup" && password ? passwordLengthProblem(password) : null;
    if (tooShortOrLong) {
      fields.password = tooShortOrLong.message;
      messages.push(tooShortOrLong.message);
    }
    if (mode === "signup" && name.length > 100) {
      fields.name = "Name must be 100 characters or fewer";
      messages.push(fields.name);
    }
    if (messages.length > 0) {
      ctx.addIssue({ code: "custom", path: [], message: messages[0] });
      for (const [field, message] of Object.entries(fields)) ctx.addIssue({ code: "custom", path: [field], message });
      return z.NEVER;
    }
    return { name, email, password };
  });
}
