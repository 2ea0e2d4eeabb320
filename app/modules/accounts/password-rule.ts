/** better-auth enforces the same minimum; kept here so the browser form can say it too. */
export const MIN_PASSWORD_LENGTH_RULE = 8;
