import {
  type ColumnMapping,
  IMPORT_FIELDS,
  type ImportField,
  type ImportFieldInfo,
  type ImportKind,
  type KindField,
} from "./import-fields";

export type MappingCheck<K extends ImportKind = ImportKind> =
  { ok: true } | { ok: false; message: string; fields: Partial<Record<KindField<K>, string>> };

export const NO_ORDER_COLUMN_MESSAGE = "This file names no order column. Choose which column holds the order number.";

/**
 * Whether a mapping (guessed, then set by the owner) can be imported from a file with `headerCount`
 * columns. On failure, `message` is the first problem and `fields` every field's, for the form.
 * Delivery and cod files may name orders by tracking number alone; a tracking file cannot, since
 * it is what gives an order its tracking number.
 */
export function checkMapping<K extends ImportKind>(
  kind: K,
  mapping: ColumnMapping<K>,
  headerCount: number,
): MappingCheck<K> {
  const infos = IMPORT_FIELDS[kind] as readonly ImportFieldInfo[];
  const chosen = mapping as Partial<Record<ImportField, number>>;
  const fields: Partial<Record<ImportField, string>> = {};
  const usedBy = new Map<number, ImportFieldInfo>();
  for (const info of infos) {
    const column = chosen[info.field];
    if (column === undefined) continue;
    if (!Number.isInteger(column) || column < 0 || column >= headerCount) {
      fields[info.field] = `The column chosen for the ${lower(info)} is not in this file. Choose another.`;
      continue;
    }
    const other = usedBy.get(column);
    if (other)
      fields[info.field] =
        `The ${lower(other)} and the ${lower(info)} cannot come from the same column. Choose another column for one of them.`;
    else usedBy.set(column, info);
  }
  const has = (field: ImportField) => chosen[field] !== undefined;
  if (kind === "tracking" ? !has("orderNumber") : !has("orderNumber") && !has("trackingNumber"))
    fields.orderNumber = NO_ORDER_COLUMN_MESSAGE;
  for (const info of infos) {
    if (info.required && !has(info.field) && !fields[info.field])
      fields[info.field] = `Choose which column holds the ${lower(info)}.`;
  }
  // The first problem in the order the form lists the fields (the order number comes first).
  const message = infos.map((info) => fields[info.field]).find((text) => text !== undefined);
  return message === undefined
    ? { ok: true }
    : { ok: false, message, fields: fields as Partial<Record<KindField<K>, string>> };
}

function lower(info: ImportFieldInfo): string {
  return info.label.toLowerCase();
}
