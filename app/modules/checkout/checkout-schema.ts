import { z } from "zod";
import { OTHER_CITY, resolveCity } from "~/lib/cities";
import { normalizePakistaniMobile, PHONE_MESSAGE } from "~/lib/phone";

/** The shipping form's fields in the order the form shows them (cityOther belongs to city). */
export const SHIPPING_FIELDS = ["fullName", "email", "phone", "city", "address", "postalCode"] as const;
export type ShippingField = (typeof SHIPPING_FIELDS)[number];

export const SHIPPING_FIELD_LABELS: Record<ShippingField, string> = {
  fullName: "Full Name",
  email: "Email",
  phone: "Phone",
  city: "City",
  address: "Shipping Address",
  postalCode: "Postal Code",
};

/** Cash on Delivery is the only payment method (PRODUCT.md). */
export const COD_ONLY_MESSAGE = "Only Cash on Delivery is available";
export const FILL_REQUIRED_MESSAGE = "Please fill in all required fields";
export const CORRECT_FIELDS_MESSAGE = "Please correct the highlighted fields";
export const SHIPPING_COUNTRY = "Pakistan";

export const FULL_NAME_MAX = 100;
export const ADDRESS_MAX = 500;
export const CITY_MAX = 100;
// The longest address the e-mail standard allows.
const EMAIL_MAX = 254;

export type ShippingDetails = {
  fullName: string;
  email: string;
  phone: string;
  city: string;
  address: string;
  postalCode: string | null;
  country: typeof SHIPPING_COUNTRY;
};
export type ShippingFormErrors = Partial<Record<ShippingField, string>>;
/** The shipping form as typed (cityOther: the city written in when it is not in the list), to put back in the form. */
export type ShippingFormValues = Partial<Record<ShippingField | "cityOther", string>>;
export type ShippingFormResult =
  { ok: true; data: ShippingDetails } | { ok: false; formError: string; fields: ShippingFormErrors };

// FormData gives strings (or Files), JSON may give anything. A missing key, null or a File reads as
// not filled in; a list or an object is a wrong request, refused as not text.
function readText({ numbers }: { numbers: boolean }) {
  return z
    .unknown()
    .optional()
    .transform((value, ctx) => {
      if (typeof value === "string") return value.trim();
      if (numbers && typeof value === "number" && Number.isFinite(value)) return String(value);
      // A file posted in a form's text field reads as blank, as the form itself would show it.
      if (value === undefined || value === null || (typeof File !== "undefined" && value instanceof File)) return "";
      ctx.addIssue({ code: "custom", message: "Must be text" });
      return z.NEVER;
    });
}
/** Names, e-mail, city and address are text: a number there is a wrong request, not an address "-1". */
const strictText = readText({ numbers: false });
// Phone numbers and postal codes are digits: an API client may well send them as numbers.
const digitsText = readText({ numbers: true });
const rawShippingForm = z.object({
  fullName: strictText,
  email: strictText,
  phone: digitsText,
  city: strictText,
  cityOther: strictText,
  address: strictText,
  postalCode: digitsText,
});

const emailFormat = z.email();

/**
 * The shipping form's rules, shared by the browser form and the server. Blank required fields are
 * reported first, on their own, so a half-filled form gets one clear message; formats after that.
 */
export function parseShippingForm(
  input: Record<string, unknown>,
  opts: { emailOptional?: boolean } = {},
): ShippingFormResult {
  const read = rawShippingForm.safeParse(input ?? {});
  if (!read.success) {
    const fields: ShippingFormErrors = {};
    for (const issue of read.error.issues) {
      const key = String(issue.path[0]) === "cityOther" ? "city" : (String(issue.path[0]) as ShippingField);
      fields[key] = `${SHIPPING_FIELD_LABELS[key] ?? "This field"} must be text`;
    }
    return { ok: false, formError: CORRECT_FIELDS_MESSAGE, fields };
  }
  const raw = read.data;
  const choseOther = raw.city.toLowerCase() === OTHER_CITY.toLowerCase();

  const missing: ShippingFormErrors = {};
  if (!raw.fullName) missing.fullName = "Please enter your full name";
  // An order the owner takes by phone may come without an e-mail address; it is stored as "".
  if (!raw.email && !opts.emailOptional) missing.email = "Please enter your e-mail address";
  if (!raw.phone) missing.phone = "Please enter your phone number";
  if (!raw.city) missing.city = "Please choose your city";
  else if (choseOther && !raw.cityOther) missing.city = "Please enter your city";
  if (!raw.address) missing.address = "Please enter your shipping address";
  if (Object.keys(missing).length > 0) return { ok: false, formError: FILL_REQUIRED_MESSAGE, fields: missing };

  const invalid: ShippingFormErrors = {};
  if (raw.fullName.length > FULL_NAME_MAX) invalid.fullName = `Full name must be ${FULL_NAME_MAX} characters or fewer`;

  const email = raw.email.toLowerCase();
  if (email && (email.length > EMAIL_MAX || !emailFormat.safeParse(email).success))
    invalid.email = "Please enter a valid e-mail address";

  const phone = normalizePakistaniMobile(raw.phone);
  if (!phone) invalid.phone = PHONE_MESSAGE;

  const city = resolveCity(raw.city, raw.cityOther);
  if (!city) invalid.city = "Please choose your city from the list";
  else if (city.length > CITY_MAX) invalid.city = `City must be ${CITY_MAX} characters or fewer`;

  if (raw.address.length > ADDRESS_MAX) invalid.address = `Shipping address must be ${ADDRESS_MAX} characters or fewer`;

  const postalCode = raw.postalCode || null;
  if (postalCode !== null && !/^\d{5}$/.test(postalCode)) invalid.postalCode = "Postal code must be 5 digits";

  // `!phone || !city` is already covered by `invalid`; repeated so TypeScript knows both are set below.
  if (Object.keys(invalid).length > 0 || !phone || !city)
    return { ok: false, formError: CORRECT_FIELDS_MESSAGE, fields: invalid };

  return {
    ok: true,
    data: { fullName: raw.fullName, email, phone, city, address: raw.address, postalCode, country: SHIPPING_COUNTRY },
  };
}
