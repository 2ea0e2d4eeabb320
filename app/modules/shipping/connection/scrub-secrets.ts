/**
 * A courier's words with any credential taken out, before they reach a page, a log or the database:
 * a courier (or a proxy in between) may echo the token it was sent.
 */
export function scrubSecrets(text: string, credentials: Record<string, string>): string {
  let out = text;
  for (const value of Object.values(credentials)) {
    if (value && value.length >= 4) out = out.split(value).join("••••");
  }
  return out.slice(0, 500);
}
