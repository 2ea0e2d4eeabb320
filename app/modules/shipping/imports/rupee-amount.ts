/**
 * An amount in a courier's file to whole rupees. Portals write "Rs 1,299", "Rs. 1,299/-",
 * "PKR 1299", "1,299.00", lakh grouping "1,00,000", and accounting negatives "(200)". Paisa are
 * refused, never rounded: a settlement that does not add up to the rupee must be looked at.
 */
export type ParsedAmount = { value: number | null; problem?: undefined } | { value?: undefined; problem: string };

const CURRENCY = String.raw`(?:rs\.?|pkr|₨)`;
const AMOUNT = new RegExp(String.raw`^(-)?\s*(?:${CURRENCY}\s*)?(-)?\s*(\d{1,3}(?:,\d{2,3})+|\d+)(?:\.(\d+))?\s*(?:\/-)?\s*(?:${CURRENCY})?$`, "i");

export function parseRupeeAmount(text: string): ParsedAmount {
  const written = text.trim();
  if (written === "") return { value: null };
  const inParentheses = /^\((.*)\)$/.exec(written);
  const match = AMOUNT.exec(inParentheses ? inParentheses[1].trim() : written);
  const negative = Boolean(inParentheses) || Boolean(match?.[1]) || Boolean(match?.[2]);
  const twoSigns = [inParentheses, match?.[1], match?.[2]].filter(Boolean).length > 1;
  if (!match || twoSigns) return { problem: `Amount "${written}" is not an amount in rupees` };
  const [, , , whole, fraction = ""] = match;
  if (/[1-9]/.test(fraction)) return { problem: `Amount "${written}" is not a whole number of rupees` };
  const rupees = Number(whole.replaceAll(",", ""));
  if (!Number.isSafeInteger(rupees)) return { problem: `Amount "${written}" is not an amount in rupees` };
  return { value: negative && rupees !== 0 ? -rupees : rupees };
}
