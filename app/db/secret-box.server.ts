import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/**
 * Encrypts the secrets the shop keeps in its database for outside services (WhatsApp's access
 * token, app secret and verify token; couriers' API credentials next), so a backup, a dump or a
 * provider's snapshot of the database carries none of them in clear. AES-256-GCM (authenticated: a
 * changed byte is refused, never decrypted to garbage) with a key derived by HKDF-SHA256 from the
 * shop's auth secret (db/auth-secret.server.ts: BETTER_AUTH_SECRET, or the generated one kept
 * outside the database) and a fixed `info` per use, so the WhatsApp key never opens courier secrets.
 *
 * Stored form: `v1.<iv>.<ciphertext>.<tag>` (base64url; a 12-byte random IV per value). The version
 * lets a later key or algorithm sit beside this one. Changing the auth secret makes stored values
 * unreadable: `open` throws, and the owner enters them again.
 */
export type SecretBox = {
  seal(plain: string): string;
  /** The clear value; throws SecretBoxError for a value that was changed, or sealed with another key. */
  open(sealed: string): string;
};

/** The uses with their own key (HKDF info strings: changing one makes its stored values unreadable). */
export const SECRET_BOX_PURPOSES = [
  "whatsapp-settings",
  "courier-credentials",
  "payment-credentials",
  "marketing-settings",
] as const;
export type SecretBoxPurpose = (typeof SECRET_BOX_PURPOSES)[number];

export class SecretBoxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SecretBoxError";
  }
}

const VERSION = "v1";
const SALT = "kapra-secret-box-v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;

function deriveKey(authSecret: string, purpose: SecretBoxPurpose): Buffer {
  if (!authSecret) throw new SecretBoxError("the auth secret is empty");
  return Buffer.from(hkdfSync("sha256", authSecret, SALT, purpose, 32));
}

export function createSecretBox(authSecret: string, purpose: SecretBoxPurpose): SecretBox {
  const key = deriveKey(authSecret, purpose);
  // The purpose is also authenticated data: a value moved from one use's column to another's is refused.
  const aad = Buffer.from(purpose, "utf8");
  return {
    seal(plain) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      cipher.setAAD(aad);
      const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return [
        VERSION,
        iv.toString("base64url"),
        body.toString("base64url"),
        cipher.getAuthTag().toString("base64url"),
      ].join(".");
    },
    open(sealed) {
      const parts = sealed.split(".");
      if (parts.length !== 4 || parts[0] !== VERSION) throw new SecretBoxError("not a sealed value of a known version");
      const [, ivText, bodyText, tagText] = parts;
      const iv = Buffer.from(ivText, "base64url");
      const tag = Buffer.from(tagText, "base64url");
      if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES)
        throw new SecretBoxError("a sealed value with a damaged IV or tag");
      try {
        const decipher = createDecipheriv("aes-256-gcm", key, iv, { authTagLength: TAG_BYTES });
        decipher.setAAD(aad);
        decipher.setAuthTag(tag);
        return Buffer.concat([decipher.update(Buffer.from(bodyText, "base64url")), decipher.final()]).toString("utf8");
      } catch {
        // Never the value or the key in the message: only that it did not open.
        throw new SecretBoxError("the sealed value was changed or sealed with another key");
      }
    },
  };
}

/** The boxes a process makes once at start from its auth secret (the request context's `secretBoxes`). */
export type SecretBoxes = Record<SecretBoxPurpose, SecretBox>;

export function createSecretBoxes(authSecret: string): SecretBoxes {
  return {
    "whatsapp-settings": createSecretBox(authSecret, "whatsapp-settings"),
    "courier-credentials": createSecretBox(authSecret, "courier-credentials"),
    "payment-credentials": createSecretBox(authSecret, "payment-credentials"),
    "marketing-settings": createSecretBox(authSecret, "marketing-settings"),
  };
}

/** The last four characters the owner sees of a stored secret ("•••• 1a2b"). */
export function lastFour(secret: string): string {
  return secret.slice(-4);
}
