import { createHmac, timingSafeEqual } from "node:crypto";
import type { DbOrTx } from "~/db/client.server";
import { CONTACT_FORM_TIMING } from "~/modules/abuse/abuse-limits";
import { loadStoredSecret } from "~/db/stored-secret.server";

const SECRET_KEY = "contact_form_secret";

/** The key that signs the contact form's rendered-at time; kept in app_meta so every process shares it. */
export function loadContactFormSecret(db: DbOrTx): Promise<string> {
  return loadStoredSecret(db, SECRET_KEY);
}

const sign = (secret: string, ms: number) => createHmac("sha256", secret).update(`contact-form:${ms}`).digest();

/** `{rendered-at in ms}.{HMAC}`: a hidden field of the form, which a bot cannot backdate. */
export function signContactFormToken(secret: string, renderedAt = new Date()): string {
  const ms = renderedAt.getTime();
  return `${ms}.${sign(secret, ms).toString("base64url")}`;
}

export type FormTiming = "ok" | "too-fast" | "expired" | "invalid";

/**
 * How long the form was open: under CONTACT_FORM_TIMING.minSeconds is faster than a person types,
 * over maxSeconds is a stale page (or a token harvested for reuse). A missing or forged token is
 * "invalid".
 */
export function checkContactFormToken(secret: string, token: unknown, now = new Date()): FormTiming {
  const match = typeof token === "string" ? /^(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(token) : null;
  if (!match) return "invalid";
  const ms = Number(match[1]);
  const given = Buffer.from(match[2], "base64url");
  const expected = sign(secret, ms);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return "invalid";
  const age = (now.getTime() - ms) / 1000;
  if (age < CONTACT_FORM_TIMING.minSeconds) return "too-fast";
  if (age > CONTACT_FORM_TIMING.maxSeconds) return "expired";
  return "ok";
}
