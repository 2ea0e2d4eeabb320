/**
 * The one password rule (OWASP ASVS level 2): at least 12 characters, at most 128, and not a common
 * password. This file is shared with the browser (lengths and wording for the forms); the list of
 * common passwords is given to `passwordProblem` by common-passwords.server.ts, so it never ships
 * to the browser.
 *
 * Passwords set before the 12-character rule still sign in: sign-in never checks the rule.
 */
export const MIN_PASSWORD_LENGTH_RULE = 12;
export const MAX_PASSWORD_LENGTH_RULE = 128;

export const PASSWORD_TOO_SHORT = `Password must be at least ${MIN_PASSWORD_LENGTH_RULE} characters`;
export const PASSWORD_TOO_LONG = `Password must be ${MAX_PASSWORD_LENGTH_RULE} characters or fewer`;
export const PASSWORD_TOO_COMMON = "This password is too common. Choose one that is harder to guess.";
export const PASSWORD_HINT = `At least ${MIN_PASSWORD_LENGTH_RULE} characters, not a common password.`;

export type PasswordProblem = {
  code: "PASSWORD_TOO_SHORT" | "PASSWORD_TOO_LONG" | "PASSWORD_TOO_COMMON";
  message: string;
};

/** The length part of the rule, for the browser and for forms before anything is sent. */
export function passwordLengthProblem(password: string): PasswordProblem | null {
  if (password.length < MIN_PASSWORD_LENGTH_RULE) return { code: "PASSWORD_TOO_SHORT", message: PASSWORD_TOO_SHORT };
  if (password.length > MAX_PASSWORD_LENGTH_RULE) return { code: "PASSWORD_TOO_LONG", message: PASSWORD_TOO_LONG };
  return null;
}

/**
 * The whole rule for a new password. `common` holds lowercased common passwords; `email` is the
 * account's, so its name part (and the whole address) cannot be the password.
 */
export function passwordProblem(password: string, common: ReadonlySet<string>, email?: string): PasswordProblem | null {
  const length = passwordLengthProblem(password);
  if (length) return length;
  return guessable(password, common, email) ? { code: "PASSWORD_TOO_COMMON", message: PASSWORD_TOO_COMMON } : null;
}

function guessable(password: string, common: ReadonlySet<string>, email: string | undefined): boolean {
  const lower = password.toLowerCase();
  // "Password2024!" and "!!qwertyuiop" are the listed word with a bit of decoration.
  const candidates = new Set([lower, stripDecoration(lower), lower.replace(/\s+/gu, "")]);
  const address = email?.trim().toLowerCase() ?? "";
  const name = address.split("@")[0] ?? "";
  const own = new Set([address, name, stripDecoration(name)].filter((value) => value.length >= 3));
  for (const candidate of candidates) {
    if (common.has(candidate) || own.has(candidate)) return true;
  }
  return repeatsOrRuns(lower) || repeatsOrRuns(lower.replace(/[\W_]+/gu, ""));
}

/** The word without the digits and symbols people put around it. */
function stripDecoration(value: string): string {
  return value.replace(/[\d\W_]+$/u, "").replace(/^[\d\W_]+/u, "");
}

/** One short unit over and over ("aaaaaaaaaaaa", "abcabcabcabc") or a straight run ("abcdefghijkl", "123456789012"). */
function repeatsOrRuns(value: string): boolean {
  const chars = [...value];
  for (let unit = 1; unit <= 4; unit++) {
    if (chars.length >= unit * 3 && chars.every((c, i) => c === chars[i % unit])) return true;
  }
  const steps = chars.slice(1).map((c, i) => (c.codePointAt(0) ?? 0) - (chars[i].codePointAt(0) ?? 0));
  const ascending = steps.every((s) => s === 1 || s === -9); // 7890 counts as a run
  const descending = steps.every((s) => s === -1 || s === 9);
  return steps.length > 0 && (ascending || descending);
}
