import { z } from "~/lib/zod";
import { OTHER_CITY, resolveCity } from "~/lib/cities";
import { normalizePakistaniMobile, PHONE_MESSAGE } from "~/lib/phone";
import { ADDRESS_MAX, CITY_MAX, FULL_NAME_MAX } from "~/modules/checkout/checkout-schema";
import { ENTER_YOUR_NAME, PASSWORDS_DO_NOT_MATCH } from "./auth-schema";
import { MAX_PASSWORD_LENGTH_RULE, passwordLengthProblem } from "./password-rule";

/** The password length better-auth accepts at most (auth.server.ts). */
export const MAX_PASSWORD_LENGTH = MAX_PASSWORD_LENGTH_RULE;

export const CURRENT_PASSWORD_REQUIRED = "Please enter your current password";
export const CURRENT_PASSWORD_WRONG = "Your current password is incorrect";
export const NEW_PASSWORD_SAME = "Your new password must be different from your current one";
export const DELETE_PASSWORD_REQUIRED = "Please enter your password to confirm";
export const DELETE_CONFIRM_REQUIRED = "Please tick the box to confirm that you want to delete your account";
export { PASSWORD_TOO_LONG } from "./password-rule";

/** The result of reading one form: the clean data, or a message per field (keys are the field names). */
export type FormResult<T, F extends string> = { ok: true; data: T } | { ok: false; fields: Partial<Record<F, string>> };

// FormData gives strings (or Files), JSON may give anything: read each field as trimmed text, and
// treat a missing key or anything that is not text as not filled in.
const text = z
  .unknown()
  .optional()
  .transform((value) => (typeof value === "string" ? value.trim() : ""));
// Passwords are taken exactly as typed (spaces included).
const secret = z
  .unknown()
  .optional()
  .transform((value) => (typeof value === "string" ? value : ""));
// A checkbox is sent as "on" when ticked and not at all when not; JSON clients may send a boolean.
const checkbox = z
  .unknown()
  .optional()
  .transform((value) => value === true || value === "on" || value === "true");

// ---------------------------------------------------------------------------------------------------
// Edit Profile

export const PROFILE_FIELDS = ["name", "phone", "address", "city", "postalCode"] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];
export type ProfileFormData = {
  name: string;
  phone: string | null;
  address: string | null;
  city: string | null;
  postalCode: string | null;
};

/**
 * Edit Profile: a name is required; phone, address, city and postal code are optional, but a phone
 * must be a Pakistani mobile (stored in E.164), a city one from the list (or "Other" with its name
 * typed) and a postal code 5 digits.
 */
export const profileFormSchema = z
  .object({ name: text, phone: text, address: text, city: text, cityOther: text, postalCode: text })
  .transform((raw, ctx): ProfileFormData => {
    const fail = (field: ProfileField, message: string) => ctx.addIssue({ code: "custom", path: [field], message });

    if (!raw.name) fail("name", ENTER_YOUR_NAME);
    else if (raw.name.length > FULL_NAME_MAX) fail("name", `Name must be ${FULL_NAME_MAX} characters or fewer`);

    const phone = raw.phone ? normalizePakistaniMobile(raw.phone) : null;
    if (raw.phone && !phone) fail("phone", PHONE_MESSAGE);

    if (raw.address.length > ADDRESS_MAX) fail("address", `Address must be ${ADDRESS_MAX} characters or fewer`);

    let city: string | null = null;
    if (raw.city) {
      const choseOther = raw.city.toLowerCase() === OTHER_CITY.toLowerCase();
      city = resolveCity(raw.city, raw.cityOther);
      if (!city) fail("city", choseOther ? "Please enter your city" : "Please choose your city from the list");
      else if (city.length > CITY_MAX) fail("city", `City must be ${CITY_MAX} characters or fewer`);
    }

    if (raw.postalCode && !/^\d{5}$/.test(raw.postalCode)) fail("postalCode", "Postal code must be 5 digits");

    return { name: raw.name, phone, address: raw.address || null, city, postalCode: raw.postalCode || null };
  });

export function parseProfileForm(input: Record<string, unknown>): FormResult<ProfileFormData, ProfileField> {
  return toResult(profileFormSchema.safeParse(input ?? {}));
}

// ---------------------------------------------------------------------------------------------------
// Notification settings

/** The Settings form's boxes: an unticked box is simply missing from a posted form, and reads as off. */
export const notificationSettingsFields = { orderEmails: checkbox, smsUpdates: checkbox, marketingEmails: checkbox };
export const notificationSettingsSchema = z.object(notificationSettingsFields);
export type NotificationSettingsData = z.output<typeof notificationSettingsSchema>;
/** The WhatsApp offers and cart reminders box (issue 44; off unless ticked), on the Settings tab and at sign-up. */
export const whatsappMarketingField = checkbox;

// ---------------------------------------------------------------------------------------------------
// Change Password

export type ChangePasswordField = "currentPassword" | "newPassword" | "confirmPassword";
export type ChangePasswordData = { currentPassword: string; newPassword: string };

const changePasswordFields = { currentPassword: secret, newPassword: secret, confirmPassword: secret };

function checkChangePassword(
  raw: { currentPassword: string; newPassword: string; confirmPassword: string },
  ctx: z.RefinementCtx,
): ChangePasswordData {
  const fail = (field: ChangePasswordField, message: string) =>
    ctx.addIssue({ code: "custom", path: [field], message });
  if (!raw.currentPassword) fail("currentPassword", CURRENT_PASSWORD_REQUIRED);
  else if (raw.currentPassword.length > MAX_PASSWORD_LENGTH) fail("currentPassword", CURRENT_PASSWORD_WRONG);

  if (!raw.newPassword) fail("newPassword", "Please enter a new password");
  else if (passwordLengthProblem(raw.newPassword)) fail("newPassword", passwordLengthProblem(raw.newPassword)!.message);
  else if (raw.currentPassword && raw.newPassword === raw.currentPassword) fail("newPassword", NEW_PASSWORD_SAME);

  if (!raw.confirmPassword) fail("confirmPassword", "Please confirm your new password");
  else if (raw.newPassword && raw.confirmPassword !== raw.newPassword) fail("confirmPassword", PASSWORDS_DO_NOT_MATCH);

  return { currentPassword: raw.currentPassword, newPassword: raw.newPassword };
}

/**
 * Change Password, for buyers (My Account, Settings) and the owner (dashboard) alike: current, new
 * and confirm, the password rule's length, new unlike current, confirm like new. The one schema
 * both pages check in the browser and both actions parse (the buyer's as one intent of its union).
 */
export const changePasswordSchema = z.object(changePasswordFields).transform(checkChangePassword);

/** The buyer's Settings tab posts Change Password with its intent. */
export const changePasswordIntentSchema = z
  .object({ intent: z.literal("password"), ...changePasswordFields })
  .transform((raw, ctx) => ({ intent: raw.intent, ...checkChangePassword(raw, ctx) }));

// ---------------------------------------------------------------------------------------------------
// Delete Account

export type DeleteAccountField = "password" | "confirm";

/**
 * Delete Account: the tick, and the account's password. An account that signs in only with Google
 * has none (it must have signed in within 5 minutes instead: auth-request-rules.server.ts), so only
 * the tick is asked.
 */
export function deleteAccountSchema({ withPassword = true } = {}) {
  return z
    .object({ intent: z.literal("delete-account"), password: secret, confirm: checkbox })
    .transform((raw, ctx) => {
      if (withPassword && !raw.password)
        ctx.addIssue({ code: "custom", path: ["password"], message: DELETE_PASSWORD_REQUIRED });
      else if (withPassword && raw.password.length > MAX_PASSWORD_LENGTH)
        ctx.addIssue({ code: "custom", path: ["password"], message: "Incorrect password. Please try again." });
      if (!raw.confirm) ctx.addIssue({ code: "custom", path: ["confirm"], message: DELETE_CONFIRM_REQUIRED });
      return { intent: raw.intent, password: withPassword ? raw.password : "" };
    });
}

// ---------------------------------------------------------------------------------------------------

/** The first message for each field, keyed by the field's name. */
function toResult<T, F extends string>(
  result: { success: true; data: T } | { success: false; error: z.ZodError },
): FormResult<T, F> {
  if (result.success) return { ok: true, data: result.data };
  const fields: Partial<Record<F, string>> = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? "") as F;
    if (key && !fields[key]) fields[key] = issue.message;
  }
  return { ok: false, fields };
}
