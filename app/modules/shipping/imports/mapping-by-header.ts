import { checkMapping } from "./check-mapping";
import { type ColumnMapping, IMPORT_FIELDS, type ImportKind } from "./import-fields";

export type HeaderMappingResult =
  { ok: true; mapping: ColumnMapping } | { ok: false; message: string; fields: Record<string, string> };

/**
 * The API's `mapping` (JSON: field -> the column's header, as `{"orderNumber":"Reference No"}`) as
 * the column indexes of a file with `headers`, then checked by the page's rule (checkMapping). A
 * header matches ignoring case and surrounding spaces; null or "" leaves the field out. Refusals are
 * keyed by field (`mapping` for the whole value), like the page's messages beside its selects.
 */
export function mappingByHeader(kind: ImportKind, text: string, headers: readonly string[]): HeaderMappingResult {
  const fieldNames = IMPORT_FIELDS[kind].map((info) => info.field as string);
  let given: unknown;
  try {
    given = JSON.parse(text);
  } catch {
    return refuse({ mapping: 'mapping must be JSON, like {"orderNumber": "Reference No"}' });
  }
  if (typeof given !== "object" || given === null || Array.isArray(given)) {
    return refuse({
      mapping: 'mapping must be a JSON object of field to column header, like {"orderNumber": "Reference No"}',
    });
  }
  const unknown = Object.keys(given).filter((key) => !fieldNames.includes(key));
  if (unknown.length) {
    return refuse({
      mapping: `${unknown.map((k) => JSON.stringify(k)).join(", ")}: not a field of a ${kind} file. Its fields are ${fieldNames.join(", ")}`,
    });
  }

  const fields: Record<string, string> = {};
  const mapping: Record<string, number> = {};
  const normal = (header: string) => header.trim().toLowerCase();
  for (const [field, header] of Object.entries(given as Record<string, unknown>)) {
    if (header === null || header === "") continue;
    if (typeof header !== "string") {
      fields[field] = "Give the column's header as text";
      continue;
    }
    const matches = headers.flatMap((h, index) => (normal(h) === normal(header) ? [index] : []));
    if (matches.length === 1) mapping[field] = matches[0];
    else if (matches.length === 0)
      fields[field] =
        `No column of this file is headed "${header}". Its columns: ${headers.map((h) => `"${h}"`).join(", ")}`;
    else fields[field] = `${matches.length} columns of this file are headed "${header}": rename one in the file`;
  }
  if (Object.keys(fields).length) return refuse(fields);

  const check = checkMapping(kind, mapping as ColumnMapping, headers.length);
  if (!check.ok) return { ok: false, message: check.message, fields: check.fields as Record<string, string> };
  return { ok: true, mapping: mapping as ColumnMapping };
}

/** A refusal whose message is its first problem. */
function refuse(fields: Record<string, string>): HeaderMappingResult {
  return { ok: false, message: Object.values(fields)[0], fields };
}
