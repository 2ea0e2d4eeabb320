import type { DbOrTx } from "~/db/client.server";
import { hitRateLimit, readRateLimit, type RateLimitVerdict } from "~/db/rate-limit.server";
import { RATE_RULES } from "./abuse-limits";

/**
 * Signed webhooks (Meta's WhatsApp deliveries) refused from one address: counted when one is refused
 * (missing, malformed or wrong signature), read before the next is heard. An address over the limit
 * is answered 429 with Retry-After before its body is read or any secret opened (server/whatsapp-webhook-gate.ts).
 */
export function countWebhookRefusal(db: DbOrTx, address: string, now = new Date()): Promise<RateLimitVerdict> {
  return hitRateLimit(db, RATE_RULES.webhookRefusedPerAddress, address, now);
}

/** Whether an address was refused too often lately to be heard now; counts nothing (a signed delivery never counts). */
export function webhookRefusalsExceeded(db: DbOrTx, address: string, now = new Date()): Promise<RateLimitVerdict> {
  return readRateLimit(db, RATE_RULES.webhookRefusedPerAddress, address, now);
}
