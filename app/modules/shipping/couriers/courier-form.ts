import type { BookingColumn, RateCard } from "~/db/schema/shipping";
import { parseBookingColumns } from "../booking/booking-columns";
import { bpsToPercent, percentToBps } from "./rate-card";
import { TRACKING_PLACEHOLDER } from "./tracking-link";

/** The Settings -> Couriers form: every value as the form sends it (text). */
export const COURIER_FORM_FIELDS = ["name", "trackingUrl", "accountCode", "weightBands", "extraPerKg", "codFeePercent", "surchargePercent", "bookingColumns"] as const;
export type CourierFormField = (typeof COURIER_FORM_FIELDS)[number];
export type CourierFormValues = Record<CourierFormField, string>;

export type CourierInput = { name: string; trackingUrl: string | null; accountCode: string | null; rateCard: RateCard; bookingColumns: BookingColumn[] };

export type CourierFormResult =
  | { ok: true; data: CourierInput }
  | { ok: false; errors: Partial<Record<CourierFormField, string>>; values: CourierFormValues };

/** The names the courier list offers (the owner may type another, such as "Own rider"). */
export const KNOWN_COURIERS = ["TCS", "Leopards", "PostEx", "Trax", "M&P", "Call Courier", "BlueEx"] as const;

const WHOLE = /^\d{1,7}$/;

/**
 * Weight bands, one per line: "500 = 180" is up to 500 g for Rs 180. Lightest first, each heavier
 * than the one before; at least one.
 */
export function parseWeightBands(text: string): { bands: RateCard["bands"] } | { error: string } {
  const bands: RateCard["bands"] = [];
  for (const [index, raw] of text.split(/\r?\n/).entries()) {
    const line = raw.trim().replace(/,/g, "");
    if (!line) continue;
    const match = /^(\d{1,6})\s*(?:g|grams?)?\s*=\s*(?:rs\.?|pkr)?\s*(\d{1,6})$/i.exec(line);
    if (!match) return { error: `Line ${index + 1}: write each band as "grams = charge", e.g. "500 = 180"` };
    const band = { upToGrams: Number(match[1]), charge: Number(match[2]) };
    if (band.upToGrams <= 0) return { error: `Line ${index + 1}: the weight must be above 0 grams` };
    if (bands.length && band.upToGrams <= bands[bands.length - 1].upToGrams) return { error: `Line ${index + 1}: list the bands lightest first, each heavier than the one before` };
    bands.push(band);
  }
  if (!bands.length) return { error: "Give at least one weight band, e.g. \"500 = 180\"" };
  return { bands };
}

export function formatWeightBands(bands: RateCard["bands"]): string {
  return bands.map((b) => `${b.upToGrams} = ${b.charge}`).join("\n");
}

/** The form's values for a stored courier (or a new one). */
export function courierFormValues(courier?: CourierInput): CourierFormValues {
  if (!courier) return { name: "", trackingUrl: "", accountCode: "", weightBands: "500 = 180\n1000 = 230", extraPerKg: "100", codFeePercent: "1", surchargePercent: "0", bookingColumns: "" };
  return {
    name: courier.name,
    trackingUrl: courier.trackingUrl ?? "",
    accountCode: courier.accountCode ?? "",
    weightBands: formatWeightBands(courier.rateCard.bands),
    extraPerKg: String(courier.rateCard.extraPerKg),
    codFeePercent: bpsToPercent(courier.rateCard.codFeeBps),
    surchargePercent: bpsToPercent(courier.rateCard.surchargeBps),
    bookingColumns: courier.bookingColumns.map((c) => `${c.header} = ${c.field}`).join("\n"),
  };
}

/** Reads the courier form; an empty booking layout takes the courier's default (`defaults`). */
export function parseCourierForm(form: Record<string, unknown>, defaults: (name: string) => BookingColumn[]): CourierFormResult {
  const values = Object.fromEntries(COURIER_FORM_FIELDS.map((k) => [k, typeof form[k] === "string" ? (form[k] as string).slice(0, 5000) : ""])) as CourierFormValues;
  const errors: Partial<Record<CourierFormField, string>> = {};
  const name = values.name.trim();
  if (!name) errors.name = "Courier name is required";
  else if (name.length > 40) errors.name = "Please keep the courier name under 40 characters";

  const trackingUrl = values.trackingUrl.trim();
  if (trackingUrl && (!/^https?:\/\/[^\s/]+\.[^\s]+$/i.test(trackingUrl) || !trackingUrl.includes(TRACKING_PLACEHOLDER))) {
    errors.trackingUrl = `Enter the courier's tracking link with ${TRACKING_PLACEHOLDER} where the tracking number goes, e.g. https://www.tcsexpress.com/track/${TRACKING_PLACEHOLDER}`;
  } else if (trackingUrl.length > 300) errors.trackingUrl = "Please keep the tracking link under 300 characters";

  const accountCode = values.accountCode.trim();
  if (accountCode.length > 40) errors.accountCode = "Please keep the account code under 40 characters";

  const bands = parseWeightBands(values.weightBands);
  if ("error" in bands) errors.weightBands = bands.error;
  const extra = values.extraPerKg.trim().replace(/^(rs\.?|pkr)\s*/i, "").replace(/,/g, "");
  if (!WHOLE.test(extra)) errors.extraPerKg = "Enter the charge for each extra kilogram in whole rupees, e.g. 100";
  const codFeeBps = percentToBps(values.codFeePercent);
  if (codFeeBps === null) errors.codFeePercent = "Enter the COD fee as a percentage, e.g. 1.5";
  const surchargeBps = percentToBps(values.surchargePercent || "0");
  if (surchargeBps === null) errors.surchargePercent = "Enter the surcharge as a percentage, e.g. 10 (0 for none)";

  const layout = values.bookingColumns.trim() ? parseBookingColumns(values.bookingColumns) : { columns: defaults(name) };
  if ("error" in layout) errors.bookingColumns = layout.error;

  if (Object.keys(errors).length || "error" in bands || "error" in layout) return { ok: false, errors, values };
  return {
    ok: true,
    data: {
      name,
      trackingUrl: trackingUrl || null,
      accountCode: accountCode || null,
      rateCard: { bands: bands.bands, extraPerKg: Number(extra), codFeeBps: codFeeBps!, surchargeBps: surchargeBps! },
      bookingColumns: layout.columns,
    },
  };
}
