/**
 * The shop's tax numbers with FBR (issue 45), as Settings reads them and invoices print them. Pure.
 *
 * NTN (National Tax Number): 7 digits and a check digit, stored as FBR writes it, "1234567-8"
 * (typed "1234567-8" or "12345678"). An individual's NTN is their 13-digit CNIC, stored as a CNIC
 * is written, "12345-1234567-1". STRN (Sales Tax Registration Number): 13 digits, stored as the 13
 * digits alone. Spaces and dashes may be typed anywhere; anything else is refused.
 */
export const NTN_MESSAGE =
  "Enter the NTN as FBR gives it: 7 digits and a check digit, like 1234567-8 (or your 13-digit CNIC if you file as an individual)";
export const STRN_MESSAGE = "Enter the STRN's 13 digits, like 32-77-8761-234-56";

const onlyDigitsSpacesDashes = (typed: string) => /^[\d\s-]+$/.test(typed);

/** The NTN in its stored form, or null when it is not one. */
export function normalizeNtn(typed: string): string | null {
  if (!onlyDigitsSpacesDashes(typed)) return null;
  const compact = typed.replace(/\s+/g, "");
  const ntn = /^(\d{7})-?(\d)$/.exec(compact);
  if (ntn) return `${ntn[1]}-${ntn[2]}`;
  const cnic = /^(\d{5})-?(\d{7})-?(\d)$/.exec(compact);
  if (cnic) return `${cnic[1]}-${cnic[2]}-${cnic[3]}`;
  return null;
}

/** The STRN in its stored form (13 digits), or null when it is not one. */
export function normalizeStrn(typed: string): string | null {
  if (!onlyDigitsSpacesDashes(typed)) return null;
  const digits = typed.replace(/[\s-]/g, "");
  return /^\d{13}$/.test(digits) ? digits : null;
}
