/**
 * Mapping a courier file's columns to what the shop imports (tracking numbers, delivery statuses,
 * COD settlements) and reading its rows. Pure and browser-safe: the mapping screen uses the same
 * rules as the import. The pieces live in the files named below.
 */
export { checkMapping, type MappingCheck, NO_ORDER_COLUMN_MESSAGE } from "./check-mapping";
export type { CourierSheet } from "./courier-sheet";
export { type CourierStatusKind, courierStatusKind } from "./courier-status";
export { guessMapping } from "./guess-mapping";
export {
  type ColumnMapping,
  IMPORT_FIELDS,
  IMPORT_KINDS,
  type ImportField,
  type ImportFieldInfo,
  type ImportKind,
  type KindField,
} from "./import-fields";
export {
  type CodImportRow,
  type DeliveryImportRow,
  type ImportRow,
  type ImportRowOf,
  readRows,
  type TrackingImportRow,
} from "./parse-import-rows";
export { parseRupeeAmount } from "./rupee-amount";
