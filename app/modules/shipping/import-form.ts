import { IMPORT_FIELDS, IMPORT_KINDS, type ColumnMapping, type ImportKind } from "./column-mapping";
import { serialIdFrom } from "~/lib/serial-id";

/** Each import as the Shipping tab names it, and what it does. */
export const IMPORT_TITLES: Record<ImportKind, string> = { tracking: "Import Tracking", delivery: "Import Delivery Status", cod: "Import COD Payments" };
export const IMPORT_NOTES: Record<ImportKind, string> = {
  tracking: "Tracking numbers for booked orders: each order is marked shipped and the buyer is e-mailed the courier's tracking link.",
  delivery: "Delivered parcels are marked delivered (the courier has the cash); returned (RTO) parcels are marked returned and their stock is put back.",
  cod: "The courier's payment report: what it collected, its charges and what it paid you, checked against each order's COD.",
};

/** The import a Shipping-tab form is about, or null. */
export function importKindOf(value: unknown): ImportKind | null {
  return typeof value === "string" && (IMPORT_KINDS as readonly string[]).includes(value) ? (value as ImportKind) : null;
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
