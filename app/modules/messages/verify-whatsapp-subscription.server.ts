import { timingSafeEqual } from "node:crypto";
import type { DbOrTx } from "~/db/client.server";
import type { SecretBox } from "~/db/secret-box.server";
import { loadWhatsappConfig } from "./whatsapp-settings.server";

function sameSecret(kept: string, given: string): boolean {
  const a = Buffer.from(kept);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Whether `given` is the verify token saved in Settings -> WhatsApp (compared in constant time); false when WhatsApp is not set up. */
export async function verifyWhatsappSubscriptionToken(db: DbOrTx, box: SecretBox, given: string): Promise<boolean> {
  const loaded = await loadWhatsappConfig(db, box);
  if (!loaded.config) return false;
  return sameSecret(loaded.config.verifyToken, given);
}
