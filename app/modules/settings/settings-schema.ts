import { z } from "~/lib/zod";
import { normalizePakistaniMobile } from "~/lib/phone";
import { normalizeNtn, normalizeStrn, NTN_MESSAGE, STRN_MESSAGE } from "./tax-numbers";

/**
 * The owner's Settings form, one schema for the page and the server. Every value arrives as form
 * text; numbers are whole rupees or counts. An empty field arrives as undefined (the one form
 * shape): empty optional amounts mean "none", empty lists mean none. A field a client does not
 * send keeps its stored value (withStoredSettings fills it in before the schema reads the form).
 */
export const SETTINGS_SAVED = "Settings saved. The shop shows them now.";

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `Please keep ${label.toLowerCase()} under ${max} characters`);

const wholeNumber = (message: string, { min = 0, max = 100_000_000 } = {}) =>
  z
    .string({ error: message })
    .trim()
    .regex(/^\d+$/, message)
    .transform(Number)
    .pipe(z.number().int().min(min, message).max(max, message));

/** Empty means "none" (null); otherwise a whole number of rupees above zero. */
const optionalAmount = (message: string) =>
  z
    .string()
    .trim()
    .transform((v) => v.replace(/^(rs\.?|pkr)\s*/i, "").replace(/,/g, ""))
    .pipe(z.union([z.literal("").transform(() => null), wholeNumber(message, { min: 1 })]))
    .optional()
    .transform((v) => v ?? null);

/** A tax number (tax-numbers.ts): empty means not set (null); otherwise stored normalised, or refused with `message`. */
const optionalTaxNumber = (normalize: (typed: string) => string | null, message: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (!v) return null;
      const stored = normalize(v);
      if (stored === null) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return stored;
    });

/**
 * One number per line, written any common way ("0300-1234567", "+92 300 1234567"); stored in E.164,
 * without repeats. A line that is not a Pakistani mobile number is reported by its line number.
 */
export function parseBlockedPhones(input: string): { phones: string[] } | { error: string } {
  const phones: string[] = [];
  const lines = input.split(/\r?\n/);
  for (const [index, raw] of lines.entries()) {
    const line = raw.trim();
    if (!line) continue;
    const phone = normalizePakistaniMobile(line);
    if (!phone)
      return {
        error: `Line ${index + 1} ("${line.slice(0, 30)}") is not a Pakistani mobile number, like 0300 1234567`,
      };
    if (!phones.includes(phone)) phones.push(phone);
  }
  return { phones };
}

/** How many addresses the notification recipients may list: a shop's team, not a mailing list. */
export const MAX_NOTIFICATION_EMAILS = 10;

const emailAddress = z.email();

/**
 * The notification recipients: one e-mail per line, lower-cased, without repeats, at most
 * MAX_NOTIFICATION_EMAILS. A line that is not an e-mail address is reported by its line number.
 * Empty is allowed: then every seller is told.
 */
export function parseNotificationEmails(input: string): { emails: string[] } | { error: string } {
  const emails: string[] = [];
  for (const [index, raw] of input.split(/\r?\n/).entries()) {
    const line = raw.trim().toLowerCase();
    if (!line) continue;
    if (line.length > 254 || !emailAddress.safeParse(line).success) {
      return {
        error: `Line ${index + 1} ("${raw.trim().slice(0, 40)}") is not an e-mail address, like orders@kapra.pk`,
      };
    }
    if (!emails.includes(line)) emails.push(line);
  }
  if (emails.length > MAX_NOTIFICATION_EMAILS) {
    return { error: `Please list at most ${MAX_NOTIFICATION_EMAILS} addresses (there are ${emails.length})` };
  }
  return { emails };
}

/** How many risk tags the COD risk rules may name, and how long each may be. */
export const MAX_RISK_TAGS = 20;
export const MAX_RISK_TAG_LENGTH = 40;

/**
 * The customer tags that flag a new order as a COD risk: comma or line separated, trimmed, each
 * once whatever its case (the first spelling is kept). Empty is allowed: then no tag flags an order.
 */
export function parseRiskTags(input: string): { tags: string[] } | { error: string } {
  const tags: string[] = [];
  for (const raw of input.split(/[,\r\n]+/)) {
    const tag = raw.trim();
    if (!tag) continue;
    if (tag.length > MAX_RISK_TAG_LENGTH)
      return {
        error: `Please keep each tag under ${MAX_RISK_TAG_LENGTH} characters ("${tag.slice(0, 20)}..." is longer)`,
      };
    if (!tags.some((t) => t.toLowerCase() === tag.toLowerCase())) tags.push(tag);
  }
  if (tags.length > MAX_RISK_TAGS)
    return { error: `Please list at most ${MAX_RISK_TAGS} tags (there are ${tags.length})` };
  return { tags };
}

export const CART_REMINDER_HOURS_MESSAGE = "Please enter whole hours from 1 to 168 (a week)";
export const MIN_DELIVERY_RATE_MESSAGE =
  "Please enter a whole percentage from 1 to 100, or leave it empty to turn this off";
export const MIN_FINISHED_PARCELS_MESSAGE = "Please enter a whole number of parcels, 1 or more";
export const LOW_STOCK_THRESHOLD_MESSAGE = "Please enter a whole number of units, 0 or more";

/** The promises the storefront makes, in days: the return window and the delivery ranges (whole days, sensible bounds). */
export const RETURN_WINDOW_MAX = 90;
export const DELIVERY_DAYS_MAX = 30;
const deliveryDays = (where: string) =>
  wholeNumber(`Please enter a whole number of working days ${where}, from 1 to ${DELIVERY_DAYS_MAX}`, {
    min: 1,
    max: DELIVERY_DAYS_MAX,
  });
export const DELIVERY_RANGE_MESSAGE = "The most days cannot be fewer than the fewest days";

export const settingsSchema = z
  .object({
    brandName: text("Brand name", 60),
    contactEmail: text("Contact e-mail", 200).pipe(z.email("Please enter a valid e-mail address")),
    phone: text("Phone", 30).refine(
      (v) => /^\+?[\d\s\-()]+$/.test(v) && v.replace(/\D/g, "").length >= 9 && v.replace(/\D/g, "").length <= 13,
      "Please enter a phone number, like +92 321 2345678",
    ),
    address: text("Address", 200),
    city: text("City", 60),
    // Printed on invoices when set (issue 45); empty: not set.
    ntn: optionalTaxNumber(normalizeNtn, NTN_MESSAGE),
    strn: optionalTaxNumber(normalizeStrn, STRN_MESSAGE),
    instagram: text("Instagram handle", 31)
      .transform((v) => (v.startsWith("@") ? v : `@${v}`))
      .refine((v) => /^@[A-Za-z0-9._]{1,30}$/.test(v), "Please enter an Instagram handle, like @kapra.pk"),
    happyCustomers: wholeNumber("Please enter a whole number of customers"),
    yearsInBusiness: wholeNumber("Please enter a whole number of years", { max: 200 }),
    productsSold: wholeNumber("Please enter a whole number of products"),
    averageRating: z
      .string({ error: "Please enter a rating from 0 to 5, like 4.8" })
      .trim()
      .regex(/^\d(\.\d)?$/, "Please enter a rating from 0 to 5, like 4.8")
      .transform(Number)
      .pipe(z.number().min(0, "Please enter a rating from 0 to 5").max(5, "Please enter a rating from 0 to 5")),
    shippingFee: wholeNumber("Please enter the shipping fee in whole rupees (0 for free shipping)", { max: 100_000 }),
    freeShippingThreshold: optionalAmount("Please enter an amount in whole rupees, or leave it empty for none"),
    maxCodOrderValue: optionalAmount("Please enter an amount in whole rupees, or leave it empty for no limit"),
    blockedPhones: z
      .string()
      .default("")
      .transform((value, ctx) => {
        const result = parseBlockedPhones(value);
        if ("error" in result) {
          ctx.addIssue({ code: "custom", message: result.error });
          return z.NEVER;
        }
        return result.phones;
      }),
    // "on" or "off" (see withStoredSettings).
    cartReminders: z
      .enum(["on", "off"], { error: "Please choose whether to send forgotten-cart reminders" })
      .optional()
      .transform((v) => (v === undefined ? undefined : v === "on")),
    // How long a cart sits untouched before its reminder (e-mail or WhatsApp); absent: kept.
    cartReminderHours: wholeNumber(CART_REMINDER_HOURS_MESSAGE, { min: 1, max: 168 }).optional(),
    settlementOverdueDays: wholeNumber("Please enter a whole number of days from 1 to 90", {
      min: 1,
      max: 90,
    }),
    returnWindowDays: wholeNumber(`Please enter a whole number of days from 0 to ${RETURN_WINDOW_MAX}`, {
      max: RETURN_WINDOW_MAX,
    }),
    localDeliveryMinDays: deliveryDays("in your city"),
    localDeliveryMaxDays: deliveryDays("in your city"),
    nationalDeliveryMinDays: deliveryDays("elsewhere"),
    nationalDeliveryMaxDays: deliveryDays("elsewhere"),
    // Empty clears the list.
    notificationEmails: z
      .string()
      .default("")
      .transform((value, ctx) => {
        const result = parseNotificationEmails(value);
        if ("error" in result) {
          ctx.addIssue({ code: "custom", message: result.error });
          return z.NEVER;
        }
        return result.emails;
      }),
    // Empty clears the list.
    riskTags: z
      .string()
      .default("")
      .transform((value, ctx) => {
        const result = parseRiskTags(value);
        if ("error" in result) {
          ctx.addIssue({ code: "custom", message: result.error });
          return z.NEVER;
        }
        return result.tags;
      }),
    // Empty turns the delivery-rate flag off (null).
    minDeliveryRate: z
      .string()
      .trim()
      .transform((v) => v.replace(/\s*%$/, ""))
      .pipe(
        z.union([z.literal("").transform(() => null), wholeNumber(MIN_DELIVERY_RATE_MESSAGE, { min: 1, max: 100 })]),
      )
      .optional()
      .transform((v) => v ?? null),
    minFinishedParcels: wholeNumber(MIN_FINISHED_PARCELS_MESSAGE, { min: 1, max: 1000 }),
    lowStockThreshold: wholeNumber(LOW_STOCK_THRESHOLD_MESSAGE, { max: 100_000 }),
    // "on" or "off" (see withStoredSettings).
    lowStockDigest: z
      .enum(["on", "off"], { error: "Please choose whether to send the daily low-stock e-mail" })
      .optional()
      .transform((v) => (v === undefined ? undefined : v === "on")),
  })
  .superRefine((v, ctx) => {
    // Each range's most days at least its fewest (the message beside the "most" field).
    if (v.localDeliveryMaxDays < v.localDeliveryMinDays) {
      ctx.addIssue({ code: "custom", path: ["localDeliveryMaxDays"], message: DELIVERY_RANGE_MESSAGE });
    }
    if (v.nationalDeliveryMaxDays < v.nationalDeliveryMinDays) {
      ctx.addIssue({ code: "custom", path: ["nationalDeliveryMaxDays"], message: DELIVERY_RANGE_MESSAGE });
    }
  });

export type SettingsInput = z.output<typeof settingsSchema>;

export type SettingsField = keyof SettingsInput;
export const SETTINGS_FIELDS = Object.keys(settingsSchema.shape) as SettingsField[];

/** Each switch's marker: sent with the form, it says the switch was on it (an unticked box sends nothing). */
const SWITCH_MARKERS = { cartReminders: "cartRemindersShown", lowStockDigest: "lowStockDigestShown" } as const;

/**
 * A posted Settings form as the schema reads it, on the server: a switch the form showed (its
 * marker) and left unticked is "off", and a field the client did not send at all (one that does not
 * know it) keeps its stored value (`stored`, the form's text: settingsFormValues). An empty field
 * is sent, so it stays empty.
 */
export function withStoredSettings(posted: FormData, stored: Record<SettingsField, string>): FormData {
  const form = new FormData();
  const markers: string[] = Object.values(SWITCH_MARKERS);
  for (const [name, value] of posted) if (!markers.includes(name)) form.append(name, value);
  for (const [field, marker] of Object.entries(SWITCH_MARKERS))
    if (posted.has(marker) && !posted.has(field)) form.set(field, "off");
  for (const field of SETTINGS_FIELDS) if (!form.has(field)) form.set(field, stored[field]);
  return form;
}
type DaysField =
  | "returnWindowDays"
  | "localDeliveryMinDays"
  | "localDeliveryMaxDays"
  | "nationalDeliveryMinDays"
  | "nationalDeliveryMaxDays";
type RiskAndStockField = "riskTags" | "minDeliveryRate" | "minFinishedParcels" | "lowStockThreshold" | "lowStockDigest";

/** The form's text for stored settings (numbers as digits, empty for "none", one phone or e-mail per line, tags comma separated). */
export function settingsFormValues(
  s: {
    [
      K in Exclude<
        SettingsField,
        | "blockedPhones"
        | "notificationEmails"
        | "freeShippingThreshold"
        | "maxCodOrderValue"
        | "settlementOverdueDays"
        | "cartReminders"
        | "cartReminderHours"
        | "ntn"
        | "strn"
        | DaysField
        | RiskAndStockField
      >
    ]: string | number;
  } & { [K in DaysField]?: number } & {
    freeShippingThreshold: number | null;
    maxCodOrderValue: number | null;
    blockedPhones: string[];
    notificationEmails: string[];
    settlementOverdueDays?: number;
    cartReminders?: boolean;
    cartReminderHours?: number;
    ntn?: string | null;
    strn?: string | null;
  } & {
    riskTags?: string[];
    minDeliveryRate?: number | null;
    minFinishedParcels?: number;
    lowStockThreshold?: number;
    lowStockDigest?: boolean;
  },
): Record<SettingsField, string> {
  const values = {} as Record<SettingsField, string>;
  for (const field of SETTINGS_FIELDS) {
    const value = s[field];
    if (field === "riskTags" && Array.isArray(value)) {
      values[field] = value.join(", ");
      continue;
    }
    if (typeof value === "boolean") {
      values[field] = value ? "on" : "off";
      continue;
    }
    values[field] = Array.isArray(value)
      ? value.join("\n")
      : value === null || value === undefined
        ? ""
        : String(value);
  }
  return values;
}
