import { createHmac, timingSafeEqual } from "node:crypto";
import type { DbOrTx } from "~/db/client.server";
import { loadStoredSecret } from "~/db/stored-secret.server";

const SECRET_KEY = "notify_unsubscribe_secret";

/**
 * The key that signs unsubscribe links: made once and kept in app_meta, so every server process
 * (and every restart) signs and checks with the same one. Read per use: one primary-key lookup.
 */
export function loadUnsubscribeSecret(db: DbOrTx): Promise<string> {
  return loadStoredSecret(db, SECRET_KEY);
}

function signature(secret: string, subscriptionId: number): Buffer {
  return createHmac("sha256", secret).update(`notify-unsubscribe:${subscriptionId}`).digest();
}

/** `{id}.{HMAC-SHA256 of the id}`: names one subscription and cannot be made for another without the secret. */
export function signUnsubscribeToken(secret: string, subscriptionId: number): string {
  return `${subscriptionId}.${signature(secret, subscriptionId).toString("base64url")}`;
}

/** The subscription a token names, or null when it is malformed or its signature does not match. */
export function verifyUnsubscribeToken(secret: string, token: string): number | null {
  const match = /^([1-9][0-9]{0,9})\.([A-Za-z0-9_-]{43})$/.exec(token.trim());
  if (!match) return null;
  const id = Number(match[1]);
  if (!Number.isSafeInteger(id) || id > 2_147_483_647) return null;
  const given = Buffer.from(match[2], "base64url");
  const expected = signature(secret, id);
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
}

export function unsubscribePath(token: string): string {
  return `/notify/unsubscribe?${new URLSearchParams({ token })}`;
}
