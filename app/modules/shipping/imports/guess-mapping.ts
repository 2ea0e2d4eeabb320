import {
  type ColumnMapping,
  DATE_SYNONYMS_BY_KIND,
  HEADER_SYNONYMS,
  IMPORT_FIELDS,
  type ImportField,
  type ImportKind,
} from "./import-fields";

/**
 * A first guess at which column holds which field, from the header words, for the owner to confirm.
 * A header matches a synonym exactly (ignoring case, spaces and punctuation; "#" and "Number" read
 * as "No") or ends with it ("Customer Order No"). Exact beats ending-with, a longer synonym beats a
 * shorter, an earlier synonym beats a later; each field takes one column and each column one field,
 * best pairs first, so "COD Charges" goes to charges before "COD" could claim it.
 */
export function guessMapping<K extends ImportKind>(kind: K, headers: string[]): ColumnMapping<K> {
  const columns = headers.map((header) => ({ words: headerWords(header), squashed: squash(header) }));
  const pairs: { field: ImportField; column: number; score: number }[] = [];
  for (const { field } of IMPORT_FIELDS[kind] as readonly { field: ImportField }[]) {
    const synonyms = (field === "date" && DATE_SYNONYMS_BY_KIND[kind]) || HEADER_SYNONYMS[field];
    synonyms.forEach((synonym, rank) => {
      const words = headerWords(synonym);
      const squashed = squash(synonym);
      columns.forEach((column, index) => {
        const score = matchScore(column, { words, squashed }, rank);
        if (score > 0) pairs.push({ field, column: index, score });
      });
    });
  }
  pairs.sort((a, b) => b.score - a.score || a.column - b.column);
  const mapping: Partial<Record<ImportField, number>> = {};
  const taken = new Set<number>();
  for (const { field, column } of pairs) {
    if (mapping[field] !== undefined || taken.has(column)) continue;
    mapping[field] = column;
    taken.add(column);
  }
  return mapping as ColumnMapping<K>;
}

type Words = { words: string[]; squashed: string };

function matchScore(header: Words, synonym: Words, rank: number): number {
  if (header.words.length === 0) return 0;
  if (header.words.join(" ") === synonym.words.join(" ") || header.squashed === synonym.squashed) return 10_000 - rank;
  const tail = header.words.slice(-synonym.words.length).join(" ");
  if (header.words.length > synonym.words.length && tail === synonym.words.join(" "))
    return 1_000 + 100 * synonym.words.length - rank;
  return 0;
}

const NUMBER_WORDS = new Set(["no", "number", "num", "nbr", "nr"]);
const CURRENCY_WORDS = new Set(["rs", "pkr"]);

/** "Tracking #" -> ["tracking", "no"]; "OrderNumber" -> ["order", "no"]; "COD Amount (Rs)" -> ["cod", "amount"]. */
export function headerWords(text: string): string[] {
  return text
    .replace(/([\p{Ll}\d])(\p{Lu})/gu, "$1 $2")
    .replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, "$1 $2")
    .toLowerCase()
    .replace(/['’]/g, "")
    .replaceAll("#", " no ")
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== "" && !CURRENCY_WORDS.has(word))
    .map((word) => (NUMBER_WORDS.has(word) ? "no" : word));
}

/** Letters and digits only, for headers written as one word ("CNNO", "ORDERNUMBER"). */
function squash(text: string): string {
  return text
    .toLowerCase()
    .replaceAll("#", "no")
    .replace(/[^\p{L}\p{N}]+/gu, "");
}
