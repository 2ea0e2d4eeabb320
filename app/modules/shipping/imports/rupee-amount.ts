/**
 * An amount in a courier's file to whole rupees. Portals write "Rs 1,299", "Rs. 1,299/-",
 * "PKR 1299", "1,299.00", lakh grouping "1,00,000", and accounting negatives "(200)". Paisa are
 * refused, never rounded: a settlement that does not add up to the rupee must be looked at.
 */
export type ParsedAmount = { value: number | null; problem?: undefined } | { value?: undefined; problem: string };

const CURRENCY = String.raw`(?:rs\.?|pkr|₨)`;
const AMOUNT = new RegExp(
  String.raw`^(-)?\s*(?:${CURRENCY}\s*)?(-)?\s*(\d{1,3}(?:,\d{2,3})+|\d+)(?:\.(\d+))?\s*(?:\/-)?\s*(?:${CURRENCY})?$`,
  "i",
);

export function parseRupeeAmount(text: string): ParsedAmount {
  const written = text.trim();
  if (written === "") return { value: null };
  const read = readAmount(written);
  if ("problem" in read) return read;
  if (/[1-9]/.test(read.fraction)) return { problem: `Amount "${written}" is not a whole number of rupees` };
  const rupees = Number(read.whole);
  if (!Number.isSafeInteger(rupees)) return { problem: notAnAmount(written) };
  return { value: read.negative && rupees !== 0 ? -rupees : rupees };
}

const notAnAmount = (written: string) => `Amount "${written}" is not an amount in rupees`;

/** The sign, whole rupees (digits only) and decimals of an amount as couriers write it, or why it is not one. */
function readAmount(written: string): { negative: boolean; whole: string; fraction: string } | { problem: string } {
  const inParentheses = /^\((.*)\)$/.exec(written);
  const match = AMOUNT.exec(inParentheses ? inParentheses[1].trim() : written);
  const twoSigns = [inParentheses, match?.[1], match?.[2]].filter(Boolean).length > 1;
  if (!match || twoSigns) return { problem: notAnAmount(written) };
  const [, , , whole, fraction = ""] = match;
  return {
    negative: Boolean(inParentheses) || Boolean(match[1]) || Boolean(match[2]),
    whole: whole.replaceAll(",", ""),
    fraction,
  };
}

/**
 * An amount that may carry paisa (a courier's charge: a percentage fee plus 16 % tax is "191.18";
 * "1,234.5"), in paisa. Same forms as parseRupeeAmount; more than two decimals round half up to the
 * paisa (Excel's float noise is already gone: read-xlsx-rows keeps 15 digits).
 */
export type ParsedPaisa = { paisa: number | null; problem?: undefined } | { paisa?: undefined; problem: string };

export function parsePaisaAmount(text: string): ParsedPaisa {
  const written = text.trim();
  if (written === "") return { paisa: null };
  const read = readAmount(written);
  if ("problem" in read) return read;
  const { whole, fraction } = read;
  // From the digits, not a float: "0.185" is 19 paisa, where 0.185 * 100 is 18.499...
  const paisa =
    Number(whole) * 100 + Number(fraction.padEnd(2, "0").slice(0, 2)) + (Number(fraction[2] ?? "0") >= 5 ? 1 : 0);
  if (!Number.isSafeInteger(paisa)) return { problem: notAnAmount(written) };
  return { paisa: read.negative && paisa !== 0 ? -paisa : paisa };
}

/**
 * Paisa to whole rupees for the columns that keep rupees: half a rupee and more rounds up (away
 * from zero for a negative), so Rs 191.50 is Rs 192. Only at the last step, after every
 * comparison is done in paisa.
 */
export function paisaToRupees(paisa: number): number {
  return Math.sign(paisa) * Math.floor((Math.abs(paisa) + 50) / 100);
}
