import { z } from "~/lib/zod";
import { whatsappNumber } from "./whatsapp-messages";

/**
 * Settings -> WhatsApp's form (issue 32): what the owner types, checked field by field. The three
 * secrets may be left empty once saved (the stored ones are kept); they are never sent back to the
 * page, not even after a refusal.
 */
export const WHATSAPP_FORM_FIELDS = [
  "phoneNumberId",
  "accessToken",
  "appSecret",
  "verifyToken",
  "confirmationTemplate",
  "shippedTemplate",
  "deliveredTemplate",
  "cartReminderTemplate",
  "language",
  "languageOther",
  "sendDelayMinutes",
  "needsCallHours",
] as const;
export type WhatsappFormField = (typeof WHATSAPP_FORM_FIELDS)[number];
export const WHATSAPP_SECRET_FIELDS = [
  "accessToken",
  "appSecret",
  "verifyToken",
] as const satisfies readonly WhatsappFormField[];
export type WhatsappSecretField = (typeof WHATSAPP_SECRET_FIELDS)[number];

/** The form's values as the page shows them: never a secret (those inputs are always empty). */
export type WhatsappFormValues = Record<Exclude<WhatsappFormField, WhatsappSecretField>, string>;

/** The languages offered; any other approved code ("ur_PK", "en_US", "ar") under "other". */
export const WHATSAPP_LANGUAGES = [
  { value: "en", label: "English (en)" },
  { value: "ur", label: "Urdu (ur)" },
  { value: "other", label: "Another code" },
] as const;

export type WhatsappSettingsInput = {
  phoneNumberId: string;
  /** Null: keep the stored one. */
  accessToken: string | null;
  appSecret: string | null;
  verifyToken: string | null;
  confirmationTemplate: string;
  shippedTemplate: string;
  deliveredTemplate: string;
  /** The forgotten-cart reminder's template (issue 44, category Marketing); absent: the stored one is kept. */
  cartReminderTemplate?: string;
  language: string;
  sendDelayMinutes: number;
  needsCallHours: number;
};

const templateName = z
  .string()
  .regex(/^[a-z0-9_]{1,512}$/, "Use the template's name as Meta shows it: lower-case letters, digits and _");
const schema = z.object({
  phoneNumberId: z
    .string()
    .min(1, "Enter the phone-number ID from Meta's WhatsApp > API Setup")
    .regex(/^\d{5,25}$/, "The phone-number ID is a number of digits only (not the phone number itself)"),
  accessToken: z
    .string()
    .regex(/^\S{20,2048}$/, "Paste the whole access token (a long code with no spaces)")
    .nullable(),
  appSecret: z
    .string()
    .regex(/^[A-Za-z0-9]{16,128}$/, "Paste the app secret from App settings > Basic (letters and digits)")
    .nullable(),
  verifyToken: z
    .string()
    .regex(/^[\x21-\x7e]{8,200}$/, "Choose a verify token of at least 8 characters, without spaces")
    .nullable(),
  confirmationTemplate: templateName,
  shippedTemplate: templateName,
  deliveredTemplate: templateName,
  cartReminderTemplate: templateName.optional(),
  language: z.string().regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, "Enter a language code Meta uses, like en, ur or en_US"),
  sendDelayMinutes: z.coerce
    .number({ error: "Enter whole minutes from 0 to 1440" })
    .int("Enter whole minutes from 0 to 1440")
    .min(0, "Enter whole minutes from 0 to 1440")
    .max(1440, "Enter whole minutes from 0 to 1440"),
  needsCallHours: z.coerce
    .number({ error: "Enter whole hours from 1 to 168" })
    .int("Enter whole hours from 1 to 168")
    .min(1, "Enter whole hours from 1 to 168")
    .max(168, "Enter whole hours from 1 to 168"),
});

/** Settings' "Send test message": the number the owner types. */
export const TEST_NUMBER_MESSAGE = "Enter a WhatsApp number, like 0300 1234567 or +44 7700 900123";

const typed = z
  .string()
  .default("")
  .transform((v) => v.trim());

/**
 * The one schema of Settings -> WhatsApp: Save (the account and templates), Send test message, and
 * Turn off (a button). `secretsSaved`: whether the secrets are stored already (the page knows it
 * from its loader, the action from the database): an empty secret keeps a stored one, and a secret
 * never saved must be typed.
 */
export function whatsappSettingsSchema(secretsSaved: boolean) {
  const save = z
    .object({
      intent: z.literal("save"),
      ...(Object.fromEntries(WHATSAPP_FORM_FIELDS.map((k) => [k, typed])) as Record<WhatsappFormField, typeof typed>),
    })
    .transform((form, ctx): { intent: "save"; input: WhatsappSettingsInput } => {
      const errors: Partial<Record<WhatsappFormField, string>> = {};
      const secret = (field: WhatsappSecretField, missing: string) => {
        const value = form[field];
        if (!value && !secretsSaved) errors[field] = missing;
        return value || null;
      };
      const chosen = form.language || "en";
      const input = {
        phoneNumberId: form.phoneNumberId,
        confirmationTemplate: form.confirmationTemplate,
        shippedTemplate: form.shippedTemplate,
        deliveredTemplate: form.deliveredTemplate,
        // Not sent (a client that does not know the field) or left empty: the stored name is kept.
        cartReminderTemplate: form.cartReminderTemplate || undefined,
        sendDelayMinutes: form.sendDelayMinutes,
        needsCallHours: form.needsCallHours,
        accessToken: secret("accessToken", "Paste the permanent access token of your system user"),
        appSecret: secret("appSecret", "Paste the app secret (it checks that webhooks come from Meta)"),
        verifyToken: secret("verifyToken", "Choose a verify token: you type the same one in Meta's webhook settings"),
        language: chosen === "other" ? form.languageOther : chosen,
      };
      const parsed = schema.safeParse(input);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          const key = issue.path[0] as WhatsappFormField;
          const field: WhatsappFormField = key === "language" && chosen === "other" ? "languageOther" : key;
          errors[field] ??= issue.message;
        }
      }
      for (const [name, message] of Object.entries(errors)) ctx.addIssue({ code: "custom", path: [name], message });
      return parsed.success && !Object.keys(errors).length ? { intent: form.intent, input: parsed.data } : z.NEVER;
    });
  return z.discriminatedUnion("intent", [
    save,
    z.object({
      intent: z.literal("test"),
      to: typed.transform((v) => v.slice(0, 40)).refine((v) => whatsappNumber(v) !== null, TEST_NUMBER_MESSAGE),
    }),
    z.object({ intent: z.literal("turn-off") }),
  ]);
}

export const UNKNOWN_WHATSAPP_ACTION = "That action is not known here: reload the page and try again.";
