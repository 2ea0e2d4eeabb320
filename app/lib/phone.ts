/** Pakistani mobile numbers: accepted in the ways people write them, stored in E.164. */

export const PHONE_MESSAGE = "Please enter a Pakistani mobile number, like 0300 1234567";

// After removing separators: a trunk "0", or the country code as +92 / 0092 / 92 (people also
// write the trunk 0 after it, "+92 0300 ..."), then the 10-digit mobile number starting with 3.
const MOBILE = /^(?:0|(?:\+|00)?920?)(3\d{9})$/;

/** "+923001234567" for any common way of writing a Pakistani mobile number; null for anything else. */
export function normalizePakistaniMobile(input: string): string | null {
  if (typeof input !== "string") return null;
  const compact = input.replace(/[\s\-()]/g, "");
  const match = MOBILE.exec(compact);
  return match ? `+92${match[1]}` : null;
}

/** "0300 1234567", the way buyers and couriers read a number; anything else is returned as it is. */
export function formatPakistaniMobile(e164: string): string {
  const match = /^\+92(3\d{2})(\d{7})$/.exec(e164);
  return match ? `0${match[1]} ${match[2]}` : e164;
}
