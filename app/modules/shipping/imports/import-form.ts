import { IMPORT_FIELDS, IMPORT_KINDS, type ColumnMapping, type ImportKind } from "./column-mapping";
import { serialIdFrom } from "~/lib/serial-id";
import { z } from "~/lib/zod";

/** Each import as the Shipping tab names it, and what it does. */
export const IMPORT_TITLES: Record<ImportKind, string> = {
  tracking: "Import Tracking",
  delivery: "Import Delivery Status",
  cod: "Import COD Payments",
};
export const IMPORT_NOTES: Record<ImportKind, string> = {
  tracking:
    "Tracking numbers for booked orders: each order is marked shipped and the buyer is e-mailed the courier's tracking link.",
  delivery:
    "Delivered parcels are marked delivered (the courier has the cash); returned (RTO) parcels are marked returned and their stock is put back.",
  cod: "The courier's payment report: what it collected, its charges and what it paid you, checked against each order's COD.",
};

/** The import a Shipping-tab form is about, or null. */
export function importKindOf(value: unknown): ImportKind | null {
  return typeof value === "string" && (IMPORT_KINDS as readonly string[]).includes(value)
    ? (value as ImportKind)
    : null;
}

/** The courier chosen on an import form, or null for "any" (tracking and delivery files match by order or tracking number). */
export function courierIdOf(value: unknown): number | null {
  return serialIdFrom(value);
}

/** The mapping screen's choices (`map-<field>` = a column index, or "" for not in the file). */
export function mappingFromForm(kind: ImportKind, form: FormData): ColumnMapping {
  const mapping: Record<string, number> = {};
  for (const { field } of IMPORT_FIELDS[kind]) {
    const value = form.get(`map-${field}`);
    if (typeof value === "string" && /^\d{1,3}$/.test(value)) mapping[field] = Number(value);
  }
  return mapping as ColumnMapping;
}

/** Said when Apply is pressed with columns other than the preview's: nothing is applied. */
export const MAPPING_CHANGED =
  "The columns changed since the preview: press Preview Again to see what they will do, then Apply.";
export const FIELD_CHANGED = "Changed since the preview";

/**
 * The mapping as one line ("orderNumber=0;trackingNumber=1", in the form's field order). The preview
 * puts it on its form as `previewedMapping`, so Apply can refuse columns the owner has not seen
 * previewed. Plain rather than signed: the owner may apply any mapping, once it has been previewed;
 * the check is against changing a column and pressing Apply on the old preview.
 */
export function mappingKey(kind: ImportKind, mapping: ColumnMapping): string {
  const chosen = mapping as Partial<Record<string, number>>;
  return IMPORT_FIELDS[kind]
    .flatMap(({ field }) => (chosen[field] === undefined ? [] : [`${field}=${chosen[field]}`]))
    .join(";");
}

/**
 * The fields whose column on the Apply form differs from the previewed mapping's; `previewed` null
 * when the form names no previewed mapping (an old page, a hand-made post), which Apply refuses too.
 */
export function changesSincePreview(
  kind: ImportKind,
  previewedKey: unknown,
  posted: ColumnMapping,
): { previewed: boolean; fields: string[] } {
  if (typeof previewedKey !== "string" || !/^(?:\w+=\d{1,3}(?:;\w+=\d{1,3})*)?$/.test(previewedKey))
    return { previewed: false, fields: [] };
  const before = new Map(
    previewedKey
      .split(";")
      .filter(Boolean)
      .map((pair) => pair.split("=") as [string, string]),
  );
  const after = posted as Partial<Record<string, number>>;
  const fields = IMPORT_FIELDS[kind]
    .map(({ field }) => field as string)
    .filter((field) => {
      const was = before.get(field);
      return (was === undefined ? undefined : Number(was)) !== after[field];
    });
  return { previewed: true, fields };
}

export const CHOOSE_IMPORT = "Choose what to import.";

/**
 * A Shipping-tab import form, read by the action (the file itself is streamed apart and never in
 * the form): which import, the courier ("" any), and for Apply and Preview Again the kept upload and
 * the previewed mapping; the column choices (`map-<field>`) are read by mappingFromForm.
 */
export const courierImportFormSchema = z.object({
  intent: z.enum(["preview", "apply", "remap"]).catch("remap"),
  kind: z.enum(IMPORT_KINDS, { error: CHOOSE_IMPORT }),
  courierId: z.string().optional().transform(courierIdOf),
  uploadId: z.string().default(""),
  previewedMapping: z.string().optional(),
});
