/**
 * Who an account is: a buyer, or a seller (the shop's owner and staff). Plain constants with no
 * imports, like db/schema/statuses.ts, so the schema's CHECK, the rules and the browser share them.
 */
export const ROLES = ["buyer", "seller"] as const;
export type Role = (typeof ROLES)[number];
