import type { BookingColumn, RateCard, RateZone } from "~/modules/shipping/tables";
import { z } from "~/lib/zod";
import { defaultBookingColumns, parseBookingColumns } from "../booking/booking-columns";
import { bpsToPercent, percentToBps } from "./rate-card";
import { TRACKING_PLACEHOLDER } from "./tracking-link";

/** How many city groups (zones) the rate card form offers: couriers quote "same city", "same zone", "other zones". */
export const ZONE_SLOTS = 4;
const ZONE_PARTS = ["Name", "Cities", "Bands", "ExtraPerKg"] as const;
type ZonePart = (typeof ZONE_PARTS)[number];
export type ZoneField = `zone${1 | 2 | 3 | 4}${ZonePart}`;
/** A zone slot's field name: zoneField(1, "Cities") is "zone1Cities". */
export const zoneField = (slot: number, part: ZonePart) => `zone${slot}${part}` as ZoneField;
const ZONE_FIELDS = Array.from({ length: ZONE_SLOTS }, (_, i) =>
  ZONE_PARTS.map((part) => zoneField(i + 1, part)),
).flat();

/** The Settings -> Couriers form: every value as the form sends it (text). */
export const COURIER_FORM_FIELDS = [
  "name",
  "trackingUrl",
  "accountCode",
  "weightBands",
  "extraPerKg",
  "codFeePercent",
  "surchargePercent",
  "toleranceRupees",
  ...ZONE_FIELDS,
  "bookingColumns",
] as const;
export type CourierFormField =
  | "name"
  | "trackingUrl"
  | "accountCode"
  | "weightBands"
  | "extraPerKg"
  | "codFeePercent"
  | "surchargePercent"
  | "toleranceRupees"
  | ZoneField
  | "bookingColumns";
export type CourierFormValues = Record<CourierFormField, string>;

export type CourierInput = {
  name: string;
  trackingUrl: string | null;
  accountCode: string | null;
  rateCard: RateCard;
  bookingColumns: BookingColumn[];
};

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
    if (bands.length && band.upToGrams <= bands[bands.length - 1].upToGrams)
      return { error: `Line ${index + 1}: list the bands lightest first, each heavier than the one before` };
    bands.push(band);
  }
  if (!bands.length) return { error: 'Give at least one weight band, e.g. "500 = 180"' };
  return { bands };
}

export function formatWeightBands(bands: RateCard["bands"]): string {
  return bands.map((b) => `${b.upToGrams} = ${b.charge}`).join("\n");
}

/** The zone slots' values: the card's zones first, then empty slots. */
function zoneValues(zones: RateZone[] = []): Record<ZoneField, string> {
  const values = {} as Record<ZoneField, string>;
  for (let slot = 1; slot <= ZONE_SLOTS; slot++) {
    const zone = zones[slot - 1];
    values[zoneField(slot, "Name")] = zone?.name ?? "";
    values[zoneField(slot, "Cities")] = zone?.cities.join("\n") ?? "";
    values[zoneField(slot, "Bands")] = zone ? formatWeightBands(zone.bands) : "";
    values[zoneField(slot, "ExtraPerKg")] = zone ? String(zone.extraPerKg) : "";
  }
  return values;
}

/**
 * The zones of the form's slots; a slot left wholly empty is no zone. Each zone needs a name, at
 * least one city (one per line, or separated by commas), its weight bands and its extra per kg; a
 * city may be in one zone only. Errors are keyed by the slot's field.
 */
export function parseZones(values: Partial<Record<ZoneField, string>>): {
  zones: RateZone[];
  errors: Partial<Record<ZoneField, string>>;
} {
  const zones: RateZone[] = [];
  const errors: Partial<Record<ZoneField, string>> = {};
  const cityZone = new Map<string, string>();
  for (let slot = 1; slot <= ZONE_SLOTS; slot++) {
    const text = (part: ZonePart) => (values[zoneField(slot, part)] ?? "").trim();
    if (ZONE_PARTS.every((part) => text(part) === "")) continue;
    const name = text("Name");
    if (!name) errors[zoneField(slot, "Name")] = "Name the zone, e.g. Same city";
    else if (name.length > 40) errors[zoneField(slot, "Name")] = "Please keep the zone's name under 40 characters";
    const cities: string[] = [];
    for (const city of text("Cities")
      .split(/[\n,]+/)
      .map((c) => c.trim().replace(/\s+/g, " "))
      .filter(Boolean)) {
      const key = city.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");
      const other = cityZone.get(key);
      if (other !== undefined && !errors[zoneField(slot, "Cities")]) {
        errors[zoneField(slot, "Cities")] =
          other === name
            ? `${city} is listed twice`
            : `${city} is already in the zone ${other || "above"}: a city belongs to one zone`;
      }
      if (city.length > 60 && !errors[zoneField(slot, "Cities")])
        errors[zoneField(slot, "Cities")] = "Please keep each city's name under 60 characters";
      cityZone.set(key, name);
      if (other === undefined) cities.push(city);
    }
    if (!cities.length && !errors[zoneField(slot, "Cities")])
      errors[zoneField(slot, "Cities")] = "List the zone's cities, one per line or separated by commas";
    else if (cities.length > 500) errors[zoneField(slot, "Cities")] = "A zone can list up to 500 cities";
    const bands = parseWeightBands(text("Bands"));
    if ("error" in bands) errors[zoneField(slot, "Bands")] = bands.error;
    const extra = text("ExtraPerKg")
      .replace(/^(rs\.?|pkr)\s*/i, "")
      .replace(/,/g, "");
    if (!WHOLE.test(extra))
      errors[zoneField(slot, "ExtraPerKg")] =
        "Enter the zone's charge for each extra kilogram in whole rupees, e.g. 100";
    if (!("error" in bands)) zones.push({ name, cities, bands: bands.bands, extraPerKg: Number(extra) });
  }
  return { zones, errors };
}

/** The form's values for a stored courier (or a new one). */
export function courierFormValues(courier?: CourierInput): CourierFormValues {
  if (!courier) {
    return {
      name: "",
      trackingUrl: "",
      accountCode: "",
      weightBands: "500 = 180\n1000 = 230",
      extraPerKg: "100",
      codFeePercent: "1",
      surchargePercent: "0",
      toleranceRupees: "0",
      ...zoneValues(),
      bookingColumns: "",
    };
  }
  return {
    name: courier.name,
    trackingUrl: courier.trackingUrl ?? "",
    accountCode: courier.accountCode ?? "",
    weightBands: formatWeightBands(courier.rateCard.bands),
    extraPerKg: String(courier.rateCard.extraPerKg),
    codFeePercent: bpsToPercent(courier.rateCard.codFeeBps),
    surchargePercent: bpsToPercent(courier.rateCard.surchargeBps),
    toleranceRupees: String(courier.rateCard.toleranceRupees ?? 0),
    ...zoneValues(courier.rateCard.zones),
    bookingColumns: courier.bookingColumns.map((c) => `${c.header} = ${c.field}`).join("\n"),
  };
}

/** A text field as the form sends it (an empty one arrives as undefined: ""), cut at 10,000 characters. */
const typed = z
  .string()
  .default("")
  .transform((v) => v.slice(0, 10_000));

/** The courier form's fields as sent (Settings -> Couriers, Add Courier and Edit Courier, and the JSON API). */
export const courierFields = z.object(
  Object.fromEntries(COURIER_FORM_FIELDS.map((k) => [k, typed])) as Record<CourierFormField, typeof typed>,
);

/** The courier's input from its fields, or a message per field wrong (as zod issues). */
export function checkCourier(values: CourierFormValues, ctx: z.RefinementCtx): CourierInput {
  const checked = courierErrors(values);
  for (const [name, message] of Object.entries(checked.errors)) ctx.addIssue({ code: "custom", path: [name], message });
  return checked.data ?? z.NEVER;
}

/**
 * The courier form checked: the page checks it in the browser (inside the page's schema,
 * courier-settings-intent.ts), the action and the JSON API on the server. An empty booking layout
 * takes the courier's default.
 */
export const courierFieldsSchema = courierFields.transform(checkCourier);

function courierErrors(
  values: CourierFormValues,
):
  | { errors: Partial<Record<CourierFormField, string>>; data?: undefined }
  | { errors: Partial<Record<CourierFormField, never>>; data: CourierInput } {
  const errors: Partial<Record<CourierFormField, string>> = {};
  const name = values.name.trim();
  if (!name) errors.name = "Courier name is required";
  else if (name.length > 40) errors.name = "Please keep the courier name under 40 characters";

  const trackingUrl = values.trackingUrl.trim();
  if (
    trackingUrl &&
    (!/^https?:\/\/[^\s/]+\.[^\s]+$/i.test(trackingUrl) || !trackingUrl.includes(TRACKING_PLACEHOLDER))
  ) {
    errors.trackingUrl = `Enter the courier's tracking link with ${TRACKING_PLACEHOLDER} where the tracking number goes, e.g. https://www.tcsexpress.com/track/${TRACKING_PLACEHOLDER}`;
  } else if (trackingUrl.length > 300) errors.trackingUrl = "Please keep the tracking link under 300 characters";

  const accountCode = values.accountCode.trim();
  if (accountCode.length > 40) errors.accountCode = "Please keep the account code under 40 characters";

  const bands = parseWeightBands(values.weightBands);
  if ("error" in bands) errors.weightBands = bands.error;
  const extra = values.extraPerKg
    .trim()
    .replace(/^(rs\.?|pkr)\s*/i, "")
    .replace(/,/g, "");
  if (!WHOLE.test(extra)) errors.extraPerKg = "Enter the charge for each extra kilogram in whole rupees, e.g. 100";
  const codFeeBps = percentToBps(values.codFeePercent);
  if (codFeeBps === null) errors.codFeePercent = "Enter the COD fee as a percentage, e.g. 1.5";
  const surchargeBps = percentToBps(values.surchargePercent || "0");
  if (surchargeBps === null) errors.surchargePercent = "Enter the surcharge as a percentage, e.g. 10 (0 for none)";

  const tolerance =
    values.toleranceRupees
      .trim()
      .replace(/^(rs\.?|pkr)\s*/i, "")
      .replace(/,/g, "") || "0";
  if (!/^\d{1,5}$/.test(tolerance))
    errors.toleranceRupees = "Enter the tolerance in whole rupees, e.g. 50 (0 flags every rupee above the rate card)";
  const zones = parseZones(values);
  Object.assign(errors, zones.errors);

  const layout = values.bookingColumns.trim()
    ? parseBookingColumns(values.bookingColumns)
    : { columns: defaultBookingColumns(name) };
  if ("error" in layout) errors.bookingColumns = layout.error;

  if (Object.keys(errors).length || "error" in bands || "error" in layout) return { errors };
  return {
    errors: {},
    data: {
      name,
      trackingUrl: trackingUrl || null,
      accountCode: accountCode || null,
      rateCard: {
        bands: bands.bands,
        extraPerKg: Number(extra),
        codFeeBps: codFeeBps!,
        surchargeBps: surchargeBps!,
        ...(zones.zones.length ? { zones: zones.zones } : {}),
        ...(Number(tolerance) ? { toleranceRupees: Number(tolerance) } : {}),
      },
      bookingColumns: layout.columns,
    },
  };
}

/**
 * The courier form read by the JSON API (POST /api/seller/couriers) and by tests, through the same
 * schema: the input, or the first message per field with the values as typed.
 */
export function parseCourierForm(form: Record<string, unknown>): CourierFormResult {
  const values = Object.fromEntries(
    COURIER_FORM_FIELDS.map((k) => [k, typeof form[k] === "string" ? (form[k] as string).slice(0, 10_000) : ""]),
  ) as CourierFormValues;
  const parsed = courierFieldsSchema.safeParse(values);
  if (parsed.success) return { ok: true, data: parsed.data };
  const errors: Partial<Record<CourierFormField, string>> = {};
  for (const issue of parsed.error.issues) errors[issue.path[0] as CourierFormField] ??= issue.message;
  return { ok: false, errors, values };
}
