import { z } from "~/lib/zod";
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

/** A payment method that is neither Cash on Delivery nor Pay online (issue 42 added online payment). */
export const COD_ONLY_MESSAGE = "Only Cash on Delivery is available";
export const CHOOSE_ONLINE_GATEWAY = "Choose how to pay online";
/** The gateways a form may name (modules/payments/payment-gateway.ts PAYMENT_GATEWAYS; kept here so the browser's check needs no server module). */
const GATEWAY_NAMES = ["safepay", "jazzcash"] as const;

/** "cod" (also "COD", "Cash on Delivery", or nothing) or "online"; anything else is not a way to pay here. */
export function readPaymentMethod(value: string): "cod" | "online" | null {
  const method = value.trim().toLowerCase();
  if (method === "" || method === "cod" || method === "cash on delivery") return "cod";
  return method === "online" ? "online" : null;
}

export function readGateway(value: string): (typeof GATEWAY_NAMES)[number] | null {
  return GATEWAY_NAMES.find((g) => g === value.trim().toLowerCase()) ?? null;
}
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

const NOT_TEXT = "Must be text";

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
      ctx.addIssue({ code: "custom", message: NOT_TEXT });
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
 * The shipping form's rules (blank required fields first, on their own, so a half-filled form gets
 * one clear message; formats after that). Each problem is an issue at its field, and the form's
 * message an issue at the root.
 */
function checkShipping(
  raw: z.output<typeof rawShippingForm>,
  ctx: z.RefinementCtx,
  opts: { emailOptional?: boolean },
): ShippingDetails {
  const refuse = (formError: string, fields: ShippingFormErrors) => {
    ctx.addIssue({ code: "custom", path: [], message: formError });
    for (const [field, message] of Object.entries(fields)) ctx.addIssue({ code: "custom", path: [field], message });
    return z.NEVER;
  };
  const choseOther = raw.city.toLowerCase() === OTHER_CITY.toLowerCase();

  const missing: ShippingFormErrors = {};
  if (!raw.fullName) missing.fullName = "Please enter your full name";
  // An order the owner takes by phone may come without an e-mail address; it is stored as "".
  if (!raw.email && !opts.emailOptional) missing.email = "Please enter your e-mail address";
  if (!raw.phone) missing.phone = "Please enter your phone number";
  if (!raw.city) missing.city = "Please choose your city";
  else if (choseOther && !raw.cityOther) missing.city = "Please enter your city";
  if (!raw.address) missing.address = "Please enter your shipping address";
  if (Object.keys(missing).length > 0) return refuse(FILL_REQUIRED_MESSAGE, missing);

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
  if (Object.keys(invalid).length > 0 || !phone || !city) return refuse(CORRECT_FIELDS_MESSAGE, invalid);

  return { fullName: raw.fullName, email, phone, city, address: raw.address, postalCode, country: SHIPPING_COUNTRY };
}

/** The shipping details alone (the owner's phone orders and the JSON API use them too). */
export function shippingFormSchema(opts: { emailOptional?: boolean } = {}) {
  return rawShippingForm.transform((raw, ctx) => checkShipping(raw, ctx, opts));
}

/**
 * The shipping form read into the answer the JSON API and the owner's phone orders give: the
 * details, or the form's message and a message per field.
 */
export function parseShippingForm(
  input: Record<string, unknown>,
  opts: { emailOptional?: boolean } = {},
): ShippingFormResult {
  const result = shippingFormSchema(opts).safeParse(input ?? {});
  if (result.success) return { ok: true, data: result.data };
  let formError = CORRECT_FIELDS_MESSAGE;
  const fields: ShippingFormErrors = {};
  for (const issue of result.error.issues) {
    const path = String(issue.path[0] ?? "");
    if (!path) formError = issue.message;
    else {
      const key = (path === "cityOther" ? "city" : path) as ShippingField;
      // A list or an object where text belongs (a JSON client's mistake) is named by its field's label.
      fields[key] ??=
        issue.message === NOT_TEXT ? `${SHIPPING_FIELD_LABELS[key] ?? "This field"} must be text` : issue.message;
    }
  }
  return { ok: false, formError, fields };
}

// ---------------------------------------------------------------------------------------------------
// The checkout form of /cart and /checkout: Place Order, or Apply a discount code.

export const NO_CODE_MESSAGE = "Please enter a discount code";

const anyText = z
  .unknown()
  .optional()
  .transform((value) => (typeof value === "string" ? value : ""));

/** Place Order: the shipping details, Cash on Delivery, and what the page showed (see place-order-action.server.ts). */
const placeOrderForm = rawShippingForm
  .extend({
    intent: z.literal("checkout").optional(),
    paymentMethod: anyText,
    // Pay online with (or pay a COD order's advance with): safepay or jazzcash.
    gateway: anyText,
    discountCode: anyText,
    idempotencyKey: anyText,
    cartVersion: anyText,
    whatsappOptOut: anyText,
    // "Use my store credit" (sent only when ticked) and the balance the page showed beside it.
    useStoreCredit: z.literal("on").optional().catch(undefined),
    storeCreditSeen: z.coerce.number().int().min(0).optional().catch(undefined),
    // The total the page showed (the cash to pay) and the code that total counts ("" for none).
    expectedTotal: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional().catch(undefined),
    expectedTotalCode: z.string().max(50).optional().catch(undefined),
  })
  .transform((raw, ctx) => {
    const paymentMethod = readPaymentMethod(raw.paymentMethod);
    if (!paymentMethod) {
      ctx.addIssue({ code: "custom", path: [], message: COD_ONLY_MESSAGE });
      return z.NEVER;
    }
    const gateway = readGateway(raw.gateway);
    if (paymentMethod === "online" && !gateway) {
      ctx.addIssue({ code: "custom", path: [], message: CHOOSE_ONLINE_GATEWAY });
      ctx.addIssue({ code: "custom", path: ["gateway"], message: CHOOSE_ONLINE_GATEWAY });
      return z.NEVER;
    }
    const shipping = checkShipping(raw, ctx, {});
    return {
      intent: "checkout" as const,
      shipping,
      paymentMethod,
      gateway,
      discountCode: raw.discountCode.slice(0, 50),
      idempotencyKey: raw.idempotencyKey.slice(0, 100) || null,
      cartVersion: raw.cartVersion.slice(0, 100) || null,
      useStoreCredit: raw.useStoreCredit === "on",
      storeCreditSeen: raw.storeCreditSeen ?? null,
      whatsappOptOut: raw.whatsappOptOut === "on",
      expectedTotal: raw.expectedTotal ?? null,
      // A blank field reads as missing: with the total shown, a missing code is "no code".
      expectedTotalCode: raw.expectedTotal !== undefined ? (raw.expectedTotalCode ?? "") : raw.expectedTotalCode,
    };
  });

/** Apply: a code is needed; the phone typed so far counts toward the code's per-customer limits. */
const applyDiscountForm = z
  .object({ intent: z.literal("apply-discount"), discountCode: anyText, phone: anyText })
  .transform((raw, ctx) => {
    const discountCode = raw.discountCode.slice(0, 50);
    if (!discountCode.trim()) {
      ctx.addIssue({ code: "custom", path: ["discountCode"], message: NO_CODE_MESSAGE });
      return z.NEVER;
    }
    return { intent: "apply-discount" as const, discountCode, phone: raw.phone };
  });

/** The checkout form's one schema: the action parses with it, the page checks with it in the browser. */
export const checkoutFormSchema = z.discriminatedUnion("intent", [placeOrderForm, applyDiscountForm]);
export type CheckoutFormInput = z.output<typeof checkoutFormSchema>;
