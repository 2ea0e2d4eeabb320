import { dictionary } from "@zxcvbn-ts/language-common";
import { passwordProblem, type PasswordProblem } from "./password-rule";

let common: ReadonlySet<string> | undefined;

/** About 49,000 common passwords (zxcvbn's list), lowercased; decompressed on first use and kept. */
function commonPasswords(): ReadonlySet<string> {
  common ??= new Set(dictionary["passwords-common"].map((p) => p.toLowerCase()));
  return common;
}

/** The password rule (password-rule.ts) with the list of common passwords, checked offline. */
export function newPasswordProblem(password: string, email?: string): PasswordProblem | null {
  return passwordProblem(password, commonPasswords(), email);
}
